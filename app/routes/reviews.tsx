import type { MetaFunction } from "@remix-run/cloudflare";
import { PageErrorBoundary, PageIntro, Stars, StatGrid, TelegramLink } from "~/features/site/static-page";
import { rootOrigin, seo } from "~/features/site/seo";
import { SITE } from "~/features/site/site";
import { REVIEWS, REVIEW_STATS } from "~/features/site/content/reviews";
import type { RootLoader } from "~/features/site/root-data";
import { CheckIcon, type IconProps, SmallLineIcon, TelegramIcon } from "~/ui/icons";
import { HeadedSection } from "~/ui/headed-section";

function ThumbsUpIcon(props: IconProps) {
  return (
    <SmallLineIcon strokeWidth="1.8" {...props}>
      <path
        d="M6 9v8H3V9Zm0 0 3.5-6a1.8 1.8 0 0 1 2.5 2L11 8h4.6a1.6 1.6 0 0 1 1.6 1.9l-1.2 6A1.6 1.6 0 0 1 14.4 17H6"
        strokeLinejoin="round"
      />
    </SmallLineIcon>
  );
}

export const meta: MetaFunction<unknown, { root: RootLoader }> = ({ matches, location }) =>
  seo({
    title: "Customer reviews",
    description: `What customers say about ${SITE.name}: 2,847+ reviews with an average rating of 4.8.`,
    origin: rootOrigin(matches),
    path: location.pathname,
  });

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export default function Reviews() {
  return (
    <>
      <PageIntro eyebrow="Reviews" title="Loved by thousands of customers">
        <p>Real words from real buyers about our products, delivery and support.</p>
      </PageIntro>

      <div className="container-page space-y-12 py-12 sm:py-16">
        <StatGrid id="review-stats-heading" title="Review stats" stats={REVIEW_STATS} />

        <HeadedSection id="reviews-heading" headingClassName="heading-display text-3xl" title="Recent reviews">
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {REVIEWS.map((review) => (
              <li key={review.id}>
                <article className="card flex h-full flex-col p-6" aria-labelledby={`review-${review.id}`}>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h3 id={`review-${review.id}`} className="font-semibold text-ink-900">
                        {review.name}
                      </h3>
                      <p className="text-sm text-ink-700">{review.location}</p>
                    </div>
                    {review.verified ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-forest-50 px-2.5 py-1 text-xs font-semibold text-forest-800 ring-1 ring-forest-800/15">
                        <CheckIcon className="h-3.5 w-3.5" />
                        Verified Purchase
                      </span>
                    ) : null}
                  </div>
                  <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-700">
                    <Stars rating={review.rating} />
                    <time dateTime={review.date}>{dateFormat.format(new Date(review.date))}</time>
                  </div>
                  <p className="mt-3 flex-1 text-ink-900">{review.text}</p>
                  <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-ink-900/10 pt-4 text-sm">
                    <span className="text-ink-700">
                      Product: <span className="font-medium text-ink-900">{review.product}</span>
                    </span>
                    {/* The spec's Helpful button does nothing. */}
                    <button
                      type="button"
                      className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 font-medium text-forest-800 ring-1 ring-forest-800/20 hover:bg-forest-50"
                    >
                      <ThumbsUpIcon className="h-4 w-4" />
                      Helpful ({review.helpful})
                    </button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </HeadedSection>

        <HeadedSection
          id="share-heading"
          className="rounded-3xl bg-forest-900 p-8 text-center text-cream-50 sm:p-12"
          headingClassName="font-display text-3xl tracking-tight"
          title="Bought from us? Tell us how it went"
        >
          <p className="mx-auto mt-3 max-w-xl text-cream-100">Your feedback helps other customers and helps us get better.</p>
          <TelegramLink className="btn-gold mt-6 px-6 py-3 text-base" text="Hi! I'd like to share my experience with Greenleaf Supply:">
            <TelegramIcon />
            Share Your Experience
          </TelegramLink>
        </HeadedSection>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
