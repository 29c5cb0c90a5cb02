import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminGet, post } from "./admin-helpers";
import { adminCookie } from "./helpers";

/**
 * The owner opens any product in Edit and presses Update Product without changing anything: it
 * saves, and nothing but the version and updated_at changes. For EVERY product of the built-in
 * catalogue, through the real pieces: the edit page's server-rendered form (the loader's defaults,
 * read the way a browser without JavaScript reads its fields) is posted as multipart to the real action.
 */

type Row = Record<string, unknown>;

/** The fields a browser without JavaScript would submit from the page's product form. */
async function formFromPage(html: string): Promise<FormData> {
  const form = new FormData();
  let inForm = false;
  let select: { name: string; first: string | null; chosen: string | null } | null = null;
  let textarea: { name: string; text: string } | null = null;
  const rewriter = new HTMLRewriter()
    .on("form#product-form", {
      element(element) {
        inForm = true;
        element.onEndTag(() => {
          inForm = false;
        });
      },
    })
    .on("form#product-form input", {
      element(element) {
        const name = element.getAttribute("name");
        const type = element.getAttribute("type") ?? "text";
        if (!name || element.hasAttribute("disabled")) return;
        if (type === "file") form.append(name, new File([], ""), "");
        else if (type === "checkbox" || type === "radio") {
          if (element.hasAttribute("checked")) form.append(name, element.getAttribute("value") ?? "on");
        } else if (type !== "submit" && type !== "button") form.append(name, decode(element.getAttribute("value") ?? ""));
      },
    })
    .on("form#product-form select", {
      element(element) {
        const name = element.getAttribute("name");
        if (!name) return;
        select = { name, first: null, chosen: null };
        element.onEndTag(() => {
          if (select) form.append(select.name, select.chosen ?? select.first ?? "");
          select = null;
        });
      },
    })
    .on("form#product-form option", {
      element(element) {
        if (!select) return;
        const value = decode(element.getAttribute("value") ?? "");
        select.first ??= value;
        if (element.hasAttribute("selected")) select.chosen = value;
      },
    })
    .on("form#product-form textarea", {
      element(element) {
        const name = element.getAttribute("name");
        if (!name) return;
        textarea = { name, text: "" };
        element.onEndTag(() => {
          // A textarea's first newline right after the tag is not part of its value.
          if (textarea) form.append(textarea.name, decode(textarea.text).replace(/^\n/, ""));
          textarea = null;
        });
      },
      text(chunk) {
        if (textarea) textarea.text += chunk.text;
      },
    });
  await rewriter.transform(new Response(html)).text();
  expect(inForm).toBe(false);
  return form;
}

function decode(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

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
