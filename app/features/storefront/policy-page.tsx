import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/features/site/root-data";
import { rootOrigin, rootShop, seo } from "~/features/site/seo";
import { PageIntro } from "~/features/site/static-page";
import { POLICY_LINKS, type PolicySlug } from "~/features/site/policy-links";
import type { Policy } from "./policies-content";
import { TextBlocks } from "./text-blocks-view";

/** A policy page's data: the policy itself, which page it is. */
export interface PolicyPageData {
  slug: PolicySlug;
  policy: Policy;
}

/** A policy page's title and summary are the owner's. */
export const policyMeta: MetaFunction<() => Promise<PolicyPageData>, { root: RootLoader }> = ({ data, matches, location }) =>
  seo({
    title: data?.policy.title ?? "Policy",
    description: data?.policy.description ?? "",
    origin: rootOrigin(matches),
    shop: rootShop(matches),
    path: location.pathname,
  });

/** /privacy, /shipping, /returns, /terms: the owner's text and the other policies beside it. */
export function PolicyPage() {
  const { slug, policy } = useLoaderData<PolicyPageData>();
  return (
    <>
      <PageIntro eyebrow="Policies" title={policy.title}>
        <p>{policy.description}</p>
      </PageIntro>
      <div className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:gap-10">
        <TextBlocks text={policy.body} className="card max-w-none space-y-4 p-6 text-ink-700 sm:p-8" />
        <nav aria-labelledby="policies-nav-heading" className="self-start rounded-2xl bg-cream-100 p-6 ring-1 ring-cream-200">
          <h2 id="policies-nav-heading" className="font-semibold text-ink-900">
            Our policies
          </h2>
          <ul className="mt-3 space-y-2">
            {POLICY_LINKS.map((link) => (
              <li key={link.slug}>
                <Link
                  to={`/${link.slug}`}
                  aria-current={link.slug === slug ? "page" : undefined}
                  className="text-forest-800 underline-offset-4 hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-ink-900"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
