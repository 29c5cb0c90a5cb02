import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../app/server/load-context";
import { loadCategoryListing, loadShop } from "../../app/features/listings/listings.server";
import { fixedCategoryPage } from "../../app/features/category-pages/category-pages.server";
import {
  DEFAULT_SHOP_QUERY,
  POTENCY_RANGES,
  potencyInRange,
  PRICE_RANGES,
  priceInRange,
  STRAIN_OPTIONS,
  type ShopQuery,
} from "../../app/features/shop-filters/shop-filters";
import { sortSummary } from "../../app/features/shop-filters/shop-sort";
import { isOnSale } from "../../app/features/deals/deals";
import { parseShopQuery } from "../../app/features/shop-filters/shop-query";
import { thcColumns } from "../../app/features/catalogue/thc";
import { createRequestTiming, instrumentD1 } from "../../app/server/server-timing.server";
import { get } from "./helpers";
import { cardNames, countLineOf, deleteProducts, insertProducts, testProduct, textOf } from "./shop-helpers";
import { elementsOf, textsOf } from "./page-parts";

/**
 * The shop's filters in SQL against real D1: strain type, potency, effects and in stock only, alone and
 * combined with search, category, price and every sort; the facet counts each option shows agree with
 * the grid that option gives; the category pages take the same filters within their category.
 */

const CATEGORY = "facet-test";
// compareAtCents: Bravo and Charlie are on sale; Delta's compare-at equals its price and Foxtrot's is below it (no sale).
const FIXTURE = [
  {
    name: "Facet Alpha Kush",
    priceCents: 2000,
    compareAtCents: null,
    strainType: "indica",
    thcContent: "12%",
    effects: ["Relaxed", "Sleepy"],
    inStock: true,
  },
  {
    name: "Facet Bravo Haze",
    priceCents: 4500,
    compareAtCents: 6000,
    strainType: "sativa",
    thcContent: "18-22%",
    effects: ["Uplifted", "Happy"],
    inStock: true,
  },
  {
    name: "Facet Charlie Cake",
    priceCents: 6000,
    compareAtCents: 8000,
    strainType: "hybrid",
    thcContent: "24-27%",
    effects: ["Relaxed", "Happy"],
    inStock: false,
  },
  {
    name: "Facet Delta Diesel",
    priceCents: 9000,
    compareAtCents: 9000,
    strainType: "indica",
    thcContent: "28%",
    effects: ["relaxed", "Hungry"],
    inStock: true,
  },
  {
    name: "Facet Echo Resin",
    priceCents: 90000,
    compareAtCents: null,
    strainType: "indica",
    thcContent: "76-82%",
    effects: ["Relaxed", "Euphoric"],
    inStock: true,
  },
  {
    name: "Facet Foxtrot Gummies",
    priceCents: 500,
    compareAtCents: 400,
    strainType: null,
    thcContent: "10mg per piece",
    effects: ["Calm"],
    inStock: true,
  },
  {
    name: "Facet Golf Mystery",
    priceCents: 3000,
    compareAtCents: null,
    strainType: "Sativa",
    thcContent: null,
    effects: [],
    inStock: true,
  },
] as const;
const NAMES = FIXTURE.map((row) => row.name);
const db = createDb(env.DB);

beforeAll(async () => {
  await insertProducts(
    FIXTURE.map((row) =>
      testProduct({
        name: row.name,
        priceCents: row.priceCents,
        compareAtCents: row.compareAtCents,
        category: CATEGORY,
        strainType: row.strainType,
        thcContent: row.thcContent,
        effects: JSON.stringify(row.effects),
        inStock: row.inStock,
      }),
    ),
  );
});

afterAll(async () => {
  await deleteProducts(NAMES);
});

type Fixture = (typeof FIXTURE)[number];

/** The products a query should give, by the same pure rules the UI states (the oracle for the SQL). */
function expected(query: ShopQuery): string[] {
  const matches = (row: Fixture) => {
    if (query.search && !row.name.toLowerCase().includes(query.search.toLowerCase())) return false;
    if (query.price && !priceInRange(row.priceCents, query.price)) return false;
    if (query.strains.length > 0 && !query.strains.some((strain) => row.strainType?.toLowerCase() === strain)) return false;
    if (query.potency.length > 0) {
      const { thcUnit, thcMax } = thcColumns(row.thcContent);
      if (!thcUnit || thcMax === null || !query.potency.some((range) => potencyInRange({ unit: thcUnit, max: thcMax }, range)))
        return false;
    }
    if (query.effects.length > 0 && !row.effects.some((effect) => query.effects.includes(effect.toLowerCase()))) return false;
    if (query.inStock && !row.inStock) return false;
    if (query.onSale && !isOnSale(row)) return false;
    return true;
  };
  return FIXTURE.filter(matches).map((row) => row.name);
}

const shopQuery = (search: string) => parseShopQuery(new URLSearchParams(`category=${CATEGORY}&${search}`));

async function shop(search: string) {
  const response = await get(`/shop?category=${CATEGORY}&${search}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { html, names: await cardNames(html), countLine: countLineOf(html) };
}

const CASES = [
  "strain=indica",
  "strain=indica&strain=sativa",
  "thc=under-15",
  "thc=15-25",
  "thc=25-35&thc=over-35",
  "thc=mg-up-to-10",
  "effect=relaxed",
  "effect=Happy&effect=calm",
  "stock=in",
  "strain=indica&thc=25-35&thc=over-35&effect=relaxed&stock=in",
  "search=kush&strain=indica",
  "price=25-100&effect=happy",
  "strain=hybrid&stock=in",
  "sale=1",
  "sale=1&stock=in",
  "sale=1&effect=happy&sort=price-desc",
];

describe("each filter alone and combined", () => {
  it.each(CASES)("%s", async (search) => {
    const { names, countLine } = await shop(search);
    const want = expected(shopQuery(search));
    expect([...names].sort()).toEqual([...want].sort());
    const query = shopQuery(search);
    expect(countLine).toBe(
      `Showing ${want.length} of ${want.length} ${want.length === 1 ? "product" : "products"} (${sortSummary(query.sort)})`,
    );
  });

  it("Indica, over 25% THC, Relaxed, in stock, sorted by potency (one shopper's whole wish)", async () => {
    const { names, countLine } = await shop("strain=indica&thc=25-35&thc=over-35&effect=relaxed&stock=in&sort=thc-desc");
    expect(names).toEqual(["Facet Echo Resin", "Facet Delta Diesel"]);
    expect(countLine).toBe("Showing 2 of 2 products (sorted by THC: high to low)");
  });
});

describe("THC: high to low", () => {
  it("puts percentages first, strongest first, then mg doses, then products without THC", async () => {
    const { names } = await shop("sort=thc-desc");
    expect(names).toEqual([
      "Facet Echo Resin",
      "Facet Delta Diesel",
      "Facet Charlie Cake",
      "Facet Bravo Haze",
      "Facet Alpha Kush",
      "Facet Foxtrot Gummies",
      "Facet Golf Mystery",
    ]);
  });

  it("shoppers and the admin's Show All read the same order", async () => {
    const { rows } = await loadAdmin("sort=thc-desc&inactive=show");
    expect(rows).toEqual((await shop("sort=thc-desc")).names);
  });
});

async function loadAdmin(search: string) {
  const { listing } = await loadShop(db, shopQuery(search), { isAdmin: true });
  return { rows: listing.products.map((product) => product.name) };
}

describe("facet counts", () => {
  /** For every option of every counted filter: the count shown equals the grid that choice gives. */
  async function expectCountsMatchGrid(search: string) {
    const query = shopQuery(search);
    const { facets, listing } = await loadShop(db, query, { isAdmin: false });
    expect(facets.total).toBe(expected(query).length);
    expect(listing.total).toBe(facets.total);
    const choices: Array<[keyof typeof facets.options, string, ShopQuery]> = [
      ...PRICE_RANGES.map(
        (range) => ["price", range.value, { ...query, price: range.value }] as [keyof typeof facets.options, string, ShopQuery],
      ),
      ...STRAIN_OPTIONS.map(
        (option) => ["strains", option.value, { ...query, strains: [option.value] }] as [keyof typeof facets.options, string, ShopQuery],
      ),
      ...POTENCY_RANGES.map(
        (range) => ["potency", range.value, { ...query, potency: [range.value] }] as [keyof typeof facets.options, string, ShopQuery],
      ),
      ["inStock", "in", { ...query, inStock: true }],
      ["onSale", "1", { ...query, onSale: true }],
      ...["relaxed", "happy", "calm", "hungry", "uplifted"].map(
        (effect) => ["effects", effect, { ...query, effects: [effect] }] as [keyof typeof facets.options, string, ShopQuery],
      ),
    ];
    for (const [key, value, chosen] of choices) {
      expect(facets.options[key][value] ?? 0, `${search} → ${key}=${value}`).toBe(expected(chosen).length);
    }
    // The category select: this test category's count is what the other filters give within it.
    expect(facets.options.category[CATEGORY] ?? 0).toBe(expected({ ...query, category: CATEGORY }).length);
  }

  it.each(["", ...CASES])("match the grid each option gives (%s)", async (search) => {
    await expectCountsMatchGrid(search);
  });

  it("list the effects present in the results, with their names as written", async () => {
    const { facets } = await loadShop(db, shopQuery("strain=indica"), { isAdmin: false });
    expect(facets.options.effects).toMatchObject({ relaxed: 3, sleepy: 1, hungry: 1, euphoric: 1 });
    expect(facets.effectLabels.relaxed).toBe("Relaxed");
    expect(facets.options.effects.uplifted ?? 0).toBe(0);
  });

  it("show in the filter form next to each option", async () => {
    const { html } = await shop("strain=indica");
    const text = textOf(html);
    expect(text).toContain("Indica 3");
    expect(text).toContain("Sativa 2");
    expect(text).toContain("In stock only 3");
    // Without JavaScript the sheet's button applies the form (with JavaScript it says "Show 3 products").
    expect(text).toContain("Apply Filters");
    expect((await elementsOf(html, 'input[type="checkbox"][name="strain"][value="indica"]'))[0]?.attributes).toHaveProperty("checked");
    expect(html).toContain(`<option value="under-25">Under $25 (1)</option>`);
  });

  it("cost one D1 batch with the page (two round trips with the layout)", async () => {
    const timing = createRequestTiming();
    await loadShop(
      createDb(instrumentD1(env.DB, timing)),
      shopQuery("strain=indica&thc=25-35&thc=over-35&effect=relaxed&stock=in&sale=1"),
      { isAdmin: false },
    );
    expect(timing.d1RoundTrips).toBe(1);
  });
});

describe("chips and Clear Filters", () => {
  it("every active filter is a removable chip; Clear Filters keeps the sort", async () => {
    const { html } = await shop("strain=indica&thc=over-35&effect=relaxed&stock=in&sort=price-desc");
    for (const label of ["Indica", "THC over 35%", "Relaxed", "In stock only"])
      expect(html).toContain(`aria-label="Remove filter: ${label}"`);
    const chip = async (label: string) => (await elementsOf(html, `a[aria-label="Remove filter: ${label}"]`))[0]?.attributes.href;
    expect(await chip("Indica")).toBe("/shop?category=facet-test&thc=over-35&effect=relaxed&stock=in&sort=price-desc");
    expect(await textsOf(html, 'a[href="/shop?sort=price-desc"]')).toContain("Clear Filters");
  });
});

describe("On sale", () => {
  it("is a checkbox beside In stock only with its count, a removable chip, and shows each sale's saving", async () => {
    const { html, names } = await shop("sale=1");
    expect([...names].sort()).toEqual(["Facet Bravo Haze", "Facet Charlie Cake"]);
    const text = textOf(html);
    expect(text).toContain("In stock only 1 On sale 2");
    expect((await elementsOf(html, 'input[type="checkbox"][name="sale"][value="1"]'))[0]?.attributes).toHaveProperty("checked");
    expect((await elementsOf(html, 'a[aria-label="Remove filter: On sale"]'))[0]?.attributes.href).toBe("/shop?category=facet-test");
    // Each card: the price charged, the original struck through, the saving.
    expect(text).toContain("sale price: $45.00 Was $60.00 Save 25%");
    expect(text).toContain("sale price: $60.00 Was $80.00 Save 25%");
    // A stray compare-at price (equal to or below the price) is no sale anywhere.
    const all = textOf((await shop("")).html);
    expect(all).not.toMatch(/Was \$90\.00|Was \$4\.00/);
  });

  it("works on a category page, with its count, in the same one batch", async () => {
    const page = fixedCategoryPage("indoor")!;
    const options = {
      query: parseShopQuery(new URLSearchParams("sale=1")),
      tab: "all" as const,
      page: 1,
      includeInactive: false,
      debug: false,
    };
    const timing = createRequestTiming();
    const sale = await loadCategoryListing(createDb(instrumentD1(env.DB, timing)), page, options);
    expect(timing.d1RoundTrips).toBe(1);
    expect(sale.listing.total).toBeGreaterThan(0);
    expect(sale.facets.options.onSale["1"]).toBe(sale.listing.total);
    for (const product of sale.listing.products) expect(isOnSale(product)).toBe(true);
    const html = await (await get("/shop/indoor?sale=1")).text();
    expect(await cardNames(html)).toHaveLength(sale.listing.total);
    expect(textOf(html)).toContain(`On sale ${sale.listing.total}`);
  });
});

describe("category pages take the same filters within their category", () => {
  it("concentrates: strain, potency, effects and stock, with tab counts that follow the filters", async () => {
    const page = fixedCategoryPage("concentrates")!;
    const options = (search: string, tab: "all" | "live-resin" = "all") => ({
      query: parseShopQuery(new URLSearchParams(search)),
      tab,
      page: 1,
      includeInactive: false,
      debug: false,
    });
    const all = await loadCategoryListing(db, page, options(""));
    const indica = await loadCategoryListing(db, page, options("strain=indica&stock=in"));
    expect(indica.listing.total).toBeGreaterThan(0);
    expect(indica.listing.total).toBeLessThan(all.listing.total);
    expect(indica.tabCounts!.all).toBe(indica.listing.total);
    expect(indica.facets.options.strains.indica).toBe(indica.listing.total);
    const resin = await loadCategoryListing(db, page, options("strain=indica&stock=in", "live-resin"));
    expect(resin.listing.total).toBe(indica.tabCounts!["live-resin"]);

    const response = await get("/shop/concentrates?tab=live-resin&strain=indica&stock=in&sort=thc-desc");
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(await cardNames(html)).toHaveLength(resin.listing.total);
    expect(countLineOf(html)).toBe(
      `Showing ${resin.listing.total} of ${resin.listing.total} ${resin.listing.total === 1 ? "product" : "products"} (sorted by THC: high to low)`,
    );
    // The tabs keep the filters; the filter form keeps the tab.
    expect(html).toMatch(/href="\/shop\/concentrates\?tab=diamonds&amp;strain=indica&amp;stock=in&amp;sort=thc-desc"/);
    expect(html).toContain('<input type="hidden" name="tab" value="live-resin"/>');
  });

  it("a filter that matches nothing shows the empty state with Clear Filters back to the category", async () => {
    const response = await get("/shop/edibles?thc=over-35&sort=price-asc");
    const html = await response.text();
    expect(textOf(html)).toContain("No products found matching your criteria.");
    expect(await textsOf(html, 'a[href="/shop/edibles?sort=price-asc"]')).toContain("Clear Filters");
  });

  it("the mg potency ranges find the gummies", async () => {
    const html = await (await get("/shop/edibles?thc=mg-up-to-10")).text();
    expect((await cardNames(html)).length).toBeGreaterThan(0);
    for (const name of await cardNames(html)) expect(name.toLowerCase()).toMatch(/gumm|chocolate|edible|bar/);
  });
});

describe("junk filter values", () => {
  it("read as no filter, never a 500", async () => {
    const { names } = await shop("strain=%00&thc=9000&effect=" + "x".repeat(500) + "&stock=maybe&sale=yes&sale=%F0%9F%92%B8");
    expect([...names].sort()).toEqual([...NAMES].sort());
    expect(DEFAULT_SHOP_QUERY.strains).toEqual([]);
  });
});
