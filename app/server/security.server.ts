/**
 * The Worker's security baseline: headers, the CSRF origin check,
 * the cache policy for responses that depend on cookies, and the size limit on form posts.
 * Each is a named function that workers/app.ts composes.
 */
import { ADMIN_SESSION_COOKIE } from "~/features/auth/auth.server";
import { CART_COOKIE_NAME } from "~/features/cart/cart.server";
import { AGE_COOKIE_NAME } from "~/features/age-gate/age-gate";
import { TOAST_COOKIE_NAME } from "~/features/toast/toast.server";
import { drainBody } from "./body-drain.server";
import { plainText } from "./plain-text";
import { isAdminPath } from "./paths";

/** CSP for HTML documents: scripts only from us or carrying this request's nonce. */
export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Ordering and contact redirect to Telegram after a form post.
    "form-action 'self' https://t.me",
    "frame-ancestors 'none'",
    "upgrade-insecure-requests",
  ].join("; ");
}

/** CSP for everything that is not a page (JSON, images, videos, files): nothing may run. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Powerful browser features the shop never uses, switched off for every page and anything it embeds. */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "bluetooth",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
  "browsing-topics",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** Over https every cookie we set is Secure, whichever code set it (the toast cookie has no request to ask). */
export function applySecureCookies(request: Request, headers: Headers) {
  if (new URL(request.url).protocol !== "https:") return;
  const cookies = headers.getSetCookie();
  if (!cookies.some((cookie) => !/;\s*secure\s*(;|$)/i.test(cookie))) return;
  headers.delete("Set-Cookie");
  for (const cookie of cookies) headers.append("Set-Cookie", /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
}

/** Headers every response carries, HTML or not. */
export function applySecurityHeaders(headers: Headers) {
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", RESOURCE_CSP);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Requests the shop has no use for, answered plainly before Remix sees them (Remix would log each
 * as an error with a stack trace): OPTIONS (no cross-origin use is offered, so a CORS preflight gets
 * no Access-Control headers) answers 204 with the methods the site takes; a `?_data=` request (the
 * data protocol before single fetch, which this app does not speak) answers 400; a path with a
 * backslash answers 404.
 */
export function unsupportedRequest(request: Request): Response | null {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: "GET, HEAD, POST" } });
  const url = new URL(request.url);
  // No address of ours has a backslash (browsers turn a typed one into "/"), and Remix's router cannot
  // render one (a decoded "\" makes an invalid URL: a 500): a plain 404.
  if (/\\|%5c/i.test(url.pathname)) {
    return plainText(404, "Not found");
  }
  if (url.searchParams.has("_data")) {
    console.warn(`Refused a ?_data= request (not used by this app): ${request.method} ${url.pathname}`);
    return plainText(400, "This address does not answer ?_data= requests.");
  }
  return null;
}

/**
 * A state-changing request that a browser sent from another site. Browsers send Origin
 * on every cross-origin POST; a missing Origin (curl, server-to-server) is let through
 * to the route's own checks (admin actions still need the session cookie).
 */
export function isCrossOriginMutation(request: Request) {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (origin === null) return request.headers.get("Sec-Fetch-Site") === "cross-site";
  if (origin === "null") return true;
  try {
    // The whole origin: scheme, host and port (an http page may not post to the https site).
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Cache policy

/** Cookies whose value changes what a response shows: the cart, a toast, the age gate, the admin session. */
const STATE_COOKIES = [CART_COOKIE_NAME, TOAST_COOKIE_NAME, AGE_COOKIE_NAME, ADMIN_SESSION_COOKIE] as const;
const PRIVATE_NO_STORE = "private, no-store";

/** Does the request carry one of the cookies that change what we render? */
function carriesStateCookie(request: Request) {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  const names = header.split(";").map((pair) => pair.split("=", 1)[0]!.trim());
  return STATE_COOKIES.some((name) => names.includes(name));
}

/**
 * A response that no shared cache may keep or hand to anyone else: one that sets a cookie, any
 * admin response, and any response rendered for a request that carried a state cookie — unless it
 * declares itself public (images, videos, sitemap: the same bytes for everyone).
 */
function isCookieDependent(request: Request, headers: Headers) {
  if (headers.has("Set-Cookie")) return true;
  if (isAdminPath(new URL(request.url).pathname)) return true;
  if (/\bpublic\b/.test(headers.get("Cache-Control") ?? "")) return false;
  return carriesStateCookie(request);
}

/**
 * Cookie-dependent responses get `Cache-Control: private, no-store`. The rest (an anonymous page,
 * rendered for no cookie at all) say `Vary: Cookie`, so a cache that keeps them keeps them apart.
 */
export function applyCachePolicy(request: Request, headers: Headers) {
  if (isCookieDependent(request, headers)) {
    headers.set("Cache-Control", PRIVATE_NO_STORE);
  } else if (!/\bpublic\b/.test(headers.get("Cache-Control") ?? "")) {
    headers.append("Vary", "Cookie");
  }
}

// ---------------------------------------------------------------------------------------------
// Form post size

/** The most a form post may carry: far above any of our text forms, far below what a parser should buffer. */
export const FORM_BODY_LIMIT = 64 * 1024;
/**
 * The product form's text (files aside): its fields at their limits, written in non-Latin script and
 * percent-encoded (up to 9 bytes a character), stay well under this.
 */
export const PRODUCT_FORM_TEXT_LIMIT = 256 * 1024;

export function bodyTooLargeMessage(limit: number) {
  return `This form sent more than ${limit / 1024} KB, far more than it needs. Please shorten what you typed and try again.`;
}
export const BODY_TOO_LARGE_MESSAGE = bodyTooLargeMessage(FORM_BODY_LIMIT);

/** Routes that take large bodies and hold them to their own limits (image, video and lab report uploads, the catalogue import: decision 026). */
const OWN_LIMIT_ROUTES = [/^\/admin\/uploads\//, /^\/admin\/catalogue-import(?:\.data)?$/];
/** The product form: its text is held to PRODUCT_FORM_TEXT_LIMIT; a multipart post (files picked without JavaScript) is checked after parsing. */
const PRODUCT_FORM_ROUTES = [/^\/admin\/add-product(?:\.data)?$/, /^\/admin\/edit-product\//, /^\/admin\/products\/edit\//];

function bodyTooLarge(limit = FORM_BODY_LIMIT) {
  return new Response(bodyTooLargeMessage(limit), {
    status: 413,
    headers: { "Content-Type": "text/plain; charset=utf-8", Connection: "close" },
  });
}

/** The limit that holds this request's body before anything parses it, or null for a route that keeps its own. */
function bodyLimit(request: Request): number | null {
  const { pathname } = new URL(request.url);
  if (OWN_LIMIT_ROUTES.some((route) => route.test(pathname))) return null;
  if (PRODUCT_FORM_ROUTES.some((route) => route.test(pathname))) {
    return /^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "") ? null : PRODUCT_FORM_TEXT_LIMIT;
  }
  return FORM_BODY_LIMIT;
}

/**
 * Holds every non-GET request (the public forms: cart, contact, age gate, sign-in, sign-out; and
 * the small admin forms) to 64 KB, the product form's text to 256 KB, before anything parses it: a declared length over the limit is
 * refused at once; a body without one is read up to the limit and refused as soon as it passes it
 * (the Worker entry reads the rest and throws it away before the 413 leaves: body-drain.server.ts).
 * Returns the request to go on with (its body re-wrapped when it was read), or the 413.
 */
export async function limitFormBody(request: Request): Promise<Request | Response> {
  if (SAFE_METHODS.has(request.method) || !request.body) return request;
  const limit = bodyLimit(request);
  if (limit === null) return request;
  const declared = request.headers.get("Content-Length");
  if (declared !== null) return Number(declared) > limit ? bodyTooLarge(limit) : request;

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel("body over the form limit");
      return bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(request, { body });
}

/**
 * A GET or HEAD that carries a body (no browser sends one; Remix cannot pass one on): answered as if
 * it had none. The body is read to its end and thrown away first (drainBody), never cancelled, so
 * wrangler's local engine keeps answering.
 */
export async function withoutBody(request: Request): Promise<Request> {
  if ((request.method !== "GET" && request.method !== "HEAD") || !request.body) return request;
  await drainBody(request.body.getReader());
  return new Request(request.url, { method: request.method, headers: request.headers, redirect: request.redirect, cf: request.cf });
}
