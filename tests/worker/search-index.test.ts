import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { startMigrationRun } from "../../app/features/migration/migration-runs.server";
import { MIGRATION_QUEUE_NAME, type MigrationMessage } from "../../app/features/migration/migration-queue.server";
import {
  createProduct,
  listAdminProducts,
  toggleProductActive,
  updateProductVersioned,
} from "../../app/features/admin/product-admin.server";
import { catalogue } from "../../db/catalogue";
import worker from "../../workers/app";
import { catalogueChanged, get } from "./helpers";
import { cardNames, db } from "./shop-helpers";
import { trashProduct } from "../../app/features/trash/trash.server";

/**
 * The search indexes (migrations/0006_product_search.sql) follow every write to products through
 * their triggers: the seed, the admin's create / edit / toggle / delete, a category rename and the
 * catalogue migration (clearing or not, and run again). FTS5's own integrity check compares each
 * index with the products table row for row.
 */

async function search(term: string) {
  // The data functions below write D1 directly (the admin's routes bump the page cache's version themselves).
  await catalogueChanged();
  return cardNames(await (await get(`/shop?search=${encodeURIComponent(term)}`)).text());
}

/** Both FTS5 indexes agree with the products table, row for row (FTS5's check against its content table). */
async function expectIndexInSync() {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO product_search (product_search, rank) VALUES ('integrity-check', 1)"),
    env.DB.prepare("INSERT INTO product_name_trigram (product_name_trigram, rank) VALUES ('integrity-check', 1)"),
  ]);
}

/** Product ids an index returns for an FTS5 query (read from the index itself, not the content table). */
async function indexedIds(table: "product_search" | "product_name_trigram", match: string) {
  const { results } = await env.DB.prepare(`SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`)
    .bind(match)
    .all<{ id: number }>();
  return results.map((row) => row.id);
}

async function indexedDocuments() {
  const row = await env.DB.prepare(
    "SELECT (SELECT count(*) FROM product_search_docsize) AS words, (SELECT count(*) FROM product_name_trigram_docsize) AS names, (SELECT count(*) FROM products) AS products",
  ).first<{ words: number; names: number; products: number }>();
  return row!;
}

/** Runs a catalogue migration through the Worker's own queue consumer, as the Queue delivers it. */
async function migrate(clearExisting: boolean) {
  const sent: MigrationMessage[] = [];
  const started = await startMigrationRun(db, { send: async (message) => void sent.push(message) }, { clearExisting });
  expect(started.kind).toBe("started");
  const batch = createMessageBatch(
    MIGRATION_QUEUE_NAME,
    sent.map((body, index) => ({ id: `search-${Date.now()}-${index}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(sent.length);
}

describe("the index is filled and stays in sync", () => {
  it("holds every product after the migrations and the seed", async () => {
    await expectIndexInSync();
    const counts = await indexedDocuments();
    expect(counts).toEqual({ words: counts.products, names: counts.products, products: counts.products });
    expect(counts.products).toBeGreaterThanOrEqual(catalogue.length);
  });

  it("follows create, edit, toggle and delete (the admin's data functions)", async () => {
    const columns = {
      name: "Quokkaberry Sunrise",
      priceCents: 4200,
      image: null,
      extraImages: [],
      video: null,
      description: "Bright and tart.",
      category: "indoors",
      strainType: "sativa" as const,
      thcContent: "22%",
      effects: ["Giggly"],
      active: true,
      inStock: true,
      isLabTested: true,
    };
    const id = await createProduct(db, columns as never);
    try {
      await expectIndexInSync();
      expect(await indexedIds("product_name_trigram", '"okkaber"')).toEqual([id]);
      expect(await indexedIds("product_search", '"giggl"*')).toEqual([id]);
      expect(await search("quokkaberry")).toEqual(["Quokkaberry Sunrise"]);

      const updated = await updateProductVersioned(db, id, 1, { ...columns, name: "Wombatberry Sunset", effects: ["Chatty"] } as never);
      expect(updated.status).toBe("updated");
      await expectIndexInSync();
      expect(await indexedIds("product_name_trigram", '"okkaber"')).toEqual([]);
      expect(await indexedIds("product_search", '"giggl"*')).toEqual([]);
      expect(await search("quokkaberry")).toEqual([]);
      expect(await search("wombatberry")).toEqual(["Wombatberry Sunset"]);
      expect(await search("chatty")).toEqual(["Wombatberry Sunset"]);

      // Deactivating keeps it indexed (admins still find it) but shoppers never see it.
      await toggleProductActive(db, id);
      await expectIndexInSync();
      expect(await search("wombatberry")).toEqual([]);
      const admin = await listAdminProducts(db, { search: "wombatberry", category: "", page: 1 });
      expect(admin.products.map((row) => row.name)).toEqual(["Wombatberry Sunset"]);
    } finally {
      expect(await trashProduct(db, id)).toBe("Wombatberry Sunset");
    }
    await expectIndexInSync();
    expect(await indexedIds("product_name_trigram", '"mbatber"')).toEqual([]);
    expect(await search("wombatberry")).toEqual([]);
  });

  it("follows a category rename (the products' slugs move in the same batch)", async () => {
    const { id } = (await env.DB.prepare("SELECT id FROM categories WHERE slug = 'pala'").first<{ id: number }>())!;
    const palaCount = (await env.DB.prepare("SELECT count(*) AS n FROM products WHERE category = 'pala'").first<{ n: number }>())!.n;
    expect(palaCount).toBeGreaterThan(0);
    await env.DB.batch([
      env.DB.prepare("UPDATE categories SET name = 'Platypus Bulk', slug = 'platypus-bulk' WHERE id = ?").bind(id),
      env.DB.prepare("UPDATE products SET category = 'platypus-bulk' WHERE category = 'pala'"),
    ]);
    try {
      await expectIndexInSync();
      expect(await indexedIds("product_search", 'category : "platypus"')).toHaveLength(palaCount);
      expect(await indexedIds("product_search", 'category : "pala"')).toEqual([]);
    } finally {
      await env.DB.batch([
        env.DB.prepare("UPDATE categories SET name = 'Pala', slug = 'pala' WHERE id = ?").bind(id),
        env.DB.prepare("UPDATE products SET category = 'pala' WHERE category = 'platypus-bulk'"),
      ]);
    }
    await expectIndexInSync();
  });
});

describe("the catalogue migration leaves the index filled", () => {
  const edited = catalogue[3]!;

  it("clearing existing products: strays and edits leave the index, the catalogue is found again", async () => {
    await env.DB.batch([
      env.DB.prepare("UPDATE products SET name = 'Edited Numbat Away' WHERE catalogue_key = ?").bind(edited.key),
      env.DB.prepare("INSERT INTO products (name, price_cents, category, effects) VALUES ('Stray Numbat', 999, 'indoors', '[\"Sleepy\"]')"),
    ]);
    expect((await search("numbat")).sort()).toEqual(["Edited Numbat Away", "Stray Numbat"]);

    await migrate(true);
    await expectIndexInSync();
    expect(await indexedDocuments()).toEqual({ words: catalogue.length, names: catalogue.length, products: catalogue.length });
    expect(await indexedIds("product_name_trigram", '"numbat"')).toEqual([]);
    expect(await search("numbat")).toEqual([]);
    expect(await search(edited.name!)).toContain(edited.name);
  });

  it("run again without clearing: what was missing is added and indexed, nothing twice", async () => {
    const missing = catalogue[0]!;
    await env.DB.prepare("DELETE FROM products WHERE catalogue_key = ?").bind(missing.key).run();
    expect(await search(missing.name!)).not.toContain(missing.name);

    await migrate(false);
    await expectIndexInSync();
    const counts = await indexedDocuments();
    expect(counts).toEqual({ words: counts.products, names: counts.products, products: counts.products });
    expect(await search(missing.name!)).toContain(missing.name);
    // Once more, clearing: the same catalogue, the same index.
    await migrate(true);
    await expectIndexInSync();
    expect(await indexedDocuments()).toEqual({ words: catalogue.length, names: catalogue.length, products: catalogue.length });
  });
});
