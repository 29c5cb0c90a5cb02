import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PageErrorBoundary, PageIntro, Stars, StatGrid, TelegramLink } from "~/features/site/static-page";
import { rootOrigin, rootShop, rootShopName, seo } from "~/features/site/seo";
import { useShopName, type RootLoader } from "~/features/site/root-data";
import { REVIEWS_CONTENT, reviewFigures } from "~/features/storefront/reviews-content";
import { readContent } from "~/features/storefront/storefront.server";
import { CheckIcon, TelegramIcon } from "~/ui/icons";
import { HeadedSection } from "~/ui/headed-section";

export async function loader({ context }: LoaderFunctionArgs) {
  const content = await readContent(context, REVIEWS_CONTENT);
  // Newest first; the figures are computed from these entries, never typed.
  const entries = [...content.entries].sort((a, b) => b.date.localeCompare(a.date));
  return { title: content.title, intro: content.intro, entries, figures: reviewFigures(entries) };
}

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ data, matches, location }) =>
  seo({
    title: "Customer reviews",
    description:
      data && data.figures.average !== null
        ? `What customers say about ${rootShopName(matches)}: ${data.figures.count} ${data.figures.count === 1 ? "review" : "reviews"}, average rating ${data.figures.average} of 5.`
        : `What customers say about ${rootShopName(matches)}.`,
    origin: rootOrigin(matches),
    shop: rootShop(matches),
    path: location.pathname,
  });

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export default function Reviews() {
  const { title, intro, entries, figures } = useLoaderData<typeof loader>();
  const shopName = useShopName();
  const stats =
    figures.average === null
      ? []
      : [
          { value: figures.count.toLocaleString("en-US"), label: figures.count === 1 ? "Review" : "Reviews" },
          { value: figures.average, label: "Average rating" },
          { value: `${figures.fiveStarPercent}%`, label: "Five-star" },
          { value: `${figures.verifiedPercent}%`, label: "Verified purchases" },
        ];

  return (
    <>
      <PageIntro eyebrow="Reviews" title={title}>
        {intro ? <p>{intro}</p> : null}
      </PageIntro>

      <div className="container-page space-y-12 py-12 sm:py-16">
        {stats.length > 0 ? <StatGrid id="review-stats-heading" title="Review stats" stats={stats} /> : null}

        <HeadedSection id="reviews-heading" headingClassName="heading-display text-3xl" title="Recent reviews">
          {entries.length === 0 ? (
            <p className="card mt-6 p-6 text-ink-700">No reviews yet.</p>
          ) : (
            <ul className="mt-6 grid gap-4 md:grid-cols-2">
              {entries.map((review, index) => (
                <li key={index}>
                  <article className="card flex h-full flex-col p-6" aria-labelledby={`review-${index}`}>
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0 break-words">
                        <h3 id={`review-${index}`} className="font-semibold text-ink-900">
                          {review.name}
                        </h3>
                        {review.location ? <p className="text-sm text-ink-700">{review.location}</p> : null}
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
                      <time dateTime={review.date}>{dateFormat.format(new Date(`${review.date}T00:00:00Z`))}</time>
                    </div>
                    <p className="mt-3 flex-1 break-words text-ink-900">{review.text}</p>
                    {review.product ? (
                      <p className="mt-4 border-t border-ink-900/10 pt-4 text-sm break-words text-ink-700">
                        Product: <span className="font-medium text-ink-900">{review.product}</span>
                      </p>
                    ) : null}
                  </article>
                </li>
              ))}
            </ul>
          )}
        </HeadedSection>

        <HeadedSection
          id="share-heading"
          className="rounded-3xl bg-forest-900 p-8 text-center text-cream-50 sm:p-12"
          headingClassName="font-display text-3xl tracking-tight"
          title="Bought from us? Tell us how it went"
        >
          <p className="mx-auto mt-3 max-w-xl text-cream-100">Your feedback helps other customers and helps us get better.</p>
          <TelegramLink className="btn-gold mt-6 px-6 py-3 text-base" text={`Hi! I'd like to share my experience with ${shopName}:`}>
            <TelegramIcon />
            Share Your Experience
          </TelegramLink>
        </HeadedSection>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
