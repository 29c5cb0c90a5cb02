import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { products, productSizes } from "~db/schema";
import type { Db } from "~/server/load-context";
import { CATALOGUE_FIELDS, catalogueFields, type CatalogueField, type ExistingProduct, type FieldValue } from "./catalogue-plan";

/** Every product as the planners (the catalogue load, decision 024, and the CSV import, decision 026) compare it. */

const existingProductColumns = {
  id: products.id,
  catalogueKey: products.catalogueKey,
  version: products.version,
  createdAt: products.createdAt,
  catalogueSnapshot: products.catalogueSnapshot,
  // Qualified by hand: drizzle writes a one-table select's columns bare, and a bare "id" in the subquery is the size's.
  sizeCount: sql<number>`(SELECT count(*) FROM ${productSizes} WHERE ${productSizes.productId} = "products"."id")`,
  ...Object.fromEntries(CATALOGUE_FIELDS.map((field) => [field, products[field]])),
} as unknown as Record<string, SQLiteColumn>;

/** Every product row as the planner compares it (one query; a catalogue is thousands of rows at most). */
export async function readExistingProducts(db: Db): Promise<ExistingProduct[]> {
  const rows = (await db.select(existingProductColumns).from(products)) as unknown as Array<
    Omit<ExistingProduct, "fields"> & Record<CatalogueField, FieldValue>
  >;
  return rows.map((row) => ({
    id: row.id,
    sizeCount: Number(row.sizeCount),
    catalogueKey: row.catalogueKey,
    name: row.name,
    version: row.version,
    createdAt: row.createdAt,
    catalogueSnapshot: row.catalogueSnapshot,
    fields: catalogueFields(row),
  }));
}
