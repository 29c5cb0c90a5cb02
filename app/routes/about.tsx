import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PageErrorBoundary, PageIntro, TelegramLink } from "~/features/site/static-page";
import { rootOrigin, seo } from "~/features/site/seo";
import { SITE } from "~/features/site/site";
import { ABOUT_VALUES, TEAM } from "~/features/site/content/about";
import type { RootLoader } from "~/features/site/root-data";
import { GlyphIcon, TelegramIcon } from "~/ui/icons";
import { HeadedSection } from "~/ui/headed-section";

export const meta: MetaFunction<unknown, { root: RootLoader }> = ({ matches, location }) =>
  seo({
    title: "About us",
    description: `The story, values and team behind ${SITE.name}: lab-tested cannabis, discreet nationwide delivery and real people on Telegram.`,
    origin: rootOrigin(matches),
    path: location.pathname,
  });

const VALUE_ICONS: Record<(typeof ABOUT_VALUES)[number]["title"], string> = {
  "Quality First": "m12 3 2.7 5.5 6 .9-4.4 4.2 1 6L12 16.8 6.6 19.6l1-6L3.3 9.4l6-.9Z",
  "Trust & Safety": "M12 3 5 6v5c0 4.4 3 8.4 7 9.5 4-1.1 7-5.1 7-9.5V6Zm-3 9 2.2 2.2L15.5 10",
  "Fast Delivery": "M3 6h11v10H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-.1M17 19a2 2 0 1 0 0-.1",
  Excellence: "M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0ZM7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3",
};

export default function About() {
  return (
    <>
      <PageIntro eyebrow="About us" title="Grown with care, delivered with respect">
        <p>
          {SITE.name} brings lab-tested cannabis to adults across the country, with honest prices, discreet packaging and a team you can
          actually talk to.
        </p>
      </PageIntro>

      <div className="container-page space-y-16 py-12 sm:py-16">
        <section aria-labelledby="story-heading" className="grid items-center gap-8 lg:grid-cols-2 lg:gap-12">
          <div>
            <h2 id="story-heading" className="heading-display text-3xl">
              Our story
            </h2>
            <div className="mt-4 space-y-4 text-ink-700">
              <p>
                We started as a handful of friends who were tired of guessing what was in the products we bought. So we went straight to the
                growers and the labs, and built a shop where every item is tested and every price is clear.
              </p>
              <p>
                Today we ship flower, concentrates, edibles and disposables nationwide in {SITE.delivery}. Checkout takes no card and no
                payment online: you review your cart, send the order as a Telegram message, we confirm the details with you, and you pay
                when it arrives.
              </p>
              <p>Bulk buyers get real bulk prices, and everyone gets the same care, whether it is one gummy or a pound of live resin.</p>
            </div>
          </div>
          <img
            src="/art/hero.svg"
            alt="Cannabis leaves in a sunlit field"
            width={1200}
            height={600}
            className="w-full rounded-3xl object-cover shadow-md"
          />
        </section>

        <HeadedSection id="values-heading" headingClassName="heading-display text-3xl" title="What we stand for">
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {ABOUT_VALUES.map((value) => (
              <li key={value.title} className="card p-6">
                <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-forest-50 text-forest-800">
                  <GlyphIcon className="h-6 w-6" d={VALUE_ICONS[value.title]} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink-900">{value.title}</h3>
                <p className="mt-2 text-sm text-ink-700">{value.text}</p>
              </li>
            ))}
          </ul>
        </HeadedSection>

        <HeadedSection id="team-heading" headingClassName="heading-display text-3xl" title="Meet the team">
          <p className="mt-2 max-w-2xl text-ink-700">
            A small crew of growers, testers and customer-care people who answer every message themselves.
          </p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {TEAM.map((member) => (
              <li key={member.name} className="card flex items-center gap-4 p-5">
                <span
                  aria-hidden="true"
                  className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-forest-800 font-display text-lg font-semibold text-cream-50"
                >
                  {member.initials}
                </span>
                <span>
                  <span className="block font-semibold text-ink-900">{member.name}</span>
                  <span className="block text-sm text-ink-700">{member.role}</span>
                </span>
              </li>
            ))}
          </ul>
        </HeadedSection>

        <HeadedSection
          id="cta-heading"
          className="rounded-3xl bg-forest-900 p-8 text-center text-cream-50 sm:p-12"
          headingClassName="font-display text-3xl tracking-tight"
          title={<>Questions? We&apos;re one message away</>}
        >
          <p className="mx-auto mt-3 max-w-xl text-cream-100">
            Talk to us on Telegram every day, {SITE.hours}, about products, bulk orders or delivery.
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
