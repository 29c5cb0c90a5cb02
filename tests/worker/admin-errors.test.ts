import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminGet, read } from "./admin-helpers";

/**
 * When D1 cannot answer, admin pages show the product's messages inside the admin frame, with a
 * status that says so, never SQL or a stack. (Each worker test file has its own storage, so
 * breaking the tables here touches no other test.)
 */
describe("admin pages when the database cannot be read", () => {
  it("show the product's error texts", async () => {
    const product = await env.DB.prepare("SELECT id FROM products LIMIT 1").first<{ id: number }>();
    await env.DB.prepare("ALTER TABLE products RENAME TO products_unreachable").run();

    const dashboard = await adminGet("/admin/dashboard");
    expect(dashboard.status).toBe(500);
    const dashboardHtml = await read(dashboard);
    expect(dashboardHtml).toContain("System Error: The product database could not be reached.");
    expect(dashboardHtml).toContain("Sign out");

    const list = await adminGet("/admin/products");
    expect(list.status).toBe(500);
    expect(await read(list)).toContain("Error loading products: the product database could not be reached.");

    const edit = await adminGet(`/admin/edit-product/${product!.id}`);
    expect(edit.status).toBe(500);
    const editHtml = await read(edit);
    expect(editHtml).toContain("Error fetching product: Failed to load product details.");

    for (const page of [dashboardHtml, editHtml]) {
      expect(page).not.toMatch(/SQLITE|no such table|D1_ERROR|at \w+ \(/);
    }
    await env.DB.prepare("ALTER TABLE products_unreachable RENAME TO products").run();
  });

  it("show 'Failed to load categories' on Category Management", async () => {
    await env.DB.prepare("ALTER TABLE categories RENAME TO categories_unreachable").run();
    const response = await adminGet("/admin/categories");
    expect(response.status).toBe(500);
    const page = await read(response);
    expect(page).toContain("Failed to load categories");
    expect(page).not.toMatch(/SQLITE|no such table|D1_ERROR/);
    await env.DB.prepare("ALTER TABLE categories_unreachable RENAME TO categories").run();
  });
});
