import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { drawBrandShare } from "~/features/packshots/share-cards.server";
import { staticShareCard, storedShareImage } from "~/features/packshots/share-store.server";
import { etagMatches } from "~/features/media/serve.server";
import { readSettings } from "~/features/settings/settings.server";
import { RESOURCE_CSP } from "~/server/security.server";

/** Bump when the drawing changes, so every stored card is drawn again. */
const BRAND_CARD_VERSION = 1;

/** What the card draws, hashed: the R2 key and the ETag. */
async function brandCardHash(identity: { tradingName: string; tagline: string }): Promise<string> {
  const facts = new TextEncoder().encode(JSON.stringify([BRAND_CARD_VERSION, identity.tradingName, identity.tagline]));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", facts));
  return [...digest.subarray(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * /share/brand.png: the brand's share card with the owner's trading name and tagline (Settings),
 * rendered once per wording and kept in R2 (share-store.server.ts). The address stays the same, so
 * pages and the page cache need not change when the owner renames the shop; it is cached for an
 * hour (ETag: the wording's hash), so a new name shows in previews fetched after that.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  let identity: { tradingName: string; tagline: string };
  try {
    identity = (await readSettings(context)).value.identity;
  } catch (error) {
    console.error("Settings could not be read for the brand card", error);
    return staticShareCard();
  }
  const hash = await brandCardHash(identity);
  const etag = `"${hash}"`;
  const headers = new Headers({
    "Content-Type": "image/png",
    "Cache-Control": "public, max-age=3600",
    ETag: etag,
    "Content-Security-Policy": RESOURCE_CSP,
    "X-Content-Type-Options": "nosniff",
  });
  if (etagMatches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return storedShareImage(context, `share/brand/${hash}.png`, () => drawBrandShare(identity), headers);
}
