import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PageErrorBoundary } from "~/features/site/static-page";
import { loadPolicy } from "~/features/storefront/policy.server";
import { PolicyPage, policyMeta } from "~/features/storefront/policy-page";

export const loader = ({ context }: LoaderFunctionArgs) => loadPolicy(context, "terms");
export const meta = policyMeta;
export default PolicyPage;
export const ErrorBoundary = PageErrorBoundary;
