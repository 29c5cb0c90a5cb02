import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CONFLICT_MESSAGE, PRODUCT_FORM_MESSAGES as M } from "../../app/features/admin/product-form-schema";
import { adminGet, adminPost, countRows, follow, html, read } from "./admin-helpers";
import { definitionsOf, elementsOf, textsOf } from "./page-parts";

/** The product form as a browser posts it (multipart), with conform's list names for effects. */
function productForm(overrides: Record<string, string | string[] | null> = {}) {
  const fields: Record<string, string | string[] | null> = {
    name: `Test Kush ${crypto.randomUUID().slice(0, 8)}`,
    price: "45.50",
    description: "A calm, citrusy indica.",
    category: "indoors",
    strainType: "indica",
    thcContent: "24",
    "effects[0]": "Relaxed",
    "effects[1]": "Happy",
    video: "",
    images: ["/art/indoors-1.svg", "/art/indoors-2.svg"],
    active: "on",
    inStock: "on",
    isLabTested: "on",
    ...overrides,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  form.append("imageFiles", new File([], ""));
  return { form, name: typeof fields.name === "string" ? fields.name : "" };
}

interface ProductRow {
  id: number;
  name: string;
  price_cents: number;
  description: string;
  category: string;
  strain_type: string;
  thc_content: string;
  effects: string;
  image: string | null;
  extra_images: string;
  active: number;
  in_stock: number;
  is_lab_tested: number;
  version: number;
  updated_at: string;
}

function productByName(name: string) {
  return env.DB.prepare("SELECT * FROM products WHERE name = ?").bind(name).first<ProductRow>();
}

async function createViaForm(overrides: Record<string, string | string[] | null> = {}) {
  const { form, name } = productForm(overrides);
  const response = await adminPost("/admin/add-product", form);
  expect(response.status).toBe(302);
  await response.arrayBuffer();
  const row = await productByName(name);
  expect(row).not.toBeNull();
  return row!;
}

describe("create a product", () => {
  it("shows the empty form with the product's defaults", async () => {
    const response = await adminGet("/admin/add-product");
    expect(response.status).toBe(200);
    const page = await read(response);
    for (const text of [
      "Add New Product",
      "Back to Products",
      "Basic Information",
      "Category &amp; Strain",
      "Effects",
      "Product Video",
      "Images",
      "Add Effect",
      "Create Product",
      "Cancel",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toMatch(/enctype="multipart\/form-data"/i);
    for (const flag of ["active", "inStock", "isLabTested"]) {
      expect((await elementsOf(page, `input[name="${flag}"]`)).some(({ attributes }) => "checked" in attributes)).toBe(true);
    }
  });

  it("saves a valid product: cents, THC as a percentage, effects, images in order, flags; toast and back to the list", async () => {
    const { form, name } = productForm({ "effects[1]": "   ", "effects[2]": "Happy", inStock: null });
    const response = await adminPost("/admin/add-product", form);
    expect(response.status).toBe(302);
    const next = await follow(response);
    expect(next.location).toBe("/admin/products");
    expect(next.html).toContain("Product created successfully!");
    const row = await productByName(name);
    expect(row).toMatchObject({
      price_cents: 4550,
      category: "indoors",
      strain_type: "indica",
      thc_content: "24%",
      image: "/art/indoors-1.svg",
      active: 1,
      in_stock: 0,
      is_lab_tested: 1,
      version: 1,
    });
    expect(JSON.parse(row!.effects)).toEqual(["Relaxed", "Happy"]);
    expect(JSON.parse(row!.extra_images)).toEqual(["/art/indoors-2.svg"]);
  });

  it("saves effects typed into one field with commas as separate effects", async () => {
    const row = await createViaForm({ "effects[0]": "Sleepy,  Calm", "effects[1]": "Happy, " });
    expect(JSON.parse(row!.effects)).toEqual(["Sleepy", "Calm", "Happy"]);
  });

  const invalid: [string, Record<string, string | null>, string][] = [
    ["a missing name", { name: null }, M.nameRequired],
    ["a blank name", { name: "   " }, M.nameRequired],
    ["a name over 120 characters", { name: "x".repeat(121) }, M.nameTooLong],
    ["a missing price", { price: null }, M.priceRequired],
    ["a price with letters", { price: "12a" }, M.priceFormat],
    ["a price with a dollar sign", { price: "$12" }, M.priceFormat],
    ["a negative price", { price: "-5" }, M.priceFormat],
    ["a missing description", { description: "" }, M.descriptionRequired],
    ["a missing THC content", { thcContent: null }, M.thcRequired],
    ["THC in words", { thcContent: "very strong" }, M.thcFormat],
    ["THC with two decimal points", { thcContent: "2.4.1" }, M.thcFormat],
    ["THC over 100%", { thcContent: "22-126%" }, M.thcFormat],
    ["an unknown category", { category: "no-such-category" }, M.categoryUnknown],
    ["an unknown strain type", { strainType: "ruderalis" }, M.strainRequired],
    ["a script URL as an image", { images: "javascript:alert(1)" }, M.mediaUrl],
  ];
  it.each(invalid)("refuses %s with 400, the message, and no row written", async (_label, overrides, message) => {
    const before = await countRows("products");
    const { form } = productForm(overrides);
    const response = await adminPost("/admin/add-product", form);
    expect(response.status).toBe(400);
    const page = await read(response);
    expect(page).toContain(html(message));
    expect(page).toContain("The product was not saved");
    expect(await countRows("products")).toBe(before);
  });

  it.each([
    ["22 – 26 %", "22-26%"],
    ["90%+", "90%+"],
    ["100 mg", "100mg"],
    ["10mg per piece", "10mg per piece"],
  ])("accepts THC %j and stores it as %j", async (thcContent, stored) => {
    const row = await createViaForm({ thcContent });
    expect(row.thc_content).toBe(stored);
  });

  const PNG_BYTES = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );
  it.each([
    [
      "a file that is not an image",
      new File([new TextEncoder().encode("<?php echo 1; ?>")], "shell.png", { type: "image/png" }),
      415,
      "Invalid file type",
      "Please select a valid image file (JPG, PNG, WEBP, or GIF)",
    ],
    [
      "an image over 50MB",
      new File([PNG_BYTES, new Uint8Array(50 * 1024 * 1024)], "huge.png", { type: "image/png" }),
      413,
      "File too large",
      "Please select an image smaller than 50MB",
    ],
  ])(
    "without JavaScript, refuses %s with the product's texts in the form's alert, and stores nothing",
    async (_label, file, status, title, description) => {
      const before = await countRows("products");
      const objects = (await env.IMAGES.list()).objects.filter((o) => !o.key.startsWith("variants/")).length;
      const { form, name } = productForm();
      form.append("imageFiles", new File([PNG_BYTES], "fine.png", { type: "image/png" }));
      form.append("imageFiles", file);
      const response = await adminPost("/admin/add-product", form);
      expect(response.status).toBe(status);
      const page = await read(response);
      expect(page).toContain("The product was not saved");
      expect(page).toContain(html(`${title}: ${description}`));
      expect(page).not.toContain("could not be stored");
      // The typed input is kept for the next try.
      expect(page).toContain(`value="${html(name)}"`);
      expect(await countRows("products")).toBe(before);
      expect((await env.IMAGES.list()).objects.filter((o) => !o.key.startsWith("variants/")).length).toBe(objects);
    },
  );

  it("keeps what was typed when a save is refused", async () => {
    const { form } = productForm({ name: "Kept Name 123", price: "abc" });
    const page = await read(await adminPost("/admin/add-product", form));
    expect(page).toContain('value="Kept Name 123"');
    expect(page).toContain('value="abc"');
  });

  it("adds and removes effect inputs without JavaScript (conform list intents)", async () => {
    const page = await read(await adminGet("/admin/add-product"));
    const addIntent = (await elementsOf(page, 'button[name="__intent__"]')).find(({ text }) => text.includes("Add Effect"))?.attributes
      .value;
    expect(addIntent).toBeTruthy();
    const { form } = productForm({ "effects[1]": null });
    form.append("__intent__", addIntent!);
    const before = await countRows("products");
    const response = await adminPost("/admin/add-product", form);
    expect(response.status).toBe(200);
    const after = await read(response);
    expect(after.match(/name="effects\[\d+\]"/g)).toHaveLength(2);
    expect(after).toContain('value="Relaxed"');
    expect(await countRows("products")).toBe(before);
  });
});

describe("edit a product", () => {
  it("answers an unknown or malformed id with 404", async () => {
    for (const path of ["/admin/edit-product/999999", "/admin/edit-product/abc"]) {
      const response = await adminGet(path);
      expect(response.status).toBe(404);
      await response.arrayBuffer();
    }
  });

  it("shows the product's own values, flags included, and the version it edits", async () => {
    const row = await createViaForm({ inStock: null, isLabTested: null, thcContent: "18.5" });
    expect(row.thc_content).toBe("18.5%");
    const page = await read(await adminGet(`/admin/edit-product/${row.id}`));
    expect(page).toContain("Edit Product");
    expect(page).toContain("Update Product");
    expect(page).toContain(`value="${html(row.name)}"`);
    expect(page).toContain('value="45.50"');
    expect(page).toContain('value="18.5%"');
    expect(await elementsOf(page, 'input[name="version"][value="1"]')).not.toHaveLength(0);
    expect(await elementsOf(page, 'input[name="active"][checked]')).not.toHaveLength(0);
    expect(await elementsOf(page, 'input[name="inStock"][checked]')).toHaveLength(0);
    expect(await elementsOf(page, 'input[name="isLabTested"][checked]')).toHaveLength(0);
  });

  it("saves the flags as the form sends them (never forced true) and bumps the version", async () => {
    const row = await createViaForm({ inStock: null });
    const { form } = productForm({
      name: row.name,
      version: "1",
      inStock: null,
      active: null,
      price: "50",
      description: "Updated.",
    });
    const response = await adminPost(`/admin/edit-product/${row.id}`, form);
    expect(response.status).toBe(302);
    const next = await follow(response);
    expect(next.location).toBe("/admin/products");
    expect(next.html).toContain("Product updated successfully!");
    const updated = await productByName(row.name);
    expect(updated).toMatchObject({
      price_cents: 5000,
      description: "Updated.",
      active: 0,
      in_stock: 0,
      is_lab_tested: 1,
      version: 2,
    });
    expect(updated!.updated_at >= row.updated_at).toBe(true);
  });

  it("refuses a save based on an old version (another tab saved first) and keeps the input", async () => {
    const row = await createViaForm();
    const first = productForm({ name: row.name, version: "1", description: "Saved in tab one." });
    expect((await adminPost(`/admin/edit-product/${row.id}`, first.form)).status).toBe(302);

    const stale = productForm({ name: `${row.name} from tab two`, version: "1", description: "Typed in tab two." });
    const response = await adminPost(`/admin/edit-product/${row.id}`, stale.form);
    expect(response.status).toBe(409);
    const page = await read(response);
    expect(page).toContain(html(`Failed to save product: ${CONFLICT_MESSAGE}`));
    expect(page).toContain(`value="${html(row.name)} from tab two"`);
    expect(page).toContain("Typed in tab two.");
    const current = await productByName(row.name);
    expect(current).toMatchObject({ description: "Saved in tab one.", version: 2 });
  });

  it("refuses to update a product deleted meanwhile, and creates nothing", async () => {
    const row = await createViaForm();
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(row.id).run();
    const before = await countRows("products");
    const { form } = productForm({ name: row.name, version: "1" });
    const response = await adminPost(`/admin/edit-product/${row.id}`, form);
    expect(response.status).toBe(404);
    const page = await read(response);
    expect(page).toContain("Failed to save product: Product not found for update:");
    expect(await countRows("products")).toBe(before);
    expect(await productByName(row.name)).toBeNull();
  });

  it("refuses an edit without a version", async () => {
    const row = await createViaForm();
    const { form } = productForm({ name: row.name, description: "No version." });
    const response = await adminPost(`/admin/edit-product/${row.id}`, form);
    expect(response.status).toBe(400);
    await response.arrayBuffer();
    expect((await productByName(row.name))!.description).not.toBe("No version.");
  });

  it("opens from a category page's Edit link and returns there after saving (local paths only)", async () => {
    const row = await createViaForm();
    const link = await adminGet(`/admin/products/edit/${row.id}?category=indoors`);
    expect(link.status).toBe(302);
    expect(link.headers.get("Location")).toBe(`/admin/edit-product/${row.id}?returnTo=%2Fshop%2Findoors`);
    const page = await read(await adminGet(link.headers.get("Location")!));
    expect(page).toMatch(/name="returnTo"[^>]*value="\/shop\/indoors"/);

    const { form } = productForm({ name: row.name, version: "1", returnTo: "/shop/indoors" });
    const saved = await adminPost(`/admin/edit-product/${row.id}`, form);
    expect(saved.headers.get("Location")).toBe("/shop/indoors");

    const evil = productForm({ name: row.name, version: "2", returnTo: "https://evil.example/" });
    const refused = await adminPost(`/admin/edit-product/${row.id}`, evil.form);
    expect(refused.headers.get("Location")).toBe("/admin/products");
  });
});

describe("product list actions", () => {
  it("toggles a product off and on with the product's toasts, returning to a local redirectTo only", async () => {
    const row = await createViaForm();
    const off = await adminPost("/admin/products", { intent: "toggle", productId: String(row.id), redirectTo: "/shop" });
    const offPage = await follow(off);
    expect(offPage.location).toBe("/shop");
    expect(offPage.html).toContain(html(`${row.name} has been deactivated successfully`));
    expect((await productByName(row.name))!.active).toBe(0);
    // The shop no longer lists it to shoppers.
    expect(offPage.html).not.toContain(html(row.name) + "</h3>");

    for (const redirectTo of ["https://evil.example/", "//evil.example", "/\t/evil.example"]) {
      const response = await adminPost("/admin/products", { intent: "toggle", productId: String(row.id), redirectTo });
      expect(response.headers.get("Location")).toBe("/admin/products");
      await response.arrayBuffer();
    }
    // Each refused redirect still toggled (off -> on -> off -> on); only the destination was replaced.
    const row2 = await productByName(row.name);
    expect(row2!.active).toBe(1);
    const on = await follow(await adminPost("/admin/products", { intent: "toggle", productId: String(row.id) }));
    expect(on.html).toContain(html(`${row.name} has been deactivated successfully`));
    const again = await follow(await adminPost("/admin/products", { intent: "toggle", productId: String(row.id) }));
    expect(again.html).toContain(html(`${row.name} has been activated successfully`));
  });

  it("reports a toggle of a missing product and refuses a malformed one", async () => {
    const missing = await follow(await adminPost("/admin/products", { intent: "toggle", productId: "999999" }));
    expect(missing.html).toContain("Failed to update product status");
    const malformed = await adminPost("/admin/products", { intent: "toggle", productId: "abc" });
    expect(malformed.status).toBe(400);
    expect(await read(malformed)).toContain("Failed to update product status");
  });

  it("deletes through the confirm page with the product's texts", async () => {
    const row = await createViaForm();
    const confirm = await adminGet(`/admin/products/${row.id}/delete`);
    expect(confirm.status).toBe(200);
    const page = await read(confirm);
    expect(page).toContain("Delete Product");
    expect(page).toContain(
      html(`Are you sure you want to delete "${row.name}"? Moves to the trash. You can restore it from Trash for 30 days.`),
    );
    expect(page).toContain("Cancel");

    const deleted = await follow(await adminPost(`/admin/products/${row.id}/delete`, { redirectTo: "/admin/products" }));
    expect(deleted.location).toBe("/admin/products");
    expect(deleted.html).toContain(html(`${row.name} has been deleted successfully`));
    expect(await productByName(row.name)).toBeNull();

    const again = await follow(await adminPost(`/admin/products/${row.id}/delete`, {}));
    expect(again.html).toContain("Failed to delete product");
    expect((await adminGet(`/admin/products/${row.id}/delete`)).status).toBe(404);
  });
});

describe("Product Management list", () => {
  it("shows the title, filters and every product sorted by name, 48 to a page", async () => {
    const total = await countRows("products");
    const page = await read(await adminGet("/admin/products"));
    expect(page).toContain("Product Management");
    expect(page).toContain("Add New Product");
    expect(page).toContain('placeholder="Search products by name or category..."');
    expect(page).toContain(`All Categories (${total})`);
    expect(page).toContain(`Showing ${total} of ${total} products`);
    const names = await textsOf(page, "article h3");
    expect(names.length).toBe(Math.min(48, total));
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    if (total > 48) expect(page).toContain(`Page 1 of ${Math.ceil(total / 48)}`);
  });

  it("filters by name or category, case-insensitively, with the summary suffixes", async () => {
    // The shop's search (tests/worker/search.test.ts): every name or category containing the term, and word matches.
    const { n: gelato } = (await env.DB.prepare(
      "SELECT count(*) AS n FROM products WHERE lower(name) LIKE '%gelato%' OR category LIKE '%gelato%'",
    ).first<{ n: number }>())!;
    const total = await countRows("products");
    const page = await read(await adminGet("/admin/products?search=GELATO"));
    const shown = Number(new RegExp(`Showing (\\d+) of ${total} products matching &quot;GELATO&quot;`).exec(page)?.[1]);
    expect(shown).toBeGreaterThanOrEqual(gelato);

    const edibles = await countRows("products", "category = 'edibles'");
    const both = await read(await adminGet("/admin/products?search=gummies&category=edibles"));
    const inBoth = await countRows("products", "category = 'edibles' AND (lower(name) LIKE '%gummies%' OR lower(name) LIKE '%gummy%')");
    expect(both).toContain(html(`Showing ${inBoth} of ${total} products matching "gummies" in category "Edibles"`));
    expect(both).toContain("Mango Gummy Bears");
    expect(both).toContain(`Edibles (${edibles})`);
  });

  it("says when nothing matches and offers Clear Filters", async () => {
    const page = await read(await adminGet("/admin/products?search=zzz-nothing-like-this"));
    expect(page).toContain("No products match your search criteria");
    expect(page).toContain("Clear Filters");
  });

  it("treats LIKE wildcards in the search as text", async () => {
    const page = await read(await adminGet("/admin/products?search=%25"));
    expect(page).toContain("No products match your search criteria");
  });
});

describe("dashboard", () => {
  it("shows the statistics, the section links and the migration panel", async () => {
    const page = await read(await adminGet("/admin/dashboard"));
    const total = await countRows("products");
    const inactive = await countRows("products", "active = 0");
    expect(page).toContain("Admin Dashboard");
    const figures = await definitionsOf(page);
    expect(figures).toContainEqual(["Total products", String(total)]);
    expect(figures).toContainEqual(["Inactive", String(inactive)]);
    for (const href of ["/admin/products", "/admin/add-product", "/admin/categories"]) expect(page).toContain(`href="${href}"`);
    expect(page).toContain("Load Full Product Catalog");
  });
});
