import { and, desc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { productSizes, specials, type SpecialRow } from "~db/schema";
import type { Db } from "~/server/load-context";
import { TRASH_PURGE_AFTER_DAYS } from "~/features/trash/trash";
import { applySpecials, type PricedLine, type SpecialsResult } from "./apply";
import { specialDataSchema, type Special, type SpecialData } from "./special";

/** The specials in D1: the live ones for the shop and the engine, the trash for Undo. */

/** A stored row as a special; null when its data no longer reads (never breaks a page: it just does not apply). */
function specialFromRow(row: Pick<SpecialRow, "id" | "data">): Special | null {
  let json: unknown;
  try {
    json = JSON.parse(row.data);
  } catch {
    return null;
  }
  const parsed = specialDataSchema.safeParse(json);
  return parsed.success ? { id: row.id, ...parsed.data } : null;
}

/**
 * The query for the specials not in the trash, for a page's existing `db.batch`. Each row also names
 * the product of every size it lists (JSON `[[sizeId, productId], ...]`), so a card can badge a
 * special on chosen sizes without a read of its own.
 */
export function liveSpecialsQuery(db: Db) {
  return db
    .select({
      id: specials.id,
      data: specials.data,
      sizeProducts: sql<
        string | null
      >`(SELECT json_group_array(json_array(${productSizes.id}, ${productSizes.productId})) FROM ${productSizes} WHERE ${productSizes.id} IN (SELECT value FROM json_each(${specials.data}, '$.selection.sizes') UNION ALL SELECT value FROM json_each(${specials.data}, '$.reward.sizes')))`,
    })
    .from(specials)
    .where(isNull(specials.deletedAt))
    .orderBy(specials.id);
}

/** Size id → product id for the sizes the live specials list (from `liveSpecialsQuery`'s rows); unreadable text adds none. */
export function readSizeProducts(rows: Array<{ sizeProducts: string | null }>): Map<number, number> {
  const map = new Map<number, number>();
  for (const row of rows) {
    let pairs: unknown;
    try {
      pairs = JSON.parse(row.sizeProducts ?? "[]");
    } catch {
      continue;
    }
    if (!Array.isArray(pairs)) continue;
    for (const pair of pairs) {
      // Number.isSafeInteger is not a type guard: the casts say what it checked.
      if (Array.isArray(pair) && Number.isSafeInteger(pair[0]) && Number.isSafeInteger(pair[1]))
        map.set(pair[0] as number, pair[1] as number);
    }
  }
  return map;
}

/** The same live rows as one JSON text column, for a query that already runs (the dashboard's stats). */
export function liveSpecialsJson() {
  return sql<string>`(SELECT json_group_array(json_object('id', ${specials.id}, 'data', ${specials.data})) FROM ${specials} WHERE ${specials.deletedAt} IS NULL)`;
}

/** The rows `liveSpecialsJson` wrote; none when the text does not read. */
export function readSpecialsJson(text: string | null | undefined): Array<{ id: number; data: string }> {
  try {
    const value: unknown = JSON.parse(text ?? "[]");
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item: unknown): item is { id: number; data: string } =>
        typeof item === "object" &&
        item !== null &&
        "id" in item &&
        typeof item.id === "number" &&
        "data" in item &&
        typeof item.data === "string",
    );
  } catch {
    return [];
  }
}

export function readSpecials(rows: Array<Pick<SpecialRow, "id" | "data">>): Special[] {
  return rows.flatMap((row) => {
    const special = specialFromRow(row);
    return special ? [special] : [];
  });
}

function columns(data: SpecialData) {
  return { name: data.name, code: data.code, paused: data.paused, data: JSON.stringify(data) };
}

export type SaveResult = { status: "saved"; id: number } | { status: "code-taken" } | { status: "not-found" };

async function codeTaken(db: Db, code: string | null, except: number | null) {
  if (code === null) return false;
  const [row] = await db
    .select({ id: specials.id })
    .from(specials)
    .where(and(eq(specials.code, code), isNull(specials.deletedAt)));
  return row !== undefined && row.id !== except;
}

export async function createSpecial(db: Db, data: SpecialData): Promise<SaveResult> {
  if (await codeTaken(db, data.code, null)) return { status: "code-taken" };
  const [row] = await db.insert(specials).values(columns(data)).returning({ id: specials.id });
  return row ? { status: "saved", id: row.id } : { status: "not-found" };
}

export async function updateSpecial(db: Db, id: number, data: SpecialData): Promise<SaveResult> {
  if (await codeTaken(db, data.code, id)) return { status: "code-taken" };
  const rows = await db
    .update(specials)
    .set({ ...columns(data), updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` })
    .where(and(eq(specials.id, id), isNull(specials.deletedAt)))
    .returning({ id: specials.id });
  return rows.length > 0 ? { status: "saved", id } : { status: "not-found" };
}

export async function getSpecial(db: Db, id: number): Promise<Special | null> {
  const [row] = await db
    .select({ id: specials.id, data: specials.data })
    .from(specials)
    .where(and(eq(specials.id, id), isNull(specials.deletedAt)));
  return row ? specialFromRow(row) : null;
}

/** Delete to the trash: the row stays, hidden, until Undo or the purge. */
export async function trashSpecial(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .update(specials)
    .set({ deletedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` })
    .where(and(eq(specials.id, id), isNull(specials.deletedAt)))
    .returning({ name: specials.name });
  return row?.name ?? null;
}

export type RestoreSpecialResult = { status: "restored"; name: string } | { status: "not-found" } | { status: "code-taken"; name: string };

/** Undo a delete; refused while another live special uses its code. */
export async function restoreSpecial(db: Db, id: number): Promise<RestoreSpecialResult> {
  const [row] = await db
    .select()
    .from(specials)
    .where(and(eq(specials.id, id), isNotNull(specials.deletedAt)));
  if (!row) return { status: "not-found" };
  if (await codeTaken(db, row.code, id)) return { status: "code-taken", name: row.name };
  await db.update(specials).set({ deletedAt: null }).where(eq(specials.id, id));
  return { status: "restored", name: row.name };
}

export function listTrashedSpecials(db: Db) {
  return db
    .select({ id: specials.id, name: specials.name, deletedAt: specials.deletedAt })
    .from(specials)
    .where(isNotNull(specials.deletedAt))
    .orderBy(desc(specials.deletedAt));
}

/** Forgets specials in the trash longer than the trash keeps anything. */
export function purgeTrashedSpecials(db: Db, now: Date) {
  const cutoff = new Date(now.getTime() - TRASH_PURGE_AFTER_DAYS * 86_400_000).toISOString();
  return db.delete(specials).where(and(isNotNull(specials.deletedAt), lt(specials.deletedAt, cutoff)));
}

/** The cart's seam: the engine's answer for priced lines, from the live specials, the shop's zone and the shopper's code. */
export async function specialsForCart(
  db: Db,
  options: { lines: PricedLine[]; timeZone: string; code: string | null; now?: Date },
): Promise<SpecialsResult> {
  const rows = await liveSpecialsQuery(db);
  return applySpecials({
    lines: options.lines,
    specials: readSpecials(rows),
    now: options.now ?? new Date(),
    timeZone: options.timeZone,
    code: options.code,
  });
}
