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

/** Active categories sorted by name, as an unawaited query so a page can batch it with others. */
export function activeCategoriesQuery(db: Db) {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.active, true))
    .orderBy(asc(categories.name));
}

/** One category by slug (0 or 1 rows), as an unawaited query for a batch. */
export function categoryBySlugQuery(db: Db, slug: string) {
  return db
    .select({ name: categories.name, slug: categories.slug, active: categories.active })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
}
