import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { products, productSizes } from "../../db/schema";
import { createDb, type Db } from "../../app/server/load-context";
import { readSizes, sizeWriteStatements } from "../../app/features/catalogue/sizes.server";
import type { SizeInput } from "../../app/features/catalogue/sizes";
import { productPath } from "../../app/features/catalogue/product-path";
import { catalogueChanged } from "./helpers";

/** Runtz as a menu sells it: four sizes, one on sale, one with bulk prices, one sold out, one not tracked. */
export const eighth: SizeInput = { label: "1/8 oz", priceCents: 4500, compareAtCents: 5000, sku: "RZ-8", stock: 12, tiers: null };
export const quarter: SizeInput = { label: "1/4 oz", priceCents: 8000, compareAtCents: null, sku: "RZ-4", stock: 3, tiers: null };
export const half: SizeInput = {
  label: "1/2 oz",
  priceCents: 15000,
  compareAtCents: null,
  sku: null,
  stock: null,
  tiers: [{ minQuantity: 5, unitPriceCents: 14000 }],
};
export const ounce: SizeInput = { label: "1 oz", priceCents: 28000, compareAtCents: null, sku: null, stock: 0, tiers: null };

/** Runtz's four sizes in the picker's order. */
export const RUNTZ_SIZES: SizeInput[] = [eighth, quarter, half, ounce];

/** A catalogue product's id by its key. */
export async function catalogueProductId(db: Db, key: string): Promise<number> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.catalogueKey, key));
  if (!row) throw new Error(`catalogue product ${key} missing`);
  return row.id;
}

/**
 * The catalogue's Runtz sold in RUNTZ_SIZES (the fixture's prices and stock), its first size keeping
 * its id, as the form's save does; Wedding Cake in one size, as a shop loaded before the catalogue
 * came in sizes has it ('Wedding Cake (1/8 oz)'). Size ids by label.
 */
export async function sellRuntzInFourSizes(db: Db) {
  const runtz = await catalogueProductId(db, "runtz-eighth");
  const cake = await sellInOneSize("wedding-cake-eighth", "Wedding Cake (1/8 oz)");
  const first = await firstSizeId(runtz);
  await db.batch([
    db.update(products).set({ name: "Runtz" }).where(eq(products.id, runtz)),
    ...sizeWriteStatements(
      db,
      runtz,
      RUNTZ_SIZES.map((one, i) => (i === 0 ? { ...one, id: first } : one)),
    ),
  ]);
  const rows = await db.select().from(productSizes).where(eq(productSizes.productId, runtz));
  const size: Record<string, number> = {};
  for (const row of rows) size[row.label] = row.id;
  await catalogueChanged();
  return { runtz, cake, size, path: productPath({ id: runtz, name: "Runtz" }) };
}

/**
 * A catalogue product sold in one size again, under `name` — as a shop loaded before the catalogue
 * came in sizes has it ('Runtz (1/8 oz)' at $45), or as an owner who sells it so: its first size keeps
 * its id and price, the others go. Tests of one-size behaviour (the cart, out of stock) use it, so
 * they keep proving what a one-size product does while the built-in catalogue sells strains in sizes.
 * Returns the product's id.
 */
export async function sellInOneSize(key: string, name: string): Promise<number> {
  const db = createDb(env.DB);
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.catalogueKey, key));
  if (!row) throw new Error(`catalogue product ${key} missing`);
  const [first] = (await readSizes(db, [row.id])).get(row.id)!;
  await db.batch([
    db.update(products).set({ name }).where(eq(products.id, row.id)),
    ...sizeWriteStatements(db, row.id, [{ ...first!, label: "", sku: null, stock: null }]),
  ]);
  await catalogueChanged();
  return row.id;
}

/** The id of a product's first size (position order). */
export async function firstSizeId(productId: number): Promise<number> {
  const db = createDb(env.DB);
  return (await readSizes(db, [productId])).get(productId)![0]!.id;
}
