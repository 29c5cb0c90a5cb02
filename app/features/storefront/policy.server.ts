import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PolicySlug } from "~/features/site/policy-links";
import { POLICIES_CONTENT } from "./policies-content";
import type { PolicyPageData } from "./policy-page";
import { readContent } from "./storefront.server";

/** One policy page's data from the policies document. */
export async function loadPolicy(context: AppLoadContext, slug: PolicySlug): Promise<PolicyPageData> {
  const policies = await readContent(context, POLICIES_CONTENT);
  return { slug, policy: policies[slug] };
}
