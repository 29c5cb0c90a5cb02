/**
 * Serving an uploaded photo (docs/decisions/022): `/images/{key}/{slot}` answers with the variant
 * in the best format the browser accepts (Vary: Accept), from this data centre's Cache API, else
 * from R2 (then cached). The original is never served: `/images/{key}` is the largest variant.
 *
 * A photo whose set is not ready yet (just uploaded, or from before the pipeline and not yet
 * backfilled) is answered by a variant made on request from the original, cached for a minute and
 * never stored; a photo that could not be made is a 404 (the page shows its placeholder).
 */
import { RESOURCE_CSP } from "~/server/security.server";
import { createDb } from "~/server/load-context";
import { plainText } from "~/server/plain-text";
import { etagMatches } from "~/features/media/serve.server";
import { getImageStatus, makeOneVariant, PhotoRefused, queueUnknownPhoto } from "./photo-pipeline.server";
import {
  FORMAT_EXTENSIONS,
  isVariantSlot,
  negotiateFormat,
  servedFormat,
  variantObjectKey,
  type VariantFormat,
  type VariantSlot,
} from "./photo-variants";

/** Keys never change content (a new upload gets a new key): a year, immutable. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** A variant made on request before its set exists: short, so the stored set takes over. */
const INTERIM = "public, max-age=60";
const CACHE_NAME = "greenleaf-images";
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Refusals and failures are never stored by a cache. */
const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  plainText(status, body, { "Cache-Control": "no-store", ...headers });

/** The cache key of one stored variant in one format (the format is decided before the lookup). */
function cacheKey(request: Request, key: string, slot: VariantSlot, format: VariantFormat) {
  return new Request(`${new URL(request.url).origin}/__image-cache/${key}/${slot}.${FORMAT_EXTENSIONS[format]}`);
}

function imageHeaders(contentType: string, cacheControl: string, etag: string | null) {
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": RESOURCE_CSP,
    // Cards of other sites may show our photos (link previews); nothing else reads them cross-origin.
    "Cross-Origin-Resource-Policy": "cross-origin",
  });
  if (etag) headers.set("ETag", etag);
  return headers;
}

/** What the browser gets: the stored response plus Vary (kept out of the cache, whose key already holds the format). */
function answer(request: Request, stored: Response): Response {
  const headers = new Headers(stored.headers);
  headers.set("Vary", "Accept");
  const etag = headers.get("ETag");
  if (etag && etagMatches(request.headers.get("If-None-Match"), etag)) {
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === "HEAD" ? null : stored.body, { status: 200, headers });
}

/** GET /images/{key}/{slot} (and /images/{key}, the largest); 503 when storage cannot be read. */
export async function serveImageVariant(...args: Parameters<typeof serveVariant>): Promise<Response> {
  const [, , , rawKey, rawSlot] = args;
  try {
    return await serveVariant(...args);
  } catch (error) {
    console.error(`Serving image ${rawKey}/${rawSlot} failed`, error);
    return text(503, "Image temporarily unavailable", { "Retry-After": "5" });
  }
}

async function serveVariant(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  rawKey: string | undefined,
  rawSlot: string,
): Promise<Response> {
  if (!rawKey || !KEY.test(rawKey) || rawKey.includes("..") || rawKey.length > 200 || !isVariantSlot(rawSlot)) {
    return text(404, "Not found");
  }
  const key = rawKey;
  const slot = rawSlot;
  const format = servedFormat(slot, negotiateFormat(request.headers.get("Accept")));
  const cache = await caches.open(CACHE_NAME);
  const cacheRequest = cacheKey(request, key, slot, format);

  const cached = await cache.match(cacheRequest);
  if (cached) return answer(request, cached);

  const object = await env.IMAGES.get(variantObjectKey(key, slot, format));
  if (object) {
    const headers = imageHeaders(object.httpMetadata?.contentType ?? "application/octet-stream", IMMUTABLE, object.httpEtag);
    headers.set("Content-Length", String(object.size));
    const stored = new Response(object.body, { headers });
    ctx.waitUntil(cache.put(cacheRequest, stored.clone()));
    return answer(request, stored);
  }
  return serveInterim(request, env, ctx, key, slot, format, cache, cacheRequest);
}

async function serveInterim(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  key: string,
  slot: VariantSlot,
  format: VariantFormat,
  cache: Cache,
  cacheRequest: Request,
): Promise<Response> {
  const db = createDb(env.DB);
  const status = await getImageStatus(db, key);
  // An upload from before the pipeline: its set is queued now (once), this answer is made on request.
  if (!status) ctx.waitUntil(queueUnknownPhoto(env, db, key).catch((error: unknown) => console.error(`Could not queue ${key}`, error)));
  // A set that failed for good shows the page's placeholder; a ready set has every slot, so a miss there is a gap in R2.
  if (status?.status === "failed") return text(404, "Image not available");
  if (status?.status === "ready") {
    console.error(`Variant ${slot}.${format} of ready photo ${key} is missing from R2`);
  }
  try {
    const made = await makeOneVariant(env, key, slot, format);
    const etag = `"interim-${made.bytes.length.toString(36)}-${made.width}"`;
    const stored = new Response(made.bytes, { headers: imageHeaders(made.contentType, INTERIM, etag) });
    ctx.waitUntil(cache.put(cacheRequest, stored.clone()));
    return answer(request, stored);
  } catch (error) {
    if (error instanceof PhotoRefused) {
      if (error.message !== "The original file is no longer in storage") console.warn(`Photo ${key} cannot be shown: ${error.message}`);
      return text(404, "Image not available");
    }
    console.error(`Making ${slot} of ${key} on request failed`, error);
    return text(503, "Image temporarily unavailable", { "Retry-After": "5" });
  }
}
