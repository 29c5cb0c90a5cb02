import { and, asc, desc, eq } from "drizzle-orm";
import { products, productSizes, sizeTrash } from "~db/schema";
import type { Db } from "~/server/load-context";
import { abortUnlessChanged, sizeWriteStatements } from "~/features/catalogue/sizes.server";
import { MAX_SIZES, toProductSize, type ProductSize } from "~/features/catalogue/sizes";
import { versionBump } from "~db/product-version";

/**
 * The Undo of a product form's save that removed sizes (decision 028). The save kept the sizes it
 * deleted in `size_trash` under their own ids, marked with the version it gave the product; Undo puts
 * them back — same ids, price, compare-at, SKU, stock and bulk prices, at their old places — only while
 * the product is still at that version (no save, bulk action or Undo since), in one guarded batch.
 */

export type SizeRestoreResult =
  | { status: "restored"; name: string; labels: string[] }
  /** no such product (deleted since) */
  | { status: "not-found" }
  /** nothing kept for this product at this version (a later save replaced it, or it was put back already) */
  | { status: "gone"; name: string }
  /** the product changed since the save */
  | { status: "stale"; name: string };

export async function restoreRemovedSizes(db: Db, productId: number, version: number): Promise<SizeRestoreResult> {
  const [found, kept, current] = await db.batch([
    db.select({ name: products.name, version: products.version }).from(products).where(eq(products.id, productId)),
    db
      .select()
      .from(sizeTrash)
      .where(and(eq(sizeTrash.productId, productId), eq(sizeTrash.version, version)))
      .orderBy(asc(sizeTrash.position), asc(sizeTrash.id)),
    db.select().from(productSizes).where(eq(productSizes.productId, productId)).orderBy(asc(productSizes.position), asc(productSizes.id)),
  ]);
  const product = found[0];
  if (!product) return { status: "not-found" };
  if (kept.length === 0) return { status: "gone", name: product.name };
  if (product.version !== version || current.length + kept.length > MAX_SIZES) return { status: "stale", name: product.name };

  // Each size back at the place it had before the save (the sizes kept by the save keep their order).
  // A size left alone by the save lost its label (a one-size product has none): it gets it back.
  const keptLabel = kept[0]!.keptLabel;
  const sizes: ProductSize[] = current.map((row) => ({ ...toProductSize(row), label: row.label || (keptLabel ?? row.label) }));
  for (const row of kept) sizes.splice(Math.min(row.position, sizes.length), 0, toProductSize(row));
  const guarded = db
    .update(products)
    .set(versionBump())
    .where(and(eq(products.id, productId), eq(products.version, version)))
    .returning({ version: products.version });
  try {
    const [updated] = await db.batch([
      guarded,
      // Nothing below is written unless the guarded update changed the row (another save came first).
      abortUnlessChanged(db, productId),
      ...kept.map((row) =>
        db.insert(productSizes).values({
          id: row.id,
          productId,
          position: row.position,
          label: row.label,
          priceCents: row.priceCents,
          compareAtCents: row.compareAtCents,
          sku: row.sku,
          stock: row.stock,
          tiers: row.tiers,
        }),
      ),
      ...sizeWriteStatements(db, productId, sizes),
      db.delete(sizeTrash).where(eq(sizeTrash.productId, productId)),
    ]);
    if (updated.length === 0) return { status: "stale", name: product.name };
  } catch (error) {
    // The guard refused a product saved meanwhile (nothing was written); anything else is an error.
    if (!/NOT NULL/.test(String(error))) throw error;
    return { status: "stale", name: product.name };
  }
  return { status: "restored", name: product.name, labels: kept.map((row) => row.label) };
}

/** A product's sizes that a save, an import or a load removed, while they can still be put back. */
export interface RemovedSizes {
  /** the product's id */
  id: number;
  name: string;
  /** the version the removing write gave the product (what restoreRemovedSizes checks) */
  version: number;
  labels: string[];
  removedAt: string;
}

/**
 * The trash page's removed sizes: for each product, the sizes kept by its last write that removed
 * some, while the product is still at the version that write gave it (a later change makes them
 * stale: the owner adds them again in the form). Newest first.
 */
export async function listRemovedSizes(db: Db): Promise<RemovedSizes[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      version: sizeTrash.version,
      label: sizeTrash.label,
      removedAt: sizeTrash.removedAt,
    })
    .from(sizeTrash)
    .innerJoin(products, and(eq(products.id, sizeTrash.productId), eq(products.version, sizeTrash.version)))
    .orderBy(desc(sizeTrash.removedAt), asc(sizeTrash.productId), asc(sizeTrash.position), asc(sizeTrash.id));
  const byProduct = new Map<number, RemovedSizes>();
  for (const row of rows) {
    const entry = byProduct.get(row.id);
    if (entry) entry.labels.push(row.label);
    else byProduct.set(row.id, { id: row.id, name: row.name, version: row.version, labels: [row.label], removedAt: row.removedAt });
  }
  return [...byProduct.values()];
}
