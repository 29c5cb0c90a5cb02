import { env } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../app/server/load-context";
import {
  DEFAULT_SHOP_QUERY,
  MAX_SELECTED_EFFECTS,
  NO_FILTERS,
  POTENCY_RANGES,
  PRICE_RANGES,
  STRAIN_OPTIONS,
  type PriceRange,
  type ShopFilterValues,
} from "../../app/features/shop-filters/shop-filters";
import { PAGE_SIZE } from "../../app/features/shop-filters/paging";
import { SORTS } from "../../app/features/shop-filters/shop-sort";
import { FIXED_CATEGORY_PAGES } from "../../app/features/category-pages/category-pages.server";
import { CONCENTRATE_TABS } from "../../app/features/category-pages/category-pages";
import { listingQueries, loadShop, type ListingFilters } from "../../app/features/listings/listings.server";
import { createRequestTiming, instrumentD1 } from "../../app/server/server-timing.server";
import { products } from "../../db/schema";
import { adminCookie, catalogueChanged, get } from "./helpers";
import { cardNames, countLineOf, db, deleteProducts, insertProducts, queryPlan, testProduct, textOf } from "./shop-helpers";
import { elementsOf, hrefsOf, textsOf } from "./page-parts";

/** Prices exactly on the product's range boundaries, plus one cent either side of the open ends. */
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
  return { response, html, names: await cardNames(html), countLine: countLineOf(html) };
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

describe("/shop price ranges", () => {
  const expected: Record<PriceRange, string[]> = {
    "under-25": ["Boundary Alpha"],
    "25-100": ["Boundary 100% Pure", "Boundary Bravo", "Boundary Charlie"],
    "100-500": ["Boundary Charlie", "Boundary Delta"],
    "500-1000": ["Boundary Delta", "Boundary Echo"],
    "over-1000": ["Boundary Foxtrot"],
  };
  it.each(PRICE_RANGES.map((range) => range.value))("%s", async (range) => {
    const { response, names: shown } = await page(`/shop?category=boundary-test&price=${range}`);
    expect(response.status).toBe(200);
    expect(shown).toEqual(expected[range]);
  });
});

describe("/shop sorts and the count line", () => {
  it("sorts A-Z by default and says so", async () => {
    const { names: shown, countLine } = await page("/shop?category=boundary-test");
    expect(shown).toEqual([...shown].sort((a, b) => (a < b ? -1 : 1)));
    expect(shown).toHaveLength(7);
    expect(countLine).toBe("Showing 7 of 7 products (sorted A-Z)");
  });

  it("sorts by price low to high and high to low", async () => {
    const low = await page("/shop?search=boundary&sort=price-asc");
    expect(low.names).toEqual([
      "Boundary Alpha",
      "Boundary Bravo",
      "Boundary 100% Pure",
      "Boundary Charlie",
      "Boundary Delta",
      "Boundary Echo",
      "Boundary Foxtrot",
    ]);
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
    // Each option says how many products it gives with the other filters (here none).
    const labels = await textsOf(html, 'select[name="category"] option');
    expect(labels[0]).toBe("All Categories");
    expect(labels.slice(1)).toEqual([...labels.slice(1)].sort());
    expect(labels.find((label) => label.startsWith("Gelato Punch"))).toMatch(/^Gelato Punch \(\d+\)$/);
  });

  it("offers the products' own categories, title-cased, when no category is active", async () => {
    const { categories } = await import("../../db/schema");
    await db.update(categories).set({ active: false });
    try {
      const { html } = await page("/shop");
      const option = (value: string) => textsOf(html, `select[name="category"] option[value="${value}"]`);
      expect(await option("gelato-punch")).toEqual([expect.stringMatching(/^Gelato Punch \(\d+\)$/)]);
      expect(await option("boundary-test")).toEqual(["Boundary Test (7)"]);
    } finally {
      await db.update(categories).set({ active: true });
    }
  });

  it("shows the empty state with a Clear Filters link that keeps sort and view", async () => {
    const { html, countLine } = await page("/shop?search=no-such-thing&category=deps&price=over-1000&sort=price-desc&view=list");
    expect(html).toContain("No products found matching your criteria.");
    expect(countLine).toBe("Showing 0 of 0 products (sorted by price: high to low)");
    expect(await hrefsOf(html, "Clear Filters")).toContain("/shop?sort=price-desc&view=list");
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
    expect(textOf(off.html)).toContain(
      `${stats!.total} total · ${await activeTotal()} active · ${stats!.total - (await activeTotal())} inactive`,
    );

    const on = await page("/shop?search=boundary&inactive=show&sort=price-asc", { headers });
    expect(on.names).toEqual([
      "Boundary Alpha",
      "Boundary Bravo",
      HIDDEN,
      "Boundary 100% Pure",
      "Boundary Charlie",
      "Boundary Delta",
      "Boundary Echo",
      "Boundary Foxtrot",
    ]);
    expect(on.html).toContain("Hide Inactive");
    expect(on.html).toContain(">Inactive</span>");
    expect(on.html).toContain('<input type="hidden" name="inactive" value="show"/>');
    // Admin controls per the contracts.
    expect(await elementsOf(on.html, 'form[method="post"][action="/admin/products"]')).not.toHaveLength(0);
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
    expect((await elementsOf(first.html, 'a[href="/shop?page=2"]')).map((link) => link.text)).toContainEqual(
      expect.stringMatching(/^Next/),
    );

    const second = await page("/shop?page=2");
    expect(second.countLine).toBe(`Showing ${Math.min(PAGE_SIZE, total - PAGE_SIZE)} of ${total} products (sorted A-Z)`);
    expect(second.names.some((name) => first.names.includes(name))).toBe(false);
    expect((await elementsOf(second.html, 'a[href="/shop"]')).map((link) => link.text)).toContain("← Previous");
    expect(await textsOf(second.html, 'a[href="/shop"] > span[aria-hidden="true"]')).toContain("←");

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
  /** Each filter alone, and all of them together. */
  const FILTER_VARIANTS: Array<Partial<ShopFilterValues>> = [
    {},
    { search: "kush" },
    ...PRICE_RANGES.map((range) => ({ price: range.value })),
    { strains: ["indica"] },
    { strains: ["indica", "hybrid"] },
    { potency: ["over-35"] },
    { potency: ["15-25", "25-35", "mg-up-to-10"] },
    { effects: ["relaxed"] },
    { effects: ["relaxed", "happy"] },
    { inStock: true },
    { onSale: true },
    { search: "kush", price: "25-100", strains: ["indica"], potency: ["25-35"], effects: ["relaxed"], inStock: true, onSale: true },
  ];

  function combinations(): ListingFilters[] {
    const all: ListingFilters[] = [];
    // Searches are driven by the full-text index (their plans are tested in tests/worker/search.test.ts).
    for (const variant of FILTER_VARIANTS.map((entry) => ({ ...entry, search: "" })))
      for (const category of ["", "concentrates"])
        for (const sort of SORTS.map((entry) => entry.value))
          for (const activeOnly of [true, false]) all.push({ ...NO_FILTERS, ...variant, category, sort, activeOnly });
    // The category pages' listings: every fixed page with every sort, and each concentrates tab, with and
    // without filters (a Coming Soon page reads no products at all).
    for (const categoryPage of Object.values(FIXED_CATEGORY_PAGES).filter((entry) => entry.match.kind !== "none"))
      for (const activeOnly of [true, false])
        for (const variant of [FILTER_VARIANTS[0]!, { ...FILTER_VARIANTS.at(-1)!, search: "" }]) {
          for (const sort of SORTS.map((entry) => entry.value))
            all.push({ ...NO_FILTERS, ...variant, sort, activeOnly, match: categoryPage.match });
          if (categoryPage.tabs) {
            for (const tab of CONCENTRATE_TABS)
              all.push({ ...NO_FILTERS, ...variant, sort: "name", activeOnly, match: categoryPage.match, tab: tab.value });
          }
        }
    return all;
  }

  /** A plain table scan, or a sort or grouping in a temp B-tree (the effects facet may group in one: see below). */
  function badLines(detail: string[], allowGrouping: boolean) {
    return detail.filter(
      (line) =>
        /^SCAN products$|^SCAN products (?!USING)/.test(line) ||
        (line.includes("TEMP B-TREE") && !(allowGrouping && /TEMP B-TREE FOR (GROUP BY|count\(DISTINCT\))/.test(line))),
    );
  }

  it("never scans the products table, never sorts in a temp B-tree", async () => {
    const failures: string[] = [];
    const filters = combinations();
    for (const filter of filters) {
      const { countQuery, rowsQuery, facetsQuery, categoryCountsQuery, effectsQuery } = listingQueries(db, filter);
      // The effects present in the results are grouped by name: a temp B-tree over the matching rows'
      // effects (no index can hold the values inside the JSON list). Everything else walks an index.
      const checks = [
        { query: countQuery, grouping: false },
        { query: rowsQuery(2), grouping: false },
        { query: facetsQuery, grouping: false },
        { query: categoryCountsQuery, grouping: false },
        { query: effectsQuery, grouping: true },
      ];
      for (const { query, grouping } of checks) {
        const { sql, detail } = await queryPlan(query);
        const bad = badLines(detail, grouping);
        if (bad.length > 0) failures.push(`${JSON.stringify(filter)}\n  ${sql}\n  ${detail.join(" | ")}`);
      }
    }
    expect(filters.length).toBeGreaterThan(400);
    expect(failures).toEqual([]);
  }, 120_000);

  it("counts every facet in one pass over the covering facet index", async () => {
    // Every filter but the search (a name search reads the name, which the index leaves out).
    const everything = { ...FILTER_VARIANTS.at(-1)!, search: "" };
    for (const filter of [
      { ...NO_FILTERS, sort: "name" as const, activeOnly: true },
      { ...NO_FILTERS, ...everything, sort: "thc-desc" as const, activeOnly: false },
    ]) {
      const { detail } = await queryPlan(listingQueries(db, filter).facetsQuery);
      expect(detail.join(" | ")).toMatch(/USING COVERING INDEX products_facets_idx/);
    }
  });

  it("binds fewer than D1's 100 parameters in every statement, all filters at their bounds", async () => {
    const widest: ListingFilters = {
      ...NO_FILTERS,
      search: "a".repeat(100),
      category: "concentrates",
      price: "25-100",
      strains: STRAIN_OPTIONS.map((option) => option.value),
      potency: POTENCY_RANGES.map((range) => range.value),
      effects: Array.from({ length: MAX_SELECTED_EFFECTS }, (_, index) => `effect ${index}`),
      inStock: true,
      onSale: true,
      sort: "thc-desc",
      activeOnly: false,
      match: FIXED_CATEGORY_PAGES.indoor!.match,
      tab: "live-resin",
    };
    const { countQuery, rowsQuery, facetsQuery, effectsQuery } = listingQueries(db, widest);
    const { categoryCountsQuery } = listingQueries(db, widest);
    for (const query of [countQuery, rowsQuery(3), facetsQuery, categoryCountsQuery, effectsQuery])
      expect(query.toSQL().params.length).toBeLessThan(100);
  });
});

describe("load errors", () => {
  it("answers 503 with the product's message and no SQL when D1 cannot be read", async () => {
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
