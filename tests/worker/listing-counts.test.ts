/**
 * A listing's facet counts kept while the catalogue is unchanged (decision 032), with the real D1
 * (its revision triggers) and Cache API: a second render of a listing — any sort, any page — reads
 * only its cards and the revision; any write to products or sizes, by any writer, is counted on the
 * very next read; kept counts are the counts SQL gives.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { products } from "../../db/schema";
import { createDb } from "../../app/server/load-context";
import { watchD1 } from "../../app/server/server-timing.server";
import { countsKeyText, listingCountsCache } from "../../app/features/listings/counts-cache.server";
import { loadCategoryListing, loadGenericCategory, loadShop } from "../../app/features/listings/listings.server";
import { fixedCategoryPage, genericCategoryPage } from "../../app/features/category-pages/category-pages.server";
import { parseShopQuery } from "../../app/features/shop-filters/shop-query";
import { parseConcentrateTab } from "../../app/features/category-pages/category-pages";
import { adminPost } from "./admin-helpers";
import { get } from "./helpers";
import { countLineOf, db, deleteProducts, insertProducts, testProduct } from "./shop-helpers";

/** Every D1 round trip of one read, as the statements it sent. */
function watchedDb() {
  const trips: string[][] = [];
  const watched = createDb(
    watchD1(env.DB, {
      execute: (sqls, run) => {
        trips.push(sqls);
        return run();
      },
    }),
  );
  return { watched, trips };
}

/** A request's load context as the Worker builds it, for the parts the counts cache uses. */
function requestContext() {
  const ctx = createExecutionContext();
  return { context: { env, cloudflare: { env, ctx } } as unknown as AppLoadContext, ctx };
}

async function shopRead(query: string, { isAdmin = false, kept = true } = {}) {
  const { watched, trips } = watchedDb();
  const { context, ctx } = requestContext();
  const counts = kept ? listingCountsCache(context) : null;
  const result = await loadShop(watched, parseShopQuery(new URLSearchParams(query)), { isAdmin, counts });
  await waitOnExecutionContext(ctx);
  return { ...result, trips };
}

async function concentratesRead(query: string, { isAdmin = false } = {}) {
  const { watched, trips } = watchedDb();
  const { context, ctx } = requestContext();
  const counts = listingCountsCache(context);
  const params = new URLSearchParams(query);
  const result = await loadCategoryListing(watched, fixedCategoryPage("concentrates")!, {
    query: { ...parseShopQuery(params), category: "" },
    tab: parseConcentrateTab(params.get("tab")),
    page: 1,
    includeInactive: isAdmin,
    debug: false,
    counts,
  });
  await waitOnExecutionContext(ctx);
  return { ...result, trips };
}

async function genericRead(slug: string) {
  const { watched, trips } = watchedDb();
  const { context, ctx } = requestContext();
  const result = await loadGenericCategory(watched, slug, genericCategoryPage, {
    query: { ...parseShopQuery(new URLSearchParams()), category: "" },
    tab: parseConcentrateTab(null),
    page: 1,
    includeInactive: false,
    debug: false,
    counts: listingCountsCache(context),
  });
  await waitOnExecutionContext(ctx);
  return { result, trips };
}

const BYPASS = { headers: { Cookie: "age-verified=yes; listing-counts=bypass" } };

const revision = async () => (await env.DB.prepare("SELECT value FROM catalogue_revision WHERE id = 1").first<{ value: number }>())!.value;

beforeEach(async () => {
  // Each test starts from a catalogue no listing has been counted at.
  await env.DB.prepare("UPDATE products SET rating = rating WHERE id = (SELECT min(id) FROM products)").run();
});

describe("kept counts", () => {
  it("a shopper's second render of a listing, sorted or paged differently, reads only its cards, and shows the same counts", async () => {
    const first = await shopRead("strain=indica&price=25-100");
    expect(first.trips).toHaveLength(1);
    expect(first.trips[0]).toHaveLength(6); // the revision, the facet sums, the category counts, the effects, categories, the cards

    const again = await shopRead("strain=indica&price=25-100&sort=price-desc&page=2");
    expect(again.trips).toHaveLength(1);
    expect(again.trips[0]).toHaveLength(3); // the revision, categories and the cards
    expect(again.facets).toEqual(first.facets);
    expect(again.listing.total).toBe(first.listing.total);
    expect(again.listing.products.map((card) => card.priceCents)).toEqual(
      [...again.listing.products.map((card) => card.priceCents)].sort((a, b) => b - a),
    );

    // Another filter is another listing: counted in SQL.
    const other = await shopRead("strain=sativa&price=25-100");
    expect(other.trips[0]).toHaveLength(6);
  });

  it("a write by any writer, even straight to D1, is counted on the very next read (a second round trip, once)", async () => {
    await shopRead("");
    const before = await shopRead("");
    expect(before.trips).toHaveLength(1);
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.active, true)).limit(1);
    await db.update(products).set({ active: false }).where(eq(products.id, row!.id));
    try {
      const after = await shopRead("");
      expect(after.trips).toHaveLength(2); // the cards and the revision, then the counts
      expect(after.trips[1]).toHaveLength(4); // the revision, the facet sums, the category counts, the effects
      expect(after.facets.total).toBe(before.facets.total - 1);
      expect(after.listing.total).toBe(before.listing.total - 1);
      const next = await shopRead("");
      expect(next.trips).toHaveLength(1);
      expect(next.facets).toEqual(after.facets);
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.id, row!.id));
    }
    expect((await shopRead("")).facets).toEqual(before.facets);
  });

  it("every write to products or sizes moves the revision", async () => {
    const [row] = await db.select({ id: products.id }).from(products).limit(1);
    const writes = [
      "UPDATE products SET in_stock = in_stock WHERE id = ?1",
      "UPDATE product_sizes SET stock = stock WHERE product_id = ?1",
      "INSERT INTO product_sizes (product_id, position, label, price_cents, tiers) VALUES (?1, 99, 'revision test', 100, '[]')",
      "DELETE FROM product_sizes WHERE product_id = ?1 AND label = 'revision test'",
      "INSERT INTO products (name, price_cents, category, image) VALUES ('Revision test ' || ?1, 100, 'flower', '/art/placeholder.svg')",
      "DELETE FROM products WHERE name = 'Revision test ' || ?1",
    ];
    for (const write of writes) {
      const before = await revision();
      await env.DB.prepare(write).bind(row!.id).run();
      expect(await revision(), write).not.toBe(before);
    }
  });

  it("the concentrates page keeps its tab counts with its facets", async () => {
    const first = await concentratesRead("tab=live-resin");
    const again = await concentratesRead("tab=live-resin&sort=thc-desc");
    expect(first.trips[0]).toHaveLength(4); // the revision, the facet sums, the effects, the cards
    expect(again.trips[0]).toHaveLength(2); // the revision and the cards
    expect(again.tabCounts).toEqual(first.tabCounts);
    expect(again.facets).toEqual(first.facets);
  });

  it("a generic category page keeps its counts; a slug no category has (a stranger's guess) keeps nothing", async () => {
    const [{ slug }] = (await env.DB.prepare("SELECT slug FROM categories WHERE active = 1 ORDER BY slug LIMIT 1").all<{ slug: string }>())
      .results as [{ slug: string }];
    await genericRead(slug);
    const again = await genericRead(slug);
    expect(again.result).not.toBeNull();
    expect(again.trips[0]).toHaveLength(3); // the revision, the category row and the cards
    for (const guess of [`no-such-${"草".repeat(40)}`, `no-such-${"草".repeat(40)}`]) {
      const read = await genericRead(guess);
      expect(read.result).toBeNull();
      expect(read.trips[0]).toHaveLength(5); // counted each time: nothing was kept
    }
  });

  it("the key holds the scope and every filter, never the sort or the page", () => {
    const filters = (query: string) => ({ ...parseShopQuery(new URLSearchParams(query)), activeOnly: true });
    expect(countsKeyText(filters("strain=indica&sort=price-asc&page=3"))).toBe(countsKeyText(filters("strain=indica")));
    expect(countsKeyText(filters("strain=indica&sale=1"))).not.toBe(countsKeyText(filters("strain=indica")));
    expect(countsKeyText(filters("search=runtz"))).not.toBe(countsKeyText(filters("search=runtz%20x")));
    expect(countsKeyText({ ...filters(""), activeOnly: false })).not.toBe(countsKeyText(filters("")));
    expect(countsKeyText({ ...filters(""), tab: "crumble" })).not.toBe(countsKeyText({ ...filters(""), tab: "shatter" }));
  });
});

describe("kept counts follow the catalogue", () => {
  it("a product the owner deactivates through the Worker leaves the next shopper's count line at once", async () => {
    const line = async () => countLineOf(await (await get("/shop", BYPASS)).text());
    const before = await line();
    const again = await line(); // kept
    expect(again).toBe(before);
    const total = Number(/of (\d+)/.exec(before!)![1]);

    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.active, true)).limit(1);
    const off = await adminPost("/admin/products", { intent: "toggle", productId: String(row!.id) });
    expect(off.status).toBeLessThan(400);
    try {
      expect(await line()).toContain(`of ${total - 1} products`);
    } finally {
      await adminPost("/admin/products", { intent: "toggle", productId: String(row!.id) });
    }
    expect(await line()).toContain(`of ${total} products`);
  });

  it("products a load adds are counted for the next shopper", async () => {
    const before = await shopRead("strain=sativa");
    const names = ["Counted Haze 1", "Counted Haze 2"];
    await insertProducts(names.map((name) => testProduct({ name, priceCents: 4000, category: "flower", strainType: "sativa" })));
    try {
      const after = await shopRead("strain=sativa");
      expect(after.facets.total).toBe(before.facets.total + 2);
      expect(after.facets.options.strains.sativa).toBe(before.facets.options.strains.sativa! + 2);
    } finally {
      await deleteProducts(names);
    }
  });
});

describe("kept counts are the counts SQL gives", () => {
  const option = <T>(values: readonly T[]) => fc.option(fc.constantFrom(...values), { nil: undefined });
  const search = fc.oneof(
    fc.constant(""),
    fc.constantFrom("runtz", "草莓", "gelato punch", "ß", "مرحبا"),
    fc.string({ minLength: 1, maxLength: 200 }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }),
  );
  const query = fc
    .record({
      price: option(["under-25", "25-100", "100-500", "500-1000", "over-1000"]),
      strains: fc.subarray(["indica", "sativa", "hybrid"]),
      potency: option(["under-15", "15-25", "25-35", "over-35"]),
      effects: option(["relaxed", "happy", "euphoric", "sleepy"]),
      inStock: fc.boolean(),
      onSale: fc.boolean(),
      search,
      sort: option(["price-asc", "price-desc", "thc-desc"]),
    })
    .map((picked) => {
      const params = new URLSearchParams();
      if (picked.price) params.set("price", picked.price);
      for (const strain of picked.strains) params.append("strain", strain);
      if (picked.potency) params.set("thc", picked.potency);
      if (picked.effects) params.set("effect", picked.effects);
      if (picked.inStock) params.set("stock", "in");
      if (picked.onSale) params.set("sale", "1");
      if (picked.search) params.set("search", picked.search);
      if (picked.sort) params.set("sort", picked.sort);
      return params.toString();
    });

  it("for any filters and search, kept counts equal the counts SQL gives, for shoppers and the admin", async () => {
    await fc.assert(
      fc.asyncProperty(query, fc.boolean(), async (q, isAdmin) => {
        await shopRead(q, { isAdmin }); // counts and keeps
        const kept = await shopRead(q, { isAdmin });
        expect(kept.trips).toHaveLength(1);
        expect(kept.trips[0]!.filter((sql) => /facet_rows|effect_count/.test(sql))).toEqual([]); // no counts
        const counted = await shopRead(q, { isAdmin, kept: false });
        expect(kept.facets).toEqual(counted.facets);
        expect(kept.listing).toEqual(counted.listing);
      }),
      { numRuns: fcRuns(30) },
    );
  });
});
