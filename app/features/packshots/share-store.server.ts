import type { AppLoadContext } from "~/server/load-context";

/**
 * Share images are rendered once (resvg-wasm in the Worker: a few hundred milliseconds of CPU) and
 * kept in R2 under a key named by a hash of what they draw: every later request, in any isolate,
 * streams the stored PNG. Nothing else writes these keys, so nothing but the hash invalidates them.
 */

/** The brand's card as a file of public/: what a crawler gets when no PNG can be made. */
const STATIC_CARD = "/share.png";

/** Sent to the static card, not cached, so a later visit may get the real one. */
export function staticShareCard(): Response {
  return new Response(null, { status: 302, headers: { Location: STATIC_CARD, "Cache-Control": "no-store" } });
}

/** The PNG kept under `key`, else `draw()` rendered, kept under `key` and answered; the static card if it cannot be made. */
export async function storedShareImage(
  context: Pick<AppLoadContext, "env" | "renderPng">,
  key: string,
  draw: () => string,
  headers: Headers,
): Promise<Response> {
  const stored = await context.env.IMAGES.get(key).catch((error: unknown) => {
    console.error(`Share image ${key} could not be read from R2`, error);
    return null;
  });
  if (stored) return new Response(stored.body, { headers });

  if (!context.renderPng) return staticShareCard();
  let png: Uint8Array<ArrayBuffer>;
  try {
    png = await context.renderPng(draw());
  } catch (error) {
    console.error(`Share image ${key} could not be rendered`, error);
    return staticShareCard();
  }
  // Kept before answering, so the next request finds it; a failed write costs only a later render.
  await context.env.IMAGES.put(key, png, { httpMetadata: { contentType: "image/png" } }).catch((error: unknown) => {
    console.error(`Share image ${key} could not be stored in R2`, error);
  });
  return new Response(png, { headers });
}
