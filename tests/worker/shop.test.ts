import { env } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../app/load-context";
import { DEFAULT_SHOP_QUERY, PAGE_SIZE, PRICE_RANGES, SORTS, type PriceRange } from "../../app/lib/shop-filters";
import { CONCENTRATE_TABS, FIXED_CATEGORY_PAGES } from "../../app/lib/category-pages";
import { listingQueries, loadShop, type ListingFilters } from "../../app/products.server";
import { createRequestTiming, instrumentD1 } from "../../app/server-timing.server";
import { products } from "../../db/schema";
import { adminCookie, catalogueChanged, get } from "./helpers";
import { cardNames, countLineOf, db, deleteProducts, insertProducts, testProduct, textOf } from "./shop-helpers";

/** Prices exactly on the spec's range boundaries, plus one cent either side of the open ends. */
const BOUNDARY = [
  { name: "Boundary Alpha", priceCents: 2499 },
  { name: "Boundary Bravo", priceCents: 2500 },
  { name: "Boundary Charlie", priceCents: 10000 },
  { name: "Boundary Delta", priceCents: 50000 },
  { name: "Boundary Echo", priceCents: 100000 },
  { name: "Boundary Foxtrot", priceCents: 100001 },
];
const HIDDEN = "Boundary Hidden Gem";
const WILDCARD = "Boundary 100% Pure";
const names = [...BOUNDARY.map((row) => row.name), HIDDEN, WILDCARD];

async function page(path: string, init?: RequestInit) {
  const response = await get(path, init);
  const html = await response.text();
  return { response, html, names: cardNames(html), countLine: countLineOf(html) };
}

async function activeTotal() {
  const [row] = await db.select({ value: count() }).from(products).where(eq(products.active, true));
  return row!.value;
}

beforeAll(async () => {
  await insertProducts([
    ...BOUNDARY.map((row) => testProduct({ ...row, category: "boundary-test" })),
    testProduct({ name: HIDDEN, priceCents: 3000, category: "boundary-test", active: false }),
    testProduct({ name: WILDCARD, priceCents: 4000, category: "boundary-test" }),
  ]);
});

afterAll(async () => {
  await deleteProducts(names);
});

describe("/shop price ranges (SPEC section 9: inclusive bounds, in SQL)", () => {
  const expected: Record<PriceRange, string[]> = {
    "under-25": ["Boundary Alpha"],
    "25-100": ["Boundary 100% Pure", "Boundary Bravo", "Boundary Charlie"],
    "100-500": ["Boundary Charlie", "Boundary Delta"],
    "500-1000": ["Boundary Delta", "Boundary Echo"],
    "over-1000": ["Boundary Foxtrot"],
  };
  it.each(PRICE_RANGES.map((range) => range.value))("%s", async (range) => {
    const { response, names: shown } = await page(`/shop?search=boundary&price=${range}`);
    expect(response.status).toBe(200);
    expect(shown).toEqual(expected[range]);
  });
});

describe("/shop sorts and the count line", () => {
  it("sorts A-Z by default and says so", async () => {
    const { names: shown, countLine } = await page("/shop?search=boundary");
    expect(shown).toEqual([...shown].sort((a, b) => (a < b ? -1 : 1)));
    expect(shown).toHaveLength(7);
    expect(countLine).toBe("Showing 7 of 7 products (sorted A-Z)");
  });

  it("sorts by price low to high and high to low", async () => {
    const low = await page("/shop?search=boundary&sort=price-asc");
    expect(low.names).toEqual(["Boundary Alpha", "Boundary Bravo", "Boundary 100% Pure", "Boundary Charlie", "Boundary Delta", "Boundary Echo", "Boundary Foxtrot"]);
    expect(low.countLine).toBe("Showing 7 of 7 products (sorted by price: low to high)");
    const high = await page("/shop?search=boundary&sort=price-desc");
    expect(high.names).toEqual([...low.names].reverse());
    expect(high.countLine).toBe("Showing 7 of 7 products (sorted by price: high to low)");
  });
});

describe("/shop search and category", () => {
  it("matches a substring of the name, case-insensitively", async () => {
    expect((await page("/shop?search=bOUNDARY%20cHARL")).names).toEqual(["Boundary Charlie"]);
    expect((await page("/shop?search=%20%20ndary%20Ech%20")).names).toEqual(["Boundary Echo"]);
  });

  it("treats % and _ in a search literally", async () => {
    expect((await page("/shop?search=100%25")).names).toEqual([WILDCARD]);
    const none = await page("/shop?search=%25%25_");
    expect(none.names).toEqual([]);
    expect(none.html).toContain("No products found matching your criteria.");
  });

  it("filters by category and lists active categories by name in the select", async () => {
    const { names: shown, html } = await page("/shop?category=boundary-test&sort=price-desc");
    expect(shown[0]).toBe("Boundary Foxtrot");
    expect(shown).toHaveLength(7);
    const select = /<select[^>]*name="category"[^>]*>([\s\S]*?)<\/select>/.exec(html)![1]!;
    const labels = [...select.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((match) => match[1]);
    expect(labels[0]).toBe("All Categories");
    expect(labels.slice(1)).toEqual([...labels.slice(1)].sort());
    expect(labels).toContain("Gelato Punch");
  });

  it("offers the products' own categories, title-cased, when no category is active", async () => {
    const { categories } = await import("../../db/schema");
    await db.update(categories).set({ active: false });
    try {
      const { html } = await page("/shop");
      const select = /<select[^>]*name="category"[^>]*>([\s\S]*?)<\/select>/.exec(html)![1]!;
      expect(select).toContain('<option value="gelato-punch">Gelato Punch</option>');
      expect(select).toContain('<option value="boundary-test">Boundary Test</option>');
    } finally {
      await db.update(categories).set({ active: true });
    }
  });

  it("shows the empty state with a Clear Filters link that keeps sort and view", async () => {
    const { html, countLine } = await page("/shop?search=no-such-thing&category=deps&price=over-1000&sort=price-desc&view=list");
    expect(html).toContain("No products found matching your criteria.");
    expect(countLine).toBe("Showing 0 of 0 products (sorted by price: high to low)");
    expect(html).toMatch(/<a[^>]*href="\/shop\?sort=price-desc&amp;view=list"[^>]*>Clear Filters<\/a>/);
  });

  it("reads junk parameters as defaults, never a 500", async () => {
    const { response, countLine } = await page("/shop?price=free&sort=%00&view=3d&page=-4&category=%27%20OR%201%3D1");
    expect(response.status).toBe(200);
    expect(countLine).toBe("Showing 0 of 0 products (sorted A-Z)");
  });
});

describe("inactive products", () => {
  it("are never shown to shoppers, even with the query parameter", async () => {
    for (const path of ["/shop?search=hidden", "/shop?search=hidden&inactive=show"]) {
      const { html, names: shown } = await page(path);
      expect(shown).toEqual([]);
      expect(html).not.toContain("Show All (Including Inactive)");
      expect(html).not.toContain("Hide Inactive");
    }
  });

  it("are shown to a signed-in admin who switches them on, with the Inactive badge", async () => {
    const headers = { Cookie: await adminCookie() };
    const off = await page("/shop?search=boundary", { headers });
    expect(off.names).not.toContain(HIDDEN);
    expect(off.html).toContain("Show All (Including Inactive)");
    const [stats] = await db.select({ total: count() }).from(products);
    expect(textOf(off.html)).toContain(`${stats!.total} total · ${await activeTotal()} active · ${stats!.total - (await activeTotal())} inactive`);

    const on = await page("/shop?search=boundary&inactive=show&sort=price-asc", { headers });
    expect(on.names).toEqual(["Boundary Alpha", "Boundary Bravo", HIDDEN, "Boundary 100% Pure", "Boundary Charlie", "Boundary Delta", "Boundary Echo", "Boundary Foxtrot"]);
    expect(on.html).toContain("Hide Inactive");
    expect(on.html).toContain(">Inactive</span>");
    expect(on.html).toContain('<input type="hidden" name="inactive" value="show"/>');
    // Admin controls per the contracts.
    expect(on.html).toMatch(/<form[^>]*method="post"[^>]*action="\/admin\/products"/);
    expect(on.html).toContain('name="redirectTo" value="/shop?search=boundary&amp;inactive=show&amp;sort=price-asc"');
  });

  it("admin controls are absent for shoppers", async () => {
    const { html } = await page("/shop?search=boundary");
    expect(html).not.toContain('action="/admin/products"');
    expect(html).not.toContain("/admin/edit-product/");
  });
});

describe(`pagination (${PAGE_SIZE} per page)`, () => {
  it(`shows ${PAGE_SIZE} a page, the rest on the last, and clamps junk or out-of-range pages`, async () => {
    const total = await activeTotal();
    const last = Math.ceil(total / PAGE_SIZE);
    expect(last).toBeGreaterThan(1);
    const first = await page("/shop");
    expect(first.countLine).toBe(`Showing ${PAGE_SIZE} of ${total} products (sorted A-Z)`);
    expect(first.html).toMatch(/<a[^>]*href="\/shop\?page=2"[^>]*>Next/);

    const second = await page("/shop?page=2");
    expect(second.countLine).toBe(`Showing ${Math.min(PAGE_SIZE, total - PAGE_SIZE)} of ${total} products (sorted A-Z)`);
    expect(second.names.some((name) => first.names.includes(name))).toBe(false);
    expect(second.html).toMatch(/<a[^>]*href="\/shop"[^>]*><span aria-hidden="true">←<\/span> Previous<\/a>/);

    const final = await page(`/shop?page=${last}`);
    expect(final.countLine).toBe(`Showing ${total - (last - 1) * PAGE_SIZE} of ${total} products (sorted A-Z)`);
    const beyond = await page("/shop?page=999");
    expect(beyond.response.status).toBe(200);
    expect(beyond.names).toEqual(final.names);
    expect((await page("/shop?page=abc")).names).toEqual(first.names);
  });

  it("reads the count and the rows in one D1 round trip, a page past the end included", async () => {
    // The same counter the pages' Server-Timing reports.
    const timing = createRequestTiming();
    const counted = createDb(instrumentD1(env.DB, timing));
    await loadShop(counted, DEFAULT_SHOP_QUERY, { isAdmin: false });
    expect(timing.d1RoundTrips).toBe(1);
    await loadShop(counted, { ...DEFAULT_SHOP_QUERY, search: "boundary", showInactive: true }, { isAdmin: true });
    expect(timing.d1RoundTrips).toBe(2);
    const clamped = await loadShop(counted, { ...DEFAULT_SHOP_QUERY, page: 50 }, { isAdmin: false });
    expect(timing.d1RoundTrips).toBe(3);
    expect(clamped.listing.page).toBe(clamped.listing.pageCount);
    expect(clamped.listing.products.length).toBeGreaterThan(0);
  });
});

describe("every filter and sort combination is served by an index", () => {
  async function plan(query: { toSQL(): { sql: string; params: unknown[] } }) {
    const { sql, params } = query.toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    return { sql, detail: results.map((row) => row.detail) };
  }

  function combinations(): ListingFilters[] {
    const all: ListingFilters[] = [];
    for (const search of ["", "kush"])
      for (const category of ["", "concentrates"])
        for (const price of [null, ...PRICE_RANGES.map((range) => range.value)])
          for (const sort of SORTS.map((entry) => entry.value))
            for (const activeOnly of [true, false]) all.push({ search, category, price, sort, activeOnly });
    // The category pages' listings: every fixed page, and each concentrates tab.
    for (const categoryPage of Object.values(FIXED_CATEGORY_PAGES))
      for (const activeOnly of [true, false]) {
        all.push({ search: "", category: "", price: null, sort: "name", activeOnly, match: categoryPage.match });
        if (categoryPage.tabs) {
          for (const tab of CONCENTRATE_TABS) all.push({ search: "", category: "", price: null, sort: "name", activeOnly, match: categoryPage.match, tab: tab.value });
        }
      }
    return all;
  }

  it("never scans the products table, never sorts in a temp B-tree", async () => {
    const failures: string[] = [];
    const filters = combinations();
    for (const filter of filters) {
      const { countQuery, rowsQuery } = listingQueries(db, filter);
      for (const query of [countQuery, rowsQuery(2)]) {
        const { sql, detail } = await plan(query);
        const bad = detail.filter((line) => /^SCAN products$|^SCAN products (?!USING)/.test(line) || line.includes("TEMP B-TREE"));
        if (bad.length > 0) failures.push(`${JSON.stringify(filter)}\n  ${sql}\n  ${detail.join(" | ")}`);
      }
    }
    expect(filters.length).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  });
});

describe("load errors", () => {
  it("answers 503 with the spec's message and no SQL when D1 cannot be read", async () => {
    await env.DB.exec("ALTER TABLE products RENAME TO products_unavailable");
    // A page already in the shared cache would still be served (as it should): start from a cold cache.
    await catalogueChanged();
    try {
      const { response, html } = await page("/shop?search=boundary");
      expect(response.status).toBe(503);
      expect(textOf(html)).toContain("Failed to load products: The product catalogue is unavailable right now.");
      expect(html).not.toMatch(/select |no such table|SQLITE|at .*\.js/i);
    } finally {
      await env.DB.exec("ALTER TABLE products_unavailable RENAME TO products");
    }
  });
});
