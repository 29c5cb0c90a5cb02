/**
 * Sizes (decision 028) on real D1: the migration gave every product one size, bulk prices
 * are data, the one writer keeps the products row in step, the triggers keep one-size writers right,
 * and nothing is half-saved.
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogue } from "../../db/catalogue";
import { products, productSizes } from "../../db/schema";
import { createDb } from "../../app/server/load-context";
import { readSizes, sizeWriteStatements } from "../../app/features/catalogue/sizes.server";
import { unitPriceCents } from "../../app/features/catalogue/price-tiers";
import { restoreProduct, trashProduct } from "../../app/features/trash/trash.server";
import { duplicateProduct } from "../../app/features/admin/product-admin.server";
import { eighth, half, ounce, quarter } from "./size-fixtures";

const db = createDb(env.DB);

/** The hand-written statements of the sizes migration, as wrangler applies them. */
function migrationStatement(startsWith: string): string {
  const migration = (env as TestEnv).TEST_MIGRATIONS.find((m) => m.name.includes("product_sizes"));
  const statement = migration?.queries.find((q) =>
    q
      .trim()
      .replace(/^(--.*\n)+/, "")
      .startsWith(startsWith),
  );
  if (!statement) throw new Error(`No statement starting ${startsWith}`);
  return statement;
}

async function productByKey(key: string) {
  const [row] = await db.select().from(products).where(eq(products.catalogueKey, key));
  return row!;
}

/** The catalogue products sold in several sizes: the seed writes them with their sizes. */
const sizedKeys = catalogue.filter((entry) => entry.sizes).map((entry) => entry.key);

describe("the sizes migration", () => {
  it("gives every product exactly one size, label '', with its own price, compare-at price and tiers", async () => {
    const rows = await db.all<{ id: number; n: number; same: number }>(sql`
      SELECT p.id, count(s.id) AS n,
        sum(s.label = '' AND s.price_cents = p.price_cents AND s.compare_at_cents IS p.compare_at_cents
          AND s.tiers = coalesce(p.price_tiers, '[]') AND s.stock IS NULL AND s.position = 0) AS same
      FROM products p LEFT JOIN product_sizes s ON s.product_id = p.id
      WHERE p.catalogue_key NOT IN (SELECT value FROM json_each(${JSON.stringify(sizedKeys)})) GROUP BY p.id`);
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.filter((row) => row.n !== 1 || row.same !== 1)).toEqual([]);
    // The catalogue's strains sold by weight have their sizes, the row's price their lowest (decision 028).
    for (const key of sizedKeys) {
      const row = await productByKey(key);
      const sizes = (await readSizes(db, [row.id])).get(row.id)!;
      expect(
        sizes.map((size) => size.label),
        key,
      ).toEqual(catalogue.find((entry) => entry.key === key)!.sizes!.map((size) => size.label));
      expect(row.priceCents, key).toBe(Math.min(...sizes.map((size) => size.priceCents)));
    }
  });

  it("stores the gummies' bulk prices as data, charging every quantity what it did", async () => {
    const gummies = await productByKey("wild-berry-gummies");
    const sizes = (await readSizes(db, [gummies.id])).get(gummies.id)!;
    expect(sizes).toHaveLength(1);
    expect(sizes[0]!.tiers).toEqual([
      { minQuantity: 100, unitPriceCents: 475 },
      { minQuantity: 250, unitPriceCents: 450 },
      { minQuantity: 500, unitPriceCents: 425 },
      { minQuantity: 1000, unitPriceCents: 400 },
    ]);
    expect([1, 99, 100, 250, 999, 1000].map((q) => unitPriceCents(sizes[0]!.priceCents, sizes[0]!.tiers, q))).toEqual([
      500, 500, 475, 450, 425, 400,
    ]);
  });

  it("converts a deployed shop's old fixed tier tables (and leaves junk as no tiers), then backfills one size per product", async () => {
    const [a, b, c, d] = await db.select({ id: products.id }).from(products).limit(4);
    const legacy = (single: number) => JSON.stringify({ single, tier100: 475, tier250: 450, tier500: 425, tier1000: 400 });
    await db.batch([
      db
        .update(products)
        .set({ priceCents: 500, priceTiers: legacy(500) })
        .where(eq(products.id, a!.id)),
      db
        .update(products)
        .set({ priceCents: 500, priceTiers: legacy(550) })
        .where(eq(products.id, b!.id)),
      db.update(products).set({ priceTiers: "{not json" }).where(eq(products.id, c!.id)),
      db
        .update(products)
        .set({ priceTiers: JSON.stringify({ single: 500, tier100: -1 }) })
        .where(eq(products.id, d!.id)),
      db.delete(productSizes),
    ]);
    await env.DB.prepare(migrationStatement("UPDATE `products` SET `price_tiers`")).run();
    await env.DB.prepare(migrationStatement("INSERT INTO `product_sizes`")).run();
    const tiersOf = async (id: number) => (await db.select({ t: products.priceTiers }).from(products).where(eq(products.id, id)))[0]!.t;
    expect(JSON.parse((await tiersOf(a!.id))!)).toEqual([
      { minQuantity: 100, unitPriceCents: 475 },
      { minQuantity: 250, unitPriceCents: 450 },
      { minQuantity: 500, unitPriceCents: 425 },
      { minQuantity: 1000, unitPriceCents: 400 },
    ]);
    expect(JSON.parse((await tiersOf(b!.id))!)[0]).toEqual({ minQuantity: 1, unitPriceCents: 550 });
    expect(await tiersOf(c!.id)).toBeNull();
    expect(await tiersOf(d!.id)).toBeNull();
    const sizes = await readSizes(db, [a!.id, b!.id, c!.id]);
    expect(sizes.get(a!.id)!.map((s) => [s.label, s.priceCents, s.tiers?.length])).toEqual([["", 500, 4]]);
    expect(unitPriceCents(500, sizes.get(b!.id)![0]!.tiers, 2)).toBe(550);
    expect(sizes.get(c!.id)![0]!.tiers).toBeNull();
    const [{ n }] = (await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM product_sizes`)) as [{ n: number }];
    const [{ p }] = (await db.all<{ p: number }>(sql`SELECT count(*) AS p FROM products`)) as [{ p: number }];
    expect(n).toBe(p);
  });
});

describe("writers that speak one price (the triggers)", () => {
  it("a new products row gets its one size; a price change on a one-size product reaches it; a delete takes it along", async () => {
    const [created] = await db
      .insert(products)
      .values({ name: "Trigger Kush", priceCents: 1234, compareAtCents: 2000, category: "indoors" })
      .returning({ id: products.id });
    const id = created!.id;
    expect((await readSizes(db, [id])).get(id)).toEqual([
      { id: expect.any(Number), label: "", priceCents: 1234, compareAtCents: 2000, sku: null, stock: null, tiers: null },
    ]);
    await db.update(products).set({ priceCents: 999, compareAtCents: null }).where(eq(products.id, id));
    expect((await readSizes(db, [id])).get(id)![0]).toMatchObject({ priceCents: 999, compareAtCents: null });
    await db.delete(products).where(eq(products.id, id));
    expect((await readSizes(db, [id])).get(id)).toBeUndefined();
  });
});

describe("the sizes writer", () => {
  it("makes Runtz four sizes with their own prices and stock, the products row following the lowest price", async () => {
    const runtz = await productByKey("runtz-eighth");
    const [before] = (await readSizes(db, [runtz.id])).get(runtz.id)!;
    // The existing size keeps its id (a cart line naming it stays valid) and becomes 1/8 oz.
    await db.batch(sizeWriteStatements(db, runtz.id, [quarter, { ...eighth, id: before!.id }, half, ounce]));
    const sizes = (await readSizes(db, [runtz.id])).get(runtz.id)!;
    expect(sizes.map((s) => [s.label, s.priceCents, s.stock])).toEqual([
      ["1/4 oz", 8000, 3],
      ["1/8 oz", 4500, 12],
      ["1/2 oz", 15000, null],
      ["1 oz", 28000, 0],
    ]);
    expect(sizes[1]!.id).toBe(before!.id);
    expect(sizes[2]!.tiers).toEqual([{ minQuantity: 5, unitPriceCents: 14000 }]);
    const row = await productByKey("runtz-eighth");
    expect([row.priceCents, row.compareAtCents, row.priceTiers]).toEqual([4500, 5000, null]);

    // Remove two, reorder: the others keep their ids; the lowest is now the quarter.
    await db.batch(sizeWriteStatements(db, runtz.id, [{ ...sizes[2]! }, { ...sizes[0]! }]));
    const after = (await readSizes(db, [runtz.id])).get(runtz.id)!;
    expect(after.map((s) => [s.id, s.label])).toEqual([
      [sizes[2]!.id, "1/2 oz"],
      [sizes[0]!.id, "1/4 oz"],
    ]);
    expect((await productByKey("runtz-eighth")).priceCents).toBe(8000);
  });

  it("never moves another product's size (an id from elsewhere is ignored, and the size inserted new)", async () => {
    const [a, b] = [await productByKey("runtz-eighth"), await productByKey("wedding-cake-eighth")];
    const bSize = (await readSizes(db, [b.id])).get(b.id)![0]!;
    await db.batch(sizeWriteStatements(db, a.id, [{ ...eighth, id: bSize.id }]));
    expect((await readSizes(db, [b.id])).get(b.id)).toEqual([bSize]);
  });

  it("writes a new product and its sizes in one batch", async () => {
    await db.batch([
      db.insert(products).values({ name: "Runtz (new)", priceCents: 4500, category: "indoors" }),
      ...sizeWriteStatements(db, "inserted", [eighth, quarter, half, ounce]),
    ]);
    const [row] = await db.select().from(products).where(eq(products.name, "Runtz (new)"));
    const sizes = (await readSizes(db, [row!.id])).get(row!.id)!;
    expect(sizes.map((s) => s.label)).toEqual(["1/8 oz", "1/4 oz", "1/2 oz", "1 oz"]);
    expect([row!.priceCents, row!.compareAtCents]).toEqual([4500, 5000]);
  });

  it("saves nothing when any statement of the batch fails", async () => {
    const runtz = await productByKey("runtz-eighth");
    const before = (await readSizes(db, [runtz.id])).get(runtz.id);
    await expect(
      db.batch([
        ...sizeWriteStatements(db, runtz.id, [eighth, quarter]),
        // A size of a product that does not exist: the foreign key refuses it.
        db.insert(productSizes).values({ productId: 999_999, priceCents: 1 }),
      ]),
    ).rejects.toThrow();
    expect((await readSizes(db, [runtz.id])).get(runtz.id)).toEqual(before);
    expect((await productByKey("runtz-eighth")).priceCents).toBe(runtz.priceCents);
  });
});

describe("sizes follow their product", () => {
  it("into the trash and back, each size under its own id; a Duplicate gets the same sizes", async () => {
    const runtz = await productByKey("runtz-eighth");
    await db.batch(sizeWriteStatements(db, runtz.id, [eighth, quarter, half, ounce]));
    const sizes = (await readSizes(db, [runtz.id])).get(runtz.id)!;

    const copy = await duplicateProduct(db, runtz.id);
    const copied = (await readSizes(db, [copy!.id])).get(copy!.id)!;
    expect(copied.map(({ id: _id, ...size }) => size)).toEqual(sizes.map(({ id: _id, ...size }) => size));
    expect(copied.every((size) => !sizes.some((s) => s.id === size.id))).toBe(true);

    expect(await trashProduct(db, runtz.id)).toBe(runtz.name);
    expect((await readSizes(db, [runtz.id])).get(runtz.id)).toBeUndefined();
    expect(await restoreProduct(db, runtz.id)).toEqual({ status: "restored", name: runtz.name });
    expect((await readSizes(db, [runtz.id])).get(runtz.id)).toEqual(sizes);
    expect((await productByKey("runtz-eighth")).priceCents).toBe(4500);
  });
});
