/**
 * What a first visit downloads, read from a page's HTML: its stylesheets, and its modules — the
 * modulepreload links and script srcs Remix renders (and the list of the withdrawn boot patch of
 * decision 021, so the bench can still read a build made with it). Used by the bench and the browser tests
 * that hold first-visit JavaScript to its budget.
 */
export const FIRST_VISIT_JS_BUDGET = 100 * 1024;

export function firstVisitModules(html: string): string[] {
  const modules = new Set<string>();
  const boot = /for\(let h of (\[[^\]]*\])\)/.exec(html);
  if (boot) for (const href of JSON.parse(boot[1]!) as string[]) modules.add(href);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) modules.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) modules.add(m[1]!);
  return [...modules];
}

export function firstVisitStylesheets(html: string): string[] {
  return [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
}
