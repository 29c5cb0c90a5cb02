import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../app/server/load-context";
import { SEARCH_CUT_NOTE, type Suggestions } from "../../app/features/search/search";
import { DEFAULT_SHOP_QUERY, NO_FILTERS, PRICE_RANGES } from "../../app/features/shop-filters/shop-filters";
import { SORTS } from "../../app/features/shop-filters/shop-sort";
import { listingQueries, type ListingFilters } from "../../app/features/listings/listings.server";
import { countWithNoResultsHelp, matchesSearch, suggestionQueries } from "../../app/features/search/search.server";
import { createRequestTiming, instrumentD1 } from "../../app/server/server-timing.server";
import { catalogue } from "../../db/catalogue";
import { products } from "../../db/schema";
import { adminGet, html, read } from "./admin-helpers";
import { get } from "./helpers";
import { cardNames, countLineOf, db, deleteProducts, insertProducts, queryPlan, testProduct, textOf } from "./shop-helpers";
import { textsOf } from "./page-parts";

/**
 * Product search (docs/decisions/015): ranking, the short-term path, any input as text,
 * the 100-character cut, suggestions and the no-results help, the admin's search, and that a
 * search is answered from the index (no scan of products). The index's sync: search-index.test.ts.
 */

async function shop(path: string) {
  const response = await get(path);
  const body = await response.text();
  return { response, html: body, names: await cardNames(body), countLine: countLineOf(body) };
}

const search = (term: string, extra = "") => shop(`/shop?search=${encodeURIComponent(term)}${extra}`);

// Fixtures with a made-up word, so the catalogue cannot interfere with the ranking.
const RANKED = [
  testProduct({ name: "Zorblax Cake", priceCents: 4000, category: "deps", description: "Dense." }),
  testProduct({ name: "Frosted Zorblax Runtz", priceCents: 1000, category: "deps", description: "Sweet." }),
  testProduct({ name: "Xzorblaxy Haze", priceCents: 3000, category: "deps", description: "Mid-word only." }),
  testProduct({ name: "Plain Thing One", priceCents: 2000, category: "deps", description: "Tastes a little like zorblax." }),
  testProduct({
    name: "Plain Thing Two",
    priceCents: 5000,
    category: "deps",
    effects: JSON.stringify(["Zorblaxed", "Calm"]),
    description: "Quiet.",
  }),
  testProduct({ name: "Hidden Zorblax", priceCents: 2500, category: "deps", active: false }),
];

beforeAll(async () => {
  await insertProducts(RANKED);
});

afterAll(async () => {
  await deleteProducts(RANKED.map((row) => row.name));
});

describe("ranking", () => {
  it("lists names containing the term first, then matches in effects before the description", async () => {
    const { names, countLine } = await search("ZORBLAX");
    // Within the name tier, by BM25: the shorter name first; the mid-word match has no word match.
    expect(names).toEqual(["Zorblax Cake", "Frosted Zorblax Runtz", "Xzorblaxy Haze", "Plain Thing Two", "Plain Thing One"]);
    expect(countLine).toBe("Showing 5 of 5 products (best matches first)");
  });

  it("keeps a chosen sort over the matches", async () => {
    const { names, countLine } = await search("zorblax", "&sort=price-asc");
    expect(names).toEqual(["Frosted Zorblax Runtz", "Plain Thing One", "Xzorblaxy Haze", "Zorblax Cake", "Plain Thing Two"]);
    expect(countLine).toBe("Showing 5 of 5 products (sorted by price: low to high)");
    expect((await search("zorblax", "&sort=name")).names).toEqual([
      "Frosted Zorblax Runtz",
      "Plain Thing One",
      "Plain Thing Two",
      "Xzorblaxy Haze",
      "Zorblax Cake",
    ]);
  });

  it("finds every catalogue product whose name contains the term, mid-word too", async () => {
    for (const term of ["gelato", "elat", "KUSH", "live resin", "(1lb)", "2G Dis"]) {
      const expected = catalogue.filter((entry) => entry.name!.toLowerCase().includes(term.toLowerCase())).map((entry) => entry.name);
      expect(expected.length, term).toBeGreaterThan(0);
      const { names } = await search(term);
      expect(names.slice(0, expected.length).sort(), term).toEqual([...expected].sort());
    }
  });

  it("'relax' finds products whose effects say Relaxed; 'indica gummies' finds indica edibles", async () => {
    const relaxed = catalogue.filter((entry) => [entry.effects].flat().join(",").includes("Relaxed")).map((entry) => entry.name!);
    expect(relaxed.length).toBeGreaterThan(5);
    expect(await matchingNames("relax")).toEqual(expect.arrayContaining(relaxed));
    const shown = Number(/of (\d+) products/.exec((await search("relax")).countLine ?? "")?.[1]);
    expect(shown).toBeGreaterThanOrEqual(relaxed.length);

    const indicaEdibles = catalogue
      .filter((entry) => entry.category === "edibles" && entry.strain_type === "indica")
      .map((entry) => entry.name);
    expect(indicaEdibles).toContain("Mango Gummy Bears");
    const gummies = await search("indica gummies");
    for (const name of indicaEdibles) expect(gummies.names).toContain(name);
    expect(gummies.names).not.toContain("Wild Berry Gummies"); // a hybrid
  });

  it("'gel' puts Gelato products first", async () => {
    const { names } = await search("gel");
    expect(names[0]).toMatch(/Gelato/);
  });
});

/** Every product (active or not) a term matches, by name. */
async function matchingNames(term: string) {
  const rows = await db.select({ name: products.name }).from(products).where(matchesSearch(term));
  return rows.map((row) => row.name);
}

function filtersFor(term: string): ListingFilters {
  return { ...NO_FILTERS, search: term, sort: "relevance", activeOnly: true };
}

describe("short terms (under 3 characters) take the name path", () => {
  it("matches names containing one or two characters, any case, and nothing else", async () => {
    for (const term of ["ze", "Og", "#", "z"]) {
      const expected = (await env.DB.prepare("SELECT count(*) AS n FROM products WHERE active = 1 AND instr(lower(name), lower(?)) > 0")
        .bind(term)
        .first<{ n: number }>())!.n;
      const { countLine } = await search(term);
      expect(countLine, term).toMatch(new RegExp(`of ${expected} products?`));
    }
  });
});

describe("any input is text, never syntax, never a 5xx", () => {
  const terms = [
    '"%_*',
    "%",
    "_",
    "*",
    '"',
    "''",
    "NEAR",
    "kush OR gelato",
    "NOT kush",
    "-kush",
    "kush -",
    "name:kush",
    "{name}: kush",
    "(kush",
    "kush)",
    "^kush",
    "kush*",
    "NEAR(kush gelato, 2)",
    "AND",
    "\\",
    "\u0000kush",
    "🌿",
    "🌿🌿🌿 kush",
    "a".repeat(49),
    "日本語".repeat(10),
    "Лимонное джелато ".repeat(12),
  ];
  it.each(terms)("%j gives a normal results page", async (term) => {
    const { response, html: body } = await search(term);
    expect(response.status).toBe(200);
    expect(body).toMatch(/Showing \d+ of \d+ products?/);
  });

  it("treats FTS operators as words: 'kush OR gelato' needs every word, it is no OR", async () => {
    const [kush, gelato, both] = await Promise.all([matchingNames("kush"), matchingNames("gelato"), matchingNames("kush OR gelato")]);
    expect(both.every((name) => kush.includes(name) && gelato.includes(name))).toBe(true);
    expect(both.length).toBeLessThan(Math.min(kush.length, gelato.length));
  });

  it("a 200-character phrase and a 30-character Japanese term give a normal page; the phrase is cut at 100 with a note", async () => {
    const phrase = "wedding cake with a long story about terpenes and sunshine ".repeat(4).slice(0, 200);
    const long = await search(phrase);
    expect(long.response.status).toBe(200);
    expect(textOf(long.html)).toContain(SEARCH_CUT_NOTE);
    expect(long.html).toContain(`value="${html(phrase.slice(0, 100).trim())}"`);

    const japanese = await search("ウェディングケーキの香りがする日本語の長い検索語です。");
    expect(japanese.response.status).toBe(200);
    expect(textOf(japanese.html)).not.toContain(SEARCH_CUT_NOTE);
  });

  it("cuts at 100 characters, not UTF-16 units: emoji are never split", async () => {
    const term = "🌿".repeat(150);
    const { response, html: body } = await search(term);
    expect(response.status).toBe(200);
    expect(body).toContain(`value="${"🌿".repeat(100)}"`);
  });
});

describe("a search without results", () => {
  it("keeps the product's text and Clear Filters, and offers close names and popular categories", async () => {
    const { html: body } = await search("gelatto");
    const text = textOf(body);
    expect(text).toContain("No products found matching your criteria.");
    expect(await textsOf(body, 'a[href="/shop"]')).toContain("Clear Filters");
    expect(text).toMatch(/Did you mean.*Gelato.*Popular categories/);
    expect(text).toContain("Popular categories");
    expect(body).toMatch(/href="\/shop\/concentrates"/);
  });

  it("offers only popular categories for nonsense, and stays within 2 round trips", async () => {
    const response = await get("/shop?search=qqqqxxxx");
    const body = await response.text();
    expect(textOf(body)).not.toContain("Did you mean");
    expect(textOf(body)).toContain("Popular categories");
    expect(response.headers.get("Server-Timing")).toMatch(/desc="2 round trips"/);
  });
});

describe("GET /search (suggestions as you type)", () => {
  async function suggest(q: string) {
    const response = await get(`/search?q=${encodeURIComponent(q)}`);
    const body = (await response.json()) as Suggestions;
    return { response, body };
  }

  it("answers up to 6 products and 3 categories as JSON in one D1 round trip, with Server-Timing and brief caching", async () => {
    const { response, body } = await suggest("gel");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(response.headers.get("Server-Timing")).toMatch(/d1;dur=[\d.]+;desc="1 round trips"/);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(6);
    expect(body.products[0]!.name).toMatch(/Gelato/);
    expect(body.products[0]).toMatchObject({
      price: expect.stringMatching(/^\$\d/),
      href: expect.stringMatching(/^\/product\/\d+-gelato-[a-z0-9-]+$/),
    });
    expect(body.categories).toEqual([{ name: "Gelato Punch", href: "/shop/gelato-punch" }]);
    expect(body.searchHref).toBe("/shop?search=gel");
  });

  it("shows each product's own picture: its packshot when it has no photo, an image the shop serves", async () => {
    const { body } = await suggest("gel");
    for (const product of body.products) {
      expect(product.image, product.name).not.toMatch(/placeholder/);
      const picture = await get(product.image);
      expect(picture.status, product.image).toBe(200);
      expect(picture.headers.get("Content-Type"), product.image).toMatch(/^image\//);
      await picture.arrayBuffer();
    }
    const images = new Set(body.products.map((product) => product.image));
    expect(images.size).toBe(body.products.length);
  });

  it("suggests categories by name and words of names from 2 characters; nothing (and no D1) below", async () => {
    const edibles = await suggest("ed");
    expect(edibles.body.categories.map((category) => category.name)).toContain("Edibles");
    const short = await suggest("g");
    expect(short.body).toMatchObject({ products: [], categories: [] });
    expect(short.response.headers.get("Server-Timing")).toMatch(/desc="0 round trips"/);
    const ku = await suggest("ku");
    expect(ku.body.products.every((product) => /\bku/i.test(product.name))).toBe(true);
    expect(ku.body.products.length).toBeGreaterThan(0);
  });

  it("never suggests inactive products", async () => {
    const { body } = await suggest("zorblax");
    expect(body.products.map((product) => product.name)).not.toContain("Hidden Zorblax");
    expect(body.products.map((product) => product.name)).toEqual([
      "Zorblax Cake",
      "Frosted Zorblax Runtz",
      "Xzorblaxy Haze",
      "Plain Thing Two",
      "Plain Thing One",
    ]);
  });

  it("takes any q: long, Unicode, syntax or missing", async () => {
    for (const q of ['"%_*', "NEAR OR", "日本語".repeat(40), "🌿".repeat(120), ""]) {
      const { response, body } = await suggest(q);
      expect(response.status, q).toBe(200);
      expect(Array.isArray(body.products)).toBe(true);
    }
    const missing = await get("/search");
    expect(missing.status).toBe(200);
  });
});

describe("the admin's product search uses the same index and rules", () => {
  it("finds by name, category and effects, ranked like the shop, inactive products included", async () => {
    const page = await read(await adminGet("/admin/products?search=zorblax"));
    const names = await textsOf(page, "article h3");
    expect(names).toEqual([
      "Hidden Zorblax",
      "Zorblax Cake",
      "Frosted Zorblax Runtz",
      "Xzorblaxy Haze",
      "Plain Thing Two",
      "Plain Thing One",
    ]);
    expect(page).toContain(html("Showing 6 of"));
  });

  it("cuts a long term at 100 characters with the note, and treats syntax as text", async () => {
    const long = await adminGet(`/admin/products?search=${encodeURIComponent("Лимонное джелато ".repeat(12))}`);
    expect(long.status).toBe(200);
    expect(textOf(await read(long))).toContain(SEARCH_CUT_NOTE);
    for (const term of ['"%_*', "NEAR", "kush OR", "-"]) {
      const response = await adminGet(`/admin/products?search=${encodeURIComponent(term)}`);
      expect(response.status, term).toBe(200);
    }
  });
});

describe("a search is answered from the index, never a scan of products", () => {
  const scansProducts = (line: string) => /^SCAN products\b/.test(line);

  it("on /shop for every filter and sort, and for Show All", { timeout: 60_000 }, async () => {
    const failures: string[] = [];
    for (const term of ["kush", "indica gummies", '"%_*', "日本語のテキスト"])
      for (const category of ["", "concentrates"])
        for (const price of [null, PRICE_RANGES[1].value])
          for (const sort of SORTS.map((entry) => entry.value))
            for (const activeOnly of [true, false]) {
              const filters: ListingFilters = { ...NO_FILTERS, search: term, category, price, sort, activeOnly };
              const { countQuery, rowsQuery } = listingQueries(db, filters);
              for (const query of [countQuery, rowsQuery(2), countWithNoResultsHelp(db, countQuery, term)]) {
                const { sql, detail } = await queryPlan(query);
                const usesIndex = detail.some((line) => /VIRTUAL TABLE INDEX/.test(line));
                if (detail.some(scansProducts) || !usesIndex)
                  failures.push(`${JSON.stringify(filters)}\n  ${sql}\n  ${detail.join(" | ")}`);
              }
            }
    expect(failures).toEqual([]);
  });

  it("for suggestions of any length, and the short path reads the name index only", async () => {
    for (const term of ["ge", "gel", "indica gummies"]) {
      const { productsQuery } = suggestionQueries(db, term);
      const { detail } = await queryPlan(productsQuery);
      expect(detail.some(scansProducts), `${term}: ${detail.join(" | ")}`).toBe(false);
      expect(detail.join(" | ")).toMatch(/VIRTUAL TABLE INDEX/);
    }
    const { countQuery } = listingQueries(db, filtersFor("ze"));
    const { detail } = await queryPlan(countQuery);
    expect(detail.filter(scansProducts)).toEqual(["SCAN products USING COVERING INDEX products_name_idx"]);
  });
});

describe("round trips", () => {
  it("a /shop search costs one D1 round trip when it finds products", async () => {
    const timing = createRequestTiming();
    const counted = createDb(instrumentD1(env.DB, timing));
    const { loadShop } = await import("../../app/features/listings/listings.server");
    await loadShop(counted, { ...DEFAULT_SHOP_QUERY, search: "kush", sort: "relevance" }, { isAdmin: false });
    expect(timing.d1RoundTrips).toBe(1);
  });
});
