import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPackshotSource } from "~/features/catalogue/product.server";
import { packshotSharePath } from "~/features/packshots/packshot";
import { readPackshotAddress } from "~/features/packshots/packshot-address.server";
import { drawPackshotShare } from "~/features/packshots/share-cards.server";
import { storedShareImage } from "~/features/packshots/share-store.server";

/**
 * /share/packshots/{id}/{hash}.png: a packshot product's share image (1200x630 PNG), rendered once
 * and kept in R2 under its path (share-store.server.ts); the address rules are the packshot's own.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const found = await readPackshotAddress(params, request, (id) => getPackshotSource(context.db, id), {
    extension: "png",
    expected: "/share/packshots/{product id}/{11-character hash}.png",
    pathOf: packshotSharePath,
    contentType: "image/png",
  });
  if (found instanceof Response) return found;
  const { product, headers } = found;
  return storedShareImage(context, packshotSharePath(product).slice(1), () => drawPackshotShare(product), headers);
}
