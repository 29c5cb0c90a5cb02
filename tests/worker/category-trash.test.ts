import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { purgeTrash } from "../../app/features/trash/trash.server";
import { adminGet, adminPost, follow, html, post, read } from "./admin-helpers";
import { get } from "./helpers";
import { db } from "./shop-helpers";
import { formsOf } from "./page-parts";

/**
 * Deleting a category moves it to the trash (decision 025): gone from the shop, its products kept
 * under its slug, the toast's Undo and the Trash page's Restore bring it back under the same id with
 * its products; a name or URL taken meanwhile refuses the restore with a clear message; after 30 days
 * the cron purges it.
 */

const NAME = "Trash Test Tinctures 酊剂";
const SLUG = "trash-test-tinctures";
const PRODUCT = "Trash Test Tincture Drops";

async function makeCategory() {
  await env.DB.prepare("INSERT INTO categories (name, slug) VALUES (?, ?)").bind(NAME, SLUG).run();
  const { id } = (await env.DB.prepare("SELECT id FROM categories WHERE slug = ?").bind(SLUG).first<{ id: number }>())!;
  await env.DB.prepare("INSERT INTO products (name, price_cents, category) VALUES (?, 2500, ?)").bind(PRODUCT, SLUG).run();
  return id;
}

afterEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM categories WHERE slug LIKE 'trash-test-%'"),
    env.DB.prepare("DELETE FROM category_trash"),
    env.DB.prepare("DELETE FROM products WHERE name = ?").bind(PRODUCT),
  ]);
});

describe("the category trash", () => {
  it("delete moves a category to the trash; Undo brings it back with the same id and its products", async () => {
    const id = await makeCategory();
    expect((await get(`/shop/${SLUG}`)).status).toBe(200);

    const next = await follow(await adminPost(`/admin/categories/${id}/delete`, {}));
    expect(next.location).toBe("/admin/categories");
    expect(next.html).toContain(`${html(NAME)} has been removed successfully`);
    // The toast's Undo is a real form (works without JavaScript).
    const undo = (await formsOf(next.html, 'form[method="post"][action="/admin/trash"]')).filter((form) => form.buttons.includes("Undo"));
    expect(undo.map((form) => form.fields)).toContainEqual(
      expect.arrayContaining([
        ["intent", "restore-category"],
        ["id", String(id)],
      ]),
    );
    expect((await get(`/shop/${SLUG}`)).status).toBe(404);
    // Its product is kept, under the slug.
    expect(await env.DB.prepare("SELECT category FROM products WHERE name = ?").bind(PRODUCT).first()).toEqual({ category: SLUG });

    const trash = await read(await adminGet("/admin/trash"));
    expect(trash).toContain("Categories");
    expect(trash).toContain(html(NAME));
    expect(trash).toContain(`/shop/${SLUG}`);
    expect(trash).toContain(`aria-label="Restore ${html(NAME)}"`);

    const undone = await follow(
      await adminPost("/admin/trash", { intent: "restore-category", id: String(id), redirectTo: "/admin/categories" }),
    );
    expect(undone.location).toBe("/admin/categories");
    expect(undone.html).toContain(`${html(NAME)} is back, with its products`);
    expect(await env.DB.prepare("SELECT id, name FROM categories WHERE slug = ?").bind(SLUG).first()).toEqual({ id, name: NAME });
    const page = await read(await get(`/shop/${SLUG}`));
    expect(page).toContain(PRODUCT);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM category_trash").first()).toEqual({ n: 0 });
  });

  it("refuses a restore when a category with its name or URL was added meanwhile, and keeps it in the trash", async () => {
    const id = await makeCategory();
    await adminPost(`/admin/categories/${id}/delete`, {});
    await env.DB.prepare("INSERT INTO categories (name, slug) VALUES (?, 'trash-test-other')").bind(NAME).run();
    const refused = await follow(await adminPost("/admin/trash", { intent: "restore-category", id: String(id) }));
    expect(refused.html).toContain("Failed to restore category");
    expect(refused.html).toContain(`A category with the name or URL of ${html(NAME)} has been added since it was deleted.`);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM category_trash WHERE id = ?").bind(id).first()).toEqual({ n: 1 });

    // Bad input: a clear message, never a 500.
    for (const fields of <Record<string, string>[]>[{ intent: "restore-category", id: "x" }, { intent: "explode", id: "1" }, {}]) {
      const response = await adminPost("/admin/trash", fields);
      expect(response.status).toBe(302);
      const shown = await follow(response);
      expect(shown.html).toMatch(/Choose a category to restore|Unknown trash action|Choose a product to restore/);
    }
  });

  it("is purged for good after 30 days, not before", async () => {
    const id = await makeCategory();
    await adminPost(`/admin/categories/${id}/delete`, {});
    const now = Date.now();
    await purgeTrash(db, env, now);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM category_trash").first()).toEqual({ n: 1 });
    await purgeTrash(db, env, now + 31 * 24 * 60 * 60 * 1000);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM category_trash").first()).toEqual({ n: 0 });
  });

  it("only the signed-in owner can restore", async () => {
    const id = await makeCategory();
    await adminPost(`/admin/categories/${id}/delete`, {});
    const response = await post("/admin/trash", { intent: "restore-category", id: String(id) });
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("Location")).toMatch(/^\/admin(\?|$)/);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM category_trash WHERE id = ?").bind(id).first()).toEqual({ n: 1 });
  });
});
