import { env } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { COMPARE_AT_MESSAGES } from "../../app/features/deals/deals";
import { adminGet, adminPost, read } from "./admin-helpers";
import { cartCookie, get } from "./helpers";
import { cardNames, textOf } from "./shop-helpers";
import { productPath } from "../../app/features/catalogue/product-path";
import { elementsOf, jsonLdOf, textsOf } from "./page-parts";

/**
 * Deals through the real pieces: the owner sets a Compare-at price in the product form
 * (multipart, as a browser without JavaScript posts it), the rule refuses one at or below the price
 * with nothing written, and the sale shows on the card, the product page (JSON-LD keeps the price
 * charged), the checkout lines and the admin list, which can filter to products on sale.
 */

const NAME = `Deal Kush ${crypto.randomUUID().slice(0, 8)}`;

function productForm(fields: Record<string, string>) {
  const form = new FormData();
  const all: Record<string, string> = {
    name: NAME,
    price: "45",
    description: "A calm indica, on sale.",
    category: "indoors",
    strainType: "indica",
    thcContent: "24",
    "effects[0]": "Relaxed",
    active: "on",
    inStock: "on",
    isLabTested: "on",
    ...fields,
  };
  for (const [key, value] of Object.entries(all)) form.append(key, value);
  form.append("imageFiles", new File([], ""));
  return form;
}

interface Row {
  id: number;
  price_cents: number;
  compare_at_cents: number | null;
  version: number;
}

const row = (name = NAME) =>
  env.DB.prepare("SELECT id, price_cents, compare_at_cents, version FROM products WHERE name = ?").bind(name).first<Row>();

afterAll(async () => {
  await env.DB.prepare("DELETE FROM products WHERE name LIKE 'Deal Kush %'").run();
});

describe("the owner sets a compare-at price", () => {
  it("refuses one at or below the price (or not a price) on its field, storing nothing", async () => {
    for (const [compareAt, message] of [
      ["45", COMPARE_AT_MESSAGES.notAbove],
      ["44.99", COMPARE_AT_MESSAGES.notAbove],
      ["sixty", COMPARE_AT_MESSAGES.format],
      ["1000000.01", COMPARE_AT_MESSAGES.tooHigh],
    ] as const) {
      const response = await adminPost("/admin/add-product", productForm({ compareAt }));
      expect(response.status, compareAt).toBe(400);
      const html = await read(response);
      expect(textOf(html)).toContain(message);
      // What was typed stays in the field.
      expect((await elementsOf(html, 'input[name="compareAt"]')).map((input) => input.attributes.value)).toContain(compareAt);
      expect(await row()).toBeNull();
    }
  });

  it("stores a compare-at price above the price in cents; the edit form shows it; blank ends the sale", async () => {
    const created = await adminPost("/admin/add-product", productForm({ compareAt: "60" }));
    expect(created.status).toBe(302);
    await created.arrayBuffer();
    const saved = (await row())!;
    expect(saved).toMatchObject({ price_cents: 4500, compare_at_cents: 6000 });

    const edit = await read(await adminGet(`/admin/edit-product/${saved.id}`));
    expect((await elementsOf(edit, "label[for]")).map((label) => label.text)).toContain("Compare-at price");
    expect(await elementsOf(edit, 'input[name="compareAt"][value="60"]')).not.toHaveLength(0);

    // A refused edit (compare-at now below a raised price) leaves the row as it was.
    const refused = await adminPost(
      `/admin/edit-product/${saved.id}`,
      productForm({ version: String(saved.version), price: "65", compareAt: "60" }),
    );
    expect(refused.status).toBe(400);
    expect(textOf(await read(refused))).toContain(COMPARE_AT_MESSAGES.notAbove);
    expect(await row()).toEqual(saved);

    // Saving with the field blank ends the sale.
    const blank = await adminPost(`/admin/edit-product/${saved.id}`, productForm({ version: String(saved.version), compareAt: "" }));
    expect(blank.status).toBe(302);
    await blank.arrayBuffer();
    expect(await row()).toMatchObject({ compare_at_cents: null, version: saved.version + 1 });

    // And back on sale for the shopper's side below.
    const again = await adminPost(
      `/admin/edit-product/${saved.id}`,
      productForm({ version: String(saved.version + 1), compareAt: "60.00" }),
    );
    expect(again.status).toBe(302);
    await again.arrayBuffer();
    expect(await row()).toMatchObject({ compare_at_cents: 6000 });
  });
});

describe("a shopper sees the sale", () => {
  it("on the card, with the On sale filter", async () => {
    const html = await (await get(`/shop?sale=1&search=${encodeURIComponent(NAME)}`)).text();
    expect(await cardNames(html)).toEqual([NAME]);
    const text = textOf(html);
    expect(text).toContain("sale price: $45.00 Was $60.00 Save 25%");
    expect(await textsOf(html, "s.price-was")).toContain("Was $60.00");
    expect(await textsOf(html, "s.price-was > span.sr-only")).toContain("Was");
  });

  it("on the product page; JSON-LD's Offer price is the sale price", async () => {
    const { id } = (await row())!;
    const html = await (await get(productPath({ id, name: NAME }))).text();
    const text = textOf(html);
    expect(text).toContain("sale price: $45.00 Was $60.00 Save 25%");
    const [jsonLd] = await jsonLdOf(html);
    expect(jsonLd?.offers).toMatchObject({ "@type": "Offer", price: "45.00", priceCurrency: "USD" });
    expect(JSON.stringify(jsonLd)).not.toContain("60.00");
  });

  it("on the checkout lines, charged the sale price; the order text keeps the product's format", async () => {
    const { id } = (await row())!;
    const html = await (await get("/checkout", { headers: { Cookie: cartCookie([{ id, quantity: 2 }]) } })).text();
    const text = textOf(html);
    expect(text).toContain("Unit price, sale price: $45.00 each Was $60.00 Save 25%");
    expect(text).toContain("$90.00");
    expect(text).not.toContain("$120.00");
  });

  it("not on a line at a bulk tier: the tier's price is its own, not the sale", async () => {
    const gummies = await env.DB.prepare(
      "SELECT id, price_cents FROM products WHERE price_tiers IS NOT NULL AND active = 1 LIMIT 1",
    ).first<{ id: number; price_cents: number }>();
    await env.DB.prepare("UPDATE products SET compare_at_cents = ? WHERE id = ?")
      .bind(gummies!.price_cents * 2, gummies!.id)
      .run();
    try {
      const one = textOf(await (await get("/checkout", { headers: { Cookie: cartCookie([{ id: gummies!.id, quantity: 1 }]) } })).text());
      expect(one).toContain("Save 50%");
      const bulk = textOf(await (await get("/checkout", { headers: { Cookie: cartCookie([{ id: gummies!.id, quantity: 100 }]) } })).text());
      expect(bulk).not.toContain("Save ");
    } finally {
      await env.DB.prepare("UPDATE products SET compare_at_cents = NULL WHERE id = ?").bind(gummies!.id).run();
    }
  });
});

describe("the admin product list", () => {
  it("badges products on sale and filters to them with ?sale=1 (a GET form, no JavaScript needed)", async () => {
    const all = await read(await adminGet(`/admin/products?search=${encodeURIComponent(NAME)}`));
    expect(await elementsOf(all, 'input[type="checkbox"][name="sale"][value="1"]')).not.toHaveLength(0);
    expect(textOf(all)).toContain(`${NAME} On sale`);

    const sale = await read(await adminGet("/admin/products?sale=1"));
    const names = (await elementsOf(sale, "article[aria-label]")).map((article) => article.attributes["aria-label"]);
    const { results } = await env.DB.prepare("SELECT name FROM products WHERE compare_at_cents > price_cents").all<{ name: string }>();
    expect(names.length).toBe(results.length);
    expect(names).toContain(NAME);
    expect(textOf(sale)).toContain(`Showing ${results.length} of`);
    expect(textOf(sale)).toContain("on sale");
    expect((await elementsOf(sale, 'input[type="checkbox"][name="sale"]'))[0]?.attributes).toHaveProperty("checked");
  });
});
