import { gzipSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { FIRST_VISIT_JS_BUDGET, firstVisitModules } from "../../scripts/first-visit";

/**
 * How a page's JavaScript arrives (docs/decisions/021): the HTML names no module for the parser or
 * the preload scanner to fetch; the page's inline module script waits for its first frame, then
 * preloads the page's modules together (with the page's nonce) and hydrates. And what arrives stays
 * within the first-visit budget on the pages a shopper lands on.
 */

const LANDING_PAGES = ["/", "/shop", "/shop/concentrates", "/product/1"];

test.use({ viewport: { width: 390, height: 844 } });

test("a page fetches its modules only after its first frame, then hydrates under the CSP", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  // The first rendering opportunity of each document, and every CSP refusal.
  await page.addInitScript(() => {
    const w = window as unknown as { firstFrameAt?: number; cspViolations: string[] };
    w.cspViolations = [];
    requestAnimationFrame(() => (w.firstFrameAt = performance.now()));
    document.addEventListener("securitypolicyviolation", (event) => w.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });

  for (const path of ["/shop", "/product/1"]) {
    const response = await page.goto(path);
    const html = await response!.text();
    // Nothing in the HTML starts a module download: no modulepreload link, no static import.
    expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
    expect(html).not.toMatch(/^\s*import \* as route/m);
    const modules = firstVisitModules(html);
    expect(modules.length).toBeGreaterThan(3);

    // Hydrated: the cart link became the drawer's button.
    await expect(page.getByRole("button", { name: /^Cart, \d+ items?$/ })).toBeVisible();

    const boot = await page.evaluate(() => {
      const w = window as unknown as { firstFrameAt?: number; cspViolations: string[] };
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"))
        .map((entry) => (entry as PerformanceResourceTiming).fetchStart);
      const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
      return {
        firstFrameAt: w.firstFrameAt ?? Infinity,
        firstScriptAt: Math.min(...scripts),
        noncedPreloads: preloads.filter((link) => link.nonce !== "").map((link) => new URL(link.href).pathname),
        cspViolations: w.cspViolations,
      };
    });
    // Every module was requested after the page's first frame, the page's own through nonced preloads.
    expect(boot.firstScriptAt).toBeGreaterThanOrEqual(boot.firstFrameAt);
    expect(boot.noncedPreloads.sort()).toEqual([...modules].sort());
    expect(boot.cspViolations).toEqual([]);
  }

  // Client navigation still works from a page booted this way.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Shop" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(errors.filter((text) => /Content Security Policy|Hydration|hydrat/i.test(text))).toEqual([]);
});

test("first-visit JavaScript stays within 100 KB gzipped on the pages shoppers land on", async ({ page }) => {
  const { request } = page; // the visitor's cookies: past the age gate
  const sizes: Record<string, number> = {};
  for (const path of LANDING_PAGES) {
    const html = await (await request.get(path)).text();
    let total = 0;
    for (const module of firstVisitModules(html)) {
      const body = await (await request.get(module)).body();
      total += gzipSync(body).length;
    }
    sizes[path] = total;
  }
  for (const path of LANDING_PAGES)
    expect(sizes[path], `${path}: ${(sizes[path]! / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(FIRST_VISIT_JS_BUDGET);
});
