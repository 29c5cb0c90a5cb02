/**
 * The product form's Sizes and stock through the built Worker, as a browser without
 * JavaScript posts it: add a size with the form's own button, fill four sizes, save; bad input gets
 * field messages and saves nothing.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { products } from "../../db/schema";
import { createDb } from "../../app/server/load-context";
import { readSizes } from "../../app/features/catalogue/sizes.server";
import { adminGet, adminPost, read } from "./admin-helpers";
import { editForm, formFromPage, FOUR_SIZES } from "./product-form-page";
import { sellInOneSize } from "./size-fixtures";
import { elementsOf } from "./page-parts";

const db = createDb(env.DB);

async function runtz() {
  const [row] = await db.select().from(products).where(eq(products.catalogueKey, "runtz-eighth"));
  return row!;
}

// Runtz as a shop loaded before the catalogue came in sizes has it: one size, which the owner turns into four.
// Put back before each test, since the saves below leave it in several sizes and the first test reads one.
beforeEach(() => sellInOneSize("runtz-eighth", "Runtz (1/8 oz)"));

describe("the product form's sizes", () => {
  it("shows a one-size product as before, with Stock, SKU and bulk prices; 'Add a size' works without JavaScript", async () => {
    const { id } = await runtz();
    const page = await read(await adminGet(`/admin/edit-product/${id}`));
    expect(page).toContain("Sizes and stock");
    expect(page).toContain('name="price"');
    expect(page).not.toContain('name="sizes[0].label"');
    // The button is a submit with conform's intent: the action answers with the form again, one size more.
    const intent = (await elementsOf(page, 'button[name="__intent__"]')).find(({ text }) => text.startsWith("Add a size"))?.attributes
      .value;
    expect(intent).toBeDefined();
    const form = await editForm(id, { __intent__: intent!, price: "46" });
    const again = await adminPost(`/admin/edit-product/${id}`, form);
    expect(again.status).toBe(200);
    const html = await read(again);
    expect(html).toContain('name="sizes[0].label"');
    expect(html).toContain('name="sizeLabel"');
    // Nothing was saved by the intent; what was typed is kept.
    expect((await runtz()).priceCents).toBe(4500);
    expect(html).toMatch(/name="price"[^>]*value="46"|value="46"[^>]*name="price"/);
  });

  it("saves Runtz in four sizes with their own prices, stock and bulk prices, in order", async () => {
    const { id } = await runtz();
    const [first] = (await readSizes(db, [id])).get(id)!;
    const saved = await adminPost(`/admin/edit-product/${id}`, await editForm(id, FOUR_SIZES));
    expect(saved.status).toBe(302);
    const sizes = (await readSizes(db, [id])).get(id)!;
    expect(sizes.map((s) => [s.label, s.priceCents, s.stock, s.sku])).toEqual([
      ["1/8 oz", 4500, 12, "RZ-8"],
      ["1/4 oz", 8000, 3, null],
      ["1/2 oz", 15000, null, null],
      ["1 oz", 28000, 0, null],
    ]);
    // The first size kept its id: cart lines naming it stay valid.
    expect(sizes[0]!.id).toBe(first!.id);
    expect(sizes[2]!.tiers).toEqual([{ minQuantity: 5, unitPriceCents: 14000 }]);
    // The edit form shows them back.
    const page = await read(await adminGet(`/admin/edit-product/${id}`));
    expect(page).toContain('value="1/4 oz"');
    expect(page).toContain("Size 4");
  });

  it.each([
    ["duplicate labels", { "sizes[0].label": "1/8 OZ" }, "Two sizes cannot have the same label"],
    ["a size without a label", { "sizes[0].label": "" }, "Every size needs a label"],
    ["a negative price", { "sizes[1].price": "-5" }, "Price may contain only digits"],
    ["a 12-digit price", { "sizes[1].price": "999999999999" }, "Price must be at most $1,000,000"],
    ["compare-at at the price", { "sizes[0].compareAt": "80" }, "Compare-at price must be higher than the price"],
    ["stock of -1", { "sizes[0].stock": "-1" }, "Stock must be blank (not tracked) or a whole number"],
    ["stock of 10^12", { stock: "1000000000000" }, "Stock must be blank (not tracked) or a whole number"],
    ["a 200-character label", { "sizes[2].label": "x".repeat(200) }, "A size label must be at most 40 characters"],
    [
      "tiers out of order",
      { "sizes[1].tiers[1].minQuantity": "3", "sizes[1].tiers[1].price": "130" },
      "Each bulk price needs a larger minimum quantity",
    ],
    [
      "tiers with equal minimums",
      { "sizes[1].tiers[1].minQuantity": "5", "sizes[1].tiers[1].price": "130" },
      "Each bulk price needs a larger minimum quantity",
    ],
  ])("refuses %s with a field message and saves nothing", async (_, change, message) => {
    const { id, version } = await runtz();
    const before = (await readSizes(db, [id])).get(id);
    const response = await adminPost(`/admin/edit-product/${id}`, await editForm(id, { ...FOUR_SIZES, ...change }));
    expect(response.status).toBe(400);
    expect(await read(response)).toContain(message);
    expect((await readSizes(db, [id])).get(id)).toEqual(before);
    expect((await runtz()).version).toBe(version);
  });

  it("refuses 50 sizes", async () => {
    const { id } = await runtz();
    const many: Record<string, string> = { sizeLabel: "s0" };
    for (let i = 0; i < 49; i++) Object.assign(many, { [`sizes[${i}].label`]: `s${i + 1}`, [`sizes[${i}].price`]: "1" });
    const response = await adminPost(`/admin/edit-product/${id}`, await editForm(id, many));
    expect(response.status).toBe(400);
    expect(await read(response)).toContain("At most 20 sizes");
  });

  it("accepts non-Latin labels", async () => {
    const { id } = await runtz();
    const saved = await adminPost(
      `/admin/edit-product/${id}`,
      await editForm(id, { sizeLabel: "3,5 г", price: "45", "sizes[0].label": "七克 🌿", "sizes[0].price": "80" }, { oneSize: true }),
    );
    expect(saved.status).toBe(302);
    expect((await readSizes(db, [id])).get(id)!.map((s) => s.label)).toEqual(["3,5 г", "七克 🌿"]);
  });

  it("a stale version saves neither the product nor its sizes", async () => {
    const { id } = await runtz();
    const form = await editForm(id, FOUR_SIZES);
    await db.update(products).set({ version: 99 }).where(eq(products.id, id));
    const before = (await readSizes(db, [id])).get(id);
    const response = await adminPost(`/admin/edit-product/${id}`, form);
    expect(response.status).toBe(409);
    expect((await readSizes(db, [id])).get(id)).toEqual(before);
  });

  it("creates a product in two sizes in one go", async () => {
    const form = await formFromPage(await (await adminGet("/admin/add-product")).text());
    for (const [name, value] of Object.entries({
      name: "Sized Gummies",
      // The form's category starts unchosen; Branded Exotics keeps it off the category pages other tests count.
      category: "branded-exotics",
      description: "Two packs.",
      price: "5",
      sizeLabel: "1 piece",
      "sizes[0].label": "10-pack",
      "sizes[0].price": "40",
    })) {
      form.set(name, value);
    }
    const response = await adminPost("/admin/add-product", form);
    expect(response.status).toBe(302);
    const [row] = await db.select().from(products).where(eq(products.name, "Sized Gummies"));
    expect((await readSizes(db, [row!.id])).get(row!.id)!.map((s) => [s.label, s.priceCents])).toEqual([
      ["1 piece", 500],
      ["10-pack", 4000],
    ]);
  });
});
