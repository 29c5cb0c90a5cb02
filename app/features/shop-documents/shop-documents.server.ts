import { and, desc, eq, sql } from "drizzle-orm";
import { rememberedInIsolate } from "~/server/isolate-memory.server";
import { shopDocumentVersions } from "~db/schema";
import type { Db } from "~/server/load-context";
import { changedFields, type ShopDocument, type VersionSummary } from "./shop-document";

/**
 * The owner's documents, versioned in D1 (`shop_document_versions`): every save writes the whole
 * document as a new row, the newest row is current, and a restore writes an old row's body again as
 * the newest — so nothing the owner saved is lost by one click. A stored body the schema no longer
 * accepts never breaks a page: readers get the defaults and `malformed` says so. The defaults are never
 * stored: each read writes them from what they depend on now (`from`), so they follow it until the
 * owner saves a version of their own, which is then read exactly as saved.
 */

/** How many versions of one document are kept; older ones are removed as new ones are saved. */
export const KEPT_VERSIONS = 50;

export interface DocumentRead<T> {
  value: T;
  /** the current version's id, or null when nothing was ever saved (the defaults) */
  versionId: number | null;
  /** the stored version could not be read: `value` is the defaults */
  malformed: boolean;
}

/** The current version's row, as one statement a loader can add to its D1 batch. */
export function currentVersionQuery(db: Db, name: string) {
  return db
    .select({ id: shopDocumentVersions.id, body: shopDocumentVersions.body })
    .from(shopDocumentVersions)
    .where(eq(shopDocumentVersions.name, name))
    .orderBy(desc(shopDocumentVersions.id))
    .limit(1);
}

type CurrentRow = { id: number; body: string };

/**
 * Each isolate parses a version once: readers on later requests reuse it while it is current. Kept
 * by id and body, so a database that starts again (a test's, a restored one) is never misread. A
 * version the schema refuses is kept as refused (`read: null`): its defaults are written per read.
 */
const parsed = new Map<string, { id: number; body: string; read: DocumentRead<unknown> | null }>();
rememberedInIsolate(() => parsed.clear());

/** The document from its current row (the result of `currentVersionQuery`); `from` is what its defaults are written from. */
export function documentFromRows<T, From>(document: ShopDocument<T, From>, rows: readonly CurrentRow[], from: From): DocumentRead<T> {
  const row = rows[0];
  if (!row) return { value: document.defaults(from), versionId: null, malformed: false };
  let kept = parsed.get(document.name);
  if (kept?.id !== row.id || kept.body !== row.body) {
    const result = document.schema.safeParse(parseJson(row.body));
    if (!result.success) console.warn(`Shop document "${document.name}" version ${row.id} does not match its schema; showing the defaults`);
    kept = { id: row.id, body: row.body, read: result.success ? { value: result.data, versionId: row.id, malformed: false } : null };
    parsed.set(document.name, kept);
  }
  // The schema produced this value for this very row, so it is a T.
  return (kept.read as DocumentRead<T> | null) ?? { value: document.defaults(from), versionId: row.id, malformed: true };
}

/** Reads the current version (one D1 query; add `currentVersionQuery` to a batch to save the round trip). */
export async function readDocument<T, From>(db: Db, document: ShopDocument<T, From>, from: From): Promise<DocumentRead<T>> {
  return documentFromRows(document, await currentVersionQuery(db, document.name), from);
}

export type SaveResult = { ok: true; versionId: number } | { ok: false; reason: "changed-meanwhile" };

/**
 * Saves `value` (already checked by the document's schema) as the newest version. With `basedOn`
 * (the version the owner's form was opened at), a save over a version written meanwhile — another
 * tab, a restore — is refused and writes nothing. The check and the write are one statement.
 */
export async function saveDocument<T, From>(
  db: Db,
  document: ShopDocument<T, From>,
  value: T,
  { basedOn, from, restoredFrom = null, summary }: { basedOn?: number | null; from: From; restoredFrom?: number | null; summary?: string },
): Promise<SaveResult> {
  const before = await readDocument(db, document, from);
  const body = JSON.stringify(document.schema.parse(value));
  const what = summary ?? (changedFields(before.value, JSON.parse(body), document.labels).join(", ") || "No changes");
  const newest = sql`(SELECT max(${shopDocumentVersions.id}) FROM ${shopDocumentVersions} WHERE ${shopDocumentVersions.name} = ${document.name})`;
  const guard = basedOn === undefined ? sql`1` : sql`${newest} IS ${basedOn}`;
  const inserted = await db.run(sql`INSERT INTO ${shopDocumentVersions} (name, body, saved_at, summary, restored_from)
    SELECT ${document.name}, ${body}, ${Date.now()}, ${what}, ${restoredFrom} WHERE ${guard}`);
  // Only the newest KEPT_VERSIONS stay.
  await db.run(sql`DELETE FROM ${shopDocumentVersions} WHERE ${shopDocumentVersions.name} = ${document.name} AND ${shopDocumentVersions.id} NOT IN
    (SELECT ${shopDocumentVersions.id} FROM ${shopDocumentVersions} WHERE ${shopDocumentVersions.name} = ${document.name}
     ORDER BY ${shopDocumentVersions.id} DESC LIMIT ${KEPT_VERSIONS})`);
  if (inserted.meta.changes === 0) return { ok: false, reason: "changed-meanwhile" };
  return { ok: true, versionId: inserted.meta.last_row_id };
}

export type RestoreResult = SaveResult | { ok: false; reason: "not-found" | "unreadable" };

/** Writes an older version's body again as the newest version. */
export async function restoreVersion<T, From>(db: Db, document: ShopDocument<T, From>, id: number, from: From): Promise<RestoreResult> {
  const [row] = await db
    .select({ body: shopDocumentVersions.body, savedAt: shopDocumentVersions.savedAt })
    .from(shopDocumentVersions)
    .where(and(eq(shopDocumentVersions.name, document.name), eq(shopDocumentVersions.id, id)));
  if (!row) return { ok: false, reason: "not-found" };
  const result = document.schema.safeParse(parseJson(row.body));
  if (!result.success) return { ok: false, reason: "unreadable" };
  const before = await readDocument(db, document, from);
  const changed = changedFields(before.value, result.data, document.labels);
  const summary = `Restored the version of ${new Date(row.savedAt).toISOString().slice(0, 16).replace("T", " ")} UTC${changed.length > 0 ? ` (${changed.join(", ")})` : ""}`;
  return saveDocument(db, document, result.data, { from, restoredFrom: id, summary });
}

/** The newest versions, newest first (at most `limit`). */
export async function listVersions(db: Db, name: string, limit = 20): Promise<VersionSummary[]> {
  return db
    .select({
      id: shopDocumentVersions.id,
      savedAt: shopDocumentVersions.savedAt,
      summary: shopDocumentVersions.summary,
      restoredFrom: shopDocumentVersions.restoredFrom,
    })
    .from(shopDocumentVersions)
    .where(eq(shopDocumentVersions.name, name))
    .orderBy(desc(shopDocumentVersions.id))
    .limit(limit);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
