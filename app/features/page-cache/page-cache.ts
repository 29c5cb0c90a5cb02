import { AGE_COOKIE_NAME, hasVerifiedAge } from "~/features/age-gate/age-gate";
import { CART_COOKIE_NAME } from "~/features/cart/cart.server";
import { LAST_ORDER_COOKIE_NAME } from "~/features/cart/last-order.server";
import { isAdminPath } from "~/server/paths";

/**
 * The page cache's rules (docs/decisions/017): who may be served a shared copy of a page, which
 * variant they get, and how a URL becomes a cache key. Pure, so each rule is unit-tested; the
 * Worker side (Cache API, nonce re-stamping, the catalogue version) is app/features/page-cache/page-cache.server.ts.
 */

/**
 * Set by the renderer (never sent): the instant (ms since the epoch) the page's clock-bound text —
 * the open/closed line, the announcement — next changes. A shared copy is not served past it.
 */
export const PAGE_CHANGES_AT_HEADER = "X-Page-Changes-At";

/** The two variants of every cached page: the 21+ gate still to answer, or answered. */
export type PageVariant = "gate" | "adult";

export type CachePolicy = { cacheable: true; variant: PageVariant } | { cacheable: false; reason: "method" | "path" | "cookie" };

/**
 * Paths that are never looked up: the back office, media and files with their own caching, and
 * resource routes (actions, uploads, feeds) that are not pages. Everything else is a page or its
 * single-fetch `.data`, and only a 200 HTML or turbo-stream answer is ever stored.
 */
const NEVER_CACHED = [
  "/images/",
  "/videos/",
  "/packshots/",
  "/share/",
  "/lab-reports/",
  "/cart",
  // An order link is one order's, and its owner view carries the stock forms.
  "/o/",
  "/age-gate",
  "/search",
  "/__manifest",
  "/sitemap.xml",
  "/robots.txt",
];

export function isNeverCachedPath(pathname: string): boolean {
  if (isAdminPath(pathname)) return true;
  return NEVER_CACHED.some(
    (prefix) =>
      pathname === prefix || pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`) || pathname.startsWith(`${prefix}.`),
  );
}

/** The cookie names in a Cookie header (values are not needed to decide). */
export function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter(Boolean);
}

/** Pages that show the shopper's cart lines themselves: rendered for every cart holder. */
const CART_PAGES = ["/checkout"];

function isDataRequest(pathname: string): boolean {
  return pathname.endsWith(".data");
}

/**
 * A GET or HEAD for a page is served from the shared cache when the visitor's cookies change
 * nothing on it but what is stamped on the way out (docs/decisions/027):
 * - `age-verified` chooses the variant;
 * - `cannabis-cart` only sets the header's badge, stamped from the cookie — so a cart holder shares
 *   the anonymous copy of a page, but not of /checkout (its lines) nor of a `.data` answer (the root
 *   loader's cart, which a client navigation reads: it is rendered for them);
 * - `last-order` is read by /checkout alone.
 * Any other cookie (toast, admin session, anything unknown) means the page may be personal and is
 * rendered for them alone.
 */
export function cachePolicy(request: Request): CachePolicy {
  if (request.method !== "GET" && request.method !== "HEAD") return { cacheable: false, reason: "method" };
  const { pathname } = new URL(request.url);
  if (isNeverCachedPath(pathname)) return { cacheable: false, reason: "path" };
  const cookie = request.headers.get("Cookie");
  const stampable = !isDataRequest(pathname) && !CART_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
  const pageNeutral = (name: string) =>
    name === AGE_COOKIE_NAME || (stampable && (name === CART_COOKIE_NAME || name === LAST_ORDER_COOKIE_NAME));
  if (!cookieNames(cookie).every(pageNeutral)) return { cacheable: false, reason: "cookie" };
  return { cacheable: true, variant: hasVerifiedAge(cookie) ? "adult" : "gate" };
}

/**
 * The Cookie header a shared copy is rendered with: the age-gate answer only (the variant), so no
 * cart, no order, nothing of this visitor's is ever written into the copy everyone gets.
 */
export function sharedCookieHeader(header: string | null): string | null {
  if (!header) return null;
  const kept = header
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair.split("=")[0]!.trim() === AGE_COOKIE_NAME);
  return kept.length > 0 ? kept.join("; ") : null;
}

/** Parameters that only say where a visitor came from: they never change a page. */
export const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "msclkid",
  "yclid",
  "twclid",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
]);

function isTrackingParam(name: string): boolean {
  return name.toLowerCase().startsWith("utm_") || TRACKING_PARAMS.has(name.toLowerCase());
}

/** The query string as the cache sees it: tracking parameters dropped, the rest sorted by name (stable). */
export function normalizeCacheQuery(search: string): string {
  const params = new URLSearchParams(search);
  const kept = [...params].filter(([name]) => !isTrackingParam(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

/**
 * The URL a shared page is rendered from: the one its cache key stands for (tracking parameters
 * dropped, the rest sorted), so nothing of one visitor's query (a campaign tag, a click id, a marker
 * an attacker sends) is written into the copy every later visitor gets.
 */
export function sharedPageUrl(url: URL): URL {
  const normalised = new URL(url);
  const query = normalizeCacheQuery(url.search);
  normalised.search = query ? `?${query}` : "";
  return normalised;
}

/**
 * The cache key of a page: the same origin (the Cache API keys by URL), a path no route serves,
 * the build (a deploy never serves another build's HTML), the catalogue version (an admin write
 * moves every page to new keys), the variant, then the page's path and normalised query.
 */
export function pageCacheKey(url: URL, { build, catalogue, variant }: { build: string; catalogue: string; variant: PageVariant }): string {
  const query = normalizeCacheQuery(url.search);
  const safe = (part: string) => encodeURIComponent(part);
  return `${url.origin}/__page-cache/${safe(build)}/${safe(catalogue)}/${variant}${url.pathname}${query ? `?${query}` : ""}`;
}

/** Server-Timing and Cache-Status say how each page was served. */
export type CacheOutcome = "hit" | "miss" | "bypass";
