/**
 * The order link's page and the stock that follows accepted orders (decision 044), through the real
 * Worker and local D1: the order as quoted beside today's prices, refused links, the owner's
 * Take/Put back forms and what they do to the sizes' stock.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { signOrderLink, type OrderSnapshot } from "../../app/features/orders/order-link.server";
import { adminGet, adminPost, post, read } from "./admin-helpers";
import { cartAfter, decodeCookieValue, get, setCookie } from "./helpers";
import { db } from "./shop-helpers";
import { sellRuntzInFourSizes } from "./size-fixtures";
import { elementsOf, hrefsOf, textsOf } from "./page-parts";

let runtz: number;
let size: Record<string, number> = {};
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  ({ runtz, size } = await sellRuntzInFourSizes(db));
});

/** Runtz: 2 × 1/4 oz quoted at $75 (today $80), 1 × 1/8 oz, 1 × 1/2 oz (stock not tracked). */
function order(overrides: Partial<OrderSnapshot> = {}): OrderSnapshot {
  return {
    at: now() - 60,
    lines: [
      { productId: runtz, sizeId: size["1/4 oz"]!, quantity: 2, unitCents: 7500 },
      { productId: runtz, sizeId: size["1/8 oz"]!, quantity: 1, unitCents: 4500 },
      { productId: runtz, sizeId: size["1/2 oz"]!, quantity: 1, unitCents: 15000 },
    ],
    choices: { method: "pickup", window: "asap", payment: "Cash on delivery", soldOut: "call" },
    feeCents: 0,
    ...overrides,
  };
}

async function token(snapshot = order(), secret = env.SESSION_SECRET) {
  const signed = await signOrderLink(secret, snapshot);
  if (!signed) throw new Error("no secret to sign with");
  return signed;
}

async function stockOf(label: string) {
  const row = await env.DB.prepare("SELECT stock FROM product_sizes WHERE id = ?").bind(size[label]).first<{ stock: number | null }>();
  return row?.stock;
}

async function movements() {
  const { results } = await env.DB.prepare("SELECT reference, size_id, quantity FROM stock_movements ORDER BY size_id").all();
  return results;
}

async function setStock(label: string, stock: number | null) {
  await env.DB.prepare("UPDATE product_sizes SET stock = ? WHERE id = ?").bind(stock, size[label]).run();
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM stock_movements").run();
  await setStock("1/4 oz", 3);
  await setStock("1/8 oz", 12);
  await setStock("1/2 oz", null);
});

describe("the order page for anyone with the link", () => {
  it("shows the reference, each line with the quoted price beside today's, the choices in words, and a reopen form", async () => {
    const signed = await token();
    const response = await get(`/o/${signed}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await read(response);
    expect((await elementsOf(html, 'meta[name="robots"]')).map((meta) => meta.attributes.content)).toContainEqual(
      expect.stringMatching(/^noindex/),
    );
    expect(await textsOf(html, "h1")).toContainEqual(expect.stringMatching(/^Order [0-9A-Z]{4}-[0-9A-Z]{4}$/));
    expect(html).toContain("Runtz");
    expect(html).toContain("1/4 oz · Quantity 2");
    // The quoted $75 and its line total, and today's $80 beside it; the 1/8 oz's price did not change.
    expect(html).toContain("$150.00");
    expect(html).toContain("$75.00 each");
    expect(html).toContain("Today: $80.00 each");
    expect(html).not.toContain("Today: $45.00");
    expect(html).toContain("Prices as quoted on");
    expect(html).toContain("In-town appointment");
    expect(html).toContain("As soon as possible");
    expect(html).toContain("Cash on delivery");
    expect(html).toContain("Contact me first");
    expect(html).toContain("$345.00"); // 150 + 45 + 150 + free delivery
    expect(await elementsOf(html, 'form[method="post"][action="/cart"] input[type="hidden"][name="intent"][value="reopen"]')).toHaveLength(
      1,
    );
    expect(html).not.toContain("Take these from stock");
  });

  it("reads the lines in one round trip (2 with the layout)", async () => {
    const response = await get(`/o/${await token()}`);
    const trips = /d1;[^,]*desc="?(\d+)/.exec(response.headers.get("Server-Timing") ?? "")?.[1];
    expect(Number(trips)).toBeLessThanOrEqual(2);
  });

  it("a line whose size was removed says so", async () => {
    const signed = await token(order({ lines: [{ productId: runtz, sizeId: 999_999, quantity: 1, unitCents: 100 }] }));
    const html = await read(await get(`/o/${signed}`));
    expect(html).toContain("This size is no longer sold");
  });

  it("refuses a tampered, foreign or junk link with 404 and an expired one with 410, each with a way to the shop", async () => {
    const signed = await token();
    const dot = signed.indexOf(".");
    const flipped = `${signed.slice(0, 5)}${signed[5] === "A" ? "B" : "A"}${signed.slice(6)}`;
    const otherShop = await token(order(), "another shop's secret, long enough to sign with");
    const moreQuantity = await token(order({ lines: [{ productId: runtz, sizeId: size["1/4 oz"]!, quantity: 3, unitCents: 7500 }] }));
    const swapped = `${moreQuantity.slice(0, moreQuantity.indexOf("."))}${signed.slice(dot)}`;
    for (const bad of [flipped, otherShop, swapped, "junk", "a.b"]) {
      const response = await get(`/o/${bad}`);
      expect(response.status, bad).toBe(404);
      const html = await read(response);
      expect(html).toContain("This order link is not valid");
      expect(await hrefsOf(html, "Go to the shop")).toContain("/shop");
    }
    const expired = await get(`/o/${await token(order({ at: now() - 200 * 24 * 60 * 60 }))}`);
    expect(expired.status).toBe(410);
    expect(await read(expired)).toContain("This order link has expired");
  });

  it("never answers an arbitrary token (long, non-Latin, dotted) with a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 50 }),
          fc.string({ unit: "grapheme", maxLength: 300 }),
          fc.string({ minLength: 4000, maxLength: 6000 }),
        ),
        async (junk) => {
          const response = await get(`/o/${encodeURIComponent(junk || "x")}`);
          expect([404, 410]).toContain(response.status);
          await response.body?.cancel();
        },
      ),
      { numRuns: fcRuns(25) },
    );
  });
});

describe("stock follows the orders the owner accepts", () => {
  it("the signed-in owner sees 'Take these from stock'; taking lowers each tracked size once, even posted twice at once", async () => {
    const signed = await token();
    const page = await read(await adminGet(`/o/${signed}`));
    expect(page).toContain("Take these from stock");
    expect(page).toContain("This size does not track stock");

    const [first, second] = await Promise.all([
      adminPost("/admin/orders/stock", { intent: "take", token: signed }),
      adminPost("/admin/orders/stock", { intent: "take", token: signed }),
    ]);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`/o/${signed}`);
    expect(await stockOf("1/4 oz")).toBe(1);
    expect(await stockOf("1/8 oz")).toBe(11);
    expect(await stockOf("1/2 oz")).toBeNull();
    expect(await movements()).toHaveLength(2);

    // A third click, later, changes nothing either.
    await adminPost("/admin/orders/stock", { intent: "take", token: signed });
    expect(await stockOf("1/4 oz")).toBe(1);

    const after = await read(await adminGet(`/o/${signed}`));
    expect(after).toContain("Put them back");
    expect(after).toContain("2 taken from stock");
  });

  it("'Put them back' returns exactly what was taken, once; taking again works", async () => {
    const signed = await token();
    await adminPost("/admin/orders/stock", { intent: "take", token: signed });
    await setStock("1/8 oz", 20); // the owner restocked meanwhile
    await adminPost("/admin/orders/stock", { intent: "put-back", token: signed });
    await adminPost("/admin/orders/stock", { intent: "put-back", token: signed });
    expect(await stockOf("1/4 oz")).toBe(3);
    expect(await stockOf("1/8 oz")).toBe(21);
    expect(await movements()).toHaveLength(0);
    await adminPost("/admin/orders/stock", { intent: "take", token: signed });
    expect(await stockOf("1/4 oz")).toBe(1);
  });

  it("never takes more than is on hand, and records what was really taken", async () => {
    const signed = await token(order({ lines: [{ productId: runtz, sizeId: size["1/4 oz"]!, quantity: 5, unitCents: 8000 }] }));
    await adminPost("/admin/orders/stock", { intent: "take", token: signed });
    expect(await stockOf("1/4 oz")).toBe(0);
    expect(await movements()).toMatchObject([{ size_id: size["1/4 oz"], quantity: 3 }]);
    await adminPost("/admin/orders/stock", { intent: "put-back", token: signed });
    expect(await stockOf("1/4 oz")).toBe(3);
  });

  it("a line without a size takes from the product's first size", async () => {
    const signed = await token(order({ lines: [{ productId: runtz, quantity: 2, unitCents: 4500 }] }));
    await adminPost("/admin/orders/stock", { intent: "take", token: signed });
    expect(await stockOf("1/8 oz")).toBe(10);
  });

  it("refuses a stranger's post without writing, and answers a bad form or link with 400", async () => {
    const signed = await token();
    const anonymous = await post("/admin/orders/stock", { intent: "take", token: signed });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/admin");
    expect(await read(await get(`/o/${signed}`))).not.toContain("Take these from stock");
    const refused: Record<string, string>[] = [
      { intent: "take", token: `${signed}x` },
      { intent: "steal", token: signed },
      { intent: "take" },
    ];
    for (const fields of refused) {
      const response = await adminPost("/admin/orders/stock", fields);
      expect(response.status).toBe(400);
    }
    expect(await movements()).toHaveLength(0);
    expect(await stockOf("1/4 oz")).toBe(3);
  });
});

describe("'Put these in my cart'", () => {
  it("makes the link's lines this browser's cart and takes the shopper to checkout", async () => {
    const response = await post("/cart", { intent: "reopen", token: await token() });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/checkout");
    expect(cartAfter<{ id: number; quantity: number; sizeId?: number }>(response)).toEqual([
      { id: runtz, sizeId: size["1/4 oz"], quantity: 2 },
      { id: runtz, sizeId: size["1/8 oz"], quantity: 1 },
      { id: runtz, sizeId: size["1/2 oz"], quantity: 1 },
    ]);
  });

  it("refuses a tampered or foreign link in words and leaves the cart alone", async () => {
    for (const bad of [`${await token()}x`, await token(order(), "another-shops-secret-also-thirty-two-chars-long"), "junk"]) {
      const response = await post("/cart", { intent: "reopen", token: bad });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/checkout");
      expect(setCookie(response, "cannabis-cart")).toBeUndefined();
      const toast = setCookie(response, "toast")?.slice("toast=".length).split(";")[0] ?? "";
      expect(decodeCookieValue(toast)).toEqual([
        expect.objectContaining({ title: "Order not reopened", description: "This order link is not valid" }),
      ]);
    }
  });
});
