import { env } from "cloudflare:test";
import { inject, vi } from "vitest";
import { forgetIsolateMemory } from "../../app/server/isolate-memory.server";
import "./fresh-shop";

/**
 * Every test file starts from a fresh shop: the migrations, then the catalogue seed (its rows and sample
 * lab reports), as db/seed.ts's seedCatalogueIfEmpty makes them. Both come as plain data (the migrations'
 * SQL from the config, the seed's from fresh-shop.global.ts), so a fresh database gets all of it in one
 * D1 round trip.
 *
 * The files share a few runtimes (vitest's `isolate: false`, decision 056): one file runs after another
 * in the same workerd, on the same D1, R2, KV and Cache API and in the same isolate. Vitest runs this
 * file again before each test file, so it first takes away everything the file before left behind:
 * every table, every stored object and key, every cached response, the app's memory of earlier requests,
 * and any mock, stubbed global or fake clock still in place.
 */
const db = env.DB;
const migrations = (env as TestEnv).TEST_MIGRATIONS;
const seed = inject("freshShop");

/** Put back whatever the file before replaced, before this file's own code runs. */
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

/**
 * The Cache API cannot list what it holds, so each put is noted here (on globalThis: it outlives this
 * module, which vitest evaluates again per file) and taken out again before the next file.
 */
interface CachedKey {
  cache: string | null;
  url: string;
}
const cacheRecord = globalThis as typeof globalThis & { __cachedKeys?: CachedKey[] };
if (!cacheRecord.__cachedKeys) {
  const keys: CachedKey[] = (cacheRecord.__cachedKeys = []);
  const named = new WeakMap<Cache, string>();
  const storage = Object.getPrototypeOf(caches) as CacheStorage;
  const open = storage.open;
  storage.open = async function (this: CacheStorage, name: string) {
    const cache = await open.call(this, name);
    named.set(cache, name);
    return cache;
  };
  const cacheProto = Object.getPrototypeOf(caches.default) as Cache;
  const put = cacheProto.put;
  cacheProto.put = function (this: Cache, request: RequestInfo | URL, response: Response) {
    const url = request instanceof Request ? request.url : String(request);
    keys.push({ cache: named.get(this) ?? null, url });
    return put.call(this, request, response);
  };
}

async function emptyCaches() {
  const keys = cacheRecord.__cachedKeys!.splice(0);
  await Promise.all(keys.map(async ({ cache, url }) => (cache === null ? caches.default : await caches.open(cache)).delete(url)));
}

async function emptyBucket(bucket: R2Bucket) {
  for (let cursor: string | undefined; ; ) {
    const listed = await bucket.list({ cursor, limit: 1000 });
    if (listed.objects.length > 0) await bucket.delete(listed.objects.map((object) => object.key));
    if (!listed.truncated) return;
    cursor = listed.cursor;
  }
}

async function emptyNamespace(namespace: KVNamespace) {
  for (let cursor: string | undefined; ; ) {
    const listed: KVNamespaceListResult<unknown, string> = await namespace.list({ cursor });
    await Promise.all(listed.keys.map((key) => namespace.delete(key.name)));
    if (listed.list_complete) return;
    cursor = listed.cursor;
  }
}

/**
 * Every table, view and trigger the file before left (its indexes go with their tables): virtual tables
 * first, which take their own shadow tables with them. Foreign keys are checked at the batch's end, by
 * which time every table is gone.
 */
async function dropStatements(): Promise<D1PreparedStatement[]> {
  const { results } = await db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master
       WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'`,
    )
    .all<{ type: string; name: string; sql: string | null }>();
  const virtual = results.filter((row) => row.type === "table" && /^CREATE VIRTUAL TABLE/i.test(row.sql ?? ""));
  const shadowOf = (name: string) => virtual.some((table) => name.startsWith(`${table.name}_`));
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const drops = [
    ...results.filter((row) => row.type === "trigger").map((row) => `DROP TRIGGER IF EXISTS ${quoted(row.name)}`),
    ...results.filter((row) => row.type === "view").map((row) => `DROP VIEW IF EXISTS ${quoted(row.name)}`),
    ...virtual.map((row) => `DROP TABLE IF EXISTS ${quoted(row.name)}`),
    ...results
      .filter((row) => row.type === "table" && !virtual.includes(row) && !shadowOf(row.name))
      .map((row) => `DROP TABLE IF EXISTS ${quoted(row.name)}`),
  ];
  return drops.length === 0 ? [] : [db.prepare("PRAGMA defer_foreign_keys = on"), ...drops.map((sql) => db.prepare(sql))];
}

forgetIsolateMemory();
await Promise.all([
  emptyCaches(),
  emptyNamespace(env.CATALOGUE_VERSION),
  Promise.all([emptyBucket(env.IMAGES), emptyBucket(env.VIDEOS)]).then(() =>
    Promise.all(
      seed.objects.map(({ key, base64, options }) =>
        env.IMAGES.put(
          key,
          Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)),
          options,
        ),
      ),
    ),
  ),
  (async () => {
    const drops = await dropStatements();
    // applyD1Migrations' own bookkeeping table and rows, so anything that reads d1_migrations sees the same.
    const bookkeeping = db.prepare(
      "CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
    );
    const applied = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
    await db.batch([
      ...drops,
      bookkeeping,
      ...migrations.flatMap((migration) => [...migration.queries.map((query) => db.prepare(query)), applied.bind(migration.name)]),
      ...seed.statements.map(({ sql, params }) => db.prepare(sql).bind(...params)),
    ]);
  })(),
]);
