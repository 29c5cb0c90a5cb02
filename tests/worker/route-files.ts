/**
 * The routes as the route files list them: every app/routes file becomes a URL, so a new route is covered
 * by the tests that walk them (admin sessions, any address) without editing those tests.
 */
const routeSources = import.meta.glob<string>("../../app/routes/*.{ts,tsx}", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The sign-in page: the one admin route that answers without a session. */
const SIGN_IN_FILE = "admin._index";
export const SAMPLE_ID = "1";

/**
 * Remix flat-route file name to a URL: dots are slashes (but not inside [...], which escapes them), a
 * $param gets `param` (URL-encoded), a splat "sample", and _index and pathless parts vanish.
 */
function routeFileToUrl(file: string, param: string) {
  const name = file.replace(/^.*\/routes\//, "").replace(/\.(tsx?|jsx?)$/, "");
  const segments = name
    .replace(/\[([^\]]*)\]/g, (_, escaped: string) => escaped.replace(/\./g, "\u0000"))
    .split(".")
    .map((segment) => segment.replace(/\u0000/g, "."));
  const parts: string[] = [];
  for (const raw of segments) {
    if (raw === "_index" || raw.startsWith("_")) continue;
    const segment = raw.replace(/_$/, "").replace(/^\((.*)\)$/, "$1");
    if (segment === "$") parts.push("sample");
    else if (segment.startsWith("$")) parts.push(encodeURIComponent(param));
    else parts.push(segment);
  }
  return `/${parts.join("/")}`;
}

const ROUTES = Object.entries(routeSources).map(([file, source]) => ({
  file: file.replace(/^.*\/routes\//, ""),
  url: routeFileToUrl(file, SAMPLE_ID),
  urlWith: (param: string) => routeFileToUrl(file, param),
  hasLoader: /export\s+(async\s+)?function\s+loader\b|export\s+const\s+loader\b/.test(source),
  hasAction: /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source),
  source,
}));
export type RouteFile = (typeof ROUTES)[number];

/** Every admin route file but the sign-in page's. */
export const ADMIN_ROUTES = ROUTES.filter((route) => route.file.startsWith("admin.") && !route.file.startsWith(`${SIGN_IN_FILE}.`));

/** Every route a shopper may open (the admin sign-in page among them). */
export const PUBLIC_ROUTES = ROUTES.filter((route) => !ADMIN_ROUTES.includes(route));
