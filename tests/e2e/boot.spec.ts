import { gzipSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { FIRST_VISIT_JS_BUDGET, firstVisitModules } from "../../scripts/first-visit";

/**
 * How a page's JavaScript arrives: Remix's own boot (decision 021, a patched boot after the first
 * frame, was measured and withdrawn): the HTML preloads the page's modules and its nonced inline module
 * script imports them and hydrates, under the page's CSP. And what arrives stays within the first-visit
 * budget on the pages a shopper lands on.
 */

const LANDING_PAGES = ["/", "/shop", "/shop/concentrates", "/product/1"];

test.use({ viewport: { width: 390, height: 844 } });

test("a page preloads its modules from the HTML and hydrates under the CSP", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => w.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });

  for (const path of ["/shop", "/product/1"]) {
    const response = await page.goto(path);
    const html = await response!.text();
    // The page's modules are named in the HTML for the preload scanner, as Remix renders them.
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/[^"]+\.js"/);
    const modules = firstVisitModules(html);
    expect(modules.length).toBeGreaterThan(3);

    // Hydrated: the cart link became the drawer's button.
    await expect(page.getByRole("button", { name: /^Cart, \d+ items?$/ })).toBeVisible();

    const boot = await page.evaluate(() => {
      const w = window as unknown as { cspViolations: string[] };
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"))
        .map((entry) => new URL(entry.name).pathname);
      return { scripts, cspViolations: w.cspViolations };
    });
    // Every module the HTML names was fetched, and nothing was refused by the CSP.
    for (const module of modules) expect(boot.scripts).toContain(module);
    expect(boot.cspViolations).toEqual([]);
  }

  // Client navigation works from a booted page.
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
