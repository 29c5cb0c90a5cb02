/**
 * Sizes on the shopper's side (decision 028) through the real Worker and local D1: the
 * product page's picker, cart lines carrying a size (cookie, drawer, checkout, order text), and
 * cookies naming a size that was deleted or belongs to another product.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { products } from "../../db/schema";
import { sizeWriteStatements } from "../../app/features/catalogue/sizes.server";
import { productPath } from "../../app/features/catalogue/product-path";
import {
  cartAfter,
  cartCookie,
  catalogueChanged,
  decodeCookieValue,
  get,
  ORIGIN,
  postForm,
  setCookie,
  orderTextOf,
  type CartCookieLine as Line,
} from "./helpers";
import { db } from "./shop-helpers";
import { RUNTZ_SIZES, sellRuntzInFourSizes } from "./size-fixtures";
import { elementsOf, jsonLdOf, textsOf } from "./page-parts";

let runtz: number;
let cake: number;
let path: string;
/** size ids by label */
let size: Record<string, number> = {};

// Before each test, not once: a test that writes Runtz's sizes again gives them new ids (the flag test
// below does), and the others name the sizes by the ids read here.
beforeEach(async () => {
  ({ runtz, cake, path, size } = await sellRuntzInFourSizes(db));
});

function postCart(fields: Record<string, string>, cookie = "") {
  return postForm("/cart", fields, { headers: { Cookie: cookie, Referer: `${ORIGIN}${path}` } });
}

const orderText = (lines: Line[]) => orderTextOf(lines, path);

describe("the product page of a product sold in several sizes", () => {
  it("has a Size radio group in the Add to Cart form, each size with its price; a sold-out size is disabled", async () => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const body = await response.text();
    const form = body.slice(body.indexOf('aria-label="Add Runtz to cart"'));
    expect(await textsOf(form, "fieldset > legend")).toContain("Size");
    const radios = (await elementsOf(form, 'input[type="radio"][name="sizeId"]')).map((radio) => radio.attributes);
    expect(radios).toHaveLength(4);
    expect(radios.map((radio) => Number(radio.value))).toEqual([size["1/8 oz"], size["1/4 oz"], size["1/2 oz"], size["1 oz"]]);
    // The first size in stock is checked; the sold-out ounce cannot be chosen.
    expect(radios[0]).toHaveProperty("checked");
    expect(radios.slice(1).some((radio) => "checked" in radio)).toBe(false);
    expect(radios[3]).toHaveProperty("disabled");
    for (const text of ["1/8 oz", "$45.00", "1/4 oz", "$80.00", "1/2 oz", "$150.00", "1 oz", "Out of Stock"]) {
      expect(form).toContain(text);
    }
    // The sale's original price is struck through, in the picker and the page's price.
    expect(await textsOf(body, "s.price-was")).toContain("Was $50.00");
    expect(await textsOf(body, "s.price-was > span.sr-only")).toContain("Was");
    // One panel per size for the price, and the half ounce's tier table.
    expect(body.match(/data-size-panel="0"/g)?.length).toBeGreaterThanOrEqual(3);
    expect(body).toContain("Bulk pricing (per unit)");
    expect(body).toContain("5 units");
    expect(body).toContain("$140.00");
  });

  it("reads the product and its sizes in one round trip (2 with the layout)", async () => {
    const response = await get(path);
    const timing = response.headers.get("Server-Timing") ?? "";
    // A page served from the shared cache reads nothing; otherwise "d1;desc="N round trips"".
    if (!/cache;[^,]*desc="?hit/.test(timing)) {
      const trips = /d1;[^,]*desc="?(\d+)/.exec(timing)?.[1];
      expect(Number(trips)).toBeLessThanOrEqual(2);
    }
  });

  it("a product sold in one size shows no picker", async () => {
    const body = await (await get(productPath({ id: cake, name: "Wedding Cake (1/8 oz)" }))).text();
    expect(body).not.toContain('name="sizeId"');
    expect(body).not.toContain("data-size-panel");
  });
});

describe("a product sold in one size with none on hand", () => {
  it("reads Out of Stock on its page (button disabled, JSON-LD OutOfStock), and its cart line is held", async () => {
    await env.DB.prepare("UPDATE product_sizes SET stock = 0 WHERE product_id = ?").bind(cake).run();
    try {
      await catalogueChanged();
      const html = await (await get(productPath({ id: cake, name: "Wedding Cake (1/8 oz)" }))).text();
      expect((await elementsOf(html, 'button[type="submit"][disabled]')).map((button) => button.text)).toContain("Out of Stock");
      expect(html).toContain('"availability":"https://schema.org/OutOfStock"');
      const text = await (await get("/checkout", { headers: { Cookie: cartCookie([{ id: cake, quantity: 1 }]) } })).text();
      expect(text).toContain("Out of Stock");
    } finally {
      await env.DB.prepare("UPDATE product_sizes SET stock = NULL WHERE product_id = ?").bind(cake).run();
      await catalogueChanged();
    }
  });
});

describe("the product page's JSON-LD offers every size", () => {
  const jsonLd = async (page: string) => {
    const html = await (await get(page)).text();
    const [first] = await jsonLdOf(html);
    return first as { offers: Record<string, unknown> & { offers?: Array<Record<string, unknown>> } };
  };

  it("an AggregateOffer over one Offer per size, each with its price, SKU and availability", async () => {
    const { offers } = await jsonLd(path);
    expect(offers).toMatchObject({
      "@type": "AggregateOffer",
      priceCurrency: "USD",
      lowPrice: "45.00",
      highPrice: "280.00",
      offerCount: 4,
    });
    expect(offers.offers?.map((offer) => [offer["@type"], offer.name, offer.sku, offer.price, offer.availability])).toEqual([
      ["Offer", "1/8 oz", "RZ-8", "45.00", "https://schema.org/InStock"],
      ["Offer", "1/4 oz", "RZ-4", "80.00", "https://schema.org/InStock"],
      ["Offer", "1/2 oz", undefined, "150.00", "https://schema.org/InStock"],
      ["Offer", "1 oz", undefined, "280.00", "https://schema.org/OutOfStock"],
    ]);
    // A sale's original price is not an offer.
    expect(JSON.stringify(offers)).not.toContain('"50.00"');
  });

  it("a product sold in one size keeps its one Offer", async () => {
    const { offers } = await jsonLd(productPath({ id: cake, name: "Wedding Cake (1/8 oz)" }));
    expect(offers).toEqual({
      "@type": "Offer",
      url: expect.stringContaining(`/product/${cake}-`),
      price: "50.00",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    });
  });
});

describe("cart lines carry the size", () => {
  it("adds the size posted, two of it, and the order says so", async () => {
    const added = await postCart({ intent: "add", productId: String(runtz), sizeId: String(size["1/4 oz"]), quantity: "2" });
    expect(added.status).toBe(303);
    const lines = cartAfter(added)!;
    expect(lines).toEqual([{ id: runtz, quantity: 2, sizeId: size["1/4 oz"] }]);
    const checkout = await (await get("/checkout", { headers: { Cookie: cartCookie(lines) } })).text();
    expect(checkout).toContain("1/4 oz");
    expect(checkout).toContain("$160.00");
    expect(await orderText(lines)).toContain("• 2 x Runtz — 1/4 oz ($80.00 each = $160.00)");
  });

  it("keeps two sizes of one product as two lines; quantity and remove change only the size posted", async () => {
    let cookie = cartCookie([{ id: runtz, quantity: 1, sizeId: size["1/4 oz"] }]);
    const second = await postCart({ intent: "add", productId: String(runtz), sizeId: String(size["1/2 oz"]), quantity: "5" }, cookie);
    expect(cartAfter(second)).toEqual([
      { id: runtz, quantity: 1, sizeId: size["1/4 oz"] },
      { id: runtz, quantity: 5, sizeId: size["1/2 oz"] },
    ]);
    cookie = cartCookie(cartAfter(second));
    // The half ounce's tier: 5+ at $140.00.
    const text = await orderText(cartAfter(second)!);
    expect(text).toContain("• 1 x Runtz — 1/4 oz ($80.00 each = $80.00)");
    expect(text).toContain("• 5 x Runtz — 1/2 oz ($140.00 each = $700.00)");
    expect(text).toContain("Total to pay: $780.00");

    const set = await postCart({ intent: "set", productId: String(runtz), sizeId: String(size["1/2 oz"]), quantity: "3" }, cookie);
    expect(cartAfter(set)).toEqual([
      { id: runtz, quantity: 1, sizeId: size["1/4 oz"] },
      { id: runtz, quantity: 3, sizeId: size["1/2 oz"] },
    ]);
    const removed = await postCart(
      { intent: "remove", productId: String(runtz), sizeId: String(size["1/4 oz"]) },
      cartCookie(cartAfter(set)),
    );
    expect(cartAfter(removed)).toEqual([{ id: runtz, quantity: 3, sizeId: size["1/2 oz"] }]);
  });

  it("refuses a sold-out size and adds the first size when none is posted (a card's Add to Cart)", async () => {
    const soldOut = await postCart({ intent: "add", productId: String(runtz), sizeId: String(size["1 oz"]) });
    expect(soldOut.status).toBe(303);
    expect(cartAfter(soldOut)).toEqual([]);
    const toast = setCookie(soldOut, "toast")!.slice("toast=".length).split(";")[0]!;
    expect(decodeCookieValue(toast)).toEqual([
      expect.objectContaining({ title: "Out of stock", description: "Runtz — 1 oz is out of stock" }),
    ]);

    const plain = await postCart({ intent: "add", productId: String(runtz) });
    expect(cartAfter(plain)).toEqual([{ id: runtz, quantity: 1, sizeId: size["1/8 oz"] }]);
  });

  it("reads a line without a size, a deleted size or another product's size as the first size, merged and bounded, never a 5xx", async () => {
    const lines = [
      { id: runtz, quantity: 600 },
      { id: runtz, quantity: 300, sizeId: 987654 },
      { id: runtz, quantity: 300, sizeId: cake },
      { id: runtz, quantity: 1, sizeId: -4 },
      { id: cake, quantity: 1, sizeId: size["1/4 oz"] },
    ];
    for (const page of ["/checkout", path, "/shop"]) {
      const response = await get(page, { headers: { Cookie: cartCookie(lines) } });
      expect(response.status, page).toBe(200);
    }
    const text = await orderText(lines);
    // Merged (1,201, over the cart's 1,000 a line), then held to the 12 on hand of 1/8 oz.
    expect(text).toContain("• 12 x Runtz — 1/8 oz ($45.00 each = $540.00)");
    // Cake's line names a Runtz size: it is Cake's one size, and reads exactly as before sizes.
    expect(text).toContain("• 1 x Wedding Cake (1/8 oz) ($50.00 each = $50.00)");
    expect(text.match(/•/g)).toHaveLength(2);
  });

  it("holds a line whose size sold out, naming the size", async () => {
    const checkout = await (
      await get("/checkout", { headers: { Cookie: cartCookie([{ id: runtz, quantity: 2, sizeId: size["1 oz"] }]) } })
    ).text();
    expect(checkout).toContain("Runtz — 1 oz");
    expect(checkout).toContain("Out of Stock");
  });
});

describe("cards say 'from $X' when a product's sizes cost different amounts", () => {
  it("the listing's card of a several-price product says 'from' its lowest price; a one-size product's does not", async () => {
    const body = await (await get("/shop/indoors?sort=price-asc")).text();
    const card = (name: string) => {
      const start = body.indexOf(`>${name}</`);
      expect(start, name).toBeGreaterThan(-1);
      return body.slice(start, body.indexOf("</article>", start));
    };
    expect((await textsOf(card("Runtz"), "p")).join(" ")).toContain("from $45.00");
    expect(card("Wedding Cake (1/8 oz)")).not.toContain("from ");
  });

  it("the writer keeps the flag, and the migration's backfill sets it from the sizes", async () => {
    const flag = async (id: number) =>
      (await db.select({ differs: products.sizesPriceDiffers }).from(products).where(eq(products.id, id)))[0]?.differs;
    expect(await flag(runtz)).toBe(true);
    expect(await flag(cake)).toBe(false);
    const migration = (env as TestEnv).TEST_MIGRATIONS.find((m) => m.name.includes("sizes_price_differs"));
    const backfill = migration?.queries.find((q) => q.replace(/^(--.*\n|\s)+/, "").startsWith("UPDATE"));
    expect(backfill).toBeDefined();
    await env.DB.prepare("UPDATE products SET sizes_price_differs = NOT sizes_price_differs WHERE id IN (?, ?)").bind(runtz, cake).run();
    await env.DB.prepare(backfill!).run();
    expect([await flag(runtz), await flag(cake)]).toEqual([true, false]);
    // One price again: no 'from'.
    await db.batch(
      sizeWriteStatements(
        db,
        runtz,
        RUNTZ_SIZES.map((one) => ({ ...one, priceCents: 4500, compareAtCents: null })),
      ),
    );
    expect(await flag(runtz)).toBe(false);
    await db.batch(sizeWriteStatements(db, runtz, RUNTZ_SIZES));
    expect(await flag(runtz)).toBe(true);
  });
});
