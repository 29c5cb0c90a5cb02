import { and, eq, like, or, sql } from "drizzle-orm";
import { products } from "~db/schema";
import type { Db } from "~/server/load-context";
import { versionBump } from "~db/product-version";
import { NO_LAB_REPORT_COLUMNS } from "./lab-report";

/**
 * The built-in catalogue's sample lab reports, in SQL: the same rule as `isSampleLabReport` (a batch
 * starting "SAMPLE-" or a lab named "... (sample)"), so the dashboard's count, the removal and every
 * label agree on which products show a sample.
 */
const isSample = or(like(products.labBatch, "SAMPLE-%"), like(sql`rtrim(${products.labName})`, "%(sample)"));

/** Products (trash aside: a trashed product is not in `products`) whose lab report is a sample, by name. */
export async function listSampleLabReports(db: Db) {
  return db
    .select({ id: products.id, name: products.name, active: products.active, labName: products.labName, labBatch: products.labBatch })
    .from(products)
    .where(isSample)
    .orderBy(products.name);
}

/** How many active products show a sample to shoppers (the dashboard's line). */
export const SHOWN_SAMPLE_LAB_REPORT = and(isSample, eq(products.active, true)) ?? sql`0`;

/**
 * Removes every sample report: the report file's reference and every lab fact, in one statement, each
 * product's version bumped like an edit. The sample files stay in the bucket, unreachable from any
 * product until a catalogue load brings the reports back. Returns how many products changed.
 */
export async function removeSampleLabReports(db: Db): Promise<number> {
  const changed = await db
    .update(products)
    .set({ ...NO_LAB_REPORT_COLUMNS, ...versionBump() })
    .where(isSample)
    .returning({ id: products.id });
  return changed.length;
}
