import { asc, eq } from "drizzle-orm";
import { categories } from "../db/schema";
import type { Db } from "./load-context";

/** Active categories sorted by name (footer, shop select, home grid). */
export async function listActiveCategories(db: Db, limit?: number) {
  const query = db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.active, true))
    .orderBy(asc(categories.name));
  return limit === undefined ? query : query.limit(limit);
}
