import { count } from "drizzle-orm";
import type { Db } from "../app/server/load-context";
import { catalogueInsertStatements, D1_MAX_BOUND_PARAMETERS, insertProductRows } from "../app/features/migration/product-inserts.server";
import { prepareCatalogueRows } from "../app/features/migration/load-plan.server";
import { catalogue } from "./catalogue";
import { putSampleLabReports } from "./sample-lab-reports";
import { products } from "./schema";

// Inserting is shared with the admin migration: one atomic batch, each statement under D1's 100 bound parameters.
export { D1_MAX_BOUND_PARAMETERS, insertProductRows };

/**
 * Loads the built-in catalogue when the products table is empty; returns how many were inserted.
 * With a bucket, its sample lab reports are put into R2 first, as the admin migration does.
 */
export async function seedCatalogueIfEmpty(db: Db, bucket?: R2Bucket): Promise<number> {
  const [existing] = await db.select({ value: count() }).from(products);
  if (existing && existing.value > 0) return 0;
  if (bucket) await putSampleLabReports(bucket, catalogue);
  // The admin migration's own statements: each product with its sizes (decision 028), in one batch.
  const { rows } = prepareCatalogueRows(catalogue);
  const [first, ...rest] = catalogueInsertStatements(db, rows);
  if (first) await db.batch([first, ...rest]);
  return rows.length;
}
