import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { catalogue } from "../../db/catalogue";
import { CATALOGUE_CSV_COLUMNS } from "../../app/features/catalogue-csv/catalogue-csv";
import { csvLine, CSV_BOM, parseCsv } from "../../app/features/catalogue-csv/csv";
import { getMigrationRun } from "../../app/features/migration/migration-runs.server";
import { prepareCatalogueRows } from "../../app/features/migration/load-plan.server";
import { isFinishedStatus } from "../../app/features/migration/migration";
import { serializePriceTiers } from "../../app/features/catalogue/stored-tiers";
import { adminGet, adminPost } from "./admin-helpers";
import { adminCookie, postForm } from "./helpers";
import { decodeHtml, fieldValue, textsOf } from "./page-parts";
import { editForm } from "./product-form-page";
import { db, deleteProducts, insertProducts, testProduct } from "./shop-helpers";

/**
 * The catalogue load's preview against what the load then does, through the real Worker and the real
 * Queue: a shop with a sized product repriced by the form, another repriced by a CSV import (a size
 * that is not its lowest) and a product of the owner's own. Every change the preview lists happens;
 * nothing it does not list changes — for 'keep my work' and for 'replace'.
 */

const OWN = "Preview Truth House Blend";
const catalogueRows = new Map(prepareCatalogueRows(catalogue).rows.map((item) => [item.row.catalogueKey, item]));
const sizedKeys = catalogue.filter((entry) => entry.sizes && entry.sizes.length > 1).map((entry) => entry.key);
const [FORM_KEY, CSV_KEY] = sizedKeys;

interface SizeRow {
  label: string;
  price_cents: number;
  compare_at_cents: number | null;
  tiers: string | null;
}

async function idOf(key: string): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM products WHERE catalogue_key = ?").bind(key).first<{ id: number }>();
  if (!row) throw new Error(`no product ${key}`);
  return row.id;
}

/** Every product row (but its bookkeeping columns) and its sizes, by id. */
async function shopState(): Promise<Map<number, { row: Record<string, unknown>; sizes: SizeRow[] }>> {
  const [rows, sizes] = (
    await env.DB.batch<Record<string, unknown>>([
      env.DB.prepare("SELECT * FROM products ORDER BY id"),
      env.DB.prepare("SELECT product_id, label, price_cents, compare_at_cents, tiers FROM product_sizes ORDER BY product_id, position, id"),
    ])
  ).map((result) => result.results);
  if (!rows || !sizes) throw new Error("the batch answers one result per statement");
  const state = new Map<number, { row: Record<string, unknown>; sizes: SizeRow[] }>();
  for (const { version: _v, updated_at: _u, catalogue_snapshot: _s, ...row } of rows) state.set(Number(row.id), { row, sizes: [] });
  for (const { product_id, label, price_cents, compare_at_cents, tiers } of sizes)
    state.get(Number(product_id))?.sizes.push({
      label: String(label),
      price_cents: Number(price_cents),
      compare_at_cents: compare_at_cents === null ? null : Number(compare_at_cents),
      // "[]" and NULL both store "no bulk prices".
      tiers: tiers === null || tiers === "[]" ? null : String(tiers),
    });
  return state;
}

/** The catalogue's own sizes of a product, as product_sizes stores them. */
function catalogueSizes(key: string): SizeRow[] {
  const item = catalogueRows.get(key);
  if (!item) throw new Error(`no catalogue product ${key}`);
  return item.sizes.map((size) => ({
    label: size.label,
    price_cents: size.priceCents,
    compare_at_cents: size.compareAtCents,
    tiers: size.tiers && size.tiers.length > 0 ? serializePriceTiers(size.tiers) : null,
  }));
}

/** Waits for the real Queue's consumer to finish the run. */
async function finished(runId: string) {
  for (let i = 0; i < 120; i++) {
    const run = await getMigrationRun(db, runId);
    if (run && isFinishedStatus(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`run ${runId} never finished`);
}

/** The shop the owner built: a size repriced by the form, another by a CSV import, a product of their own. */
async function ownersShop() {
  if (!FORM_KEY || !CSV_KEY) throw new Error("the catalogue needs two products sold in sizes");
  await deleteProducts([OWN]);
  const formId = await idOf(FORM_KEY);
  const firstPrice = catalogueSizes(FORM_KEY)[0]!.price_cents;
  const saved = await adminPost(`/admin/edit-product/${formId}`, await editForm(formId, { price: String(firstPrice / 100 + 5) }));
  expect(saved.status).toBe(302);

  const csvId = await idOf(CSV_KEY);
  const secondLabel = catalogueSizes(CSV_KEY)[1]!.label;
  const csv = await (await adminGet("/admin/catalogue.csv")).text();
  const parsed = parseCsv(csv);
  if (!parsed.ok) throw new Error(parsed.message);
  const [header = [], ...rows] = parsed.rows;
  const edited = rows.map((cells) => {
    const cell = (column: string) => cells[header.indexOf(column)] ?? "";
    if (cell("key") !== CSV_KEY || cell("size") !== secondLabel) return cells;
    return cells.map((value, index) => (header[index] === "price" ? String(Number(value) + 5) : value));
  });
  const form = new FormData();
  form.append("file", new File([CSV_BOM + csvLine(CATALOGUE_CSV_COLUMNS) + edited.map((cells) => csvLine(cells)).join("")], "shop.csv"));
  const cookie = await adminCookie();
  const preview = decodeHtml(await (await postForm("/admin/catalogue-import", form, { headers: { Cookie: cookie } })).text());
  const confirm = await postForm(
    "/admin/catalogue-import",
    { intent: "confirm", upload: (await fieldValue(preview, "upload")) ?? "", token: (await fieldValue(preview, "token")) ?? "" },
    { headers: { Cookie: cookie } },
  );
  expect(confirm.status).toBe(302);
  const importRun = new URL(confirm.headers.get("Location") ?? "", "http://x").searchParams.get("run") ?? "";
  expect(await finished(importRun)).toMatchObject({ status: "succeeded" });

  const own = (
    await insertProducts([testProduct({ name: OWN, priceCents: 1500, category: "edibles", description: "The owner's own blend." })])
  ).get(OWN);
  if (own === undefined) throw new Error("the owner's product was not added");
  const names = new Map([
    [formId, catalogueRows.get(FORM_KEY)!.row.name],
    [csvId, catalogueRows.get(CSV_KEY)!.row.name],
  ]);
  return { formId, csvId, own, names };
}

/** The preview's lists for one choice: the headings' texts and each list's items. */
async function preview(mode: "keep" | "replace") {
  const html = await (await adminGet("/admin/catalogue-load")).text();
  const scope = `section[aria-labelledby="load-${mode}-heading"]`;
  const headings = await textsOf(html, `${scope} h3`);
  const items = await textsOf(html, `${scope} li`);
  const counts = await textsOf(html, `${scope} dd`);
  const token = (await fieldValue(html, "plan")) ?? "";
  return { headings, items, counts, token };
}

async function load(token: string, replace: boolean) {
  const started = await adminPost("/admin/migration", { intent: "start", plan: token, clearExisting: String(replace) });
  expect(started.status).toBe(302);
  const runId = new URL(started.headers.get("Location") ?? "", "http://x").searchParams.get("run") ?? "";
  return finished(runId);
}

describe("the catalogue load does what its preview says, and nothing else", () => {
  it("keep my work: lists the repriced sizes and the owner's product as kept, and then changes nothing", async () => {
    const { formId, csvId, names } = await ownersShop();
    const plan = await preview("keep");
    expect(plan.counts).toEqual(["0", "0", String(catalogue.length)]);
    expect(plan.headings).toContain("Your products (1 product): kept as they are");
    expect(plan.items).toContain(OWN);
    expect(plan.headings).toContain("Your edits to catalogue products (2 products): kept");
    for (const id of [formId, csvId]) expect(plan.items).toContain(`${names.get(id)} — Sizes and their prices`);

    const before = await shopState();
    expect(await load(plan.token, false)).toMatchObject({ status: "succeeded" });
    expect(await shopState()).toEqual(before);
  });

  it("replace: every listed edit becomes the catalogue's (sizes and prices included), the owner's product goes to the trash, nothing unlisted changes", async () => {
    const { formId, csvId, own, names } = await ownersShop();
    const plan = await preview("replace");
    expect(plan.headings).toContain("Your products (1 product): moved to the trash");
    expect(plan.items).toContain(OWN);
    expect(plan.headings).toContain("Your edits to catalogue products (2 products): overwritten by the catalogue");
    for (const id of [formId, csvId]) expect(plan.items).toContain(`${names.get(id)} — Sizes and their prices`);
    // Only what is listed is counted as updated.
    expect(plan.counts).toEqual(["0", "2", String(catalogue.length - 2)]);

    const before = await shopState();
    expect(await load(plan.token, true)).toMatchObject({ status: "succeeded" });
    const after = await shopState();

    expect(after.get(formId)?.sizes).toEqual(catalogueSizes(FORM_KEY!));
    expect(after.get(csvId)?.sizes).toEqual(catalogueSizes(CSV_KEY!));
    expect(after.has(own)).toBe(false);
    expect(await env.DB.prepare("SELECT id FROM product_trash WHERE id = ?").bind(own).first()).not.toBeNull();
    // The listed products changed in their sizes and the price columns that follow them, nothing else.
    const priceColumns = ["price_cents", "compare_at_cents", "price_tiers"];
    const without = (row: Record<string, unknown> | undefined) =>
      Object.fromEntries(Object.entries(row ?? {}).filter(([column]) => !priceColumns.includes(column)));
    for (const id of [formId, csvId]) expect(without(after.get(id)?.row)).toEqual(without(before.get(id)?.row));
    for (const [id, product] of before) if (![formId, csvId, own].includes(id)) expect(after.get(id)).toEqual(product);
  });
});
