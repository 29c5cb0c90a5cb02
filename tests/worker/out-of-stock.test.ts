import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cartCookie, decodeCookieValue, get, ORIGIN, postForm, SHIPPING_CHOICES } from "./helpers";
import { sellInOneSize } from "./size-fixtures";
import { definitionsOf, refreshTarget, textsOf } from "./page-parts";

/**
 * An out-of-stock product can never be ordered, even from a cart saved while it was in stock: the
 * cart shows it as 'Out of Stock' and leaves it out of the total and the Telegram text; the order
 * action leaves it out (with a notice) or refuses when nothing else is in stock.
 */

let runtz: number;
let cake: number;

beforeAll(async () => {
  // One-size products, as a shop loaded before the catalogue came in sizes sells them (sizes: sizes-shopper.test.ts).
  runtz = await sellInOneSize("runtz-eighth", "Runtz (1/8 oz)");
  cake = await sellInOneSize("wedding-cake-eighth", "Wedding Cake (1/8 oz)");
});

afterEach(async () => {
  await env.DB.prepare("UPDATE products SET in_stock = 1 WHERE id IN (?, ?)").bind(runtz, cake).run();
});

const outOfStock = (id: number) => env.DB.prepare("UPDATE products SET in_stock = 0 WHERE id = ?").bind(id).run();

function postCart(fields: Record<string, string>, cookie: string, referer = `${ORIGIN}/checkout`) {
  return postForm("/cart", fields, { headers: { Cookie: cookie, Referer: referer, Host: new URL(ORIGIN).host } });
}

function decoded(response: Response, name: string): unknown {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  if (!cookie) return undefined;
  const raw = cookie.slice(name.length + 1).split(";")[0]!;
  return raw === "" ? [] : decodeCookieValue(raw);
}

const text = (body: string) =>
  body
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

/** An order from the checkout of a cart holding one Runtz and one Wedding Cake. */
const orderOneOfEach = () =>
  postCart(
    { intent: "order", source: "checkout", ...SHIPPING_CHOICES },
    cartCookie([
      { id: runtz, quantity: 1 },
      { id: cake, quantity: 1 },
    ]),
  );

/** The order was sent, and its toasts say why Wedding Cake (1/8 oz) was left out: `title`, then "… `reason` and was not part of your order". */
function expectSentWithoutCake(response: Response, title: string, reason: string) {
  expect(decoded(response, "toast")).toEqual([
    expect.objectContaining({ title: "Order sent!" }),
    expect.objectContaining({
      title,
      description: `Wedding Cake (1/8 oz) ${reason} and was not part of your order`,
      variant: "destructive",
    }),
  ]);
}

describe("out-of-stock lines in the cart", () => {
  it("the checkout lists them as 'Out of Stock', outside the total and the order text; the cookie keeps them", async () => {
    await outOfStock(cake);
    const cookie = cartCookie([
      { id: runtz, quantity: 2 },
      { id: cake, quantity: 3 },
    ]);
    const response = await get("/checkout", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    // Nothing was dropped: the saved cart is not rewritten.
    expect(decoded(response, "cannabis-cart")).toBeUndefined();
    const body = text(await response.text());
    expect(body).toContain("Out of Stock");
    expect(body).toContain("Wedding Cake");
    expect(body).toContain("Not part of your total or your order.");
    expect(body).toContain('aria-label="Remove Wedding Cake (1/8 oz) from cart"');
    // Total: 2 × $45.00 only; the order text names Runtz alone.
    expect(await definitionsOf(body)).toContainEqual(["Subtotal (2 items)", "$90.00"]);
    const [orderText = ""] = await textsOf(body, "pre");
    expect(orderText).toContain("2 x Runtz (1/8 oz)");
    expect(orderText).not.toContain("Wedding Cake");
    expect(orderText).toContain("Total to pay: $90.00");
  });

  it("an order leaves them out of the Telegram text, with a notice", async () => {
    await outOfStock(cake);
    const response = await orderOneOfEach();
    expect(response.status).toBe(303);
    // Without JavaScript the order ends on the checkout page, which opens Telegram with the order sent.
    expect(response.headers.get("Location")).toBe("/checkout");
    const cookies = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const page = await (await get("/checkout", { headers: { Cookie: cookies } })).text();
    const telegram = await refreshTarget(page);
    const sent = new URL(telegram!).searchParams.get("text")!;
    expect(sent).toContain("1 x Runtz (1/8 oz)");
    expect(sent).not.toContain("Wedding Cake");
    expect(sent).toContain("Total to pay: $45.00");
    expectSentWithoutCake(response, "Out of stock", "is out of stock");
  });

  it("a switched-off product's line is held the same way, and an order says it is no longer available", async () => {
    await env.DB.prepare("UPDATE products SET active = 0 WHERE id = ?").bind(cake).run();
    try {
      const response = await orderOneOfEach();
      expect(response.status).toBe(303);
      expectSentWithoutCake(response, "No longer available", "is no longer available");
      const raised = await postCart({ intent: "increment", productId: String(cake) }, cartCookie([{ id: cake, quantity: 1 }]));
      expect(decoded(raised, "toast")).toEqual([expect.objectContaining({ title: "Product unavailable" })]);
    } finally {
      await env.DB.prepare("UPDATE products SET active = 1 WHERE id = ?").bind(cake).run();
    }
  });

  it("an old cart of out-of-stock products only is refused: nothing goes to Telegram and the cart is kept", async () => {
    await outOfStock(cake);
    const cookie = cartCookie([{ id: cake, quantity: 4 }]);
    for (const source of ["checkout", "drawer"]) {
      const response = await postCart({ intent: "order", source }, cookie);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).not.toMatch(/t\.me/);
      expect(decoded(response, "cannabis-cart")).toBeUndefined();
      expect(decoded(response, "toast")).toEqual([
        expect.objectContaining({
          title: "Out of stock",
          description: "Wedding Cake (1/8 oz) is out of stock, so there is nothing to order yet",
        }),
      ]);
    }
  });

  it("a line can be removed, not raised; other changes keep it in the cart", async () => {
    await outOfStock(cake);
    const cookie = cartCookie([
      { id: runtz, quantity: 1 },
      { id: cake, quantity: 2 },
    ]);
    const raised = await postCart({ intent: "increment", productId: String(cake) }, cookie);
    expect(decoded(raised, "cannabis-cart")).toEqual([
      { id: runtz, quantity: 1 },
      { id: cake, quantity: 2 },
    ]);
    expect(decoded(raised, "toast")).toEqual([expect.objectContaining({ title: "Out of stock" })]);

    const other = await postCart({ intent: "increment", productId: String(runtz) }, cookie);
    expect(decoded(other, "cannabis-cart")).toEqual([
      { id: runtz, quantity: 2 },
      { id: cake, quantity: 2 },
    ]);

    const removed = await postCart({ intent: "remove", productId: String(cake) }, cookie);
    expect(decoded(removed, "cannabis-cart")).toEqual([{ id: runtz, quantity: 1 }]);
    expect(decoded(removed, "toast")).toEqual([expect.objectContaining({ title: "Item removed" })]);
  });

  it("back in stock, the line counts again", async () => {
    const cookie = cartCookie([{ id: cake, quantity: 2 }]);
    await outOfStock(cake);
    expect(text(await (await get("/checkout", { headers: { Cookie: cookie } })).text())).toContain("Subtotal (0 items)");
    await env.DB.prepare("UPDATE products SET in_stock = 1 WHERE id = ?").bind(cake).run();
    const body = text(await (await get("/checkout", { headers: { Cookie: cookie } })).text());
    expect(body).toContain("Subtotal (2 items)");
    expect(body).not.toContain("Not part of your total or your order.");
  });
});
