import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

export function loader({ request }: LoaderFunctionArgs) {
  const { origin } = new URL(request.url);
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /cart", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
