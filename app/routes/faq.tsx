import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PageErrorBoundary, PageIntro, TelegramLink } from "~/features/site/static-page";
import { rootOrigin, rootShop, rootShopName, seo } from "~/features/site/seo";
import { HoursPhrase } from "~/features/site/shop-status";
import { FAQ_CONTENT } from "~/features/storefront/faq-content";
import { readContent } from "~/features/storefront/storefront.server";
import type { RootLoader } from "~/features/site/root-data";
import { ChevronDownIcon, TelegramIcon } from "~/ui/icons";

export async function loader({ context }: LoaderFunctionArgs) {
  return readContent(context, FAQ_CONTENT);
}

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches, location }) =>
  seo({
    title: "Frequently asked questions",
    description: `Answers from ${rootShopName(matches)} about ordering in a Telegram message, delivery, payment and lab reports.`,
    origin: rootOrigin(matches),
    shop: rootShop(matches),
    path: location.pathname,
  });

/**
 * The owner's questions, one open at a time. The `<details name="faq">` group is
 * an exclusive accordion in the browser itself, so it works by mouse, keyboard and without JavaScript.
 */
export default function Faq() {
  const { title, intro, entries } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro eyebrow="FAQ" title={title}>
        {intro ? <p>{intro}</p> : null}
      </PageIntro>

      <div className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:gap-10">
        <div className="card divide-y divide-ink-900/10 overflow-hidden">
          {entries.length === 0 ? <p className="p-6 text-ink-700">No questions yet: ask us on Telegram.</p> : null}
          {entries.map((item, index) => (
            <details key={index} name="faq" className="group">
              <summary className="flex items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-ink-900 hover:bg-forest-50 sm:px-6 sm:py-5">
                {item.question}
                <ChevronDownIcon className="h-5 w-5 shrink-0 text-forest-800 transition-transform group-open:rotate-180" />
              </summary>
              <p className="px-5 pb-5 break-words whitespace-pre-line text-ink-700 sm:px-6">{item.answer}</p>
            </details>
          ))}
        </div>

        <aside aria-labelledby="faq-support-heading" className="self-start rounded-2xl bg-forest-900 p-6 text-cream-50">
          <h2 id="faq-support-heading" className="font-display text-2xl">
            Still have questions?
          </h2>
          <p className="mt-2 text-cream-100">
            Our support team answers <HoursPhrase />.
          </p>
          <TelegramLink className="btn-gold mt-5">
            <TelegramIcon />
            Contact Support
          </TelegramLink>
        </aside>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
