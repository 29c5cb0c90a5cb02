import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminGet, adminPost, countRows, follow, html, read } from "./admin-helpers";
import { elementsOf, hrefsOf, textsOf } from "./page-parts";

interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  active: number;
  created_at: string;
}

function categoryByName(name: string) {
  return env.DB.prepare("SELECT * FROM categories WHERE name = ?").bind(name).first<CategoryRow>();
}

function unique(prefix: string) {
  return `${prefix} ${crypto.randomUUID().slice(0, 6)}`;
}

async function add(name: string) {
  const response = await adminPost("/admin/categories", { intent: "add", name });
  expect(response.status).toBe(302);
  await response.arrayBuffer();
  return (await categoryByName(name.trim()))!;
}

async function insertProduct(name: string, category: string) {
  await env.DB.prepare("INSERT INTO products (name, price_cents, category) VALUES (?, 1000, ?)").bind(name, category).run();
}

describe("Category Management page", () => {
  it("shows the product's texts and every category with status, slug and created date", async () => {
    const total = await countRows("categories");
    const page = await read(await adminGet("/admin/categories"));
    for (const text of [
      "Back to Dashboard",
      "Category Management",
      "Add Category",
      `Categories (${total})`,
      "Status",
      "Name",
      "Slug",
      "Created",
      "Actions",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toContain("Indoors");
    expect(page).toContain("gelato-punch");
    expect((await elementsOf(page, "time")).map((time) => time.attributes.datetime)).toContainEqual(
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    );
    expect(page).not.toContain("Add New Category");
  });

  it("opens the inline panel for adding and for editing, with the Add Category button disabled", async () => {
    const adding = await read(await adminGet("/admin/categories?mode=add"));
    expect(adding).toContain("Add New Category");
    expect(adding).toContain('placeholder="Category name"');
    expect(await textsOf(adding, 'button[type="button"][disabled]')).toContain("Add Category");
    expect(await textsOf(adding, "button")).toContain("Add");

    const indoors = (await categoryByName("Indoors"))!;
    const editing = await read(await adminGet(`/admin/categories?mode=edit&id=${indoors.id}`));
    expect(editing).toContain("Edit Category");
    expect(editing).toContain('value="Indoors"');
    expect(await textsOf(editing, "button")).toContain("Update");
  });
});

describe("add a category", () => {
  it("adds a trimmed, active category with its slug and the product's toast", async () => {
    const name = unique("Live  Rosin");
    const response = await adminPost("/admin/categories", { intent: "add", name: `  ${name}  ` });
    const next = await follow(response);
    expect(next.location).toBe("/admin/categories");
    expect(next.html).toContain("Category added");
    expect(next.html).toContain(html(`${name} has been added successfully`));
    const row = await categoryByName(name);
    expect(row).toMatchObject({ name, slug: name.toLowerCase().replace(/\s+/g, "-"), active: 1 });
  });

  it("refuses a blank name with 400 and writes nothing", async () => {
    const before = await countRows("categories");
    const response = await adminPost("/admin/categories", { intent: "add", name: "   " });
    expect(response.status).toBe(400);
    expect(await read(response)).toContain("Category name is required");
    expect(await countRows("categories")).toBe(before);
  });

  it("refuses a duplicate name (or one with the same slug) with the product's texts, keeping what was typed", async () => {
    const before = await countRows("categories");
    for (const name of ["Edibles", "edibles", "  EDIBLES "]) {
      const response = await adminPost("/admin/categories", { intent: "add", name });
      expect(response.status).toBe(409);
      const page = await read(response);
      expect(page).toContain("Category already exists");
      expect(page).toContain("A category with this name already exists");
      expect(page).toContain(`value="${name}"`);
      expect(page).toContain("Dismiss");
    }
    expect(await countRows("categories")).toBe(before);
  });
});

describe("rename a category", () => {
  it("renames and moves its products to the new slug, with the product's toast", async () => {
    const category = await add(unique("Old Name"));
    const productName = unique("Moved Product");
    await insertProduct(productName, category.slug);
    const newName = unique("New Name");
    const next = await follow(await adminPost("/admin/categories", { intent: "rename", id: String(category.id), name: newName }));
    expect(next.html).toContain("Category updated");
    expect(next.html).toContain("Category has been updated successfully");
    const renamed = await categoryByName(newName);
    expect(renamed).toMatchObject({ id: category.id, slug: newName.toLowerCase().replace(/\s+/g, "-") });
    const product = await env.DB.prepare("SELECT category FROM products WHERE name = ?").bind(productName).first<{ category: string }>();
    expect(product!.category).toBe(renamed!.slug);
    expect(await countRows("products", "category = ?", category.slug)).toBe(0);
  });

  it("refuses a rename to an existing name with the product's texts, changing neither the category nor its products", async () => {
    const category = await add(unique("Keeps Its Name"));
    const productName = unique("Stays Put");
    await insertProduct(productName, category.slug);
    for (const name of ["Concentrates", "concentrates"]) {
      const response = await adminPost("/admin/categories", { intent: "rename", id: String(category.id), name });
      expect(response.status).toBe(409);
      const page = await read(response);
      expect(page).toContain("Category name already exists");
      expect(page).toContain("A category with this name already exists");
    }
    expect(await categoryByName(category.name)).toMatchObject({ slug: category.slug });
    const product = await env.DB.prepare("SELECT category FROM products WHERE name = ?").bind(productName).first<{ category: string }>();
    expect(product!.category).toBe(category.slug);
    expect(await countRows("products", "category = 'concentrates' AND name = ?", productName)).toBe(0);
  });

  it("refuses a blank new name and reports a category that no longer exists", async () => {
    const category = await add(unique("Blank Rename"));
    const blank = await adminPost("/admin/categories", { intent: "rename", id: String(category.id), name: " " });
    expect(blank.status).toBe(400);
    expect(await read(blank)).toContain("Category name is required");

    const missing = await follow(await adminPost("/admin/categories", { intent: "rename", id: "999999", name: unique("Ghost") }));
    expect(missing.location).toBe("/admin/categories?error=rename-missing");
    expect(missing.html).toContain("Failed to update category");
  });
});

describe("toggle a category", () => {
  it("deactivates and activates with the product's toasts", async () => {
    const category = await add(unique("Toggle Me"));
    const off = await follow(await adminPost("/admin/categories", { intent: "toggle", id: String(category.id) }));
    expect(off.html).toContain("Category status updated");
    expect(off.html).toContain("Category has been deactivated");
    expect((await categoryByName(category.name))!.active).toBe(0);
    const on = await follow(await adminPost("/admin/categories", { intent: "toggle", id: String(category.id) }));
    expect(on.html).toContain("Category has been activated");
    expect((await categoryByName(category.name))!.active).toBe(1);
  });

  it("shows a failed toggle in the dismissible banner", async () => {
    const next = await follow(await adminPost("/admin/categories", { intent: "toggle", id: "999999" }));
    expect(next.location).toBe("/admin/categories?error=toggle-missing");
    expect(next.html).toContain("Failed to update category status");
    expect(await hrefsOf(next.html, "Dismiss")).toEqual(["/admin/categories"]);
  });

  it("refuses a request without a known intent", async () => {
    const response = await adminPost("/admin/categories", { intent: "explode", id: "1" });
    expect(response.status).toBe(400);
    await response.arrayBuffer();
  });
});

describe("delete a category", () => {
  it("confirms with how many products still use it, then deletes with the product's toast", async () => {
    const category = await add(unique("Doomed"));
    await insertProduct(unique("Orphan A"), category.slug);
    await insertProduct(unique("Orphan B"), category.slug);
    const confirm = await read(await adminGet(`/admin/categories/${category.id}/delete`));
    expect(confirm).toContain("Delete Category");
    expect(confirm).toContain(
      html(`Are you sure you want to delete "${category.name}"? Moves to the trash. You can restore it from Trash for 30 days.`),
    );
    expect(confirm).toContain("2 products still use this category.");

    const next = await follow(await adminPost(`/admin/categories/${category.id}/delete`, {}));
    expect(next.location).toBe("/admin/categories");
    expect(next.html).toContain("Category deleted");
    expect(next.html).toContain(html(`${category.name} has been removed successfully`));
    expect(await categoryByName(category.name)).toBeNull();
  });

  it("says so when no product uses the category, and reports one already gone", async () => {
    const category = await add(unique("Empty"));
    expect(await read(await adminGet(`/admin/categories/${category.id}/delete`))).toContain("No products use this category.");
    await (await adminPost(`/admin/categories/${category.id}/delete`, {})).arrayBuffer();
    const again = await follow(await adminPost(`/admin/categories/${category.id}/delete`, {}));
    expect(again.html).toContain("Failed to delete category");
    expect((await adminGet(`/admin/categories/${category.id}/delete`)).status).toBe(404);
  });
});
