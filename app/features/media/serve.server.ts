/**
 * Serving stored files (videos, lab reports; photos go through photo-serving.server.ts) from R2 with R2's own HTTP support: one
 * `get` evaluates the request's conditional headers (If-None-Match, If-Match, If-Modified-Since…;
 * when one holds the body back, R2 returns the object without a body) and, for videos, its Range
 * header (the object's `range` says which bytes it returned). `writeHttpMetadata` writes the stored
 * type; `httpEtag` is the ETag.
 */
import { MEDIA_CACHE_CONTROL, MediaKeySchema, notFound } from "./media.server";

/**
 * If-None-Match names this entity tag, or any (weak comparison, as RFC 9110 asks for it), for what
 * the Worker makes itself (packshots, photo variants from the Cache API); R2 does this for stored files.
 */
export function etagMatches(ifNoneMatch: string | null, etag: string) {
  const normalize = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch?.split(",").some((tag) => tag.trim() === "*" || normalize(tag) === etag) ?? false;
}

/** R2 refuses a range that starts past the end of the object with this code ("not satisfiable"). */
const R2_INVALID_RANGE = 10039;

/** An R2 error's code, from the end of its message (`get: The requested range is not satisfiable (10039)`). */
function r2ErrorCode(error: unknown): number | null {
  const code = error instanceof Error ? /\((\d{5})\)$/.exec(error.message)?.[1] : undefined;
  return code === undefined ? null : Number(code);
}

/** R2 refused the range: it starts past the end of the object. */
function isUnsatisfiableRange(error: unknown) {
  return r2ErrorCode(error) === R2_INVALID_RANGE;
}

/**
 * Reads `key` for a GET with the request's conditional headers and, when `range` is the request's
 * headers, its Range header (a refused range throws: see isUnsatisfiableRange). Conditional headers
 * workerd cannot parse (an unquoted If-None-Match tag) are ignored, as HTTP ignores them: the read
 * is made again without them.
 */
export async function readForRequest(bucket: R2Bucket, key: string, request: Request, range?: Headers) {
  try {
    return await bucket.get(key, { onlyIf: request.headers, range });
  } catch (error) {
    if (r2ErrorCode(error) !== null) throw error;
    return bucket.get(key, { range });
  }
}

/** What every stored file is served with: its stored type, a year of caching, its ETag, nosniff; then `extra`. */
export function objectHeaders(object: R2Object, extra: Record<string, string> = {}) {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/octet-stream");
  headers.set("Cache-Control", MEDIA_CACHE_CONTROL);
  headers.set("ETag", object.httpEtag);
  headers.set("X-Content-Type-Options", "nosniff");
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return headers;
}

/** R2 held the body back: 304 for a cache's revalidation (If-None-Match, If-Modified-Since), 412 otherwise (If-Match). */
function withheld(request: Request, headers: Headers) {
  const revalidation = request.headers.has("If-None-Match") || request.headers.has("If-Modified-Since");
  return new Response(null, { status: revalidation ? 304 : 412, headers });
}

/** The whole file (200), or 304/412 when a conditional header held its body back. */
export function objectResponse(object: R2Object | R2ObjectBody, request: Request, headers: Headers): Response {
  if (!("body" in object)) return withheld(request, headers);
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}

/** The bytes R2 returned, as first and last position (workerd's range object carries all three fields, unused ones undefined). */
function returnedBytes({ range, size }: R2ObjectBody) {
  const served: { offset?: number; length?: number; suffix?: number } = range ?? {};
  if (served.suffix !== undefined) return { start: size - served.suffix, end: size - 1 };
  const start = served.offset ?? 0;
  return { start, end: start + (served.length ?? size - start) - 1 };
}

/**
 * R2 returns the bytes of a satisfiable single range, and the whole object for anything else. Of a
 * request it answered whole: a single byte range that covers the whole file (`bytes=0-`, a suffix
 * longer than the file) is still a 206; one that starts past the end, or an empty suffix, is a 416
 * (R2 refuses those with 10039; the local engine, miniflare, returns the whole object instead); a
 * header that is no single byte range (several ranges, reversed, another unit) is ignored (200), as
 * RFC 9110 allows.
 */
function wholeObjectStatus(rangeHeader: string, size: number): 200 | 206 | 416 {
  const [, first = "", last = ""] = /^bytes=(\d*)-(\d*)$/i.exec(rangeHeader.trim()) ?? [];
  if (first === "" && last === "") return 200;
  if (first === "") return Number(last) === 0 || size === 0 ? 416 : 206;
  if (last !== "" && Number(last) < Number(first)) return 200;
  return Number(first) >= size ? 416 : 206;
}

/** 416 for a range the file cannot satisfy, naming its size. */
function unsatisfiable(size: number, headers: Headers) {
  headers.set("Content-Range", `bytes */${size}`);
  return new Response(null, { status: 416, headers });
}

/**
 * A file read with its Range header: 206 with Content-Range for a range, 416 for an unsatisfiable one, the
 * whole file (200) without or for a Range header that is ignored, 304/412 when a conditional header
 * held the body back.
 */
async function rangeResponse(object: R2Object | R2ObjectBody, request: Request, headers: Headers): Promise<Response> {
  const rangeHeader = request.headers.get("Range");
  if (!("body" in object) || rangeHeader === null) return objectResponse(object, request, headers);
  const { start, end } = returnedBytes(object);
  const whole = end - start + 1 === object.size;
  const status = whole ? wholeObjectStatus(rangeHeader, object.size) : 206;
  if (status === 200) return objectResponse(object, request, headers);
  if (status === 416) {
    await object.body.cancel();
    return unsatisfiable(object.size, headers);
  }
  headers.set("Content-Range", `bytes ${start}-${end}/${object.size}`);
  headers.set("Content-Length", String(end - start + 1));
  return new Response(object.body, { status: 206, headers });
}

const VIDEO_HEADERS = { "Accept-Ranges": "bytes" };

/**
 * GET /videos/{key}: Range support for seeking (206 + Content-Range, 416 with `bytes *\/size`),
 * the whole file otherwise; ETag, 304 on If-None-Match, a year of caching.
 */
export async function serveVideo(env: Env, rawKey: string | undefined, request: Request): Promise<Response> {
  const key = MediaKeySchema.safeParse(rawKey);
  if (!key.success) return notFound();
  let object: R2Object | R2ObjectBody | null;
  try {
    object = await readForRequest(env.VIDEOS, key.data, request, request.headers);
  } catch (error) {
    if (!isUnsatisfiableRange(error)) throw error;
    // R2 refused the range without the object's size, which the 416 names.
    object = await env.VIDEOS.head(key.data);
    return object ? unsatisfiable(object.size, objectHeaders(object, VIDEO_HEADERS)) : notFound();
  }
  if (!object) return notFound();
  return rangeResponse(object, request, objectHeaders(object, VIDEO_HEADERS));
}
