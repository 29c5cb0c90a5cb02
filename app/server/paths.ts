/**
 * The one reading of a request's path that every rule shares: the Worker entry, the page cache, the
 * security headers, the body limits and the chrome. Remix matches a route's fixed segments in any
 * letter case, so `/ADMIN` renders the back office; every rule here compares lowercase paths, so the
 * Worker first sends any other spelling to the canonical one (canonicalPathname) and nothing else
 * ever sees it. Pure: the browser shares isAdminPath.
 */

/** The back office: `/admin`, everything under it, and its single-fetch `.data` answers. */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/admin.");
}

/** A route as the server build lists it: its own path, under its parent's. */
export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
}

/** Every route's full path pattern, split in segments (`:param`, `*`, or a fixed name), from the server build. */
export function routePatterns(routes: Readonly<Record<string, RouteEntry | undefined>>): string[][] {
  const fullPath = (route: RouteEntry | undefined, depth = 0): string[] => {
    if (!route || depth > 32) return [];
    const own = (route.path ?? "").split("/").filter(Boolean);
    return [...fullPath(route.parentId === undefined ? undefined : routes[route.parentId], depth + 1), ...own];
  };
  return Object.values(routes).map((route) => fullPath(route));
}

/** ASCII letters only: the router's case-blind match folds no other letter onto a fixed (ASCII) segment. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** How many fixed segments the pattern matches, or -1 when it does not match the path's segments. */
function matchScore(pattern: string[], segments: string[]): number {
  const splat = pattern.at(-1) === "*";
  const fixedLength = splat ? pattern.length - 1 : pattern.length;
  if (splat ? segments.length < fixedLength : segments.length !== fixedLength) return -1;
  let score = 0;
  for (let i = 0; i < fixedLength; i++) {
    const part = pattern[i] ?? "";
    const segment = segments[i] ?? "";
    if (part.startsWith(":")) {
      if (segment === "") return -1;
      continue;
    }
    if (asciiLower(decoded(segment)) !== asciiLower(part)) return -1;
    score++;
  }
  return score;
}

/**
 * The path as this site spells it: the fixed segments of the route it matches in lowercase, exactly
 * as the route names them (percent-encoded spellings too), and nothing else touched — a product
 * slug, an image key or a lab report's file name keep their letters, and a `.data` suffix and a
 * trailing slash are kept. A path no route matches (a 404) is returned as it is.
 */
export function canonicalPathname(pathname: string, patterns: readonly string[][]): string {
  const data = pathname.endsWith(".data");
  const bare = data ? pathname.slice(0, -".data".length) : pathname;
  const trailing = bare.length > 1 && bare.endsWith("/");
  const segments = (trailing ? bare.slice(0, -1) : bare).split("/").slice(1);
  let best: string[] | null = null;
  let bestScore = 0;
  for (const pattern of patterns) {
    const score = matchScore(pattern, segments);
    if (score > bestScore) {
      best = pattern;
      bestScore = score;
    }
  }
  if (!best) return pathname;
  const fixed = best;
  const canonical = segments.map((segment, i) => {
    const part = fixed[i];
    return part === undefined || part === "*" || part.startsWith(":") ? segment : part;
  });
  return `/${canonical.join("/")}${trailing ? "/" : ""}${data ? ".data" : ""}`;
}

/**
 * Any other spelling of a route's path answers a redirect to the canonical one, its query kept:
 * 301 for GET and HEAD; 308 for any other method, so a browser sends the same form again to the
 * canonical path, where every rule (origin, session, body limit, page cache) applies — nothing is
 * ever written under another spelling.
 */
export function canonicalRedirect(request: Request, patterns: readonly string[][]): Response | null {
  const url = new URL(request.url);
  const canonical = canonicalPathname(url.pathname, patterns);
  if (canonical === url.pathname) return null;
  const status = request.method === "GET" || request.method === "HEAD" ? 301 : 308;
  return new Response(null, { status, headers: { Location: `${canonical}${url.search}` } });
}
