import { count } from "drizzle-orm";
import type { Db } from "../app/server/load-context";
import { catalogueInsertStatements, D1_MAX_BOUND_PARAMETERS, insertProductRows } from "../app/features/migration/product-inserts.server";
import { prepareCatalogueRows } from "../app/features/migration/load-plan.server";
import { catalogue } from "./catalogue";
import { putSampleLabReports, sampleLabReportObjects } from "./sample-lab-reports";
import { products } from "./schema";

// Inserting is shared with the admin migration: one atomic batch, each statement under D1's 100 bound parameters.
export { D1_MAX_BOUND_PARAMETERS, insertProductRows };

/** The built-in catalogue's rows as the admin migration's own statements: each product with its sizes (decision 028). */
function catalogueSeedStatements(db: Db) {
  const { rows } = prepareCatalogueRows(catalogue);
  return { rows: rows.length, statements: catalogueInsertStatements(db, rows) };
}

/**
 * Loads the built-in catalogue when the products table is empty; returns how many were inserted.
 * With a bucket, its sample lab reports are put into R2 first, as the admin migration does.
 */
export async function seedCatalogueIfEmpty(db: Db, bucket?: R2Bucket): Promise<number> {
  const [existing] = await db.select({ value: count() }).from(products);
  if (existing && existing.value > 0) return 0;
  if (bucket) await putSampleLabReports(bucket, catalogue);
  const { rows, statements } = catalogueSeedStatements(db);
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return rows;
}

/** One SQL statement with its bound values, as plain data that can cross from Node into workerd. */
export interface SeedStatement {
  sql: string;
  params: unknown[];
}

/**
 * The same seed as seedCatalogueIfEmpty, as plain data: the SQL of its one batch and the sample lab
 * reports' R2 objects. The worker tests build it once in Node and write it into every test file's
 * fresh D1 and R2 without loading the app's modules for it.
 */
export function catalogueSeedData(db: Db) {
  const statements = catalogueSeedStatements(db).statements.map((statement): SeedStatement => {
    // Every statement of the seed is a drizzle query builder, which prints its own SQL.
    if (!("toSQL" in statement) || typeof statement.toSQL !== "function") throw new Error("A seed statement has no SQL of its own");
    const { sql, params } = (statement as { toSQL(): SeedStatement }).toSQL();
    return { sql, params };
  });
  return { statements, objects: sampleLabReportObjects(catalogue) };
}
