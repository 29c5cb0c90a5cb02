import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { catalogue } from "../../db/catalogue";
import { CATALOGUE_CSV_COLUMNS } from "../../app/features/catalogue-csv/catalogue-csv";
import { IMPORT_MAX_ROWS, IMPORT_TEXT } from "../../app/features/catalogue-csv/catalogue-import";
import {
  IMPORT_PREFIX,
  importObjectKey,
  planCatalogueImport,
  purgeStagedImports,
  type ImportPlan,
} from "../../app/features/catalogue-csv/catalogue-import.server";
import { csvLine, CSV_BOM } from "../../app/features/catalogue-csv/csv";
import { sizeWriteStatements } from "../../app/features/catalogue/sizes.server";
import { prepareCatalogueRows } from "../../app/features/migration/load-plan.server";
import { PRODUCT_FORM_MESSAGES } from "../../app/features/admin/product-form-schema";
import { getMigrationRun, runMigration } from "../../app/features/migration/migration-runs.server";
import { isFinishedStatus, parseFailedProducts } from "../../app/features/migration/migration";
import { exportCsv, previewPost, rowsOf, toCsv, type Cells } from "./catalogue-csv-helpers";
import { adminCookie, catalogueChanged, get, postForm } from "./helpers";
import { db, textOf } from "./shop-helpers";
import { decodeHtml, definitionsOf, fieldValue, textsOf } from "./page-parts";
import { catalogueProductId } from "./size-fixtures";

/**
 * 'Import catalogue' (decision 026) through the real Worker, D1, R2 and Queue: the preview changes
 * nothing, refuses bad rows with row, column and the product form's message, and the confirmed import
 * runs as a migration run in atomic batches; export -> import into the same shop changes nothing.
 */

/** How the import page reads a file by default: dates in the file's own order, "today" in the shop's zone. */
const AS_PREVIEWED = { dateOrder: "auto", timeZone: "America/New_York", now: new Date() } as const;

/** Runtz's sizes as the built-in catalogue has them (1/8 oz, 1/4 oz, 1/2 oz, 1 oz). */
const RUNTZ_CATALOGUE_SIZES = (() => {
  const runtz = prepareCatalogueRows(catalogue).rows.find((item) => item.row.catalogueKey === "runtz-eighth");
  if (!runtz) throw new Error("the built-in catalogue has no runtz-eighth");
  return runtz.sizes;
})();

// Each test starts from Runtz sold in the catalogue's own sizes: the size rows test imports other
// sizes for it, and the first test reads them back as the catalogue has them.
beforeEach(async () => {
  await db.batch(sizeWriteStatements(db, await catalogueProductId(db, "runtz-eighth"), RUNTZ_CATALOGUE_SIZES));
  await catalogueChanged();
});

/** A complete, valid row for a new product. */
function newRow(fields: Partial<Cells>): Partial<Cells> {
  return {
    name: "Imported Gummies",
    price: "12.5",
    category: "edibles",
    strain_type: "hybrid",
    thc_content: "10mg per piece",
    effects: "Calm; Happy",
    description: "From the supplier's list.",
    rating: "4.5",
    review_count: "3",
    lab_tested: "yes",
    in_stock: "yes",
    active: "yes",
    ...fields,
  };
}

async function plan(text: string): Promise<ImportPlan> {
  const result = await planCatalogueImport(db, env.IMAGES, text, AS_PREVIEWED);
  if (!result.ok) throw new Error(result.message);
  return result.plan;
}

async function productsSnapshot() {
  const { results } = await env.DB.prepare("SELECT * FROM products ORDER BY id").all();
  return results;
}

async function runCount() {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM migration_runs").first<{ n: number }>())!.n;
}

/** Confirms a previewed import with the upload and token its page carries (as its Confirm button posts them). */
async function confirmPreview(html: string) {
  return postForm(
    "/admin/catalogue-import",
    { intent: "confirm", upload: (await fieldValue(html, "upload"))!, token: (await fieldValue(html, "token"))! },
    { headers: { Cookie: await adminCookie() } },
  );
}

/** The run a confirmation redirected to (`?run=` of its Location). */
const runIdOf = (confirm: Response) => new URL(confirm.headers.get("Location")!, "http://x").searchParams.get("run")!;

/** Waits for the Queue to run the import (the real consumer, in the background); delivers it directly if it never arrives. */
async function finishRun(runId: string) {
  for (let i = 0; i < 40; i++) {
    const run = await getMigrationRun(db, runId);
    if (run && isFinishedStatus(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await runMigration(db, runId, { bucket: env.IMAGES });
  return (await getMigrationRun(db, runId))!;
}

describe("export -> import", () => {
  it("into the same shop changes nothing: every row unchanged, nothing to confirm", async () => {
    const text = await exportCsv();
    const result = await plan(text);
    expect(result.refused).toEqual([]);
    expect(result.added).toEqual([]);
    expect(result.changed).toEqual([]);
    // A row per size (decision 028): the products are the rows that carry a name.
    const products = rowsOf(text).filter((row) => row.name !== "");
    expect(result.unchanged).toBe(products.length);
    const runtz = rowsOf(text).filter((row) => row.key === "runtz-eighth");
    expect(runtz.map((row) => [row.name, row.size, row.price, row.size_stock])).toEqual([
      ["Runtz", "1/8 oz", "45", ""],
      ["", "1/4 oz", "85", "20"],
      ["", "1/2 oz", "160", ""],
      ["", "1 oz", "300", "3"],
    ]);

    const before = await productsSnapshot();
    const { response, html } = await previewPost(text);
    expect(response.status).toBe(200);
    expect(html).toContain(IMPORT_TEXT.nothingToDo);
    expect(await fieldValue(html, "token")).toBeUndefined();
    expect(await productsSnapshot()).toEqual(before);
  });

  it("shows edited prices and names field by field, then applies them through the migration run", async () => {
    const rows = rowsOf(await exportCsv());
    // Two products sold in one size (a sized product's price is its sizes', below).
    const [first, second] = rows.filter((row) => row.name !== "" && row.size === "");
    const products = rows.filter((row) => row.name !== "").length;
    const edited = rows.map((row) =>
      row === first ? { ...row, price: "1.25" } : row === second ? { ...row, name: `${row.name} (new label)` } : row,
    );
    const { response, html } = await previewPost(toCsv(edited));
    expect(response.status).toBe(200);
    expect((await definitionsOf(html, "dl.mt-4.grid")).find(([term]) => term === "Changed")).toEqual(["Changed", "2"]);
    expect(html).toContain(`Row ${rows.indexOf(first!) + 2}: ${first!.name}`);
    expect(await definitionsOf(html)).toContainEqual(["Price:", expect.stringMatching(/^\$[\d,.]+ → \$1\.25$/)]);
    expect(html).toContain(`${second!.name} <span aria-label="becomes">→</span> ${second!.name} (new label)`);
    const before = await productsSnapshot();
    expect(await productsSnapshot()).toEqual(before);

    const confirm = await confirmPreview(html);
    expect(confirm.status).toBe(302);
    const run = await finishRun(runIdOf(confirm));
    expect(run).toMatchObject({ kind: "import", status: "succeeded", total: products, inserted: products, failed: 0 });
    // The dashboard counts what happened: the file's rows (a product sold in sizes is several), and the changes.
    const dashboard = textOf(await (await get("/admin/dashboard", { headers: { Cookie: await adminCookie() } })).text());
    expect(dashboard).toContain(`The file's ${rows.length} rows (${products} products): 0 added, 2 changed, ${products - 2} unchanged.`);
    expect(rows.length).toBeGreaterThan(products);
    const priced = await env.DB.prepare("SELECT price_cents, version FROM products WHERE id = ?").bind(Number(first!.id)).first();
    expect(priced).toMatchObject({ price_cents: 125 });
    const named = await env.DB.prepare("SELECT name FROM products WHERE id = ?").bind(Number(second!.id)).first<{ name: string }>();
    expect(named!.name).toBe(`${second!.name} (new label)`);
    // Idempotent: the same file again changes nothing.
    const again = await plan(toCsv(edited));
    expect(again.changed).toEqual([]);
    expect(again.added).toEqual([]);
    // The staged file is gone: a second confirmation changes nothing.
    const replay = await confirmPreview(html);
    expect(replay.status).toBe(409);
  });
});

describe("size rows (decision 028)", () => {
  const sizesOf = async (id: number) =>
    (
      await env.DB.prepare("SELECT id, label, price_cents, stock FROM product_sizes WHERE product_id = ? ORDER BY position").bind(id).all<{
        id: number;
        label: string;
        price_cents: number;
        stock: number | null;
      }>()
    ).results;

  it("reads edited, added and removed size rows back into their product, keeping the ids of the sizes it keeps; a removed size can come back from the trash", async () => {
    const rows = rowsOf(await exportCsv());
    const id = Number(rows.find((row) => row.key === "runtz-eighth")!.id);
    const before = await sizesOf(id);
    // 1/4 oz costs more and has 7 on hand, 1/2 oz is gone, a 1 lb size is new.
    const edited = rows.flatMap((row) => {
      if (row.key !== "runtz-eighth") return [row];
      if (row.size === "1/4 oz") return [{ ...row, price: "90", size_stock: "7" }];
      if (row.size === "1/2 oz") return [];
      if (row.size === "1 oz") return [row, { ...row, size: "1 lb", price: "3200", size_stock: "", size_sku: "RZ-LB" }];
      return [row];
    });
    const { html } = await previewPost(toCsv(edited));
    expect((await definitionsOf(html)).find(([term]) => term === "Changed")).toEqual(["Changed", "1"]);
    expect(html).toContain("Sizes: ");
    expect(html).toContain("1 lb $3,200.00 (SKU RZ-LB)");
    const confirm = await confirmPreview(html);
    expect(confirm.status).toBe(302);
    expect(await finishRun(runIdOf(confirm))).toMatchObject({ status: "succeeded", failed: 0 });
    const after = await sizesOf(id);
    expect(after.map((size) => [size.label, size.price_cents, size.stock])).toEqual([
      ["1/8 oz", 4500, null],
      ["1/4 oz", 9000, 7],
      ["1 oz", 30000, 3],
      ["1 lb", 320000, null],
    ]);
    // Kept sizes keep their ids: cart lines naming them stay valid.
    const idOf = (sizes: typeof before, label: string) => sizes.find((size) => size.label === label)!.id;
    for (const label of ["1/8 oz", "1/4 oz", "1 oz"]) expect(idOf(after, label)).toBe(idOf(before, label));
    // The exported file now reads the same as the edited one: importing it again changes nothing.
    const again = await plan(await exportCsv());
    expect(again.changed).toEqual([]);
    expect(again.refused).toEqual([]);

    // The 1/2 oz the file left out waits in the trash, and Restore puts it back under its own id.
    const cookie = await adminCookie();
    const trash = decodeHtml(await (await get("/admin/trash", { headers: { Cookie: cookie } })).text());
    expect(trash).toContain("Runtz: 1/2 oz");
    expect(trash).toContain("Removed from the product");
    const restore = await postForm(
      "/admin/trash",
      { intent: "restore-sizes", id: String(id), version: (await fieldValue(trash.slice(trash.indexOf("Runtz: 1/2 oz")), "version"))! },
      { headers: { Cookie: cookie } },
    );
    expect(restore.status).toBe(302);
    const restored = await sizesOf(id);
    expect(restored.map((size) => size.label)).toEqual(["1/8 oz", "1/4 oz", "1/2 oz", "1 oz", "1 lb"]);
    expect(idOf(restored, "1/2 oz")).toBe(idOf(before, "1/2 oz"));
    expect(decodeHtml(await (await get("/admin/trash", { headers: { Cookie: cookie } })).text())).not.toContain("Runtz: 1/2 oz");
  });

  it("refuses bad size rows per row and column, writes nothing, and answers 200 with the preview (never a 5xx)", async () => {
    const rows = rowsOf(await exportCsv());
    const runtz = rows.filter((row) => row.key === "runtz-eighth");
    const rest = rows.filter((row) => row.key !== "runtz-eighth");
    const bad = [
      { ...runtz[0]!, size_stock: "-1" },
      { ...runtz[1]!, size: "1/8 OZ" },
      { ...runtz[2]!, price: "999999999999", compare_at_price: "10" },
      { ...runtz[3]!, size: "草".repeat(200), price_tiers: '[{"minQuantity":10,"unitPriceCents":1},{"minQuantity":5,"unitPriceCents":2}]' },
      ...Array.from({ length: 46 }, (_, i) => ({ id: runtz[0]!.id, key: "runtz-eighth", size: `pack ${i}`, price: "1" })),
    ];
    const before = await productsSnapshot();
    const { response, html } = await previewPost(toCsv([...bad, ...rest]));
    expect(response.status).toBe(200);
    expect(html).toContain(IMPORT_TEXT.refusedTitle);
    const result = await plan(toCsv([...bad, ...rest]));
    const refused = result.refused.map((cell) => [cell.row, cell.column, cell.message]);
    expect(refused).toEqual(
      expect.arrayContaining([
        [2, "size_stock", PRODUCT_FORM_MESSAGES.stockFormat],
        [3, "size", PRODUCT_FORM_MESSAGES.sizeLabelTaken],
        [4, "price", PRODUCT_FORM_MESSAGES.priceTooHigh],
        [5, "size", PRODUCT_FORM_MESSAGES.sizeLabelTooLong],
        [5, "price_tiers", expect.stringContaining("Bulk prices must be empty")],
        [2, "size", PRODUCT_FORM_MESSAGES.tooManySizes],
      ]),
    );
    expect(await fieldValue(html, "token")).toBeUndefined();
    expect(await productsSnapshot()).toEqual(before);
  });

  it("imports a file exported before sizes: one row per product, a product's sizes left as they are", async () => {
    const rows = rowsOf(await exportCsv()).filter((row) => row.name !== "");
    const old = [
      "id",
      ...CATALOGUE_CSV_COLUMNS.filter((column) => column !== "id" && !["size", "size_sku", "size_stock"].includes(column)),
    ];
    const result = await plan(toCsv(rows, old));
    expect(result.refused).toEqual([]);
    expect(result.changed).toEqual([]);
    expect(result.unchanged).toBe(rows.length);
  });
});

describe("bad input", () => {
  it("refuses rows with row, column and the form's own message; good rows with tricky text are accepted as text", async () => {
    const rows = [
      newRow({ name: "Bad THC", thc_content: "very strong" }),
      newRow({ name: "Nowhere", category: "no-such-category" }),
      newRow({ name: "x".repeat(200) }),
      newRow({ name: "Gummies A", key: "supplier-1" }),
      newRow({ name: "Gummies B", key: "supplier-1" }),
      newRow({ name: "草莓软糖 🍓 Клубника" }),
      newRow({ name: '=HYPERLINK("http://evil","x")', description: 'Has "quotes", commas,\nand a new line' }),
    ];
    const result = await plan(toCsv(rows));
    expect(result.refused).toEqual([
      { row: 2, column: "thc_content", value: "very strong", message: PRODUCT_FORM_MESSAGES.thcFormat },
      { row: 3, column: "category", value: "no-such-category", message: PRODUCT_FORM_MESSAGES.categoryUnknown },
      { row: 4, column: "name", value: "x".repeat(200), message: PRODUCT_FORM_MESSAGES.nameTooLong },
      // One key on two rows is one product in two sizes (decision 028): these name two products.
      { row: 5, column: "size", value: "", message: PRODUCT_FORM_MESSAGES.sizeLabelRequired },
      { row: 6, column: "size", value: "", message: PRODUCT_FORM_MESSAGES.sizeLabelRequired },
      {
        row: 6,
        column: "name",
        value: "Gummies B",
        message: "Rows with the same key or id are one product's sizes: this row names another product than row 5",
      },
    ]);
    expect(result.added.map((row) => row.name)).toEqual(["草莓软糖 🍓 Клубника", '=HYPERLINK("http://evil","x")']);
    const formula = result.steps.find((step) => step.kind === "add" && step.fields.name === '=HYPERLINK("http://evil","x")');
    expect(formula).toMatchObject({ fields: { description: 'Has "quotes", commas,\nand a new line' } });

    const before = await productsSnapshot();
    const { html } = await previewPost(toCsv(rows));
    expect(html).toContain(IMPORT_TEXT.refusedTitle);
    expect(await textsOf(html, "li")).toContainEqual(expect.stringMatching(/^Row 2, column thc_content\b/));
    expect(html).toContain(PRODUCT_FORM_MESSAGES.thcFormat);
    expect(await fieldValue(html, "token")).toBeUndefined();
    expect(await productsSnapshot()).toEqual(before);
  });

  it("answers a wrong header, a file that is not CSV and an empty file with one message for the file", async () => {
    const wrong = await previewPost("name,price,colour\nA,1,red\n");
    expect(wrong.response.status).toBe(422);
    expect(wrong.html).toContain("Missing columns: id, key,");
    expect(wrong.html).toContain("Unknown columns: colour.");

    const binary = await previewPost(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x01]), { fileName: "photo.png" });
    expect(binary.response.status).toBe(422);
    expect(binary.html).toContain("This file is not a CSV: it is not UTF-8 text.");

    const broken = await previewPost(`${csvLine(CATALOGUE_CSV_COLUMNS)}1,"open quote\n`);
    expect(broken.html).toContain("A quoted field is never closed (line 2)");

    const empty = await previewPost("");
    expect(empty.html).toContain(IMPORT_TEXT.empty);
  });

  it("a confirmation without the preview's token, or with a wrong one, changes nothing", async () => {
    const rows = rowsOf(await exportCsv()).map((row, i) => (i === 0 ? { ...row, name: `${row.name} (token test)` } : row));
    const { html } = await previewPost(toCsv(rows));
    const upload = (await fieldValue(html, "upload"))!;
    expect(upload).toBeTruthy();
    const before = await productsSnapshot();
    const runs = await runCount();
    const cookie = await adminCookie();
    const none = await postForm("/admin/catalogue-import", { intent: "confirm", upload }, { headers: { Cookie: cookie } });
    expect(none.status).toBe(400);
    expect(decodeHtml(await none.text())).toContain(IMPORT_TEXT.confirmFirst);
    const forged = await postForm(
      "/admin/catalogue-import",
      { intent: "confirm", upload, token: "forged" },
      { headers: { Cookie: cookie } },
    );
    expect(forged.status).toBe(409);
    expect(decodeHtml(await forged.text())).toContain(IMPORT_TEXT.planChanged);
    // A token for this file, after the shop changed under it, is stale.
    await env.DB.prepare("UPDATE products SET price_cents = price_cents + 1, version = version + 1 WHERE id = ?")
      .bind(Number(rows[1]!.id))
      .run();
    const stale = await postForm(
      "/admin/catalogue-import",
      { intent: "confirm", upload, token: (await fieldValue(html, "token"))! },
      { headers: { Cookie: cookie } },
    );
    expect(stale.status).toBe(409);
    expect(await runCount()).toBe(runs);
    const after = await productsSnapshot();
    expect(after.filter((row) => row.id !== Number(rows[1]!.id))).toEqual(before.filter((row) => row.id !== Number(rows[1]!.id)));
  });

  it("is for the admin only", async () => {
    const page = await get("/admin/catalogue-import");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin");
    const runs = await runCount();
    const { response } = await previewPost(toCsv([newRow({})]), { cookie: "admin_session=forged" });
    expect([302, 401, 403]).toContain(response.status);
    expect(await runCount()).toBe(runs);
  });
});

describe("two previews of one file", () => {
  it("two tabs preview the same keyless file: the first confirmation imports it, the second is refused once the first ran (2 products, not 4)", async () => {
    const name = (i: number) => `Two tabs keyless ${i} ${crypto.randomUUID().slice(0, 8)}`;
    const names = [name(1), name(2)];
    const file = toCsv(names.map((productName) => newRow({ name: productName })));
    const first = await previewPost(file, { fileName: "tab-1.csv" });
    const second = await previewPost(file, { fileName: "tab-2.csv" });
    expect(await fieldValue(first.html, "token")).toBeTruthy();
    expect(await fieldValue(second.html, "token")).toBeTruthy();
    const confirmed = await confirmPreview(first.html);
    expect(confirmed.status).toBe(302);
    expect((await finishRun(runIdOf(confirmed))).status).toBe("succeeded");
    const runs = await runCount();
    const again = await confirmPreview(second.html);
    expect(again.status).toBe(409);
    expect(decodeHtml(await again.text())).toContain(IMPORT_TEXT.planChanged);
    expect(await runCount()).toBe(runs);
    for (const productName of names) {
      const found = await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE name = ?").bind(productName).first<{ n: number }>();
      expect(found?.n).toBe(1);
    }
  });

  it("a write to any product after the preview (not one the file names) makes its confirmation stale", async () => {
    const file = toCsv([newRow({ name: `Stale keyless ${crypto.randomUUID().slice(0, 8)}` })]);
    const { html } = await previewPost(file);
    const runs = await runCount();
    await env.DB.prepare("UPDATE products SET rating = rating WHERE id = (SELECT min(id) FROM products)").run();
    const confirm = await confirmPreview(html);
    expect(confirm.status).toBe(409);
    expect(await runCount()).toBe(runs);
  });
});

describe("the run", () => {
  it("a batch that fails leaves its rows unchanged and the run names them; the other batches land", async () => {
    await env.DB.prepare(
      "CREATE TRIGGER import_test_boom BEFORE INSERT ON products WHEN NEW.name = 'Boom' BEGIN SELECT RAISE(ABORT, 'boom'); END",
    ).run();
    try {
      const rows = Array.from({ length: 60 }, (_, i) =>
        newRow({ name: i === 55 ? "Boom" : `Batch product ${i + 1}`, key: `batch-${i + 1}` }),
      );
      const { html } = await previewPost(toCsv(rows));
      const confirm = await confirmPreview(html);
      expect(confirm.status).toBe(302);
      const run = await finishRun(runIdOf(confirm));
      expect(run).toMatchObject({ status: "warnings", total: 60, inserted: 50, failed: 10 });
      const failed = parseFailedProducts(run.failedProducts);
      expect(failed.map((product) => product.key)).toEqual(Array.from({ length: 10 }, (_, i) => `row ${52 + i}`));
      expect(failed[0]!.reason).toMatch(/^Rows 52–61 were not imported and are unchanged: /);
      const landed = (await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE catalogue_key LIKE 'batch-%'").first<{ n: number }>())!
        .n;
      expect(landed).toBe(50);
    } finally {
      await env.DB.prepare("DROP TRIGGER IF EXISTS import_test_boom").run();
    }
  });
});

describe("staged files", () => {
  it("a preview nobody confirmed is deleted by the cron after a day; a fresh one stays", async () => {
    const key = importObjectKey(crypto.randomUUID());
    await env.IMAGES.put(key, "id,key\r\n");
    expect(await purgeStagedImports(env.IMAGES, Date.now())).toBe(0);
    expect(await env.IMAGES.head(key)).not.toBeNull();
    expect(await purgeStagedImports(env.IMAGES, Date.now() + 25 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    expect(await env.IMAGES.head(key)).toBeNull();
  });
});

describe("round trip (property)", () => {
  it("generated products, long, non-Latin, with separators (comma, semicolon, TAB), quotes, new lines and formula characters (full-width too), export and import unchanged", async () => {
    const text = (max: number) =>
      fc
        .array(
          fc.oneof(
            fc.constantFrom(
              "a",
              "Z",
              " ",
              ",",
              ";",
              "\t",
              '"',
              "\n",
              "=",
              "+",
              "-",
              "@",
              "'",
              "\uFF1D",
              "\uFF0B",
              "\uFF0D",
              "\uFF20",
              "草",
              "й",
              "🌿",
              "é",
            ),
            fc.string({ maxLength: 3 }),
          ),
          {
            minLength: 1,
            maxLength: max,
          },
        )
        .map((parts) =>
          parts
            .join("")
            .replace(/[\r\u0000-\u0008\u000b-\u001f]/g, "")
            .trim()
            .slice(0, max)
            .trim(),
        )
        .filter((value) => value.length > 0);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: text(120), description: text(400), cents: fc.integer({ min: 1, max: 10_000_000 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        async (generated) => {
          const names = generated.map((product, i) => `${product.name.slice(0, 110)} #${i}`);
          try {
            for (const [i, product] of generated.entries()) {
              await env.DB.prepare(
                "INSERT INTO products (name, price_cents, category, description, thc_content, thc_unit, thc_min, thc_max, effects) VALUES (?, ?, 'edibles', ?, '20%', 'percent', 20, 20, '[\"Calm\"]')",
              )
                .bind(names[i], product.cents, product.description)
                .run();
            }
            await catalogueChanged();
            const result = await plan(await exportCsv());
            expect(result.refused).toEqual([]);
            expect(result.changed).toEqual([]);
            expect(result.added).toEqual([]);
          } finally {
            for (const name of names) await env.DB.prepare("DELETE FROM products WHERE name = ?").bind(name).run();
          }
        },
      ),
      { numRuns: fcRuns(12) },
    );
  });
});

describe("a file over the row cap", () => {
  it(`is refused at once with the cap in the message, and nothing is staged (${IMPORT_MAX_ROWS + 1} rows)`, async () => {
    const line = csvLine(CATALOGUE_CSV_COLUMNS.map((column) => newRow({})[column] ?? ""));
    const text = CSV_BOM + csvLine(CATALOGUE_CSV_COLUMNS) + line.repeat(IMPORT_MAX_ROWS + 1);
    const stagedBefore = (await env.IMAGES.list({ prefix: IMPORT_PREFIX })).objects.length;
    const started = Date.now();
    const { response, html } = await previewPost(text);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.status).toBe(422);
    expect(html).toContain(IMPORT_TEXT.tooManyRows);
    expect(IMPORT_TEXT.tooManyRows).toContain("20,000");
    expect((await env.IMAGES.list({ prefix: IMPORT_PREFIX })).objects.length).toBe(stagedBefore);
    // Exactly at the cap, the file is read (and planned) as usual.
    const atCap = await planCatalogueImport(db, env.IMAGES, CSV_BOM + csvLine(CATALOGUE_CSV_COLUMNS) + line.repeat(3), AS_PREVIEWED);
    expect(atCap.ok).toBe(true);
  });
});

describe("performance", () => {
  it("previews 10,000 rows within 10 s", { timeout: 120_000 }, async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      newRow({
        name: `Bulk product ${i + 1}`,
        key: `bulk-${i + 1}`,
        description: `Row ${i + 1}: a supplier's product, described in a sentence or two.`,
      }),
    );
    const text = toCsv(rows);
    const started = Date.now();
    const { response, html } = await previewPost(text);
    const elapsed = Date.now() - started;
    console.log(`Import preview of 10,000 rows (${(text.length / 1024 / 1024).toFixed(1)} MB): ${elapsed} ms`);
    expect(response.status).toBe(200);
    expect((await definitionsOf(html)).find(([term]) => term === "Added")).toEqual(["Added", "10000"]);
    expect(elapsed).toBeLessThan(10_000);
  });
});

// Last in the file: it empties the shop.
describe("export -> import into an empty shop -> export", () => {
  it("gives the same file, but for the id column (a new shop gives new ids)", async () => {
    const exported = await exportCsv();
    await env.DB.batch([env.DB.prepare("DELETE FROM products"), env.DB.prepare("DELETE FROM product_trash")]);
    expect((await productsSnapshot()).length).toBe(0);

    const { response, html } = await previewPost(exported);
    expect(response.status).toBe(200);
    const confirm = await confirmPreview(html);
    expect(confirm.status).toBe(302);
    const run = await finishRun(runIdOf(confirm));
    expect(run).toMatchObject({ status: "succeeded", failed: 0 });

    const withoutIds = (text: string) => rowsOf(text).map(({ id: _id, ...cells }) => cells);
    const again = await exportCsv();
    expect(withoutIds(again)).toEqual(withoutIds(exported));
    expect(rowsOf(again)).toHaveLength(rowsOf(exported).length);
  }, 120_000);
});
