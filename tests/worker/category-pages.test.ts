import { env } from "cloudflare:test";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countTabs } from "../../app/features/category-pages/category-pages.server";
import { CONCENTRATE_TABS, INDOOR_CATEGORIES } from "../../app/features/category-pages/category-pages";
import { PAGE_SIZE } from "../../app/features/shop-filters/paging";
import { categories, products } from "../../db/schema";
import { adminCookie, catalogueChanged, get } from "./helpers";
import { cardNames, db, deleteProducts, insertProducts, testProduct, textOf } from "./shop-helpers";
import { elementsOf, textsOf } from "./page-parts";

const FLOWER = "Category Test Flower";
const SHOUTING = "Category Test Shouting Indoor";
const INACTIVE_INDOOR = "Category Test Inactive Indoor";
const PAGED = Array.from({ length: PAGE_SIZE + 3 }, (_, i) => `Paged Product ${String(i + 1).padStart(2, "0")}`);
const names = [FLOWER, SHOUTING, INACTIVE_INDOOR, ...PAGED];

async function page(path: string, init?: RequestInit) {
  const response = await get(path, init);
  const html = await response.text();
  return { response, html, text: textOf(html), names: await cardNames(html) };
}

async function activeNames(where: Parameters<typeof and>[0]) {
  const rows = await db
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.active, true), where))
    .orderBy(asc(products.name), asc(products.id));
  return rows.map((row) => row.name);
}

beforeAll(async () => {
  await db.insert(categories).values([
    { name: "Paged Test", slug: "paged-test" },
    { name: "Empty Test", slug: "empty-test" },
  ]);
  await insertProducts([
    testProduct({ name: FLOWER, priceCents: 3000, category: "flower" }),
    testProduct({ name: SHOUTING, priceCents: 3000, category: "INDOOR" }),
    testProduct({ name: INACTIVE_INDOOR, priceCents: 3000, category: "indoors", active: false }),
    ...PAGED.map((name) => testProduct({ name, priceCents: 1000, category: "paged-test" })),
  ]);
});

afterAll(async () => {
  await deleteProducts(names);
  await db.delete(categories).where(inArray(categories.slug, ["paged-test", "empty-test"]));
});

describe("indoor", () => {
  it("lists products whose category is indoors, indoor, flowers or flower, in any case", async () => {
    const { response, names: shown, html } = await page("/shop/indoor");
    expect(response.status).toBe(200);
    const indoorNames = (
      await db
        .select({ name: products.name, category: products.category, active: products.active })
        .from(products)
        .orderBy(asc(products.name), asc(products.id))
    )
      .filter((row) => row.active && (INDOOR_CATEGORIES as readonly string[]).includes(row.category.toLowerCase()))
      .map((row) => row.name);
    expect(shown).toEqual(indoorNames);
    expect(shown).toContain(FLOWER);
    expect(shown).toContain(SHOUTING);
    expect(shown).not.toContain(INACTIVE_INDOOR);
    expect(shown).not.toContain("Sunset Sherbet Dep (1 oz)");
    expect(html).toContain(">INDOOR</h1>");
    expect(html).not.toContain("Admin debug");
  });

  it("shows the admin a debug banner with counts and the categories in the database, and inactive products", async () => {
    const { text, names: shown } = await page("/shop/indoor", { headers: { Cookie: await adminCookie() } });
    expect(text).toMatch(/Admin debug: \d+ of \d+ products match categories indoors, indoor, flowers, flower/);
    expect(text).toMatch(/Categories in the database: .*concentrates \(\d+\)/);
    expect(shown).toContain(INACTIVE_INDOOR);
  });
});

describe("concentrates tabs", () => {
  it("count each tab by name keywords, as the pure rule does", async () => {
    const concentrateNames = await activeNames(eq(products.category, "concentrates"));
    const counts = countTabs(concentrateNames);
    const { html, names: shown } = await page("/shop/concentrates");
    expect(shown).toEqual(concentrateNames);
    for (const tab of CONCENTRATE_TABS) {
      const href = tab.value === "all" ? "/shop/concentrates" : `/shop/concentrates?tab=${tab.value}`;
      const link = new RegExp(
        `<a[^>]*href="${href.replace(/[?]/g, "\\?")}"[^>]*>${tab.label}(?:<!-- -->)? <span[^>]*>${counts[tab.value]}<`,
      );
      expect(html, tab.label).toMatch(link);
    }
    expect(await textsOf(html, 'a[aria-current="page"][href="/shop/concentrates"]')).toContainEqual(expect.stringMatching(/^All /));
  });

  it("a tab is a link that lists its subset (live resin or live-resin)", async () => {
    const { html, names: shown } = await page("/shop/concentrates?tab=live-resin");
    const expected = (await activeNames(eq(products.category, "concentrates"))).filter((name) => /live[ -]resin/i.test(name));
    expect(expected.length).toBeGreaterThan(0);
    expect(shown).toEqual(expected);
    expect(await elementsOf(html, 'a[aria-current="page"][href="/shop/concentrates?tab=live-resin"]')).not.toHaveLength(0);
    // Unknown tabs read as All.
    expect((await page("/shop/concentrates?tab=rosin")).names).toEqual(await activeNames(eq(products.category, "concentrates")));
  });

  it("shows 'Error Loading Products' with the message and a Reload Page button when D1 fails", async () => {
    await env.DB.exec("ALTER TABLE products RENAME TO products_unavailable");
    try {
      const { response, html, text } = await page("/shop/concentrates?tab=thca");
      expect(response.status).toBe(503);
      expect(text).toContain("Error Loading Products");
      expect(text).toContain("The product catalogue is unavailable right now.");
      expect(await textsOf(html, 'button[type="submit"]')).toContain("Reload Page");
      expect(html).not.toMatch(/no such table|SQLITE|select /i);
      // A generic category page says it the way /shop does.
      const generic = await page("/shop/pens");
      expect(generic.response.status).toBe(503);
      expect(generic.text).toContain("Failed to load products: The product catalogue is unavailable right now.");
    } finally {
      await env.DB.exec("ALTER TABLE products_unavailable RENAME TO products");
    }
  });

  it("tells admins to run the migration when there are no concentrates", async () => {
    await db.update(products).set({ active: false }).where(eq(products.category, "concentrates"));
    await catalogueChanged();
    try {
      const { text } = await page("/shop/concentrates");
      expect(text).toContain("run the catalogue migration");
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.category, "concentrates"));
      await catalogueChanged();
    }
  });
});

describe("the other fixed pages", () => {
  it("edibles is titled EDIBLES; disposable carts lists category pens", async () => {
    const edibles = await page("/shop/edibles");
    expect(edibles.html).toContain(">EDIBLES</h1>");
    expect(edibles.names).toEqual(await activeNames(eq(products.category, "edibles")));
    const carts = await page("/shop/disposable-carts");
    expect(carts.names).toEqual(await activeNames(eq(products.category, "pens")));
    expect(carts.names.length).toBeGreaterThan(0);
  });

  it("pala and gelato punch show their bulk notes; mushrooms warn about legal use; lows and new drops list their category", async () => {
    expect((await page("/shop/pala")).text).toContain("5+ units @ $500");
    expect((await page("/shop/gelato-punch")).text).toContain("5+ units @ $525");
    const mushrooms = await page("/shop/mushrooms");
    expect(mushrooms.text).toMatch(/Legal use only: .*only where their possession and use are legal/);
    expect(mushrooms.names).toEqual(await activeNames(eq(products.category, "mushrooms")));
    expect((await page("/shop/lows")).names).toEqual(await activeNames(eq(products.category, "lows")));
    expect((await page("/shop/new-drops")).names).toEqual(await activeNames(eq(products.category, "new-drops")));
  });

  it("branded exotics always says Coming Soon", async () => {
    const { text, names: shown } = await page("/shop/branded-exotics");
    expect(text).toContain("Coming Soon");
    expect(shown).toEqual([]);
  });

  it("deps, edibles and disposable carts have their own empty states", async () => {
    await db
      .update(products)
      .set({ active: false })
      .where(inArray(products.category, ["deps", "edibles", "pens"]));
    await catalogueChanged();
    try {
      expect((await page("/shop/deps")).text).toContain("No deps products available at the moment.");
      expect((await page("/shop/edibles")).text).toContain("No edibles available");
      expect((await page("/shop/disposable-carts")).text).toContain("No disposable carts available");
    } finally {
      await db
        .update(products)
        .set({ active: true })
        .where(inArray(products.category, ["deps", "edibles", "pens"]));
      await catalogueChanged();
    }
  });
});

describe("the generic category page", () => {
  it("shows the category name upper-cased, its products by name, and a link that says it orders on Telegram", async () => {
    const { response, html, names: shown } = await page("/shop/pens");
    expect(response.status).toBe(200);
    expect(html).toContain(">PENS</h1>");
    expect(shown).toEqual(await activeNames(eq(products.category, "pens")));
    const order = (await elementsOf(html, 'a[href^="https://t.me/"][target="_blank"][rel="noopener noreferrer"]')).map((link) => link.text);
    expect(order).toContain("Order Pens on Telegram (opens Telegram in a new tab)");
    expect(await elementsOf(html, 'a[href^="https://t.me/"] > svg[aria-hidden="true"]')).not.toHaveLength(0);
  });

  it("has the product's empty state", async () => {
    const { text } = await page("/shop/empty-test");
    expect(text).toContain("No Products Found");
    expect(text).toContain("Check back soon for new Empty Test products.");
  });

  it(`paginates ${PAGE_SIZE} per page`, async () => {
    const first = await page("/shop/paged-test");
    expect(first.names).toEqual(PAGED.slice(0, PAGE_SIZE));
    expect(first.html).toMatch(/href="\/shop\/paged-test\?page=2"/);
    const second = await page("/shop/paged-test?page=2");
    expect(second.names).toEqual(PAGED.slice(PAGE_SIZE));
    expect(second.text).toContain(`Showing 3 of ${PAGED.length} products (sorted A-Z)`);
    expect((await page("/shop/paged-test?page=99")).names).toEqual(PAGED.slice(PAGE_SIZE));
  });

  it("answers an unknown category with the 404 page", async () => {
    const { response, text } = await page("/shop/no-such-category");
    expect(response.status).toBe(404);
    expect(text).toContain("Oops! Page not found");
    expect(text).toContain("Return to Home");
  });

  it("shows admin controls with the category edit link only to an admin", async () => {
    const admin = await page("/shop/paged-test", { headers: { Cookie: await adminCookie() } });
    const [first] = await db.select({ id: products.id }).from(products).where(like(products.name, "Paged Product 01"));
    expect(admin.html).toContain(`href="/admin/products/edit/${first!.id}?category=paged-test"`);
    expect(admin.html).toContain(`href="/admin/products/${first!.id}/delete"`);
    const shopper = await page("/shop/paged-test");
    expect(shopper.html).not.toContain("/admin/products/edit/");
  });
});

describe("/category/{slug}", () => {
  it("redirects permanently to /shop/{slug}", async () => {
    const response = await get("/category/deps");
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("Location")!, "http://localhost").pathname).toBe("/shop/deps");
    await response.text();
  });
});
