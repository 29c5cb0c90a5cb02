import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../app/server/load-context";
import { runMigration, startMigrationRun } from "../../app/features/migration/migration-runs.server";
import { parseThc, thcColumns } from "../../app/features/catalogue/thc";
import { catalogue } from "../../db/catalogue";
import { generateProducts } from "../../db/generate";
import { adminPost } from "./admin-helpers";
import { deleteProducts, insertProducts, testProduct } from "./shop-helpers";

/**
 * The THC potency columns (thc_unit, thc_min, thc_max) that the shop's potency filter and THC sort
 * read: every catalogue value parses, the backfill migration reads the text as parseThc does, and
 * every way a product row is written keeps the columns in step with the text.
 */

const db = createDb(env.DB);

interface ThcRow {
  id: number;
  name: string;
  thc_content: string | null;
  thc_unit: string | null;
  thc_min: number | null;
  thc_max: number | null;
}

async function rows(where = "1 = 1", ...binds: unknown[]) {
  const { results } = await env.DB.prepare(
    `SELECT id, name, thc_content, thc_unit, thc_min, thc_max FROM products WHERE ${where} ORDER BY id`,
  )
    .bind(...binds)
    .all<ThcRow>();
  return results;
}

/** Rows whose columns differ from what the text says. */
function outOfStep(list: ThcRow[]) {
  return list.filter((row) => {
    const expected = thcColumns(row.thc_content);
    return row.thc_unit !== expected.thcUnit || row.thc_min !== expected.thcMin || row.thc_max !== expected.thcMax;
  });
}

describe("the catalogue's THC texts", () => {
  it("every value parses into a unit and numeric bounds", () => {
    const values = catalogue.map((entry) => entry.thc_content).filter((value): value is string => typeof value === "string");
    expect(values.length).toBeGreaterThan(40);
    const unparsed = values.filter((value) => parseThc(value) === null);
    expect(unparsed).toEqual([]);
  });

  it("the seeded catalogue carries the columns of its text", async () => {
    const seeded = await rows("catalogue_key IS NOT NULL");
    expect(seeded.length).toBeGreaterThan(40);
    expect(seeded.filter((row) => row.thc_content !== null && row.thc_unit === null)).toEqual([]);
    expect(outOfStep(seeded)).toEqual([]);
  });
});

describe("the backfill migration (0005_thc_backfill)", () => {
  const SHAPES = [
    ...new Set(catalogue.map((entry) => entry.thc_content).filter((value): value is string => typeof value === "string")),
    "24",
    " 24.50 % ",
    "22–26 %",
    "22 - 26",
    "22%-26%",
    "90+",
    "90 % +",
    "100 mg",
    "10MG",
    "10 mg  per   Piece",
    "5-10mg",
    "5mg – 10mg per gummy",
    "1.5-2.5%",
  ];
  const JUNK = ["high", "", "12-", "-5", "26-22%", "120%", "10mg+", "1.2.3%", "abc%", "5%mg", "20000mg"];

  it("reads every accepted shape exactly as parseThc does, and junk as nothing", async () => {
    const migration = (env as TestEnv).TEST_MIGRATIONS.find((entry) => entry.name.includes("thc_backfill"));
    expect(migration, "the backfill migration is in the journal").toBeDefined();
    const names = [...SHAPES, ...JUNK].map((text, index) => ({ name: `Backfill Probe ${index}`, text }));
    await insertProducts(
      names.map(({ name, text }) => testProduct({ name, priceCents: 1000, category: "backfill-test", thcContent: text })),
    );
    try {
      // As if the rows predated the columns.
      await env.DB.prepare("UPDATE products SET thc_unit = NULL, thc_min = NULL, thc_max = NULL WHERE category = 'backfill-test'").run();
      for (const query of migration!.queries) await env.DB.prepare(query).run();
      const backfilled = await rows("category = 'backfill-test'");
      expect(backfilled).toHaveLength(names.length);
      expect(outOfStep(backfilled)).toEqual([]);
      const junk = backfilled.filter((row) => JUNK.includes(row.thc_content ?? ""));
      expect(junk.every((row) => row.thc_unit === null && row.thc_min === null && row.thc_max === null)).toBe(true);
    } finally {
      await deleteProducts(names.map(({ name }) => name));
    }
  });
});

describe("every write keeps the columns in step with the text", () => {
  function productForm(name: string, thcContent: string, version?: number) {
    const form = new FormData();
    const fields: Record<string, string> = {
      name,
      price: "45",
      description: "A THC column probe.",
      category: "indoors",
      strainType: "indica",
      thcContent,
      "effects[0]": "Relaxed",
      video: "",
      images: "/art/indoors-1.svg",
      active: "on",
      inStock: "on",
      isLabTested: "on",
      ...(version ? { version: String(version) } : {}),
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append("imageFiles", new File([], ""));
    return form;
  }

  it("the admin's create and edit", async () => {
    const name = `THC Probe ${crypto.randomUUID().slice(0, 8)}`;
    const created = await adminPost("/admin/add-product", productForm(name, "24"));
    expect(created.status).toBe(302);
    await created.arrayBuffer();
    const [row] = await rows("name = ?", name);
    expect(row).toMatchObject({ thc_unit: "percent", thc_min: 24, thc_max: 24 });

    const edited = await adminPost(`/admin/edit-product/${row!.id}`, productForm(name, "31.5", 1));
    expect(edited.status).toBe(302);
    await edited.arrayBuffer();
    const [after] = await rows("id = ?", row!.id);
    expect(after).toMatchObject({ thc_content: "31.5%", thc_unit: "percent", thc_min: 31.5, thc_max: 31.5 });
    await deleteProducts([name]);
  });

  it("the catalogue migration (queue consumer) and the generated bench catalogue", async () => {
    // The run is delivered by the test itself (the real queue would deliver it in the background).
    const started = await startMigrationRun(db, { send: async () => {} }, { clearExisting: false });
    expect(started.kind).toBe("started");
    const entries = [
      { key: "thc-probe-1", name: "THC Migration Probe 1", price: "$10", category: "edibles", thc_content: "10mg per piece" },
      { key: "thc-probe-2", name: "THC Migration Probe 2", price: "$10", category: "concentrates", thc_content: "90%+" },
      { key: "thc-probe-3", name: "THC Migration Probe 3", price: "$10", category: "indoors", thc_content: "not a number" },
    ];
    await runMigration(db, started.kind === "started" ? started.run.id : "", { catalogue: entries });
    const migrated = await rows("catalogue_key LIKE 'thc-probe-%'");
    expect(migrated.map((row) => [row.thc_unit, row.thc_min, row.thc_max])).toEqual([
      ["mg", 10, 10],
      ["percent", 90, 100],
      [null, null, null],
    ]);

    const generated = generateProducts(30, 7).map((row, index) => ({ ...row, name: `THC Generated Probe ${index}` }));
    await insertProducts(generated);
    const inserted = await rows("name LIKE 'THC Generated Probe %'");
    expect(inserted).toHaveLength(30);
    expect(outOfStep(inserted)).toEqual([]);
    await deleteProducts([...migrated, ...inserted].map((row) => row.name));
  });
});
