/**
 * With D1 unreadable, every page still answers inside the layout with the product's message,
 * a 5xx status when it could not show what was asked, and no SQL or stack trace in the HTML.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminCookie, get, FIRST_PRODUCT_PATH } from "./helpers";

// SQL text never spans markup, so a form's <select> and a later "from" in the page are not a leak.
const LEAKS = /no such table|SQLITE|D1_ERROR|select [^<>]* from|\bat \w+ \(|\.js:\d+/i;

function text(html: string) {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

describe("pages while D1 cannot be read", () => {
  beforeEach(async () => {
    await env.DB.batch([
      env.DB.prepare("ALTER TABLE products RENAME TO products_down"),
      env.DB.prepare("ALTER TABLE categories RENAME TO categories_down"),
    ]);
  });
  afterEach(async () => {
    await env.DB.batch([
      env.DB.prepare("ALTER TABLE products_down RENAME TO products"),
      env.DB.prepare("ALTER TABLE categories_down RENAME TO categories"),
    ]);
  });

  it.each([
    ["/shop", "Failed to load products:"],
    ["/shop/deps", "Failed to load products:"],
    ["/shop/concentrates", "Error Loading Products"],
  ])("%s shows %j inside the layout with a 5xx", async (path, message) => {
    const response = await get(path);
    const html = await response.text();
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(text(html)).toContain(message);
    expect(html).toContain("Skip to content");
    expect(html).not.toMatch(LEAKS);
  });

  it("the concentrates page offers Reload Page", async () => {
    const html = await (await get("/shop/concentrates")).text();
    expect(text(html)).toContain("Reload Page");
  });

  it.each([
    ["/admin/dashboard", "System Error:"],
    ["/admin/products", "Error loading products:"],
  ])("%s shows %j inside the admin layout with a 5xx", async (path, message) => {
    const response = await get(path, { headers: { Cookie: await adminCookie() } });
    const html = await response.text();
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(text(html)).toContain(message);
    expect(html).not.toMatch(LEAKS);
  });

  it.each(["/", FIRST_PRODUCT_PATH, "/checkout", "/about", "/faq", "/reviews", "/account", "/contact", "/sitemap.xml", "/no-such-page"])(
    "%s answers without a stack trace or SQL",
    async (path) => {
      const response = await get(path);
      const body = await response.text();
      expect([200, 404, 500, 503]).toContain(response.status);
      expect(body).not.toMatch(LEAKS);
      if (response.headers.get("Content-Type")?.includes("text/html")) expect(body).toContain("Skip to content");
    },
  );
});
