import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NotFound } from "~/features/site/error-page";
import { noindexTitle } from "~/features/site/seo";

/** Any path no other route claims: the 404 page, with the bad path logged. */
export function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`404 Not Found: ${pathname}`);
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = ({ matches }) => noindexTitle("Page not found", matches);

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
