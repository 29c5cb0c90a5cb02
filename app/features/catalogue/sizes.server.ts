/**
 * The one writer of sizes (decision 028): a product's sizes and the products row's columns that follow
 * them (price, compare-at price, tiers of the lowest-priced size) change together, in the caller's
 * D1 batch, so nothing is half-saved. Writers that still speak one price (the catalogue load, the CSV
 * import, Restore, Duplicate, bulk actions on a one-size product) write the products row, and the
 * migration's triggers keep that product's one size in step (`product_sizes_*` in
 * migrations/0014_product_sizes.sql): a new products row gets its size, and a one-size product's price
 * change reaches its size.
 */
import { and, asc, between, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { products, productSizes, sizeTrash } from "~db/schema";
import type { Db } from "~/server/load-context";
import { serializePriceTiers } from "./stored-tiers";
import { derivedProductColumns, pricesDiffer, toProductSize, type ProductSize, type SizeInput } from "./sizes";

/** The id of the products row inserted earlier in the same batch (products ids are AUTOINCREMENT). */
const insertedProductId = sql`(SELECT seq FROM sqlite_sequence WHERE name = 'products')`;

/**
 * Which product a write names: its id; "inserted", the products row inserted earlier in the same batch;
 * or `{ insertedKey }`, that row only if it carries this catalogue key — NULL otherwise (an insert
 * skipped ON CONFLICT), so the sizes' insert fails its NOT NULL and the batch writes nothing, never
 * another product's sizes.
 */
export type SizesTarget = number | "inserted" | { insertedKey: string };

function targetId(target: SizesTarget) {
  if (target === "inserted") return insertedProductId;
  if (typeof target === "number") return sql`${target}`;
  return sql`(SELECT ${products.id} FROM ${products} WHERE ${products.catalogueKey} = ${target.insertedKey} AND ${products.id} = ${insertedProductId})`;
}

/**
 * Fails its batch (NOT NULL) unless the statement before it changed a row: the sizes of a versioned
 * update are written only with the update itself, never over another tab's newer save. (A deleted
 * product has no sizes to trip on; its new sizes then fail on the foreign key.)
 */
export const abortUnlessChanged = (db: Db, id: number) =>
  db
    .update(productSizes)
    .set({ productId: sql`NULL` })
    .where(and(eq(productSizes.productId, id), sql`changes() = 0`));

function sizeValues(size: SizeInput, position: number) {
  return {
    position,
    label: size.label,
    priceCents: size.priceCents,
    compareAtCents: size.compareAtCents,
    sku: size.sku,
    stock: size.stock,
    tiers: serializePriceTiers(size.tiers) ?? "[]",
  };
}

/**
 * The statements that make `sizes` (in order) the sizes of product `productId` — or, with "inserted",
 * of the product inserted earlier in the same batch — and set the products row's derived columns.
 * Sizes with an id of this product are updated in place (cart lines naming them stay valid); sizes of
 * this product not listed are deleted; new ones are inserted (see SizesTarget). Validate first (the form's schema):
 * this writes what it is given.
 *
 * `keepRemoved` (the owner's form): the sizes this write deletes are first kept in `size_trash` under
 * their own ids, marked with the version the same batch gives the product, replacing the product's
 * earlier kept sizes, so the save's Undo (`restoreRemovedSizes`) can put them back.
 */
export function sizeWriteStatements(
  db: Db,
  productId: SizesTarget,
  sizes: readonly SizeInput[],
  keepRemoved?: { version: number },
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const derived = derivedProductColumns(sizes);
  const product = targetId(productId);
  const kept = typeof productId !== "number" ? [] : sizes.flatMap((size) => (size.id ? [size.id] : []));
  const removed = and(eq(productSizes.productId, product), kept.length > 0 ? notInArray(productSizes.id, kept) : undefined);
  // D1's batch takes a non-empty list: the product's own update comes first.
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [db.update(products).set(derived).where(eq(products.id, product))];
  if (keepRemoved && typeof productId === "number") {
    statements.push(
      db.delete(sizeTrash).where(eq(sizeTrash.productId, productId)),
      db.insert(sizeTrash).select(
        db
          .select({
            id: productSizes.id,
            productId: productSizes.productId,
            version: sql<number>`${keepRemoved.version}`.as("version"),
            position: productSizes.position,
            label: productSizes.label,
            priceCents: productSizes.priceCents,
            compareAtCents: productSizes.compareAtCents,
            sku: productSizes.sku,
            stock: productSizes.stock,
            tiers: productSizes.tiers,
            // A save that leaves one size blanks its label (a one-size product has none): its label before, for Undo.
            keptLabel:
              sizes.length === 1 && kept.length === 1
                ? sql<string | null>`(SELECT label FROM product_sizes WHERE id = ${kept[0]!})`.as("kept_label")
                : sql<string | null>`NULL`.as("kept_label"),
            removedAt: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as("removed_at"),
          })
          .from(productSizes)
          .where(removed),
      ),
    );
  }
  statements.push(db.delete(productSizes).where(removed));
  sizes.forEach((size, position) => {
    if (typeof productId === "number" && size.id) {
      statements.push(
        db
          .update(productSizes)
          .set(sizeValues(size, position))
          .where(and(eq(productSizes.id, size.id), eq(productSizes.productId, productId))),
      );
    } else {
      // The product named by expression, so a size of the product inserted in this batch gets its new id.
      statements.push(db.insert(productSizes).values({ productId: product, ...sizeValues(size, position) }));
    }
  });
  return statements;
}

/**
 * Restore (decision 025) puts a product back under its own id: its sizes come back under theirs too
 * (ids are AUTOINCREMENT, never reused), replacing the one the insert trigger made, so cart lines
 * naming them stay valid. Add after the products insert, in the same batch.
 */
export function sizeRestoreStatements(db: Db, productId: number, sizes: readonly ProductSize[]): BatchItem<"sqlite">[] {
  if (sizes.length === 0) return [];
  return [
    db
      .update(products)
      .set({ sizesPriceDiffers: pricesDiffer(sizes) })
      .where(eq(products.id, productId)),
    db.delete(productSizes).where(eq(productSizes.productId, productId)),
    ...sizes.map((size, position) => db.insert(productSizes).values({ id: size.id, productId, ...sizeValues(size, position) })),
  ];
}

/** Every size of these products, in order, by product id (ONE query; unknown ids read as no sizes). */
export async function readSizes(db: Db, productIds: readonly number[]): Promise<Map<number, ProductSize[]>> {
  if (productIds.length === 0) return new Map();
  return bySizesOf(db, inArray(productSizes.productId, [...productIds]));
}

/**
 * Every size of the products with ids from..to, by product id (ONE query, two bound parameters: a
 * page of thousands of products stays under D1's 100 per statement).
 */
export async function readSizesBetween(db: Db, from: number, to: number): Promise<Map<number, ProductSize[]>> {
  return bySizesOf(db, between(productSizes.productId, from, to));
}

/** Every size of every product, by product id (one query: what an import compares a file's sizes with). */
export function readAllSizes(db: Db): Promise<Map<number, ProductSize[]>> {
  return bySizesOf(db, undefined);
}

async function bySizesOf(db: Db, where: SQL | undefined): Promise<Map<number, ProductSize[]>> {
  const bySizes = new Map<number, ProductSize[]>();
  const rows = await db
    .select()
    .from(productSizes)
    .where(where)
    .orderBy(asc(productSizes.productId), asc(productSizes.position), asc(productSizes.id));
  for (const row of rows) {
    const list = bySizes.get(row.productId) ?? [];
    list.push(toProductSize(row));
    bySizes.set(row.productId, list);
  }
  return bySizes;
}
