/**
 * The Worker's security baseline (DESIGN.md "CSRF and headers").
 */

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
