import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { loadShop } from "../../app/features/listings/listings.server";
import { DEFAULT_SHOP_QUERY } from "../../app/features/shop-filters/shop-filters";
import { get } from "./helpers";
import { db, deleteProducts, insertProducts, testProduct } from "./shop-helpers";

/**
 * Effects are separate labels: a catalogue value written as one string naming several
 * ("Relaxed, Happy") is split by the load, the custom migration splits rows stored before, and no
 * facet or card shows a label with a comma.
 */

const migrationFiles = import.meta.glob<string>("../../migrations/*_split_effects.sql", { query: "?raw", import: "default", eager: true });

async function runSplitMigration() {
  const [sql] = Object.values(migrationFiles);
  expect(sql).toBeTruthy();
  await env.DB.prepare(sql!.replace(/^--.*$/gm, "").trim()).run();
}

const STORED: [string, string, string[] | string][] = [
  ["Effects Probe Two", '["Relaxed, Happy"]', ["Relaxed", "Happy"]],
  ["Effects Probe One", '["Calm"]', ["Calm"]],
  ["Effects Probe Blanks", '["Sleepy,, ,Hungry", "Euphoric"]', ["Sleepy", "Hungry", "Euphoric"]],
  ["Effects Probe Non Latin", '["Расслабление, 幸せ ,😌"]', ["Расслабление", "幸せ", "😌"]],
  ["Effects Probe Empty", "[]", []],
  ["Effects Probe Not Json", "Relaxed, Happy", "Relaxed, Happy"],
];

describe("effects", () => {
  it("the catalogue's one-string effects are loaded as separate effects", async () => {
    const row = await env.DB.prepare("SELECT effects FROM products WHERE catalogue_key = 'apple-fritter-eighth'").first<{
      effects: string;
    }>();
    expect(JSON.parse(row!.effects)).toEqual(["Relaxed", "Happy"]);
  });

  it("the data migration splits stored rows and leaves the others as they are", async () => {
    await insertProducts(STORED.map(([name, effects]) => testProduct({ name, priceCents: 1000, category: "indoors", effects })));
    await runSplitMigration();
    for (const [name, , expected] of STORED) {
      const row = await env.DB.prepare("SELECT effects FROM products WHERE name = ?").bind(name).first<{ effects: string }>();
      expect(typeof expected === "string" ? row!.effects : JSON.parse(row!.effects), name).toEqual(expected);
    }
    // Running it again changes nothing.
    const before = await env.DB.prepare("SELECT group_concat(effects, '|') AS all_effects FROM products").first<string>("all_effects");
    await runSplitMigration();
    expect(await env.DB.prepare("SELECT group_concat(effects, '|') AS all_effects FROM products").first<string>("all_effects")).toBe(
      before,
    );
    // (The not-JSON row is no state the shop writes; it goes before the listings read effects as JSON.)
    await deleteProducts(STORED.map(([name]) => name));
  });

  it("no facet label and no card effect on /shop has a comma", async () => {
    const { facets } = await loadShop(db, DEFAULT_SHOP_QUERY, { isAdmin: false });
    const labels = Object.values(facets.effectLabels);
    expect(labels.length).toBeGreaterThan(5);
    for (const label of labels) expect(label).not.toContain(",");
    expect(facets.effectLabels.happy).toBe("Happy");
    const html = await (await get("/shop")).text();
    expect(html).not.toMatch(/Relaxed, Happy|Uplifted, Happy/);
  });
});
