import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminGet, post } from "./admin-helpers";
import { adminCookie } from "./helpers";
import { formFromPage } from "./product-form-page";

/**
 * The owner opens any product in Edit and presses Update Product without changing anything: it
 * saves, and nothing but the version and updated_at changes. For EVERY product of the built-in
 * catalogue, through the real pieces: the edit page's server-rendered form (the loader's defaults,
 * read the way a browser without JavaScript reads its fields) is posted as multipart to the real action.
 */

type Row = Record<string, unknown>;

async function row(id: number): Promise<Row> {
  return (await env.DB.prepare("SELECT * FROM products WHERE id = ?").bind(id).first<Row>())!;
}

describe("every catalogue product saves unchanged from its edit form", async () => {
  const { results } = await env.DB.prepare("SELECT id, name, category FROM products WHERE catalogue_key IS NOT NULL ORDER BY id").all<{
    id: number;
    name: string;
    category: string;
  }>();

  it("the catalogue is loaded (the test covers all of it)", () => {
    expect(results.length).toBeGreaterThanOrEqual(50);
  });

  it.each(results.map((product) => [product.id, product.name, product.category] as const))("product %i (%s, %s)", async (id) => {
    const before = await row(id);
    const page = await adminGet(`/admin/edit-product/${id}`);
    expect(page.status).toBe(200);
    const form = await formFromPage(await page.text());
    expect(form.get("version")).toBe(String(before.version));

    const saved = await post(`/admin/edit-product/${id}`, form, { headers: { Cookie: await adminCookie() } });
    const body = saved.status === 302 ? "" : await saved.text();
    expect(saved.status, body.match(/<li>[^<]*<\/li>/g)?.join(" ") ?? body.slice(0, 300)).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/products");
    expect(saved.headers.get("Set-Cookie")).toContain("toast=");

    const after = await row(id);
    expect(after.version).toBe(Number(before.version) + 1);
    const { version: _v1, updated_at: _u1, ...beforeColumns } = before;
    const { version: _v2, updated_at: _u2, ...afterColumns } = after;
    expect(afterColumns).toEqual(beforeColumns);
  });
});
