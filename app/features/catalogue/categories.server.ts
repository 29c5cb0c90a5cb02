import { asc, eq, sql } from "drizzle-orm";
import { categories, products, sqlNow } from "~db/schema";
import type { Db } from "~/server/load-context";
import { slugify } from "./slug";

/** Active categories sorted by name (footer, home grid, shop select, sitemap), as an unawaited query so a page can batch it with others. */
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

/** Every category, active or not, sorted by name: the admin product form's options. */
export async function listCategoryOptions(db: Db) {
  return db
    .select({ name: categories.name, slug: categories.slug, active: categories.active })
    .from(categories)
    .orderBy(asc(categories.name));
}

const productCount = sql<number>`(SELECT count(*) FROM ${products} WHERE ${products.category} = ${categories.slug})`;

/** Category Management's table: every category in creation order, with how many products use it. */
export async function listCategoriesWithCounts(db: Db) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      active: categories.active,
      createdAt: categories.createdAt,
      productCount,
    })
    .from(categories)
    .orderBy(asc(categories.createdAt), asc(categories.id));
}

export type CategoryWithCount = Awaited<ReturnType<typeof listCategoriesWithCounts>>[number];

export async function getCategoryWithCount(db: Db, id: number) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, active: categories.active, productCount })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * D1's unique-violation error (the equivalent of Postgres' 23505): "UNIQUE constraint failed".
 * Drizzle wraps the driver's error, so the whole cause chain is read.
 */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if (/UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

export type CategoryWriteResult<T> = { ok: true; value: T } | { ok: false; reason: "duplicate" | "not-found" };

/** Adds an active category; a name or slug that already exists is reported as a duplicate. */
export async function addCategory(db: Db, name: string): Promise<CategoryWriteResult<{ id: number; name: string }>> {
  try {
    const [row] = await db
      .insert(categories)
      .values({ name, slug: slugify(name), active: true })
      .returning({ id: categories.id, name: categories.name });
    return { ok: true, value: row! };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

/**
 * Renames a category and moves its products to the new slug in one atomic batch: if the
 * new name or slug is taken, neither the category nor any product changes.
 */
export async function renameCategory(db: Db, id: number, name: string): Promise<CategoryWriteResult<{ name: string }>> {
  const slug = slugify(name);
  const oldSlug = sql`(SELECT ${categories.slug} FROM ${categories} WHERE ${categories.id} = ${id})`;
  try {
    const [, renamed] = await db.batch([
      db
        .update(products)
        .set({
          category: slug,
          version: sql`${products.version} + 1`,
          updatedAt: sqlNow,
        })
        .where(sql`${products.category} = ${oldSlug} AND ${products.category} <> ${slug}`),
      db.update(categories).set({ name, slug }).where(eq(categories.id, id)).returning({ name: categories.name }),
    ]);
    const [row] = renamed;
    return row ? { ok: true, value: row } : { ok: false, reason: "not-found" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

/** Flips the active flag; returns the new state, or null when the category does not exist. */
export async function toggleCategoryActive(db: Db, id: number) {
  const [row] = await db
    .update(categories)
    .set({ active: sql`NOT ${categories.active}` })
    .where(eq(categories.id, id))
    .returning({ name: categories.name, active: categories.active });
  return row ?? null;
}
