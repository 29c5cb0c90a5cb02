import type { AppLoadContext } from "~/server/load-context";
import { SHARE_IMAGE } from "~/features/site/seo";
import { packshotSharePath, type PackshotSource } from "./packshot";
import { drawPackshotShare } from "./packshot-share.server";

/**
 * A packshot's share image is rendered once (resvg-wasm in the Worker: a few hundred milliseconds of
 * CPU) and kept in R2 under its address, which names the drawing: every later request, in any
 * isolate, streams the stored PNG. Nothing else writes these keys, so nothing but the hash invalidates them.
 */

/** The IMAGES key of a packshot's share image: its path without the leading slash. */
export function packshotShareKey(product: PackshotSource): string {
  return packshotSharePath(product).slice(1);
}

/** Where a crawler is sent when no PNG can be made: the brand's card, not cached, so a later visit may get the real one. */
function brandCard(): Response {
  return new Response(null, { status: 302, headers: { Location: SHARE_IMAGE.path, "Cache-Control": "no-store" } });
}

export async function packshotShareImage(
  context: Pick<AppLoadContext, "env" | "renderPng">,
  product: PackshotSource,
  headers: Headers,
): Promise<Response> {
  const key = packshotShareKey(product);
  const stored = await context.env.IMAGES.get(key).catch((error: unknown) => {
    console.error(`Share image ${key} could not be read from R2`, error);
    return null;
  });
  if (stored) return new Response(stored.body, { headers });

  if (!context.renderPng) return brandCard();
  let png: Uint8Array<ArrayBuffer>;
  try {
    png = await context.renderPng(drawPackshotShare(product));
  } catch (error) {
    console.error(`Share image ${key} could not be rendered`, error);
    return brandCard();
  }
  // Kept before answering, so the next request finds it; a failed write costs only a later render.
  await context.env.IMAGES.put(key, png, { httpMetadata: { contentType: "image/png" } }).catch((error: unknown) => {
    console.error(`Share image ${key} could not be stored in R2`, error);
  });
  return new Response(png, { headers });
}
