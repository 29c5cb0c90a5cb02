/**
 * The Worker's security baseline (DESIGN.md "CSRF and headers"): headers, the CSRF origin check,
 * the cache policy for responses that depend on cookies, and the size limit on form posts.
 * Each is a named function that workers/app.ts composes.
 */
import { ADMIN_SESSION_COOKIE } from "~/features/auth/auth.server";
import { CART_COOKIE_NAME } from "~/features/cart/cart.server";
import { AGE_COOKIE_NAME } from "~/features/age-gate/age-gate";
import { TOAST_COOKIE_NAME } from "~/features/toast/toast.server";

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

/** Headers every response carries, HTML or not. */
export function applySecurityHeaders(headers: Headers) {
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", RESOURCE_CSP);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Cache policy

/** Cookies whose value changes what a response shows: the cart, a toast, the age gate, the admin session. */
export const STATE_COOKIES = [CART_COOKIE_NAME, TOAST_COOKIE_NAME, AGE_COOKIE_NAME, ADMIN_SESSION_COOKIE] as const;
export const PRIVATE_NO_STORE = "private, no-store";

/** Does the request carry one of the cookies that change what we render? */
export function carriesStateCookie(request: Request) {
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
export function isCookieDependent(request: Request, headers: Headers) {
  if (headers.has("Set-Cookie")) return true;
  if (new URL(request.url).pathname.startsWith("/admin")) return true;
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
export const BODY_TOO_LARGE_MESSAGE =
  "This form sent more than 64 KB, far more than it needs. Please shorten what you typed and try again.";

/** Routes that take large bodies and hold them to their own limits (image and video uploads, the product form's images). */
const OWN_LIMIT_ROUTES = [
  /^\/admin\/uploads\//,
  /^\/admin\/add-product(?:\.data)?$/,
  /^\/admin\/edit-product\//,
  /^\/admin\/products\/edit\//,
];

function bodyTooLarge() {
  return new Response(BODY_TOO_LARGE_MESSAGE, {
    status: 413,
    headers: { "Content-Type": "text/plain; charset=utf-8", Connection: "close" },
  });
}

/**
 * Holds every non-GET request (the public forms: cart, contact, age gate, sign-in, sign-out; and
 * the small admin forms) to 64 KB before anything parses it: a declared length over the limit is
 * refused at once; a body without one is read up to the limit and refused as soon as it passes it.
 * Returns the request to go on with (its body re-wrapped when it was read), or the 413.
 */
export async function limitFormBody(request: Request): Promise<Request | Response> {
  if (SAFE_METHODS.has(request.method) || !request.body) return request;
  if (OWN_LIMIT_ROUTES.some((route) => route.test(new URL(request.url).pathname))) return request;
  const declared = request.headers.get("Content-Length");
  if (declared !== null) return Number(declared) > FORM_BODY_LIMIT ? bodyTooLarge() : request;

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > FORM_BODY_LIMIT) {
      await reader.cancel("body over the form limit");
      return bodyTooLarge();
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
