/**
 * The admin routes as the route files list them: every app/routes/admin*.ts(x) file becomes a URL, so a
 * new admin route is covered by the tests that walk them (sessions, query strings) without editing them.
 */
const routeSources = import.meta.glob<string>("../../app/routes/admin*.{ts,tsx}", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The sign-in page: the one admin route that answers without a session. */
const SIGN_IN_FILE = "admin._index";
export const SAMPLE_ID = "1";

/**
 * Remix flat-route file name to a URL: dots are slashes, a $param gets `param` (a sample id unless
 * given, URL-encoded), a splat "sample", and _index and pathless parts vanish.
 */
function routeFileToUrl(file: string, param: string) {
  const name = file.replace(/^.*\/routes\//, "").replace(/\.(tsx?|jsx?)$/, "");
  const segments = name
    .replace(/\[\.\]/g, "\u0000")
    .split(".")
    .map((segment) => segment.replace(/\u0000/g, "."));
  const parts: string[] = [];
  for (const raw of segments) {
    if (raw === "_index" || raw.startsWith("_")) continue;
    const segment = raw
      .replace(/_$/, "")
      .replace(/^\((.*)\)$/, "$1")
      .replace(/\[|\]/g, "");
    if (segment === "$") parts.push("sample");
    else if (segment.startsWith("$")) parts.push(encodeURIComponent(param));
    else parts.push(segment);
  }
  return `/${parts.join("/")}`;
}

/** Every admin route file but the sign-in page's: its URL with a sample id, `urlWith` another value, and what it exports. */
export const ADMIN_ROUTES = Object.entries(routeSources)
  .map(([file, source]) => ({
    file: file.replace(/^.*\/routes\//, ""),
    url: routeFileToUrl(file, SAMPLE_ID),
    urlWith: (param: string) => routeFileToUrl(file, param),
    hasLoader: /export\s+(async\s+)?function\s+loader\b|export\s+const\s+loader\b/.test(source),
    hasAction: /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source),
    source,
  }))
  .filter((route) => !route.file.startsWith(`${SIGN_IN_FILE}.`));
