import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { catalogue } from "../../db/catalogue";
import { createDb } from "../../app/server/load-context";
import { catalogueLoadChoices } from "../../app/features/migration/load-plan.server";
import { getMigrationRun, startMigrationRun } from "../../app/features/migration/migration-runs.server";
import { MIGRATION_QUEUE_NAME, type MigrationMessage } from "../../app/features/migration/migration-queue.server";
import { productPath } from "../../app/features/catalogue/product-path";
import { readSizes, sizeWriteStatements } from "../../app/features/catalogue/sizes.server";
import { variantObjectKey } from "../../app/features/photos/photo-variants";
import worker from "../../workers/app";
import { adminCookie, catalogueChanged, get, postForm } from "./helpers";
import { adminPost, follow, read } from "./admin-helpers";
import { fieldValue, formsOf, textsOf } from "./page-parts";

/**
 * The owner's work across catalogue loads (decisions 024 and 025), against the real Worker,
 * its queue handler and local D1/R2: a load asks first, updates catalogue products in place by their
 * stable key (ids, URLs, media stay), keeps the owner's products and edits unless told to replace them,
 * and what a replacing load or a delete removes goes to a trash it can come back from.
 */

const db = createDb(env.DB);
type Entry = (typeof catalogue)[number];
/** The first catalogue product sold in one size: its price is the products row's (a sized one's prices live in its sizes). */
const ONE_SIZE = catalogue.findIndex((entry) => !entry.sizes);

let messageNumber = 0;
/** Starts a run as the confirmed admin action does and delivers it to the Worker's queue handler, as the Queue would. */
async function load(entries: readonly Entry[], { replace = false } = {}) {
  const sent: MigrationMessage[] = [];
  const started = await startMigrationRun(
    db,
    { send: async (message) => void sent.push(message) },
    { clearExisting: replace },
    entries.length,
  );
  if (started.kind !== "started") throw new Error(`Expected the run to start, got ${started.kind}`);
  // The consumer loads the built-in catalogue; tests load their own through the same runMigration.
  const { runMigration } = await import("../../app/features/migration/migration-runs.server");
  await runMigration(db, started.run.id, { catalogue: entries });
  return (await getMigrationRun(db, started.run.id))!;
}

async function idsByKey() {
  const { results } = await env.DB.prepare("SELECT id, catalogue_key AS key FROM products WHERE catalogue_key IS NOT NULL").all<{
    id: number;
    key: string;
  }>();
  return Object.fromEntries(results.map((row) => [row.key, row.id]));
}

async function productByKey(key: string) {
  return env.DB.prepare("SELECT * FROM products WHERE catalogue_key = ?").bind(key).first<Record<string, unknown>>();
}

/** A second edition of the catalogue: one price changed, one description changed, one new product. */
function nextEdition(): Entry[] {
  return [
    ...catalogue.map((entry, index) =>
      index === ONE_SIZE ? { ...entry, price: "$1234" } : index === 1 ? { ...entry, description: "New supplier description." } : entry,
    ),
    { key: "new-arrival-28", name: "New Arrival Gummies", price: "$20", category: "edibles", effects: ["Happy"] },
  ];
}

async function ownerAddsProduct(name: string) {
  await env.DB.prepare("INSERT INTO products (name, price_cents, category, image) VALUES (?, 4200, 'edibles', '/images/owner-photo.jpg')")
    .bind(name)
    .run();
  await catalogueChanged();
  return (await env.DB.prepare("SELECT id FROM products WHERE name = ?").bind(name).first<{ id: number }>())!.id;
}

/** An owner's edit as the product form writes it: the fields and a version bump. */
async function ownerRenames(key: string, name: string) {
  await env.DB.prepare("UPDATE products SET name = ?, version = version + 1 WHERE catalogue_key = ?").bind(name, key).run();
  await catalogueChanged();
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM migration_runs"),
    env.DB.prepare("DELETE FROM products"),
    env.DB.prepare("DELETE FROM product_trash"),
  ]);
  // A new shop: the first load brings the catalogue in.
  await load(catalogue);
});

describe("stable identities across loads", () => {
  it("keeps every catalogue product's id across two loads, updating the changed ones in place", async () => {
    const before = await idsByKey();
    expect(Object.keys(before)).toHaveLength(catalogue.length);

    const run = await load(nextEdition());
    expect(run.status).toBe("succeeded");
    const after = await idsByKey();
    for (const [key, id] of Object.entries(before)) expect(after[key], key).toBe(id);
    expect(after["new-arrival-28"]).toBeGreaterThan(Math.max(...Object.values(before)));
    expect((await productByKey(catalogue[ONE_SIZE]!.key))!.price_cents).toBe(123400);
    expect((await productByKey(catalogue[1]!.key))!.description).toBe("New supplier description.");

    // A third load of the same edition writes nothing.
    const plan = await catalogueLoadChoices(db, nextEdition());
    expect(plan.keep).toMatchObject({ added: 0, updated: 0, unchanged: catalogue.length + 1 });
    expect(await idsByKey()).toEqual(after);
  });

  it("files products under a renamed category, which keeps them after a load", async () => {
    const edibles = await env.DB.prepare("SELECT id FROM categories WHERE slug = 'edibles'").first<{ id: number }>();
    const renamed = await follow(
      await adminPost("/admin/categories", { intent: "rename", id: String(edibles!.id), name: "Gummies & Edibles" }),
    );
    expect(renamed.status).toBe(200);
    const count = async (slug: string) =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE category = ?").bind(slug).first<{ n: number }>())!.n;
    const inCategory = await count("gummies-edibles");
    expect(inCategory).toBeGreaterThan(0);

    await load(nextEdition());
    expect(await count("edibles")).toBe(0);
    // The new catalogue product in 'edibles' lands in the renamed category too.
    expect(await count("gummies-edibles")).toBe(inCategory + 1);
  });
});

describe("a load keeps the owner's work unless told to replace it", () => {
  it("plans adds, updates, unchanged, the owner's products by name and the edits it would overwrite", async () => {
    await ownerRenames(catalogue[ONE_SIZE]!.key, "Owner's Own Name");
    await ownerAddsProduct("My House Gummies");

    const { keep, replace } = await catalogueLoadChoices(db, nextEdition());
    expect(keep).toMatchObject({ mode: "keep", added: 1, updated: 2, unchanged: catalogue.length - 2 });
    expect(keep.ownerProducts.map((product) => product.name)).toEqual(["My House Gummies"]);
    expect(keep.ownerEdits).toEqual([{ id: expect.any(Number), name: "Owner's Own Name", fields: ["name"] }]);
    expect(replace).toMatchObject({ mode: "replace", added: 1, updated: 2 });
    expect(replace.ownerEdits).toEqual(keep.ownerEdits);
  });

  it("by default keeps the owner's products and edits, and still brings the catalogue's own changes", async () => {
    const key = catalogue[ONE_SIZE]!.key;
    await ownerRenames(key, "Owner's Own Name");
    const ownId = await ownerAddsProduct("My House Gummies");

    const run = await load(nextEdition());
    expect(run.status).toBe("succeeded");
    // The owner's name stays; the catalogue's new price (a field the owner never touched) arrives.
    expect(await productByKey(key)).toMatchObject({ name: "Owner's Own Name", price_cents: 123400 });
    expect(await env.DB.prepare("SELECT name, image FROM products WHERE id = ?").bind(ownId).first()).toEqual({
      name: "My House Gummies",
      image: "/images/owner-photo.jpg",
    });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM product_trash").first<{ n: number }>())!.n).toBe(0);
  });

  it("replacing overwrites the edits and moves the owner's products to the trash, from where they come back whole", async () => {
    const key = catalogue[ONE_SIZE]!.key;
    await ownerRenames(key, "Owner's Own Name");
    const ownId = await ownerAddsProduct("My House Gummies");

    await load(nextEdition(), { replace: true });
    expect((await productByKey(key))!.name).toBe(catalogue[ONE_SIZE]!.name);
    expect(await env.DB.prepare("SELECT id FROM products WHERE id = ?").bind(ownId).first()).toBeNull();
    const trash = await read(await get("/admin/trash", { headers: { Cookie: await adminCookie() } }));
    expect(trash).toContain("My House Gummies");
    expect(trash).toContain("Removed by a catalogue load");

    const restored = await follow(await adminPost("/admin/trash", { intent: "restore", id: String(ownId) }));
    expect(restored.html).toContain("My House Gummies is back in the shop");
    expect(await env.DB.prepare("SELECT name, image FROM products WHERE id = ?").bind(ownId).first()).toEqual({
      name: "My House Gummies",
      image: "/images/owner-photo.jpg",
    });
  });

  it("keeps the sizes of a product the owner sells in several; replacing makes them exactly the catalogue's, the removed ones in the trash", async () => {
    const key = catalogue[ONE_SIZE]!.key;
    const { id } = (await productByKey(key)) as { id: number };
    const sizes = [
      { label: "1/8 oz", priceCents: 4500, compareAtCents: null, sku: null, stock: 10, tiers: null },
      { label: "1 oz", priceCents: 28000, compareAtCents: null, sku: null, stock: 2, tiers: null },
    ];
    await db.batch(sizeWriteStatements(db, id, sizes));
    await catalogueChanged();
    const before = (await readSizes(db, [id])).get(id);

    const { keep, replace } = await catalogueLoadChoices(db, nextEdition());
    expect(keep.ownerEdits.find((edit) => edit.id === id)?.fields).toEqual(["sizes"]);
    expect(replace.ownerEdits.find((edit) => edit.id === id)?.fields).toEqual(["sizes"]);
    // Keeping: the catalogue's $1234 reaches neither the sizes nor the products row, which still follows the lowest size.
    expect((await load(nextEdition())).status).toBe("succeeded");
    expect((await readSizes(db, [id])).get(id)).toEqual(before);
    expect(await productByKey(key)).toMatchObject({ id, price_cents: 4500 });
    // Replacing: the product is sold as the catalogue sells it, in one size at $1234.
    expect((await load(nextEdition(), { replace: true })).status).toBe("succeeded");
    expect((await readSizes(db, [id])).get(id)?.map((size) => [size.label, size.priceCents])).toEqual([["", 123400]]);
    expect(await productByKey(key)).toMatchObject({ id, price_cents: 123400 });
    const trashed = await env.DB.prepare("SELECT label FROM size_trash WHERE product_id = ? ORDER BY position")
      .bind(id)
      .all<{ label: string }>();
    expect(trashed.results.map((row) => row.label)).toEqual(["1/8 oz", "1 oz"]);
  });

  it("sells a product loaded before sizes in the catalogue's sizes, keeping its id and its size's id, unless the owner repriced it", async () => {
    // A shop loaded before sizes: the strains were one size each, named with it.
    const runtz = catalogue.find((entry) => entry.key === "runtz-eighth")!;
    const wedding = catalogue.find((entry) => entry.key === "wedding-cake-eighth")!;
    const before = (entry: Entry, name: string, price: string) => {
      const { sizes: _sizes, ...rest } = entry;
      return { ...rest, name, price };
    };
    const old = catalogue.map((entry) =>
      entry === runtz
        ? before(runtz, "Runtz (1/8 oz)", "$45")
        : entry === wedding
          ? before(wedding, "Wedding Cake (1/8 oz)", "$50")
          : entry,
    );
    await env.DB.prepare("DELETE FROM products").run();
    await load(old);
    const runtzRow = (await productByKey("runtz-eighth")) as { id: number };
    const [oldSize] = (await readSizes(db, [runtzRow.id])).get(runtzRow.id)!;
    // The owner repriced Wedding Cake's one size: its prices are the owner's.
    const weddingRow = (await productByKey("wedding-cake-eighth")) as { id: number };
    await env.DB.prepare("UPDATE products SET price_cents = 5500, version = version + 1 WHERE id = ?").bind(weddingRow.id).run();
    await catalogueChanged();

    const { keep } = await catalogueLoadChoices(db, catalogue);
    expect(keep.ownerEdits.find((edit) => edit.id === weddingRow.id)?.fields).toContain("priceCents");
    expect((await load(catalogue)).status).toBe("succeeded");
    const sizes = (await readSizes(db, [runtzRow.id])).get(runtzRow.id)!;
    expect(sizes.map((size) => [size.label, size.priceCents, size.stock])).toEqual([
      ["1/8 oz", 4500, null],
      ["1/4 oz", 8500, 20],
      ["1/2 oz", 16000, null],
      ["1 oz", 30000, 3],
    ]);
    // The same product and, for its first size, the same size: a cart line naming either stays valid.
    expect(sizes[0]!.id).toBe(oldSize!.id);
    expect(await productByKey("runtz-eighth")).toMatchObject({ id: runtzRow.id, name: "Runtz", price_cents: 4500, sizes_price_differs: 1 });
    // Wedding Cake keeps the owner's one size and price in 'keep' (the name the owner never touched follows the catalogue).
    expect((await readSizes(db, [weddingRow.id])).get(weddingRow.id)!.map((size) => [size.label, size.priceCents])).toEqual([["", 5500]]);
    expect(await productByKey("wedding-cake-eighth")).toMatchObject({ name: "Wedding Cake", price_cents: 5500 });

    // A second load changes nothing; 'replace' gives Wedding Cake the catalogue's sizes.
    expect((await catalogueLoadChoices(db, catalogue)).keep).toMatchObject({ added: 0, updated: 0 });
    await load(catalogue, { replace: true });
    expect((await readSizes(db, [weddingRow.id])).get(weddingRow.id)!.map((size) => size.label)).toEqual([
      "1/8 oz",
      "1/4 oz",
      "1/2 oz",
      "1 oz",
    ]);
    expect((await readSizes(db, [runtzRow.id])).get(runtzRow.id)).toEqual(sizes);
  });

  it("leaves a catalogue product the owner deleted in the trash, and the plan says so", async () => {
    const key = catalogue[2]!.key;
    const id = (await idsByKey())[key]!;
    await follow(await adminPost(`/admin/products/${id}/delete`, {}));
    const { keep } = await catalogueLoadChoices(db, catalogue);
    expect(keep.trashed).toEqual([{ id, name: catalogue[2]!.name }]);
    expect(keep.added).toBe(0);
    await load(catalogue);
    expect(await productByKey(key)).toBeNull();
    // Restore still finds its key free.
    await follow(await adminPost("/admin/trash", { intent: "restore", id: String(id) }));
    expect((await productByKey(key))!.id).toBe(id);
  });
});

describe("the confirmation (no JavaScript needed)", () => {
  it("shows the counts, the owner's products by name and their edits before anything changes", async () => {
    await ownerRenames(catalogue[ONE_SIZE]!.key, "Owner's Own Name");
    await ownerAddsProduct("My House Gummies");
    const html = await read(await get("/admin/catalogue-load", { headers: { Cookie: await adminCookie() } }));
    expect(html).toContain("Load the full product catalogue?");
    expect(html).toContain("Your products (1 product): kept as they are");
    expect(html).toContain("Your products (1 product): moved to the trash");
    expect(html).toContain("My House Gummies");
    expect(html).toContain("Owner&#x27;s Own Name — Name");
    expect(await textsOf(html, 'button[name="clearExisting"][value="false"]')).toContain("Load catalogue, keep my work");
    expect(await textsOf(html, 'button[name="clearExisting"][value="true"]')).toContain("Replace my work with the catalogue");
  });

  it("the dashboard's button opens the confirmation with a GET form", async () => {
    const html = await read(await get("/admin/dashboard", { headers: { Cookie: await adminCookie() } }));
    expect(await textsOf(html, 'form[method="get"][action="/admin/catalogue-load"] > button')).toContain("Load Full Product Catalog");
  });

  it("a POST that skips the confirmation, or confirms a plan that no longer holds, changes nothing", async () => {
    const cookie = await adminCookie();
    const runs = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM migration_runs").first<{ n: number }>())!.n;
    const before = await runs();

    const skipped = await adminPost("/admin/migration", { intent: "start", clearExisting: "true" });
    expect(skipped.status).toBe(302);
    expect(skipped.headers.get("Location")).toBe("/admin/catalogue-load");
    const page = await follow(skipped);
    expect(page.html).toContain("Nothing was changed. Check what the load will do, then confirm it.");

    const token = (await fieldValue(page.html, "plan")) ?? "";
    expect(token).not.toBe("");
    await ownerAddsProduct("Added Meanwhile");
    const stale = await adminPost("/admin/migration", { intent: "start", clearExisting: "true", plan: token });
    expect(stale.headers.get("Location")).toBe("/admin/catalogue-load");
    expect((await follow(stale)).html).toContain("the products changed since this plan was shown");

    const jsonRefused = await postForm(
      "/admin/migration",
      { intent: "start" },
      { headers: { Cookie: cookie, Accept: "application/json" } },
    );
    expect(jsonRefused.status).toBe(409);
    expect(await runs()).toBe(before);
    expect(await env.DB.prepare("SELECT id FROM products WHERE name = 'Added Meanwhile'").first()).not.toBeNull();
  });
});

describe("product URLs", () => {
  it("301s a bare id and any old slug to the canonical /product/{id}-{slug}, which the sitemap, canonical link and JSON-LD use", async () => {
    const row = (await productByKey(catalogue[ONE_SIZE]!.key)) as { id: number; name: string };
    const canonical = productPath(row);
    expect(canonical).toMatch(new RegExp(`^/product/${row.id}-[a-z0-9-]+$`));

    for (const old of [`/product/${row.id}`, `/product/${row.id}-an-old-name`, `/product/${row.id}-`]) {
      const response = await get(`${old}?ref=share`);
      expect(response.status, old).toBe(301);
      expect(response.headers.get("Location"), old).toBe(`${canonical}?ref=share`);
    }
    const page = await read(await get(canonical));
    expect(page).toContain(`<link rel="canonical" href="http://localhost${canonical}"/>`);
    expect(page).toContain(`"url":"http://localhost${canonical}"`);
    expect(await (await get("/sitemap.xml")).text()).toContain(`<loc>http://localhost${canonical}</loc>`);

    // After a rename the old slug still arrives, at the new name.
    await ownerRenames(catalogue[ONE_SIZE]!.key, "Wild Berry Gummies Deluxe");
    const renamed = await get(canonical);
    expect(renamed.status).toBe(301);
    expect(renamed.headers.get("Location")).toBe(`/product/${row.id}-wild-berry-gummies-deluxe`);
  });

  it("gives a name without Latin letters the bare id as its canonical URL", async () => {
    const id = await ownerAddsProduct("草莓软糖");
    expect((await get(`/product/${id}`)).status).toBe(200);
    const other = await get(`/product/${id}-cao-mei`);
    expect(other.headers.get("Location")).toBe(`/product/${id}`);
    expect((await get("/product/abc")).status).toBe(404);
    expect((await get("/product/0-x")).status).toBe(404);
  });
});

describe("the trash", () => {
  it("delete moves a product to the trash: gone for shoppers, Undo brings it back with its id, media and lab report", async () => {
    const row = (await productByKey(catalogue.find((entry) => entry.lab_report)!.key)) as {
      id: number;
      name: string;
      lab_report_key: string;
    };
    await env.DB.prepare("UPDATE products SET image = '/images/owner-shot.jpg', video = '/videos/clip.mp4' WHERE id = ?")
      .bind(row.id)
      .run();
    const deleted = await adminPost(`/admin/products/${row.id}/delete`, { redirectTo: "/admin/products" });
    const next = await follow(deleted);
    expect(next.html).toContain(`${row.name} has been deleted successfully`);
    // The toast's Undo is a real form.
    const undo = (await formsOf(next.html, 'form[method="post"][action="/admin/trash"]')).filter((form) => form.buttons.includes("Undo"));
    expect(undo.map((form) => form.fields)).toContainEqual(expect.arrayContaining([["id", String(row.id)]]));

    expect((await get(productPath(row))).status).toBe(404);
    expect(await read(await get(`/shop?search=${encodeURIComponent(row.name)}`))).not.toContain(`href="${productPath(row)}"`);
    expect(await (await get("/sitemap.xml")).text()).not.toContain(`/product/${row.id}-`);

    const undone = await follow(await adminPost("/admin/trash", { intent: "restore", id: String(row.id), redirectTo: "/admin/products" }));
    expect(undone.location).toBe("/admin/products");
    expect(undone.html).toContain(`${row.name} is back in the shop`);
    expect(await env.DB.prepare("SELECT id, image, video, lab_report_key FROM products WHERE id = ?").bind(row.id).first()).toEqual({
      id: row.id,
      image: "/images/owner-shot.jpg",
      video: "/videos/clip.mp4",
      lab_report_key: row.lab_report_key,
    });
    expect((await get(productPath(row))).status).toBe(200);
  });

  it("purges after 30 days with the hourly cron, deleting only the R2 objects no other product uses", async () => {
    const [a = "", b = "", c = ""] = catalogue.slice(0, 3).map((entry) => entry.key);
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE products SET image = '/images/only-mine.jpg', extra_images = '[\"/images/shared.jpg\",\"/images/in-trash.jpg\"]' WHERE catalogue_key = ?",
      ).bind(a),
      env.DB.prepare("UPDATE products SET image = '/images/shared.jpg' WHERE catalogue_key = ?").bind(b),
      env.DB.prepare("UPDATE products SET image = '/images/in-trash.jpg' WHERE catalogue_key = ?").bind(c),
    ]);
    // Each photo as the pipeline leaves it: the original, its variants and its image_uploads row (decision 022).
    const photos = ["only-mine.jpg", "shared.jpg", "in-trash.jpg"];
    const variantKeys = (key: string) => [variantObjectKey(key, "w800", "avif"), variantObjectKey(key, "lqip", "webp")];
    for (const key of photos) {
      await env.IMAGES.put(key, key);
      for (const variant of variantKeys(key)) await env.IMAGES.put(variant, "variant");
    }
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("DELETE FROM image_uploads"),
      ...photos.map((key) =>
        env.DB.prepare(
          "INSERT INTO image_uploads (key, status, content_type, size, created_at, updated_at) VALUES (?, 'ready', 'image/jpeg', 1, ?, ?)",
        ).bind(key, now, now),
      ),
    ]);
    const ids = await idsByKey();
    const id = ids[a]!;
    await follow(await adminPost(`/admin/products/${id}/delete`, {}));
    // Another product that uses one of its photos is deleted later: still in the trash when the first is purged.
    await follow(await adminPost(`/admin/products/${ids[c]!}/delete`, {}));
    await env.DB.prepare("UPDATE product_trash SET deleted_at = ? WHERE id = ?")
      .bind(new Date(now + 20 * 24 * 60 * 60 * 1000).toISOString(), ids[c]!)
      .run();
    const uploads = async () =>
      (await env.DB.prepare("SELECT key FROM image_uploads ORDER BY key").all<{ key: string }>()).results.map((row) => row.key);
    const stored = async (keys: string[]) => Promise.all(keys.map(async (key) => (await env.IMAGES.head(key)) !== null));

    const hourly = (at: number) => worker.scheduled(createScheduledController({ scheduledTime: new Date(at), cron: "17 * * * *" }), env);
    await hourly(now + 29 * 24 * 60 * 60 * 1000);
    expect(await env.IMAGES.head("only-mine.jpg")).not.toBeNull();
    expect(await stored(variantKeys("only-mine.jpg"))).toEqual([true, true]);
    expect(await uploads()).toEqual(["in-trash.jpg", "only-mine.jpg", "shared.jpg"]);
    expect(await env.DB.prepare("SELECT id FROM product_trash WHERE id = ?").bind(id).first()).not.toBeNull();

    await hourly(now + 31 * 24 * 60 * 60 * 1000);
    expect(await env.DB.prepare("SELECT id FROM product_trash WHERE id = ?").bind(id).first()).toBeNull();
    expect(await env.IMAGES.head("only-mine.jpg")).toBeNull();
    expect(await stored(variantKeys("only-mine.jpg"))).toEqual([false, false]);
    // Used by a live product and by a trashed one: original, variants and row all stay.
    for (const key of ["shared.jpg", "in-trash.jpg"]) {
      expect(await env.IMAGES.head(key)).not.toBeNull();
      expect(await stored(variantKeys(key))).toEqual([true, true]);
    }
    expect(await uploads()).toEqual(["in-trash.jpg", "shared.jpg"]);
  });
});

describe("the real queue handler", () => {
  it("runs a confirmed keep-my-work load delivered by the Queue", async () => {
    const ownId = await ownerAddsProduct("My House Gummies");
    const sent: MigrationMessage[] = [];
    const started = await startMigrationRun(db, { send: async (message) => void sent.push(message) }, { clearExisting: false });
    if (started.kind !== "started") throw new Error(started.kind);
    const batch = createMessageBatch(MIGRATION_QUEUE_NAME, [
      { id: `m-${++messageNumber}`, timestamp: new Date(), attempts: 1, body: sent[0] },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    expect(getQueueResult(batch, ctx)).toBeTruthy();
    expect((await getMigrationRun(db, started.run.id))!.status).toBe("succeeded");
    expect(await env.DB.prepare("SELECT id FROM products WHERE id = ?").bind(ownId).first()).not.toBeNull();
  });
});
