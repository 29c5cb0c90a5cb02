import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catalogueEntryToRow } from "../../db/transform";
import { catalogue } from "../../db/catalogue";
import { migrationNotice } from "../../app/features/migration/migration";
import { createDb } from "../../app/server/load-context";
import { D1_MAX_BOUND_PARAMETERS, insertProductRows } from "../../app/features/migration/product-inserts.server";
import { getMigrationRun, MIGRATION_BATCH_ROWS, runMigration, startMigrationRun } from "../../app/features/migration/migration-runs.server";
import { MIGRATION_DLQ_NAME, MIGRATION_QUEUE_NAME, type MigrationMessage } from "../../app/features/migration/migration-queue.server";
import { watchD1 } from "../../app/server/server-timing.server";
import worker from "../../workers/app";
import { savePercent } from "../../app/features/deals/deals";
import { adminCookie, catalogueChanged, get, postForm } from "./helpers";
import { fieldValue, textsOf } from "./page-parts";

/**
 * The queue-backed catalogue migration against the real Worker: the real queue handler
 * (workers/app.ts default export) and real local D1. Runs are created by the same function the
 * admin action uses; messages are delivered with createMessageBatch, as the Queue would.
 */

const db = createDb(env.DB);
const isProductInsert = (sql: string) => /^insert into "products"/i.test(sql);
const catalogueKeys = catalogue.map((entry) => entry.key).sort();

/** A queue stand-in for runs whose delivery the test drives itself (the real queue would deliver in the background). */
function recordingQueue() {
  const sent: MigrationMessage[] = [];
  return {
    sent,
    queue: {
      async send(body: MigrationMessage) {
        sent.push(body);
      },
    },
  };
}

async function createRun({ clearExisting = true } = {}) {
  const { sent, queue } = recordingQueue();
  const result = await startMigrationRun(db, queue, { clearExisting });
  if (result.kind !== "started") throw new Error(`Expected the run to start, got ${result.kind}`);
  expect(sent).toEqual([{ runId: result.run.id }]);
  return { runId: result.run.id, message: sent[0]! };
}

let messageNumber = 0;
/** Delivers messages to the Worker's queue handler, as the Queue does, and returns what it acked or retried. */
async function deliver(
  bodies: unknown[],
  { queue = MIGRATION_QUEUE_NAME, attempts = 1, database = env.DB }: { queue?: string; attempts?: number; database?: D1Database } = {},
) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body) => ({ id: `message-${++messageNumber}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, DB: database });
  return getQueueResult(batch, ctx);
}

async function keyCounts() {
  const { results } = await env.DB.prepare(
    "SELECT catalogue_key AS key, COUNT(*) AS n FROM products WHERE catalogue_key IS NOT NULL GROUP BY catalogue_key ORDER BY catalogue_key",
  ).all<{ key: string; n: number }>();
  return results;
}

async function productCount() {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM products").first<{ n: number }>();
  return row!.n;
}

async function migrationCompleteSetting() {
  const row = await env.DB.prepare("SELECT value FROM settings WHERE key = 'migration_complete'").first<{ value: string }>();
  return row?.value ?? null;
}

async function runCount() {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM migration_runs").first<{ n: number }>();
  return row!.n;
}

/** Each built-in catalogue product is in the table exactly once, and nothing else is. */
async function expectWholeCatalogueExactlyOnce() {
  const counts = await keyCounts();
  expect(counts.map((row) => row.key)).toEqual(catalogueKeys);
  expect(counts.every((row) => row.n === 1)).toBe(true);
  expect(await productCount()).toBe(catalogue.length);
}

function entry(key: string, name = `Test Product ${key}`) {
  return { key, name, price: "$10", category: "indoors", effects: ["Calm"] };
}

/** A small catalogue test-01..test-NN; the entries at `rejectAt` (0-based) are named so that D1 will refuse them. */
function testCatalogue(size: number, rejectAt: number[] = []) {
  return Array.from({ length: size }, (_, i) =>
    entry(`test-${String(i + 1).padStart(2, "0")}`, rejectAt.includes(i) ? `Reject Me ${i + 1}` : `Test Product ${i + 1}`),
  );
}

/** The plan token the confirmation page (/admin/catalogue-load) gives its forms: a start POST must send it back. */
async function confirmedPlan(cookie: string) {
  const page = await (await get("/admin/catalogue-load", { headers: { Cookie: cookie } })).text();
  const token = await fieldValue(page, "plan");
  expect(token).toBeTruthy();
  return token!;
}

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

beforeEach(async () => {
  // Every test starts from the seeded shop and no migration history.
  await env.DB.batch([
    env.DB.prepare("DELETE FROM migration_runs"),
    env.DB.prepare("DELETE FROM settings WHERE key = 'migration_complete'"),
    env.DB.prepare("DELETE FROM products"),
    env.DB.prepare("DELETE FROM product_trash"),
  ]);
  await insertProductRows(db, catalogue.map(catalogueEntryToRow));
});

describe("a full migration through the Queue consumer", () => {
  it("inserts the whole catalogue, sets the complete flag and reports full success", async () => {
    await env.DB.prepare("DELETE FROM products").run();
    const { runId, message } = await createRun();
    expect((await getMigrationRun(db, runId))?.status).toBe("queued");

    const result = await deliver([message]);
    expect(result.explicitAcks).toEqual([`message-${messageNumber}`]);
    expect(result.retryMessages).toEqual([]);

    await expectWholeCatalogueExactlyOnce();
    expect(await migrationCompleteSetting()).toBe("true");
    const run = (await getMigrationRun(db, runId))!;
    expect(run).toMatchObject({
      status: "succeeded",
      total: catalogue.length,
      inserted: catalogue.length,
      failed: 0,
      failedProducts: "[]",
      productCount: catalogue.length,
      migrationComplete: true,
      cleared: true,
      error: null,
    });
    expect(run.startedAt).toBeTruthy();
    expect(run.finishedAt).toBeTruthy();
    // Into an empty shop: every product added, and the notice counts exactly that.
    expect(migrationNotice(run)?.description).toBe(
      `Loaded the built-in catalogue (${catalogue.length} products): ${catalogue.length} added, 0 updated, 0 unchanged.`,
    );

    // The shop paginates: its count line names the whole catalogue.
    const shop = (await (await get("/shop")).text()).replace(/<!-- -->/g, "");
    expect(shop).toContain(`of ${catalogue.length} products`);
  });

  it("loads the catalogue's sales with their compare-at prices, 25% off, so the Daily Deal is true on a new install", async () => {
    await env.DB.prepare("DELETE FROM products").run();
    const { message } = await createRun();
    await deliver([message]);
    await catalogueChanged();

    // On sale: a product's price (its lowest size's, decision 028) has a compare-at price.
    const onSale = catalogue
      .filter((entry) => catalogueEntryToRow(entry).compareAtCents !== null)
      .map((entry) => entry.key)
      .sort();
    expect(onSale.length).toBeGreaterThanOrEqual(5);
    expect(onSale.length).toBeLessThanOrEqual(8);
    const { results } = await env.DB.prepare(
      "SELECT catalogue_key, price_cents, compare_at_cents FROM products WHERE compare_at_cents IS NOT NULL ORDER BY catalogue_key",
    ).all<{ catalogue_key: string; price_cents: number; compare_at_cents: number }>();
    expect(results.map((row) => row.catalogue_key)).toEqual(onSale);
    for (const row of results) {
      expect(savePercent({ priceCents: row.price_cents, compareAtCents: row.compare_at_cents }), row.catalogue_key).toBe(25);
      // The transform and the stored row agree (the seed uses the same transform).
      expect(catalogueEntryToRow(catalogue.find((entry) => entry.key === row.catalogue_key))).toMatchObject({
        compareAtCents: row.compare_at_cents,
      });
    }

    // The home page's Daily Deal links to the On sale filter, which lists exactly those products.
    const home = await (await get("/")).text();
    expect(/<a [^>]*href="\/shop\?sale=1"[^>]*>Shop the deal<\/a>/.test(home)).toBe(true);
    const shop = (await (await get("/shop?sale=1")).text()).replace(/<!-- -->/g, "");
    expect(shop).toContain(`Showing ${onSale.length} of ${onSale.length} products`);
    expect((shop.match(/Save 25%/g) ?? []).length).toBe(onSale.length);
  });

  it("with clearExisting (the owner's explicit 'replace') replaces a changed catalogue: strays go to the trash, edits are undone", async () => {
    const changed = catalogue[3]!;
    await env.DB.batch([
      env.DB.prepare("UPDATE products SET name = 'Edited Away', price_cents = 1 WHERE catalogue_key = ?").bind(changed.key),
      env.DB.prepare("INSERT INTO products (name, price_cents, category) VALUES ('Stray Product', 999, 'indoors')"),
    ]);
    expect(await productCount()).toBe(catalogue.length + 1);

    const { message } = await createRun({ clearExisting: true });
    await deliver([message]);

    await expectWholeCatalogueExactlyOnce();
    const restored = await env.DB.prepare("SELECT name, price_cents FROM products WHERE catalogue_key = ?")
      .bind(changed.key)
      .first<{ name: string; price_cents: number }>();
    expect(restored).toEqual({ name: changed.name, price_cents: catalogueEntryToRow(changed).priceCents });

    // Every product list reads D1: the shop shows the new catalogue at once.
    const search = async (term: string) => (await get(`/shop?search=${encodeURIComponent(term)}`)).text();
    expect(await search("Stray Product")).toContain("No products found matching your criteria.");
    expect(await search("Edited Away")).toContain("No products found matching your criteria.");
    expect(await search(changed.name!)).toContain(escapeHtml(changed.name!));
    const trashed = await env.DB.prepare("SELECT name, reason FROM product_trash").all<{ name: string; reason: string }>();
    expect(trashed.results).toEqual([{ name: "Stray Product", reason: "replaced" }]);
  });

  it("without clearExisting keeps what is there and only adds what is missing", async () => {
    const missing = catalogue[0]!;
    await env.DB.batch([
      env.DB.prepare("DELETE FROM products WHERE catalogue_key = ?").bind(missing.key),
      env.DB.prepare("INSERT INTO products (name, price_cents, category) VALUES ('Stray Product', 999, 'indoors')"),
    ]);

    const { runId, message } = await createRun({ clearExisting: false });
    await deliver([message]);

    expect((await keyCounts()).map((row) => row.key)).toEqual(catalogueKeys);
    expect(await productCount()).toBe(catalogue.length + 1);
    expect(await getMigrationRun(db, runId)).toMatchObject({ status: "succeeded", cleared: false, inserted: catalogue.length });
  });
});

describe("at-least-once delivery", () => {
  it("does nothing when the same message is delivered again", async () => {
    const { runId, message } = await createRun();
    await deliver([message]);
    const first = await getMigrationRun(db, runId);

    // A stray added after the run finished must survive a redelivery: a finished run never clears again.
    await env.DB.prepare("INSERT INTO products (name, price_cents, category) VALUES ('Added Later', 100, 'indoors')").run();
    const again = await deliver([message], { attempts: 2 });

    expect(again.explicitAcks).toHaveLength(1);
    expect(await getMigrationRun(db, runId)).toEqual(first);
    expect((await keyCounts()).every((row) => row.n === 1)).toBe(true);
    expect(await productCount()).toBe(catalogue.length + 1);
  });

  it("ends with each product exactly once when one batch carries the same message twice", async () => {
    const { runId, message } = await createRun();
    const result = await deliver([message, message]);
    expect(result.explicitAcks).toHaveLength(2);
    await expectWholeCatalogueExactlyOnce();
    expect((await getMigrationRun(db, runId))?.status).toBe("succeeded");
  });

  it("finishes a run interrupted after its first batch without duplicating or losing a product", async () => {
    // A new shop: every catalogue product is inserted.
    await env.DB.prepare("DELETE FROM products").run();
    const { runId, message } = await createRun();

    // The isolate "dies" once the first insert batch has committed: every later D1 call fails.
    let dead = false;
    const dying = watchD1(env.DB, {
      execute: async (sqls, run) => {
        if (dead) throw new Error("simulated isolate shutdown");
        const result = await run();
        if (sqls.some(isProductInsert)) dead = true;
        return result;
      },
    });
    const interrupted = await deliver([message], { database: dying });
    expect(interrupted.retryMessages).toHaveLength(1);
    expect(interrupted.explicitAcks).toEqual([]);

    // The clear and the first batch (with its progress) committed; nothing else did.
    const midway = (await getMigrationRun(db, runId))!;
    expect(midway).toMatchObject({ status: "running", cleared: true, inserted: MIGRATION_BATCH_ROWS });
    expect(await productCount()).toBe(MIGRATION_BATCH_ROWS);

    // The Queue redelivers: the run must not clear again, and must insert each product exactly once.
    const redelivered = await deliver([message], { attempts: 2 });
    expect(redelivered.explicitAcks).toHaveLength(1);
    await expectWholeCatalogueExactlyOnce();
    expect(await getMigrationRun(db, runId)).toMatchObject({ status: "succeeded", inserted: catalogue.length, failed: 0 });
  });

  it("ignores a message whose run id no admin action created, and messages of unknown shape", async () => {
    const before = await keyCounts();
    const result = await deliver([{ runId: crypto.randomUUID() }, { hello: "world" }, "not an object"]);
    expect(result.explicitAcks).toHaveLength(3);
    expect(result.retryMessages).toEqual([]);
    expect(await runCount()).toBe(0);
    expect(await keyCounts()).toEqual(before);
    expect(await migrationCompleteSetting()).toBeNull();
  });
});

describe("the transform and failing products", () => {
  it("gives a catalogue entry with bad fields the product's defaults", async () => {
    const { runId } = await createRun();
    const bad = {
      key: "bad-fields",
      name: 42,
      price: "free",
      category: "",
      rating: "five stars",
      review_count: "many",
      effects: "Sleepy",
      is_lab_tested: "no",
      in_stock: null,
    };
    const result = await runMigration(db, runId, { catalogue: [...testCatalogue(3), bad] });
    expect(result.kind).toBe("finished");

    const row = await env.DB.prepare(
      "SELECT name, price_cents, category, rating, review_count, effects, is_lab_tested, in_stock, active FROM products WHERE catalogue_key = 'bad-fields'",
    ).first();
    expect(row).toEqual({
      name: "Unnamed Product",
      price_cents: 0,
      category: "indoors",
      rating: 5,
      review_count: 0,
      effects: '["Sleepy"]',
      is_lab_tested: 1,
      in_stock: 1,
      active: 1,
    });
    const shop = await (await get("/shop")).text();
    expect(shop).toContain("Unnamed Product");
    expect(shop).toContain("$0.00");
  });

  describe("with a product D1 refuses to store", () => {
    beforeEach(async () => {
      // A real D1 rejection for one product name: the batch holding it fails as a whole.
      await env.DB.prepare(
        "CREATE TRIGGER reject_test_products BEFORE INSERT ON products WHEN NEW.name LIKE 'Reject Me%' BEGIN SELECT RAISE(ABORT, 'rejected by the test trigger'); END",
      ).run();
    });
    afterEach(async () => {
      await env.DB.prepare("DROP TRIGGER IF EXISTS reject_test_products").run();
    });

    it("records it in failedProducts, inserts the rest, and at exactly 95% reports warnings with the flag set", async () => {
      const { runId } = await createRun();
      const entries = testCatalogue(20, [4]);
      const result = await runMigration(db, runId, { catalogue: entries });
      expect(result.kind).toBe("finished");

      const run = (await getMigrationRun(db, runId))!;
      expect(run).toMatchObject({ status: "warnings", total: 20, inserted: 19, failed: 1, productCount: 19, migrationComplete: true });
      const failed = JSON.parse(run.failedProducts) as { key: string; name: string; reason: string }[];
      expect(failed).toEqual([{ key: "test-05", name: "Reject Me 5", reason: expect.stringContaining("rejected by the test trigger") }]);
      expect(await migrationCompleteSetting()).toBe("true");
      expect(migrationNotice(run)).toMatchObject({
        title: "Migration completed with warnings",
        description: "Successfully migrated 19/20 products. 1 product failed.",
      });
      // The batch that held the rejected product still delivered its other nine.
      const keys = (await keyCounts()).map((row) => row.key);
      expect(keys).toHaveLength(19);
      expect(keys).not.toContain("test-05");
    });

    it("below 95% (18 of 20) reports a partial migration and leaves the flag unset", async () => {
      await env.DB.prepare("INSERT INTO settings (key, value) VALUES ('migration_complete', 'true')").run();
      const { runId } = await createRun();
      const entries = testCatalogue(20, [0, 11]);
      await runMigration(db, runId, { catalogue: entries });

      const run = (await getMigrationRun(db, runId))!;
      expect(run).toMatchObject({ status: "partial", inserted: 18, failed: 2, productCount: 18, migrationComplete: false });
      expect(await migrationCompleteSetting()).toBe("false");
      expect(migrationNotice(run)?.description).toBe("Migrated 18/20 products. Some categories may have fewer products than expected.");
    });
  });

  it("reports entries without a key or with a repeated key instead of risking duplicates", async () => {
    const { runId } = await createRun();
    const entries = [...testCatalogue(3), { name: "No Key", price: "$5" }, entry("test-01", "Same Key Again")];
    await runMigration(db, runId, { catalogue: entries });
    const run = (await getMigrationRun(db, runId))!;
    expect(JSON.parse(run.failedProducts)).toEqual([
      { key: "#4", name: "No Key", reason: "Catalogue entry has no key" },
      { key: "test-01", name: "Same Key Again", reason: 'Duplicate catalogue key "test-01"' },
    ]);
    expect(run).toMatchObject({ inserted: 3, failed: 2, status: "partial" });
  });
});

describe("D1's 100 bound parameters", () => {
  it("no statement of a full migration binds more than 100 parameters", async () => {
    const insertParameters: number[] = [];
    let widest = 0;
    const counting = watchD1(env.DB, {
      onBind: (sql, parameters) => {
        widest = Math.max(widest, parameters);
        if (isProductInsert(sql)) insertParameters.push(parameters);
      },
    });
    // A new shop (every product inserted), then a load over it (every product compared and updated in place).
    await env.DB.prepare("DELETE FROM products").run();
    const { message } = await createRun();
    await deliver([message], { database: counting });
    const { message: again } = await createRun({ clearExisting: false });
    await deliver([again], { database: counting });

    await expectWholeCatalogueExactlyOnce();
    expect(insertParameters.length).toBeGreaterThan(0);
    expect(Math.max(...insertParameters)).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
    expect(widest).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
    // Rows are grouped, not inserted one per statement.
    expect(insertParameters.length).toBeLessThan(catalogue.length);
  });
});

describe("failures and the dead-letter queue", () => {
  it("retries a run whose inserts fail, and the dead-letter queue marks it failed with that error", async () => {
    const { runId, message } = await createRun();
    const outage = watchD1(env.DB, {
      execute: (sqls, run) => {
        // Product inserts and the progress records fail; everything else still works.
        if (sqls.some((sql) => isProductInsert(sql) || /^update "migration_runs" set "inserted"/.test(sql))) {
          throw new Error("D1_ERROR: simulated storage outage");
        }
        return run();
      },
    });
    const attempt = await deliver([message], { database: outage });
    expect(attempt.retryMessages).toHaveLength(1);
    expect(await getMigrationRun(db, runId)).toMatchObject({
      status: "running",
      error: "Failed to insert products: D1_ERROR: simulated storage outage",
    });

    const dead = await deliver([message], { queue: MIGRATION_DLQ_NAME, attempts: 4 });
    expect(dead.explicitAcks).toHaveLength(1);
    const run = (await getMigrationRun(db, runId))!;
    expect(run).toMatchObject({ status: "failed", error: "Failed to insert products: D1_ERROR: simulated storage outage" });
    expect(run.finishedAt).toBeTruthy();
    expect(migrationNotice(run)).toEqual({
      title: "Migration failed",
      description: "Failed to insert products: D1_ERROR: simulated storage outage",
      variant: "destructive",
    });

    // A late redelivery of the dead run changes nothing.
    await deliver([message], { attempts: 5 });
    expect((await getMigrationRun(db, runId))?.status).toBe("failed");
  });

  it("marks a dead-lettered run with no recorded error failed with the generic message", async () => {
    const { runId, message } = await createRun();
    await deliver([message], { queue: MIGRATION_DLQ_NAME });
    expect(await getMigrationRun(db, runId)).toMatchObject({
      status: "failed",
      error: "An error occurred during migration. Please try again.",
    });
  });

  it("leaves a finished run alone when a copy of its message is dead-lettered", async () => {
    const { runId, message } = await createRun();
    await deliver([message]);
    await deliver([message], { queue: MIGRATION_DLQ_NAME });
    expect((await getMigrationRun(db, runId))?.status).toBe("succeeded");
  });

  it("marks the run failed with 'Migration function error' when the Queue refuses the message", async () => {
    const result = await startMigrationRun(
      db,
      {
        async send() {
          throw new Error("Queue send failed: quota exceeded");
        },
      },
      { clearExisting: true },
    );
    expect(result.kind).toBe("failed");
    expect(result.run).toMatchObject({ status: "failed", error: "Migration function error: Queue send failed: quota exceeded" });
  });
});

describe("POST /admin/migration (the dashboard button)", () => {
  it("changes nothing without an admin session and says why", async () => {
    const before = { runs: await runCount(), products: await keyCounts() };

    const response = await postForm("/admin/migration", { intent: "start", clearExisting: "true" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    const toastCookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const page = await (await get("/admin", { headers: { Cookie: toastCookie } })).text();
    expect(page).toContain("Migration failed");
    expect(page).toContain("Admin authentication required for migration");

    const json = await postForm("/admin/migration", { intent: "start" }, { headers: { Accept: "application/json" } });
    expect(json.status).toBe(401);
    expect(await json.json()).toEqual({ error: "Admin authentication required for migration" });

    expect(await runCount()).toBe(before.runs);
    expect(await keyCounts()).toEqual(before.products);
  });

  it("keeps the run's progress private", async () => {
    // Like every admin GET without a session: sent to sign in, nothing disclosed.
    const response = await get("/admin/migration", { headers: { Accept: "application/json" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(await response.text()).not.toContain("status");
  });

  it("records a queued run, and the Worker's own queue consumer finishes it", async () => {
    const spy = vi.spyOn(worker, "queue");
    const cookie = await adminCookie();
    const plan = await confirmedPlan(cookie);
    const response = await postForm("/admin/migration", { intent: "start", clearExisting: "true", plan }, { headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin\/dashboard\?run=[0-9a-f-]{36}$/);

    const status = await get("/admin/migration", { headers: { Cookie: cookie, Accept: "application/json" } });
    const { run } = (await status.json()) as { run: { id: string; status: string; clearExisting: boolean; total: number } };
    expect(run).toMatchObject({ clearExisting: true, total: catalogue.length });
    expect(["queued", "running", "succeeded"]).toContain(run.status);

    await vi.waitFor(async () => expect((await getMigrationRun(db, run.id))?.status).toBe("succeeded"), { timeout: 15_000, interval: 200 });
    expect(spy).toHaveBeenCalled();
    await expectWholeCatalogueExactlyOnce();
    spy.mockRestore();
  });

  it("refuses to start a second run while one is queued", async () => {
    const { runId, message } = await createRun();
    const cookie = await adminCookie();
    const plan = await confirmedPlan(cookie);
    const response = await postForm("/admin/migration", { intent: "start", clearExisting: "true", plan }, { headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    const toastCookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    const page = await (await get("/admin/dashboard", { headers: { Cookie: `${cookie}; ${toastCookie}` } })).text();
    expect(page).toContain("Migration already in progress");
    expect(await runCount()).toBe(1);

    await deliver([message]);
    expect((await getMigrationRun(db, runId))?.status).toBe("succeeded");
  });

  it("answers a malformed request with 400 and field errors", async () => {
    const cookie = await adminCookie();
    const response = await postForm(
      "/admin/migration",
      { intent: "delete-everything", clearExisting: "maybe" },
      { headers: { Cookie: cookie, Accept: "application/json" } },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(body.error).toBe("Invalid migration request");
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["clearExisting", "intent"]);

    const notAForm = await SELF.fetch("http://localhost/admin/migration", {
      method: "POST",
      body: JSON.stringify({ intent: "start" }),
      headers: { Cookie: cookie, Accept: "application/json", "Content-Type": "application/json", Origin: "http://localhost" },
    });
    expect(notAForm.status).toBe(400);
    expect(((await notAForm.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toHaveProperty("intent");
    expect(await runCount()).toBe(0);
  });
});

describe("the dashboard panel while a run is in flight", () => {
  it.each(["queued", "running"])("a %s run disables the button, which reads 'Loading More Products...'", async (status) => {
    await env.DB.prepare("INSERT INTO migration_runs (id, status, total, inserted) VALUES (?, ?, ?, 10)")
      .bind(`panel-${status}`, status, catalogue.length)
      .run();
    const html = (await (await get("/admin/dashboard", { headers: { Cookie: await adminCookie() } })).text()).replace(/<!-- -->/g, "");
    expect(await textsOf(html, "button[disabled]")).toContainEqual(expect.stringContaining("Loading More Products..."));
    expect(html).not.toContain(">Load Full Product Catalog<");
    await env.DB.prepare("DELETE FROM migration_runs WHERE id = ?").bind(`panel-${status}`).run();
  });
});
