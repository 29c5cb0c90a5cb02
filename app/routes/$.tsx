import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NotFound } from "~/features/site/error-page";

/** Any path no other route claims: the 404 page, with the bad path logged. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`404 Not Found: ${pathname}`);
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Page not found | Greenleaf Supply" }, { name: "robots", content: "noindex" }];

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
