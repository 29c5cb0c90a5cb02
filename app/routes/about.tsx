import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary, PageIntro, TelegramLink } from "~/features/site/static-page";
import { rootOrigin, rootShop, rootShopName, seo } from "~/features/site/seo";
import { HoursPhrase } from "~/features/site/shop-status";
import { ABOUT_CONTENT } from "~/features/storefront/about-content";
import { readContent } from "~/features/storefront/storefront.server";
import { TextBlocks } from "~/features/storefront/text-blocks-view";
import type { RootLoader } from "~/features/site/root-data";
import { GlyphIcon, TelegramIcon } from "~/ui/icons";
import { HeadedSection } from "~/ui/headed-section";

export async function loader({ context }: LoaderFunctionArgs) {
  return readContent(context, ABOUT_CONTENT);
}

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches, location }) =>
  seo({
    title: "About us",
    description: `Who we are at ${rootShopName(matches)}: our story, what we stand for and how to reach us on Telegram.`,
    origin: rootOrigin(matches),
    shop: rootShop(matches),
    path: location.pathname,
  });

/** The values' icons, in turn (a value is the owner's words, so its icon goes by its place). */
const VALUE_ICONS = [
  "m12 3 2.7 5.5 6 .9-4.4 4.2 1 6L12 16.8 6.6 19.6l1-6L3.3 9.4l6-.9Z",
  "M12 3 5 6v5c0 4.4 3 8.4 7 9.5 4-1.1 7-5.1 7-9.5V6Zm-3 9 2.2 2.2L15.5 10",
  "M3 6h11v10H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-.1M17 19a2 2 0 1 0 0-.1",
  "M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0ZM7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3",
] as const;

/** A team member's initials, from their name. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]?.toUpperCase() ?? "")
    .join("");
}

export default function About() {
  const about = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro eyebrow="About us" title={about.title}>
        {about.intro ? <p>{about.intro}</p> : null}
      </PageIntro>

      <div className="container-page space-y-16 py-12 sm:py-16">
        <section aria-labelledby="story-heading" className="grid items-center gap-8 lg:grid-cols-2 lg:gap-12">
          <div>
            <h2 id="story-heading" className="heading-display text-3xl break-words">
              {about.storyTitle}
            </h2>
            <TextBlocks text={about.story} heading="h3" className="mt-4 space-y-4 text-ink-700" />
          </div>
          <img
            src="/art/hero.svg"
            alt="Cannabis leaves in a sunlit field"
            width={1200}
            height={600}
            className="w-full rounded-3xl object-cover shadow-md"
          />
        </section>

        {about.values.length > 0 ? (
          <HeadedSection id="values-heading" headingClassName="heading-display text-3xl break-words" title={about.valuesTitle}>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {about.values.map((value, index) => (
                <li key={index} className="card p-6 break-words">
                  <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-forest-50 text-forest-800">
                    <GlyphIcon className="h-6 w-6" d={VALUE_ICONS[index % VALUE_ICONS.length] ?? VALUE_ICONS[0]} />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-ink-900">{value.title}</h3>
                  {value.text ? <p className="mt-2 text-sm text-ink-700">{value.text}</p> : null}
                </li>
              ))}
            </ul>
          </HeadedSection>
        ) : null}

        {about.team.length > 0 ? (
          <HeadedSection id="team-heading" headingClassName="heading-display text-3xl break-words" title={about.teamTitle}>
            {about.teamIntro ? <p className="mt-2 max-w-2xl text-ink-700">{about.teamIntro}</p> : null}
            <ul className="mt-6 grid gap-4 sm:grid-cols-3">
              {about.team.map((member, index) => (
                <li key={index} className="card flex items-center gap-4 p-5">
                  <span
                    aria-hidden="true"
                    className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-forest-800 font-display text-lg font-semibold text-cream-50"
                  >
                    {initials(member.name)}
                  </span>
                  <span className="min-w-0 break-words">
                    <span className="block font-semibold text-ink-900">{member.name}</span>
                    {member.role ? <span className="block text-sm text-ink-700">{member.role}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          </HeadedSection>
        ) : null}

        <HeadedSection
          id="cta-heading"
          className="rounded-3xl bg-forest-900 p-8 text-center text-cream-50 sm:p-12"
          headingClassName="font-display text-3xl tracking-tight"
          title={<>Questions? We&apos;re one message away</>}
        >
          <p className="mx-auto mt-3 max-w-xl text-cream-100">
            Talk to us on Telegram <HoursPhrase /> about products, bulk orders or delivery.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <TelegramLink className="btn-gold px-6 py-3 text-base">
              <TelegramIcon />
              Message us on Telegram
            </TelegramLink>
            <Link to="/shop" className="btn border border-cream-50/40 px-6 py-3 text-base text-cream-50 hover:bg-forest-800">
              Browse the shop
            </Link>
          </div>
        </HeadedSection>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
