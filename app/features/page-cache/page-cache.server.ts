import { rememberedInIsolate } from "~/server/isolate-memory.server";
import { parseBookmark } from "~/server/d1-session.server";
import { isAdminPath } from "~/server/paths";
import { createNonce } from "~/server/load-context";
import { contentSecurityPolicy } from "~/server/security.server";
import { readCartLines, savedItemCount } from "~/features/cart/cart.server";
import { CART_COUNT_ATTRIBUTE, cartCountText, cartLabel, type CartStampTokens } from "~/features/site/cart-badge";
import { cachePolicy, PAGE_CHANGES_AT_HEADER, pageCacheKey, sharedCookieHeader, sharedPageUrl, type CacheOutcome } from "./page-cache";

/**
 * The page cache (docs/decisions/017): anonymous visitors share one rendered copy of each page,
 * kept in the Cache API for PAGE_TTL_SECONDS under a key that holds the build, the catalogue
 * version and the age-gate variant. Each copy is rendered with a random placeholder nonce that
 * never leaves the Worker; every response gets a fresh nonce, written over exactly the attributes
 * that carry the placeholder, and a CSP that names it. The cart badge is stamped the same way
 * (docs/decisions/027): a copy is rendered with random tokens for its label and count, and every
 * response gets the visitor's count from their cart cookie written over them. Each isolate also
 * keeps the copies asked for more than once until their TTL ends (docs/decisions/034), so a hot
 * page's hit reads nothing at all.
 */

export const PAGE_TTL_SECONDS = 300;
/** How long an edge keeps its read of the catalogue version (KV `cacheTtl`); the production freshness bound. */
const VERSION_CACHE_TTL_SECONDS = 30;
const VERSION_KEY = "catalogue";
/** A named cache of our own (the Cache API, per data centre), apart from anything else the zone caches. */
const CACHE_NAME = "greenleaf-pages";
/** Where a stored copy keeps its placeholder nonce (never sent to a browser). */
const PLACEHOLDER_HEADER = "X-Page-Cache-Nonce";
/** Where a stored page keeps the byte offsets of its placeholder nonce attributes (never sent). */
const OFFSETS_HEADER = "X-Page-Cache-Nonce-At";
/** The cart badge's tokens of a stored page ("label count"), and their byte offsets ("labels;counts"); never sent. */
const CART_TOKENS_HEADER = "X-Page-Cache-Cart";
const CART_OFFSETS_HEADER = "X-Page-Cache-Cart-At";
/** When a copy was stored (ms since the epoch; never sent): it is kept in an isolate until its TTL ends. */
const STORED_AT_HEADER = "X-Page-Cache-Stored-At";

// ---------------------------------------------------------------------------------------------
// The catalogue version: bumped by every signed-in admin write (decision 035), part of every key.

/**
 * This isolate's last read of the version, reused for VERSION_MEMO_MS so a cache hit costs no KV
 * read; a bump in this isolate replaces it at once. Keyed by the namespace, so tests that hand the
 * Worker another binding never see this one's value.
 */
const VERSION_MEMO_MS = 1000;
let memo = new WeakMap<KVNamespace, CatalogueState & { readAt: number }>();

/**
 * KV takes about one write a second to one key: bumps closer together than this share one write
 * (docs/decisions/035). Per isolate, keyed by the namespace like the memo.
 */
export const VERSION_WRITE_INTERVAL_MS = 1000;
interface VersionWrites {
  lastWriteAt: number;
  /** The newest version bumped since the last write, waiting for the interval to end. */
  pending: CatalogueState | null;
}
let writes = new WeakMap<KVNamespace, VersionWrites>();

/**
 * The catalogue version and the D1 bookmark it was written at (docs/decisions/030): a page
 * rendered for that version reads D1 at that bookmark or later, so a replica that has not caught
 * up with the write never renders a page under the new version's key.
 */
export interface CatalogueState {
  version: string;
  bookmark: string | null;
}

/** The current catalogue version ("0" before the first admin write) and its bookmark. */
export async function readCatalogueState(env: Env): Promise<CatalogueState> {
  // A bump waiting for its write is newer than anything KV holds.
  const waiting = writes.get(env.CATALOGUE_VERSION)?.pending;
  if (waiting) return waiting;
  const remembered = memo.get(env.CATALOGUE_VERSION);
  if (remembered && Date.now() - remembered.readAt < VERSION_MEMO_MS) return remembered;
  const read = await env.CATALOGUE_VERSION.getWithMetadata<{ bookmark?: unknown }>(VERSION_KEY, {
    type: "text",
    cacheTtl: VERSION_CACHE_TTL_SECONDS,
  });
  const state = { version: read.value ?? "0", bookmark: parseBookmark(read.metadata?.bookmark) };
  memo.set(env.CATALOGUE_VERSION, { ...state, readAt: Date.now() });
  return state;
}

/** The current catalogue version ("0" before the first admin write). */
export async function readCatalogueVersion(env: Env): Promise<string> {
  return (await readCatalogueState(env)).version;
}

async function writeVersion(namespace: KVNamespace, { version, bookmark }: CatalogueState) {
  try {
    await namespace.put(VERSION_KEY, version, bookmark ? { metadata: { bookmark } } : undefined);
  } catch (error) {
    // The write that called for it has succeeded: it is never failed for this. Shoppers elsewhere
    // see the change on the next bump that is written, or when their copies' TTL ends.
    console.error("Page cache: the catalogue version could not be written", error);
  }
}

/**
 * Moves every page to new keys: the next anonymous request renders from D1 again, at `bookmark`
 * (the D1 state after the write) or later. This isolate serves the new version at once; KV is
 * written at once too, unless it was written less than VERSION_WRITE_INTERVAL_MS ago: then one
 * write of the newest version follows when the interval ends (kept alive by `waitUntil`). A KV
 * write that fails is logged, never thrown.
 */
export async function bumpCatalogueVersion(
  env: Env,
  bookmark: string | null,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<void> {
  const random = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  const state = { version: `${Date.now().toString(36)}-${random.toString(36)}`, bookmark };
  const namespace = env.CATALOGUE_VERSION;
  memo.set(namespace, { ...state, readAt: Date.now() });
  const log = writes.get(namespace) ?? { lastWriteAt: Number.NEGATIVE_INFINITY, pending: null };
  writes.set(namespace, log);
  if (log.pending) {
    // A write is already scheduled: it takes this newer version.
    log.pending = state;
    return;
  }
  const wait = log.lastWriteAt + VERSION_WRITE_INTERVAL_MS - Date.now();
  if (wait <= 0) {
    log.lastWriteAt = Date.now();
    await writeVersion(namespace, state);
    return;
  }
  log.pending = state;
  scheduleWrite(namespace, log, wait, waitUntil);
}

/**
 * Moves every page to new keys and writes KV at once, outside the write interval: for a script or a
 * test that changed D1 directly and must see the change on its very next request. A write already
 * scheduled takes this version too, so it can never put an older one back.
 */
export async function replaceCatalogueVersion(env: Env, bookmark: string | null): Promise<void> {
  const random = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  const state = { version: `${Date.now().toString(36)}-${random.toString(36)}`, bookmark };
  const namespace = env.CATALOGUE_VERSION;
  memo.set(namespace, { ...state, readAt: Date.now() });
  const log = writes.get(namespace);
  if (log?.pending) log.pending = state;
  await writeVersion(namespace, state);
}

/** Writes the newest pending version after `wait` ms; one bumped during that write gets a write of its own, an interval later. */
function scheduleWrite(namespace: KVNamespace, log: VersionWrites, wait: number, waitUntil: (promise: Promise<unknown>) => void) {
  waitUntil(
    new Promise((resolve) => setTimeout(resolve, wait)).then(async () => {
      const newest = log.pending;
      if (!newest) return;
      log.lastWriteAt = Date.now();
      await writeVersion(namespace, newest);
      if (log.pending !== newest) return scheduleWrite(namespace, log, VERSION_WRITE_INTERVAL_MS, waitUntil);
      // Cleared only once written, so no read in the meantime falls back to KV's older value.
      log.pending = null;
      memo.set(namespace, { ...newest, readAt: Date.now() });
    }),
  );
}

/**
 * A request that may have changed what shoppers see: a write (any method but GET and HEAD) under
 * the back office that succeeded (below 400) for an admin signed in on the server — whichever
 * screen it was, so a new admin screen needs nothing here. `admin` is the request's session as
 * the server read it (never the cookie's mere presence): a stranger's post, with no session or a
 * forged or ended one, moves nothing. Media uploads are left out: an upload changes no page until
 * the product form that uses it is saved, which is itself a write.
 */
export function changesCatalogue(request: Request, response: Response, admin: string | null): boolean {
  if (admin === null || request.method === "GET" || request.method === "HEAD" || response.status >= 400) return false;
  const { pathname } = new URL(request.url);
  return isAdminPath(pathname) && !pathname.startsWith("/admin/uploads/");
}

// ---------------------------------------------------------------------------------------------
// Serving

/**
 * Renders a page with the given CSP nonce (the Worker's Remix handler); with cart tokens, for the
 * shared copy: the badge's label and count are rendered as those tokens.
 */
export type RenderPage = (request: Request, nonce: string, cartStamp?: CartStampTokens | null) => Promise<Response>;

function isHtml(response: { headers: Headers }) {
  return (response.headers.get("Content-Type") ?? "").startsWith("text/html");
}

/** A single-fetch `.data` answer (turbo-stream). */
function isData(response: Response) {
  return (response.headers.get("Content-Type") ?? "").startsWith("text/x-script");
}

/** Only a plain 200 page or `.data` answer that sets no cookie is ever shared. */
export function isStorable(response: Response): boolean {
  return response.status === 200 && !response.headers.has("Set-Cookie") && (isHtml(response) || isData(response));
}

/** Says how the response was served (Server-Timing `cache;desc=…` and an RFC 9211 Cache-Status). */
function withOutcome(response: Response, outcome: CacheOutcome, detail?: string): Response {
  const headers = new Headers(response.headers);
  const timing = headers.get("Server-Timing");
  headers.set("Server-Timing", `cache;desc=${outcome}${timing ? `, ${timing}` : ""}`);
  headers.set("Cache-Status", `greenleaf-pages; ${outcome === "hit" ? "hit" : `fwd=${outcome}`}${detail ? `; detail=${detail}` : ""}`);
  headers.delete(PAGE_CHANGES_AT_HEADER);
  if (outcome !== "bypass") {
    // A shared copy is never revalidated by a browser: a 304 would pair an old body with a new nonce.
    headers.delete("ETag");
    headers.delete("Last-Modified");
    headers.delete(PLACEHOLDER_HEADER);
    headers.delete(OFFSETS_HEADER);
    headers.delete(CART_TOKENS_HEADER);
    headers.delete(CART_OFFSETS_HEADER);
    headers.delete(STORED_AT_HEADER);
    headers.set("Cache-Control", "private, no-store");
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The rendered page as a response for one visitor: a fresh nonce in the CSP and in every attribute
 * that carries the placeholder — and only those, so markup with any other nonce stays unblessed.
 * Used on a miss, where the page streams to the visitor as it renders.
 */
function restamp(response: Response, placeholder: string, cart: CartStamp | null): Response {
  if (!isHtml(response)) return response;
  const nonce = createNonce();
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  const rewriter = new HTMLRewriter().on("[nonce]", {
    element(element) {
      if (element.getAttribute("nonce") === placeholder) element.setAttribute("nonce", nonce);
    },
  });
  if (cart) {
    rewriter
      .on("[aria-label]", {
        element(element) {
          if (element.getAttribute("aria-label") === cart.tokens.label) element.setAttribute("aria-label", cartLabel(cart.items));
        },
      })
      .on(`[${CART_COUNT_ATTRIBUTE}]`, {
        element(element) {
          // Only the badges carry the attribute (content is rendered as text, never as markup).
          element.setInnerContent(cartCountText(cart.items));
        },
      });
  }
  return rewriter.transform(new Response(response.body, { status: response.status, headers }));
}

/** A shared page's cart tokens and the count this visitor's cookie gives. */
interface CartStamp {
  tokens: CartStampTokens;
  items: number;
}

/** The visitor's badge count from their cart cookie, no D1 read (unreadable or tampered: empty; oversized: bounded). */
async function cookieItemCount(request: Request): Promise<number> {
  return savedItemCount((await readCartLines(request)).lines);
}

const ascii = new TextEncoder();

/**
 * Where `nonce="<placeholder>"` occurs in a rendered page: the offsets of the placeholder's first
 * byte. The placeholder is 128 random bits that never leave the Worker, so no content can carry
 * it — these are exactly the attributes the renderer stamped (what `restamp` rewrites).
 */
export function placeholderOffsets(bytes: Uint8Array, placeholder: string): number[] {
  return tokenOffsets(bytes, 'nonce="', placeholder, '"');
}

/** The offsets of `token` wherever it occurs between `before` and `after`. */
function tokenOffsets(bytes: Uint8Array, before: string, token: string, after: string): number[] {
  const needle = ascii.encode(`${before}${token}${after}`);
  const offsets: number[] = [];
  const first = needle[0]!;
  for (let i = bytes.indexOf(first); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) offsets.push(i + before.length);
  }
  return offsets;
}

/** Where a shared page's badge tokens sit: the label attributes and the count texts the renderer wrote. */
export function cartTokenOffsets(bytes: Uint8Array, tokens: CartStampTokens): { labels: number[]; counts: number[] } {
  return { labels: tokenOffsets(bytes, 'aria-label="', tokens.label, '"'), counts: tokenOffsets(bytes, ">", tokens.count, "<") };
}

/** One replacement in a stored page: `length` bytes at `at` become `bytes`. */
interface Edit {
  at: number;
  length: number;
  expected: Uint8Array;
  bytes: Uint8Array;
}

/** The page with every edit applied (edits do not overlap); one copy of the bytes. */
function spliceBytes(source: Uint8Array, edits: Edit[]): Uint8Array<ArrayBuffer> {
  const sorted = [...edits].sort((a, b) => a.at - b.at);
  const size = sorted.reduce((total, edit) => total - edit.length + edit.bytes.length, source.length);
  const out = new Uint8Array(size);
  let from = 0;
  let to = 0;
  for (const edit of sorted) {
    out.set(source.subarray(from, edit.at), to);
    to += edit.at - from;
    out.set(edit.bytes, to);
    to += edit.bytes.length;
    from = edit.at + edit.length;
  }
  out.set(source.subarray(from), to);
  return out;
}

function parseOffsets(text: string | undefined): number[] {
  return (text ?? "").split(",").filter(Boolean).map(Number);
}

/**
 * A stored page for one visitor. Every nonce is 24 base64 characters, so the fresh one is written
 * over the placeholder's bytes at the offsets found when the page was stored: no parse of the page
 * on a hit (an HTMLRewriter pass over /shop's 80 KB cost more than the rest of a hit). Each offset
 * is checked to still hold the placeholder; a copy without offsets, or one that does not match, is
 * rewritten the careful way.
 */
async function restampStored(stored: StoredPage, visitor: Request): Promise<Response> {
  const { bytes } = stored;
  if (!isHtml(stored)) return new Response(bytes, { status: stored.status, headers: stored.headers });
  const placeholder = stored.headers.get(PLACEHOLDER_HEADER) ?? "";
  const recorded = stored.headers.get(OFFSETS_HEADER);
  const nonce = createNonce();
  const fresh = ascii.encode(nonce);
  const old = ascii.encode(placeholder);
  const edits: Edit[] = parseOffsets(recorded ?? undefined).map((at) => ({ at, length: old.length, expected: old, bytes: fresh }));

  // The badge: the visitor's count over the tokens the copy was rendered with.
  const [label, count] = (stored.headers.get(CART_TOKENS_HEADER) ?? "").split(" ");
  const cart = label && count ? { tokens: { label, count }, items: await cookieItemCount(visitor) } : null;
  const [labelsAt, countsAt] = (stored.headers.get(CART_OFFSETS_HEADER) ?? "").split(";");
  if (cart) {
    const labelBytes = ascii.encode(cartLabel(cart.items));
    const countBytes = ascii.encode(cartCountText(cart.items));
    const oldLabel = ascii.encode(cart.tokens.label);
    const oldCount = ascii.encode(cart.tokens.count);
    for (const at of parseOffsets(labelsAt)) edits.push({ at, length: oldLabel.length, expected: oldLabel, bytes: labelBytes });
    for (const at of parseOffsets(countsAt)) edits.push({ at, length: oldCount.length, expected: oldCount, bytes: countBytes });
  }
  const intact =
    recorded !== null &&
    fresh.length === old.length &&
    (cart === null || stored.headers.has(CART_OFFSETS_HEADER)) &&
    edits.every(({ at, expected }) => Number.isInteger(at) && at >= 0 && expected.every((byte, k) => bytes[at + k] === byte));
  const headers = new Headers(stored.headers);
  if (!intact) return restamp(new Response(bytes, { status: stored.status, headers }), placeholder, cart);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  return new Response(spliceBytes(bytes, edits), { status: stored.status, headers });
}

/** A stored copy, read: its status, its headers (the placeholder, offsets and tokens among them) and its bytes. */
interface StoredPage {
  status: number;
  headers: Headers;
  bytes: Uint8Array<ArrayBuffer>;
}

async function readStored(response: Response): Promise<StoredPage> {
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The copy that goes into the Cache API: the body as rendered, its placeholder and where it sits, a TTL. */
async function storedCopy(
  body: ReadableStream,
  response: Response,
  placeholder: string,
  tokens: CartStampTokens | null,
): Promise<StoredPage> {
  const headers = new Headers(response.headers);
  for (const name of ["Content-Security-Policy", "Server-Timing", "Set-Cookie", "ETag", "Last-Modified"]) headers.delete(name);
  const bytes = new Uint8Array(await new Response(body).arrayBuffer());
  headers.set(PLACEHOLDER_HEADER, placeholder);
  if (isHtml(response)) headers.set(OFFSETS_HEADER, placeholderOffsets(bytes, placeholder).join(","));
  if (isHtml(response) && tokens) {
    const { labels, counts } = cartTokenOffsets(bytes, tokens);
    headers.set(CART_TOKENS_HEADER, `${tokens.label} ${tokens.count}`);
    headers.set(CART_OFFSETS_HEADER, `${labels.join(",")};${counts.join(",")}`);
  }
  headers.set(STORED_AT_HEADER, String(Date.now()));
  headers.set("Cache-Control", `public, max-age=${copyLifetimeSeconds(response.headers, Date.now())}`);
  return { status: 200, headers, bytes };
}

/** When a copy's open/closed line or announcement goes out of date (ms since the epoch), if it says. */
function changesAt(headers: Headers): number | null {
  const at = Number(headers.get(PAGE_CHANGES_AT_HEADER) ?? NaN);
  return Number.isFinite(at) && at > 0 ? at : null;
}

/** A copy lives PAGE_TTL_SECONDS, or less: never past the next opening, closing or announcement end (decision 039). */
function copyLifetimeSeconds(headers: Headers, now: number): number {
  const at = changesAt(headers);
  return at === null ? PAGE_TTL_SECONDS : Math.max(0, Math.min(PAGE_TTL_SECONDS, Math.floor((at - now) / 1000)));
}

/** A stored copy whose clock-bound text has gone out of date is never served. */
function outOfDate(page: { headers: Headers }): boolean {
  const at = changesAt(page.headers);
  return at !== null && at <= Date.now();
}

// ---------------------------------------------------------------------------------------------
// The isolate's own copies (decision 034): the pages this isolate serves most, without a Cache API read.

/** At most this many copies, and this many bytes of them (/shop is ~85 KB), per isolate; least recently served go first. */
const ISOLATE_PAGES = 64;
const ISOLATE_BYTES = 6 * 1024 * 1024;
const isolatePages = new Map<string, StoredPage & { expiresAt: number }>();
let isolateBytes = 0;
rememberedInIsolate(() => {
  memo = new WeakMap();
  writes = new WeakMap();
  isolatePages.clear();
  isolateBytes = 0;
});

function forget(key: string) {
  const kept = isolatePages.get(key);
  if (!kept) return;
  isolatePages.delete(key);
  isolateBytes -= kept.bytes.byteLength;
}

/**
 * Keeps a copy read from the Cache API in this isolate until the end of its TTL (counted from when
 * it was first stored, so it lives no longer here than there). A copy without a stored-at time is
 * not kept.
 */
function keepInIsolate(key: string, page: StoredPage) {
  const storedAt = Number(page.headers.get(STORED_AT_HEADER));
  const expiresAt = Math.min(storedAt + PAGE_TTL_SECONDS * 1000, changesAt(page.headers) ?? Infinity);
  if (!Number.isFinite(storedAt) || storedAt <= 0 || expiresAt <= Date.now() || page.bytes.byteLength > ISOLATE_BYTES / 8) return;
  forget(key);
  isolatePages.set(key, { ...page, expiresAt });
  isolateBytes += page.bytes.byteLength;
  for (const oldest of isolatePages.keys()) {
    if (isolatePages.size <= ISOLATE_PAGES && isolateBytes <= ISOLATE_BYTES) break;
    forget(oldest);
  }
}

/** This isolate's copy for the key, if it has one still within its TTL (and now the most recently served). */
function keptInIsolate(key: string): StoredPage | null {
  const kept = isolatePages.get(key);
  if (!kept) return null;
  forget(key);
  if (kept.expiresAt <= Date.now() || outOfDate(kept)) return null;
  isolatePages.set(key, kept);
  isolateBytes += kept.bytes.byteLength;
  return kept;
}

/** A stored copy served: how it was found, and no body for a HEAD. */
function hit(response: Response, request: Request, detail?: string): Response {
  const served = withOutcome(response, "hit", detail);
  return request.method === "HEAD" ? new Response(null, served) : served;
}

/**
 * Serves a page from the shared cache when the visitor may share it, rendering and storing it on
 * a miss; every other request is rendered as before and marked as a bypass.
 */
export async function servePage(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  render: RenderPage,
  build: string,
): Promise<Response> {
  const policy = cachePolicy(request);
  if (!policy.cacheable) {
    return withOutcome(await render(request, createNonce()), "bypass", policy.reason);
  }

  // Rendered from the URL the copy is kept under (everyone who shares the copy asked for it), with
  // no cookie but the age-gate answer: nothing of this visitor's (their cart) goes into the copy.
  const url = new URL(request.url);
  const pageRequest = new Request(sharedPageUrl(url), request);
  const cookie = sharedCookieHeader(request.headers.get("Cookie"));
  if (cookie) pageRequest.headers.set("Cookie", cookie);
  else pageRequest.headers.delete("Cookie");
  // A page's badge is rendered as random tokens and stamped per visitor (a `.data` answer has no
  // badge: a cart holder's is never shared, see cachePolicy).
  const tokens = url.pathname.endsWith(".data") ? null : { label: createNonce(), count: createNonce() };

  let key: Request;
  try {
    const catalogue = await readCatalogueVersion(env);
    key = new Request(pageCacheKey(new URL(request.url), { build, catalogue, variant: policy.variant }));
  } catch (error) {
    // Without the version no copy can be trusted to be current: render, and say why.
    console.error("Page cache: the catalogue version could not be read", error);
    return withOutcome(await render(new Request(sharedPageUrl(url), request), createNonce()), "bypass", "version-unavailable");
  }

  const kept = keptInIsolate(key.url);
  if (kept) return hit(await restampStored(kept, request), request, "isolate");
  const cache = await caches.open(CACHE_NAME);
  const matched = await cache.match(key);
  if (matched && outOfDate(matched)) {
    // Past its next opening or closing: rendered again below, and the new copy replaces it.
    await matched.body?.cancel();
  } else if (matched) {
    const stored = await readStored(matched);
    keepInIsolate(key.url, stored);
    return hit(await restampStored(stored, request), request);
  }

  // The placeholder nonce is random per copy and never sent: the visitor who caused the miss
  // gets a fresh nonce like everyone after them.
  const placeholder = createNonce();
  const rendered = await render(pageRequest, placeholder, tokens);
  const cart = tokens ? { tokens, items: await cookieItemCount(request) } : null;
  if (request.method !== "GET" || !isStorable(rendered) || !rendered.body || copyLifetimeSeconds(rendered.headers, Date.now()) < 1) {
    return withOutcome(restamp(rendered, placeholder, cart), "miss", "not-stored");
  }
  const [forCache, forVisitor] = rendered.body.tee();
  ctx.waitUntil(
    storedCopy(forCache, rendered, placeholder, tokens)
      // Not kept in the isolate yet: only a copy asked for again (read back from the Cache API) is,
      // so a stranger's stream of one-off URLs never pushes the shop's hot pages out (decision 034).
      .then((copy) => cache.put(key, new Response(copy.bytes, { status: copy.status, headers: copy.headers })))
      .catch((error: unknown) => {
        console.error("Page cache: could not store", new URL(request.url).pathname, error);
      }),
  );
  const visitorCopy = new Response(forVisitor, rendered);
  return withOutcome(restamp(visitorCopy, placeholder, cart), "miss", "stored");
}
