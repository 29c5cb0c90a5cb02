import { count } from "drizzle-orm";
import type { Db } from "../app/load-context";
import { catalogue } from "./catalogue";
import { products, type NewProductRow } from "./schema";
import { catalogueEntryToRow } from "./transform";

/** D1 allows at most 100 bound parameters per query. */
export const D1_MAX_BOUND_PARAMETERS = 100;
const COLUMNS_PER_PRODUCT = 20;
export const PRODUCTS_PER_INSERT = Math.floor(D1_MAX_BOUND_PARAMETERS / COLUMNS_PER_PRODUCT);

/**
 * Inserts rows in one atomic D1 batch, chunked under the bound-parameter limit.
 * Rows whose catalogue key already exists are skipped, so a repeat is harmless.
 */
export async function insertProductRows(db: Db, rows: NewProductRow[]) {
  if (rows.length === 0) return;
  const statements = [];
  for (let i = 0; i < rows.length; i += PRODUCTS_PER_INSERT) {
    statements.push(db.insert(products).values(rows.slice(i, i + PRODUCTS_PER_INSERT)).onConflictDoNothing());
  }
  const [first, ...rest] = statements;
  await db.batch([first!, ...rest]);
}

/** Loads the built-in catalogue when the products table is empty; returns how many were inserted. */
export async function seedCatalogueIfEmpty(db: Db): Promise<number> {
  const [{ value }] = await db.select({ value: count() }).from(products);
  if (value > 0) return 0;
  const rows = catalogue.map(catalogueEntryToRow);
  await insertProductRows(db, rows);
  return rows.length;
}
