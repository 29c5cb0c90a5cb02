import { env } from "cloudflare:test";
import { inject, vi } from "vitest";
import worker from "../../workers/app";
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

/** What outlives a file in this runtime: it is kept on the isolate's global, since vitest evaluates this module again per file. */
const runtime = globalThis as typeof globalThis & {
  __cachedKeys?: CachedKey[];
  __fileStartedAt?: number;
  __inFlight?: Map<Promise<unknown>, string>;
};

/** Put back whatever the file before replaced, before this file's own code runs. */
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

/**
 * The Cache API cannot list what it holds, so each put into a named cache (the app opens only named
 * ones) is noted here (on globalThis: it outlives this
 * module, which vitest evaluates again per file) and taken out again before the next file.
 */
interface CachedKey {
  cache: string;
  url: string;
}
if (!runtime.__cachedKeys) {
  const keys: CachedKey[] = (runtime.__cachedKeys = []);
  const named = new WeakMap<Cache, string>();
  const storage = CacheStorage.prototype;
  const open = storage.open;
  storage.open = async function (this: CacheStorage, name: string) {
    const cache = await open.call(this, name);
    named.set(cache, name);
    return cache;
  };
  const cache = Cache.prototype;
  const put = cache.put;
  cache.put = function (this: Cache, request: RequestInfo | URL, response: Response) {
    const name = named.get(this);
    if (name !== undefined) keys.push({ cache: name, url: request instanceof Request ? request.url : String(request) });
    return put.call(this, request, response);
  };
}

async function emptyCaches() {
  const keys = runtime.__cachedKeys!.splice(0);
  await Promise.all(keys.map(async ({ cache, url }) => (await caches.open(cache)).delete(url)));
}

async function emptyBucket(bucket: R2Bucket) {
  for (let cursor: string | undefined; ;) {
    const listed = await bucket.list({ cursor, limit: 1000 });
    if (listed.objects.length > 0) await bucket.delete(listed.objects.map((object) => object.key));
    if (!listed.truncated) return;
    cursor = listed.cursor;
  }
}

async function emptyNamespace(namespace: KVNamespace) {
  for (let cursor: string | undefined; ;) {
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

/**
 * Work the file before left running: a queue batch being handled (a catalogue load writes for seconds) or
 * a request's `waitUntil` (a page or image copy, a count). It is awaited before the shop is emptied, or it
 * would write into this file's fresh shop. The Worker's handlers are looked up on its default export at
 * each request and delivery, so they are wrapped here, once per runtime. A `waitUntil` that copies a
 * response as it streams settles only when the test reads the body to its end (`expectStatus` does).
 */
const inFlight = (runtime.__inFlight ??= new Map());
function track(work: Promise<unknown>, what: string) {
  inFlight.set(work, what);
  void work.catch(() => undefined).finally(() => inFlight.delete(work));
}

/**
 * The local Queues deliver a batch a second or two after its messages were sent, so the file before may
 * have left messages (insights counts, photo variants) on their way. Each message carries when it was
 * sent: one sent before this file began is acknowledged unread instead of landing in this file's fresh
 * shop. A batch a test builds itself (createMessageBatch) is stamped now and handled as sent.
 */
if (runtime.__fileStartedAt === undefined) {
  const handleQueue = worker.queue.bind(worker);
  const handleFetch = worker.fetch.bind(worker);
  const handle = (batch: MessageBatch, queueEnv: Env) => {
    const work = handleQueue(batch, queueEnv);
    track(work, `a batch of ${batch.queue}`);
    return work;
  };
  worker.fetch = (request, fetchEnv, ctx) => {
    const waitUntil = ctx.waitUntil.bind(ctx);
    ctx.waitUntil = (work) => {
      track(work, `waitUntil of ${request.method} ${request.url}`);
      waitUntil(work);
    };
    return handleFetch(request, fetchEnv, ctx);
  };
  worker.queue = (batch, queueEnv) => {
    const startedAt = runtime.__fileStartedAt!;
    const current = batch.messages.filter((message) => message.timestamp.getTime() >= startedAt);
    if (current.length === batch.messages.length) return handle(batch, queueEnv);
    for (const message of batch.messages) if (message.timestamp.getTime() < startedAt) message.ack();
    if (current.length === 0) return Promise.resolve();
    const fresh = new Proxy(batch, {
      get: (target, key) => {
        if (key === "messages") return current;
        const value: unknown = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return handle(fresh, queueEnv);
  };
}
if (inFlight.size > 0) {
  const settled = Promise.allSettled(inFlight.keys()).then(() => true);
  const finished = await Promise.race([settled, new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000))]);
  if (!finished)
    console.warn(`Worker test setup: still running 10 s after the file before ended, not awaited: ${[...inFlight.values()].join("; ")}`);
  inFlight.clear();
}
runtime.__fileStartedAt = Date.now();

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
