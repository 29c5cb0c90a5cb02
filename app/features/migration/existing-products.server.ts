import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { products } from "~db/schema";
import type { Db } from "~/server/load-context";
import { CATALOGUE_FIELDS, catalogueFields, type CatalogueField, type ExistingProduct, type FieldValue } from "./catalogue-plan";

/** Every product as the planners (the catalogue load, decision 024, and the CSV import, decision 026) compare it. */

const existingProductColumns = {
  id: products.id,
  catalogueKey: products.catalogueKey,
  version: products.version,
  createdAt: products.createdAt,
  catalogueSnapshot: products.catalogueSnapshot,
  ...Object.fromEntries(CATALOGUE_FIELDS.map((field) => [field, products[field]])),
} as unknown as Record<string, SQLiteColumn>;

/** Every product row as the planner compares it (one query; a catalogue is thousands of rows at most). */
export async function readExistingProducts(db: Db): Promise<ExistingProduct[]> {
  const rows = (await db.select(existingProductColumns).from(products)) as unknown as Array<
    Omit<ExistingProduct, "fields"> & Record<CatalogueField, FieldValue>
  >;
  return rows.map((row) => ({
    id: row.id,
    catalogueKey: row.catalogueKey,
    name: row.name as string,
    version: row.version,
    createdAt: row.createdAt,
    catalogueSnapshot: row.catalogueSnapshot,
    fields: catalogueFields(row),
  }));
}
