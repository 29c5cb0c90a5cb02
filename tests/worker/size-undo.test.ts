/**
 * A removed size can come back (decision 028): the product form's save that removes sizes
 * keeps them, and its toast's Undo — a real form posting to /admin/trash — puts them back under their
 * own ids, with their price, compare-at, SKU, stock and bulk prices, at their old places. An Undo
 * after the product changed, a second Undo, an Undo naming another product or no version is refused
 * with a message, nothing written.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, productSizes } from "../../db/schema";
import { createDb } from "../../app/server/load-context";
import { readSizes } from "../../app/features/catalogue/sizes.server";
import { adminPost, follow, html, read } from "./admin-helpers";
import { editForm, FOUR_SIZES } from "./product-form-page";
import { cartCookie, get } from "./helpers";
import { formsOf } from "./page-parts";

const db = createDb(env.DB);

async function productByKey(key: string) {
  const [row] = await db.select().from(products).where(eq(products.catalogueKey, key));
  return row!;
}

/** The edit form with sizes 2..N (the form's `sizes[i]`) kept only at `keep` (renumbered), as its Remove buttons leave it. */
async function formWithout(id: number, keep: number[]) {
  const form = await editForm(id);
  const sizes = new Map<number, Array<[string, string]>>();
  for (const [name, value] of [...form.entries()]) {
    const match = /^sizes\[(\d+)\]\.(.*)$/.exec(name);
    if (!match) continue;
    form.delete(name);
    sizes.set(Number(match[1]), [...(sizes.get(Number(match[1])) ?? []), [match[2]!, String(value)]]);
  }
  keep.forEach((old, index) => {
    for (const [field, value] of sizes.get(old) ?? []) form.append(`sizes[${index}].${field}`, value);
  });
  return form;
}

async function sizeRows(id: number) {
  return db.select().from(productSizes).where(eq(productSizes.productId, id)).orderBy(productSizes.position);
}

/** The Undo form's fields in the page the save redirects to. */
async function undoFields(page: string): Promise<Record<string, string>> {
  const [form] = (await formsOf(page, 'form[method="post"][action="/admin/trash"]')).filter(({ buttons }) => buttons.includes("Undo"));
  expect(form, "an Undo form").toBeDefined();
  return Object.fromEntries(form?.fields ?? []);
}

describe("a size removed with the product form's save comes back with Undo", () => {
  it("keeps the removed size; Undo puts it back with the same id, price, stock, tiers and place, and a cart line naming it is valid again", async () => {
    const { id } = await productByKey("wedding-cake-eighth");
    const onSale = { ...FOUR_SIZES, "sizes[0].compareAt": "90", "sizes[0].sku": "RZ-4" };
    expect((await adminPost(`/admin/edit-product/${id}`, await editForm(id, onSale))).status).toBe(302);
    const before = await sizeRows(id);
    expect(before.map((row) => row.label)).toEqual(["1/8 oz", "1/4 oz", "1/2 oz", "1 oz"]);
    const quarter = before[1]!;

    // Remove 1/4 oz (the form's sizes[0]) and save: it is gone from the shop…
    const saved = await follow(await adminPost(`/admin/edit-product/${id}`, await formWithout(id, [1, 2])));
    expect(saved.location).toBe("/admin/products");
    expect(saved.html).toContain("Product updated successfully!");
    expect(saved.html).toContain(html("Removed size: 1/4 oz. Undo puts it back."));
    expect((await sizeRows(id)).map((row) => row.label)).toEqual(["1/8 oz", "1/2 oz", "1 oz"]);
    const line = [{ id, quantity: 2, sizeId: quarter.id }];
    expect(await read(await get("/checkout", { headers: { Cookie: cartCookie(line) } }))).not.toContain("1/4 oz");

    // …and the toast's Undo (a real form) brings it back exactly.
    const fields = await undoFields(saved.html);
    expect(fields).toMatchObject({ intent: "restore-sizes", id: String(id), redirectTo: "/admin/products" });
    const undone = await follow(await adminPost("/admin/trash", fields));
    expect(undone.location).toBe("/admin/products");
    expect(undone.html).toContain("Size restored");
    expect(undone.html).toContain(html("1/4 oz is back on Wedding Cake"));
    const after = await sizeRows(id);
    expect(after.map((row) => row.label)).toEqual(["1/8 oz", "1/4 oz", "1/2 oz", "1 oz"]);
    expect(after[1]).toEqual({ ...quarter, position: 1 });
    expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
    expect((await readSizes(db, [id])).get(id)![2]!.tiers).toEqual([{ minQuantity: 5, unitPriceCents: 14000 }]);
    const checkout = await read(await get("/checkout", { headers: { Cookie: cartCookie(line) } }));
    expect(checkout).toContain("1/4 oz");
    expect(checkout).toContain("$160.00");

    // A second Undo has nothing left to put back.
    const again = await follow(await adminPost("/admin/trash", fields));
    expect(again.html).toContain("Sizes not restored");
    expect(again.html).toContain(html("There are no removed sizes of Wedding Cake from that save to put back."));
    expect(await sizeRows(id)).toEqual(after);
  });

  it("a save that leaves one size: Undo brings the others back and the one left its label", async () => {
    const { id } = await productByKey("zkittlez-ounce");
    expect((await adminPost(`/admin/edit-product/${id}`, await editForm(id, FOUR_SIZES))).status).toBe(302);
    const before = await sizeRows(id);
    const saved = await follow(await adminPost(`/admin/edit-product/${id}`, await formWithout(id, [])));
    expect(saved.html).toContain(html("Removed sizes: 1/4 oz, 1/2 oz and 1 oz. Undo puts them back."));
    expect((await sizeRows(id)).map((row) => row.label)).toEqual([""]);
    await follow(await adminPost("/admin/trash", await undoFields(saved.html)));
    expect(await sizeRows(id)).toEqual(before);
  });

  it("refuses an Undo after the product changed, for another product, or without a version, and writes nothing", async () => {
    const { id } = await productByKey("lemon-cherry-gelato-half");
    const other = await productByKey("runtz-eighth");
    expect((await adminPost(`/admin/edit-product/${id}`, await editForm(id, FOUR_SIZES))).status).toBe(302);
    const saved = await follow(await adminPost(`/admin/edit-product/${id}`, await formWithout(id, [0, 1])));
    const fields = await undoFields(saved.html);
    const removedOnly = await sizeRows(id);

    // Another product's id with this save's version: nothing of that product's to put back.
    const wrong = await follow(await adminPost("/admin/trash", { ...fields, id: String(other.id) }));
    expect(wrong.html).toContain("Sizes not restored");
    expect(wrong.html).toContain("There are no removed sizes of");
    // No version, or junk: a message, never a 500.
    for (const version of [null, "abc", "-1"]) {
      const { version: _drop, ...rest } = fields;
      const response = await adminPost("/admin/trash", version === null ? rest : { ...rest, version });
      expect(response.status).toBe(302);
      expect((await follow(response)).html).toContain("Failed to restore product");
    }

    // The owner switched the product off since (its version moved on): stale.
    expect((await adminPost("/admin/products", { intent: "toggle", productId: String(id) })).status).toBeLessThan(500);
    const [{ version } = { version: 0 }] = await db.select({ version: products.version }).from(products).where(eq(products.id, id));
    expect(version).toBeGreaterThan(Number(fields.version));
    const stale = await follow(await adminPost("/admin/trash", fields));
    expect(stale.html).toContain("Sizes not restored");
    expect(stale.html).toContain(html("Lemon Cherry Gelato has been changed since those sizes were removed: add them again in its form."));
    expect(await sizeRows(id)).toEqual(removedOnly);

    // A later save replaces what an earlier one kept: the earlier Undo has nothing to put back.
    await follow(await adminPost(`/admin/edit-product/${id}`, await editForm(id, { price: "46" })));
    const gone = await follow(await adminPost("/admin/trash", fields));
    expect(gone.html).toContain("There are no removed sizes of");
  });

  it("refuses an Undo without an admin session, writing nothing", async () => {
    const { id } = await productByKey("wedding-cake-eighth");
    const rows = await sizeRows(id);
    const response = await get("/admin/trash", {
      method: "POST",
      body: new URLSearchParams({ intent: "restore-sizes", id: String(id), version: "1" }),
      headers: { Origin: "http://localhost", Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect([302, 303, 401, 403]).toContain(response.status);
    expect(await sizeRows(id)).toEqual(rows);
  });
});
