import { sql } from "drizzle-orm";
import { products, sqlNow } from "./schema";

/** What every write that changes a product sets beside its fields (decision 010): the next version and updated_at. */
export function versionBump() {
  return { version: sql`${products.version} + 1`, updatedAt: sqlNow };
}
