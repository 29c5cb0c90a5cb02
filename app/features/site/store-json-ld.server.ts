import { jsonForScript } from "~/server/json-for-script";
import { WEEKDAYS, type Settings } from "~/features/settings/settings";
import { telegramUrl } from "./site";
import { shopDescription } from "./shop-description";

/**
 * The shop as search engines read it (home and /contact): a schema.org `Store` with the owner's
 * identity, the week's hours (`openingHoursSpecification`), each closure as a day closed
 * (`specialOpeningHoursSpecification`, opens = closes = 00:00) and the current Telegram link.
 */
function storeJsonLd(settings: Settings, origin: string) {
  const { identity, hours } = settings;
  const telegram = telegramUrl(settings.telegramUsername);
  return {
    "@context": "https://schema.org",
    "@type": "Store",
    name: identity.tradingName,
    description: shopDescription(identity),
    url: `${origin}/`,
    image: `${origin}/art/hero.svg`,
    sameAs: [telegram],
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      url: telegram,
      ...(identity.email ? { email: identity.email } : {}),
    },
    ...(identity.email ? { email: identity.email } : {}),
    ...(identity.licence ? { identifier: identity.licence } : {}),
    ...(identity.serviceArea ? { areaServed: identity.serviceArea } : {}),
    currenciesAccepted: "USD",
    paymentAccepted: settings.paymentMethods.join(", "),
    openingHoursSpecification: hours.week.flatMap((day, index) =>
      day.open
        ? [
            {
              "@type": "OpeningHoursSpecification",
              dayOfWeek: `https://schema.org/${WEEKDAYS[index]}`,
              opens: day.opens,
              closes: day.closes,
            },
          ]
        : [],
    ),
    ...(hours.closures.length > 0
      ? {
          specialOpeningHoursSpecification: hours.closures.map((closure) => ({
            "@type": "OpeningHoursSpecification",
            validFrom: closure.from,
            validThrough: closure.to,
            opens: "00:00",
            closes: "00:00",
            ...(closure.note ? { description: closure.note } : {}),
          })),
        }
      : {}),
  };
}

/** The text of the store's JSON-LD script. */
export function storeJsonLdScript(settings: Settings, origin: string): string {
  return jsonForScript(storeJsonLd(settings, origin));
}
