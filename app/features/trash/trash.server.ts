import { asc, desc, eq, inArray, isNotNull, lt } from "drizzle-orm";
import {
  imageUploads,
  productTrash,
  products,
  sizeTrash,
  type NewProductRow,
  type ProductRow,
  type ProductTrashRow,
  sqlNow,
} from "~db/schema";
import type { Db } from "~/server/load-context";
import type { ProductSize } from "~/features/catalogue/sizes";
import { readSizes, sizeRestoreStatements } from "~/features/catalogue/sizes.server";
import { deleteVariants, forgetPhotos } from "~/features/photos/photo-pipeline.server";
import { purgeCategoryTrash } from "./category-trash.server";
import { parseMediaKey, productMediaKeys, TRASH_PURGE_AFTER_DAYS, type TrashReason } from "./trash";

/**
 * The product trash (decision 025). A deleted product's row moves, whole, into `product_trash` under
 * its own id, in one atomic batch with the delete; Restore moves it back the same way, so it returns
 * with the same id (AUTOINCREMENT ids are never reused), URL, media and lab report. The search index
 * follows through the products triggers; shoppers never see a trashed row because it is not in
 * `products` at all. The hourly cron purges rows older than 30 days, then deletes the R2 objects that
 * no product and no other trashed product still uses (for a photo: its original, its variants and its
 * image_uploads row).
 */

/** The statements that move `rows` into the trash (add them to a batch that also deletes the rows). */
export function trashInsertStatements(db: Db, rows: readonly ProductRow[], reason: TrashReason, sizes: ReadonlyMap<number, ProductSize[]>) {
  return rows.map((row) => {
    // The row and its sizes (decision 028), so Restore brings back every size under its own id.
    const stored = JSON.stringify({ ...row, sizes: sizes.get(row.id) ?? [] });
    return db
      .insert(productTrash)
      .values({ id: row.id, name: row.name, catalogueKey: row.catalogueKey, row: stored, reason })
      .onConflictDoUpdate({
        target: productTrash.id,
        set: { row: stored, reason, deletedAt: sqlNow },
      });
  });
}

/** Moves products into the trash in one atomic batch; returns the names of those moved. */
export async function moveProductsToTrash(db: Db, ids: readonly number[], reason: TrashReason): Promise<string[]> {
  const names: string[] = [];
  // 50 ids per round keeps every statement far under D1's 100 bound parameters.
  for (let start = 0; start < ids.length; start += 50) {
    const chunk = ids.slice(start, start + 50);
    const [rows, sizes] = await Promise.all([db.select().from(products).where(inArray(products.id, chunk)), readSizes(db, chunk)]);
    if (rows.length === 0) continue;
    const [first, ...rest] = trashInsertStatements(db, rows, reason, sizes);
    await db.batch([
      first!,
      ...rest,
      db.delete(products).where(
        inArray(
          products.id,
          rows.map((row) => row.id),
        ),
      ),
    ]);
    names.push(...rows.map((row) => row.name));
  }
  return names;
}

/** Deletes one product into the trash; returns its name, or null when there was no such product. */
export async function trashProduct(db: Db, id: number): Promise<string | null> {
  const [name] = await moveProductsToTrash(db, [id], "deleted");
  return name ?? null;
}

/** The trashed row as the products table had it (the JSON is ours, written by trashInsertStatements). */
function trashedRow(entry: Pick<ProductTrashRow, "row">): NewProductRow {
  const { sizes: _sizes, ...row } = JSON.parse(entry.row) as NewProductRow & { sizes?: unknown };
  return row;
}

/** The trashed product's sizes (none for rows trashed before decision 028: the insert trigger then makes its one size). */
function trashedSizes(entry: Pick<ProductTrashRow, "row">): ProductSize[] {
  const { sizes } = JSON.parse(entry.row) as { sizes?: ProductSize[] };
  return Array.isArray(sizes) ? sizes : [];
}

export type RestoreResult = { status: "restored"; name: string } | { status: "not-found" } | { status: "key-taken"; name: string };

/** Puts a trashed product back under its own id, atomically; refused when a catalogue load re-added its catalogue key meanwhile. */
export async function restoreProduct(db: Db, id: number): Promise<RestoreResult> {
  const [entry] = await db.select().from(productTrash).where(eq(productTrash.id, id)).limit(1);
  if (!entry) return { status: "not-found" };
  const row = trashedRow(entry);
  if (row.catalogueKey) {
    const [taken] = await db.select({ id: products.id }).from(products).where(eq(products.catalogueKey, row.catalogueKey)).limit(1);
    if (taken) return { status: "key-taken", name: entry.name };
  }
  await db.batch([
    db.insert(products).values({ ...row, id }),
    ...sizeRestoreStatements(db, id, trashedSizes(entry)),
    db.delete(productTrash).where(eq(productTrash.id, id)),
  ]);
  return { status: "restored", name: entry.name };
}

export async function listTrash(db: Db) {
  return db
    .select({ id: productTrash.id, name: productTrash.name, reason: productTrash.reason, deletedAt: productTrash.deletedAt })
    .from(productTrash)
    .orderBy(desc(productTrash.deletedAt), desc(productTrash.id));
}

/** Trashed catalogue products by catalogue key (a load leaves them there, or brings them back on replace). */
export async function trashedCatalogueProducts(db: Db) {
  return db
    .select({ id: productTrash.id, name: productTrash.name, catalogueKey: productTrash.catalogueKey, row: productTrash.row })
    .from(productTrash)
    .where(isNotNull(productTrash.catalogueKey));
}

/** Every R2 key (images/, videos/, lab-reports/ relative) some product or trashed product still points at. */
async function referencedMediaKeys(db: Db): Promise<Set<string>> {
  const [live, trashed] = await Promise.all([
    db
      .select({
        image: products.image,
        extraImages: products.extraImages,
        video: products.video,
        labReportKey: products.labReportKey,
      })
      .from(products),
    db.select({ row: productTrash.row }).from(productTrash),
  ]);
  const keys = new Set<string>();
  for (const row of live) for (const key of productMediaKeys(row)) keys.add(key);
  for (const entry of trashed) for (const key of productMediaKeys(trashedRow(entry))) keys.add(key);
  return keys;
}

/**
 * Purges trash rows (products, categories and sizes a save removed) deleted more than 30 days before `now`, then deletes their R2 objects that nothing
 * else uses (the rows go first: an object is only ever deleted once no row can point at it again).
 * A photo's variants and original go before its image_uploads row, so no request finds the row
 * without its set.
 */
export async function purgeTrash(
  db: Db,
  buckets: { IMAGES: R2Bucket; VIDEOS: R2Bucket },
  now: number,
): Promise<{ purged: number; objectsDeleted: number }> {
  const before = new Date(now - TRASH_PURGE_AFTER_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const categoriesPurged = await purgeCategoryTrash(db, before);
  // Sizes a product form's save removed (decision 028): their Undo is long gone.
  await db.delete(sizeTrash).where(lt(sizeTrash.removedAt, before));
  const expired = await db.delete(productTrash).where(lt(productTrash.deletedAt, before)).returning({ row: productTrash.row });
  if (expired.length === 0) return { purged: categoriesPurged, objectsDeleted: 0 };
  const candidates = new Set(expired.flatMap((entry) => productMediaKeys(trashedRow(entry))));
  const stillUsed = await referencedMediaKeys(db);
  const orphaned = [...candidates].filter((key) => !stillUsed.has(key));
  const objects = orphaned.map(parseMediaKey);
  for (const bucket of ["IMAGES", "VIDEOS"] as const) {
    const keys = objects.filter((object) => object.bucket === bucket);
    if (keys.length > 0) await buckets[bucket].delete(keys.map((object) => object.key));
  }
  const photos = objects.filter((object) => object.photo).map((object) => object.key);
  for (const key of photos) await deleteVariants(buckets, key);
  await forgetPhotos(db, photos);
  return { purged: expired.length + categoriesPurged, objectsDeleted: orphaned.length };
}

/** A photo uploaded this long ago and still on no product (nor in the trash) was left behind by a form never saved. */
export const UNATTACHED_PHOTO_HOURS = 24;
/** Photos deleted per run (one statement binds at most 100 keys): the hourly cron gets through a backlog over several runs. */
const UNATTACHED_PER_RUN = 50;

/**
 * Deletes photos uploaded more than a day before `now` that no product and no trashed product
 * points at (a form closed or saved before its upload finished): the original, its variants and its
 * image_uploads row, in that order, so no request finds the row without its files. A form still
 * holding one is refused on save (the photo is unknown), so none of them can reach a product.
 */
export async function purgeUnattachedPhotos(db: Db, buckets: { IMAGES: R2Bucket }, now: number): Promise<{ deleted: number }> {
  const before = now - UNATTACHED_PHOTO_HOURS * 60 * 60 * 1000;
  const old = await db
    .select({ key: imageUploads.key })
    .from(imageUploads)
    .where(lt(imageUploads.createdAt, before))
    .orderBy(asc(imageUploads.createdAt));
  if (old.length === 0) return { deleted: 0 };
  const used = await referencedMediaKeys(db);
  const unattached = old
    .map((row) => row.key)
    .filter((key) => !used.has(`PHOTO:${key}`))
    .slice(0, UNATTACHED_PER_RUN);
  if (unattached.length === 0) return { deleted: 0 };
  await buckets.IMAGES.delete(unattached);
  for (const key of unattached) await deleteVariants(buckets, key);
  await forgetPhotos(db, unattached);
  return { deleted: unattached.length };
}
