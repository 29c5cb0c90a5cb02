import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPackshotSource } from "~/features/catalogue/product.server";
import { packshotPath } from "~/features/packshots/packshot";
import { drawPackshot } from "~/features/packshots/packshot.server";
import { readPackshotAddress } from "~/features/packshots/packshot-address.server";

/**
 * /packshots/{id}/{hash}.svg: the product's packshot (app/features/packshots/packshot.server.ts), drawn
 * from its current row; the address rules (400, 404, 302, 304, caching) are packshot-address.server.ts's.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const found = await readPackshotAddress(params, request, (id) => getPackshotSource(context.db, id), {
    extension: "svg",
    expected: "/packshots/{product id}/{11-character hash}.svg",
    pathOf: packshotPath,
    contentType: "image/svg+xml; charset=utf-8",
  });
  if (found instanceof Response) return found;
  return new Response(drawPackshot(found.product), { headers: found.headers });
}
