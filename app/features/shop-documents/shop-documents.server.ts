import { and, desc, eq, sql } from "drizzle-orm";
import { shopDocumentVersions } from "~db/schema";
import type { Db } from "~/server/load-context";
import { changedFields, type ShopDefaultsEnv, type ShopDocument, type VersionSummary } from "./shop-document";

/**
 * The owner's documents, versioned in D1 (`shop_document_versions`): every save writes the whole
 * document as a new row, the newest row is current, and a restore writes an old row's body again as
 * the newest — so nothing the owner saved is lost by one click. A stored body the schema no longer
 * accepts never breaks a page: readers get the defaults and `malformed` says so.
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
 * by id and body, so a database that starts again (a test's, a restored one) is never misread.
 */
const parsed = new Map<string, { id: number; body: string; read: DocumentRead<unknown> }>();

/** The document from its current row (the result of `currentVersionQuery`). */
export function documentFromRows<T>(document: ShopDocument<T>, rows: readonly CurrentRow[], env: ShopDefaultsEnv): DocumentRead<T> {
  const row = rows[0];
  if (!row) return { value: document.defaults(env), versionId: null, malformed: false };
  const kept = parsed.get(document.name);
  // The schema produced this value for this very row, so it is a T.
  if (kept?.id === row.id && kept.body === row.body) return kept.read as DocumentRead<T>;
  const result = document.schema.safeParse(parseJson(row.body));
  const read: DocumentRead<T> = result.success
    ? { value: result.data, versionId: row.id, malformed: false }
    : { value: document.defaults(env), versionId: row.id, malformed: true };
  if (!result.success) console.warn(`Shop document "${document.name}" version ${row.id} does not match its schema; showing the defaults`);
  parsed.set(document.name, { id: row.id, body: row.body, read });
  return read;
}

/** Reads the current version (one D1 query; add `currentVersionQuery` to a batch to save the round trip). */
export async function readDocument<T>(db: Db, document: ShopDocument<T>, env: ShopDefaultsEnv): Promise<DocumentRead<T>> {
  return documentFromRows(document, await currentVersionQuery(db, document.name), env);
}

export type SaveResult = { ok: true; versionId: number } | { ok: false; reason: "changed-meanwhile" };

/**
 * Saves `value` (already checked by the document's schema) as the newest version. With `basedOn`
 * (the version the owner's form was opened at), a save over a version written meanwhile — another
 * tab, a restore — is refused and writes nothing. The check and the write are one statement.
 */
export async function saveDocument<T>(
  db: Db,
  document: ShopDocument<T>,
  value: T,
  {
    basedOn,
    env,
    restoredFrom = null,
    summary,
  }: { basedOn?: number | null; env: ShopDefaultsEnv; restoredFrom?: number | null; summary?: string },
): Promise<SaveResult> {
  const before = await readDocument(db, document, env);
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
export async function restoreVersion<T>(db: Db, document: ShopDocument<T>, id: number, env: ShopDefaultsEnv): Promise<RestoreResult> {
  const [row] = await db
    .select({ body: shopDocumentVersions.body, savedAt: shopDocumentVersions.savedAt })
    .from(shopDocumentVersions)
    .where(and(eq(shopDocumentVersions.name, document.name), eq(shopDocumentVersions.id, id)));
  if (!row) return { ok: false, reason: "not-found" };
  const result = document.schema.safeParse(parseJson(row.body));
  if (!result.success) return { ok: false, reason: "unreadable" };
  const before = await readDocument(db, document, env);
  const changed = changedFields(before.value, result.data, document.labels);
  const summary = `Restored the version of ${new Date(row.savedAt).toISOString().slice(0, 16).replace("T", " ")} UTC${changed.length > 0 ? ` (${changed.join(", ")})` : ""}`;
  return saveDocument(db, document, result.data, { env, restoredFrom: id, summary });
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
