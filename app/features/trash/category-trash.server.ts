import { desc, eq, lt, or } from "drizzle-orm";
import { categories, categoryTrash, type CategoryRow } from "~db/schema";
import type { Db } from "~/server/load-context";

/**
 * The category trash (decision 025), the product trash's twin: a deleted category's row moves, whole,
 * into `category_trash` in one atomic batch with the delete, and Restore moves it back under the same
 * id (AUTOINCREMENT ids are never reused). Its products keep their category slug meanwhile — they
 * show as "(deleted category)" in the back office — so a restored category has them all again.
 */

/** Deletes one category into the trash; returns its name, or null when there was no such category. */
export async function trashCategory(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) return null;
  await db.batch([
    db
      .insert(categoryTrash)
      .values({ id: row.id, name: row.name, row: JSON.stringify(row) })
      .onConflictDoUpdate({ target: categoryTrash.id, set: { name: row.name, row: JSON.stringify(row) } }),
    db.delete(categories).where(eq(categories.id, id)),
  ]);
  return row.name;
}

export type CategoryRestoreResult = { status: "restored"; name: string } | { status: "not-found" } | { status: "taken"; name: string };

/** The category as it was deleted: its row, written as JSON by deleteCategory. */
function trashedRow(entry: { row: string }): CategoryRow {
  return JSON.parse(entry.row) as CategoryRow;
}

/**
 * Puts a trashed category back under its own id, atomically; refused when a category with its name,
 * slug or catalogue key has been added since (two categories may not share them).
 */
export async function restoreCategory(db: Db, id: number): Promise<CategoryRestoreResult> {
  const [entry] = await db.select().from(categoryTrash).where(eq(categoryTrash.id, id)).limit(1);
  if (!entry) return { status: "not-found" };
  const row = trashedRow(entry);
  const clashes = [eq(categories.name, row.name), eq(categories.slug, row.slug)];
  if (row.catalogueKey) clashes.push(eq(categories.catalogueKey, row.catalogueKey));
  const [taken] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(or(...clashes))
    .limit(1);
  if (taken) return { status: "taken", name: entry.name };
  await db.batch([db.insert(categories).values({ ...row, id }), db.delete(categoryTrash).where(eq(categoryTrash.id, id))]);
  return { status: "restored", name: entry.name };
}

export async function listCategoryTrash(db: Db) {
  const entries = await db.select().from(categoryTrash).orderBy(desc(categoryTrash.deletedAt), desc(categoryTrash.id));
  return entries.map((entry) => ({
    id: entry.id,
    name: entry.name,
    slug: trashedRow(entry).slug,
    deletedAt: entry.deletedAt,
  }));
}

/** Purges trashed categories deleted before `before` (an ISO time); they own no R2 objects. */
export async function purgeCategoryTrash(db: Db, before: string): Promise<number> {
  const purged = await db.delete(categoryTrash).where(lt(categoryTrash.deletedAt, before)).returning({ id: categoryTrash.id });
  return purged.length;
}
