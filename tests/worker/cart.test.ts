import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "../../app/features/cart/cart-lines";
import { restoreProduct, trashProduct } from "../../app/features/trash/trash.server";
import {
  cartAfter as cartCookieLines,
  cartCookie,
  decodeCookieValue as decodeValue,
  get,
  ORIGIN,
  postForm,
  setCookie,
  SHIPPING_CHOICES,
} from "./helpers";
import { db } from "./shop-helpers";
import { sellInOneSize } from "./size-fixtures";
import { elementsOf, refreshTarget, textsOf } from "./page-parts";

/**
 * The cart through the real Worker: the `cannabis-cart` cookie is read from Set-Cookie and sent back
 * like a browser would, pages render from real local D1.
 */

interface Line {
  id: number;
  quantity: number;
}
interface ToastValue {
  title: string;
  description?: string;
  variant?: string;
  duration?: number;
}

const ids: Record<string, number> = {};
let runtz: number;
let cake: number;
let gummies: number;

async function productId(key: string) {
  const row = await env.DB.prepare("SELECT id FROM products WHERE catalogue_key = ?").bind(key).first<{ id: number }>();
  if (!row) throw new Error(`catalogue product ${key} missing`);
  return row.id;
}

beforeAll(async () => {
  // One-size products, as a shop loaded before the catalogue came in sizes sells them (sizes: sizes-shopper.test.ts).
  runtz = await sellInOneSize("runtz-eighth", "Runtz (1/8 oz)");
  cake = await sellInOneSize("wedding-cake-eighth", "Wedding Cake (1/8 oz)");
  gummies = await productId("wild-berry-gummies");
  Object.assign(ids, { runtz, cake, gummies });
});

/** SQL: the product is sold in one size (its cart line carries no size id). */
const ONE_SIZE = "(SELECT count(*) FROM product_sizes WHERE product_id = products.id) = 1";

/** Undo the D1 edits some tests make. */
const restore: string[] = [];
afterEach(async () => {
  for (const statement of restore.splice(0)) await env.DB.prepare(statement).run();
});

const cartAfter = (response: Response) => cartCookieLines<Line>(response);

/** "Cookie" header value that carries a response's cart on to the next request. */
function nextCookie(response: Response) {
  const lines = cartAfter(response);
  return lines && lines.length ? cartCookie(lines) : "";
}

function toastsAfter(response: Response): ToastValue[] {
  const cookie = setCookie(response, "toast");
  if (!cookie) return [];
  return decodeValue(cookie.slice("toast=".length).split(";")[0]!) as ToastValue[];
}

function toastCookie(response: Response) {
  return setCookie(response, "toast")!.split(";")[0]!;
}

function html(text: string) {
  return text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A browser's same-origin form post (browsers always send Host; Remix compares it with Origin). */
function postCart(fields: Record<string, string>, cookie = "", referer = `${ORIGIN}/shop`, path = "/cart") {
  return postForm(path, fields, { headers: { Cookie: cookie, Referer: referer, Host: new URL(ORIGIN).host } });
}

async function page(path: string, cookie: string) {
  const response = await get(path, { headers: { Cookie: cookie } });
  return { response, body: await response.text() };
}

describe("/cart actions change the cookie", () => {
  it("adds a product, then raises its quantity, with 'Added to cart!' and a 303 back to the page", async () => {
    const first = await postCart({ intent: "add", productId: String(runtz) });
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe("/shop");
    expect(cartAfter(first)).toEqual([{ id: runtz, quantity: 1 }]);
    expect(toastsAfter(first)).toEqual([
      expect.objectContaining({ title: "Added to cart!", description: "Runtz (1/8 oz) has been added to your cart", duration: 3000 }),
    ]);

    const again = await postCart({ intent: "add", productId: String(runtz) }, nextCookie(first));
    expect(cartAfter(again)).toEqual([{ id: runtz, quantity: 2 }]);
    const second = await postCart({ intent: "add", productId: String(cake) }, nextCookie(again));
    expect(cartAfter(second)).toEqual([
      { id: runtz, quantity: 2 },
      { id: cake, quantity: 1 },
    ]);
  });

  it("adds a chosen quantity (the product page's stepper), capped at the line bound with a notice", async () => {
    const first = await postCart({ intent: "add", productId: String(gummies), quantity: "100" });
    expect(first.status).toBe(303);
    expect(cartAfter(first)).toEqual([{ id: gummies, quantity: 100 }]);
    expect(toastsAfter(first)).toEqual([expect.objectContaining({ title: "Added to cart!" })]);
    const more = await postCart({ intent: "add", productId: String(gummies), quantity: " 950 " }, nextCookie(first));
    expect(cartAfter(more)).toEqual([{ id: gummies, quantity: MAX_LINE_QUANTITY }]);
    expect(toastsAfter(more)).toEqual([expect.objectContaining({ title: "Quantity limit reached" })]);
    // The tier price follows the quantity on the checkout page.
    const { body } = await page("/checkout", cartCookie([{ id: gummies, quantity: 100 }]));
    expect(body).toContain("$475.00");
  });

  it("sets, increments and decrements a quantity; reaching 0 removes the line with 'Item removed'", async () => {
    let cookie = cartCookie([
      { id: runtz, quantity: 2 },
      { id: cake, quantity: 1 },
    ]);
    const set = await postCart({ intent: "set", productId: String(runtz), quantity: "5" }, cookie, `${ORIGIN}/checkout`);
    expect(set.headers.get("Location")).toBe("/checkout");
    expect(cartAfter(set)).toEqual([
      { id: runtz, quantity: 5 },
      { id: cake, quantity: 1 },
    ]);
    cookie = nextCookie(set);

    const up = await postCart({ intent: "increment", productId: String(runtz) }, cookie);
    expect(cartAfter(up)?.[0]).toEqual({ id: runtz, quantity: 6 });
    const down = await postCart({ intent: "decrement", productId: String(runtz) }, nextCookie(up));
    expect(cartAfter(down)?.[0]).toEqual({ id: runtz, quantity: 5 });

    const gone = await postCart({ intent: "decrement", productId: String(cake) }, nextCookie(down));
    expect(cartAfter(gone)).toEqual([{ id: runtz, quantity: 5 }]);
    expect(toastsAfter(gone)).toEqual([
      expect.objectContaining({ title: "Item removed", description: "Item has been removed from your cart" }),
    ]);

    const zero = await postCart({ intent: "set", productId: String(runtz), quantity: "0" }, nextCookie(gone));
    expect(cartAfter(zero)).toEqual([]);
    expect(toastsAfter(zero)[0]?.title).toBe("Item removed");
  });

  it("removes a line and clears the cart", async () => {
    const cookie = cartCookie([
      { id: runtz, quantity: 2 },
      { id: cake, quantity: 1 },
    ]);
    const removed = await postCart({ intent: "remove", productId: String(cake) }, cookie);
    expect(cartAfter(removed)).toEqual([{ id: runtz, quantity: 2 }]);
    expect(toastsAfter(removed)[0]).toMatchObject({ title: "Item removed", description: "Item has been removed from your cart" });

    const cleared = await postCart({ intent: "clear" }, cookie);
    expect(cartAfter(cleared)).toEqual([]);
    expect(setCookie(cleared, "cannabis-cart")).toMatch(/Max-Age=0/i);
  });

  it("caps a quantity at the per-line bound and tells the shopper", async () => {
    const response = await postCart(
      { intent: "set", productId: String(gummies), quantity: "5000" },
      cartCookie([{ id: gummies, quantity: 1 }]),
    );
    expect(cartAfter(response)).toEqual([{ id: gummies, quantity: MAX_LINE_QUANTITY }]);
    expect(toastsAfter(response)[0]).toMatchObject({ title: "Quantity limit reached" });
  });

  it("refuses a 21st product and tells the shopper", async () => {
    // Products sold in one size: a line of one sold in several names its size (sizes-shopper.test.ts).
    const { results } = await env.DB.prepare(`SELECT id FROM products WHERE active = 1 AND ${ONE_SIZE} ORDER BY id LIMIT ?`)
      .bind(MAX_CART_LINES + 1)
      .all<{ id: number }>();
    const full = results.slice(0, MAX_CART_LINES).map(({ id }) => ({ id, quantity: 1 }));
    const response = await postCart({ intent: "add", productId: String(results[MAX_CART_LINES]!.id) }, cartCookie(full));
    expect(cartAfter(response)).toEqual(full);
    expect(toastsAfter(response)[0]).toMatchObject({ title: "Cart is full" });
  });

  it("refuses an out-of-stock or unknown product without touching the cart", async () => {
    restore.push(`UPDATE products SET in_stock = 1 WHERE id = ${cake}`);
    await env.DB.prepare("UPDATE products SET in_stock = 0 WHERE id = ?").bind(cake).run();
    const cookie = cartCookie([{ id: runtz, quantity: 1 }]);
    const outOfStock = await postCart({ intent: "add", productId: String(cake) }, cookie);
    expect(outOfStock.status).toBe(303);
    expect(cartAfter(outOfStock)).toEqual([{ id: runtz, quantity: 1 }]);
    expect(toastsAfter(outOfStock)[0]).toMatchObject({
      title: "Out of stock",
      description: "Wedding Cake (1/8 oz) is out of stock",
      variant: "destructive",
    });

    const unknown = await postCart({ intent: "add", productId: "987654" }, cookie);
    expect(cartAfter(unknown)).toEqual([{ id: runtz, quantity: 1 }]);
    expect(toastsAfter(unknown)[0]).toMatchObject({ title: "Product unavailable", variant: "destructive" });
  });

  it("answers a fetcher (single fetch .data request) with data and the cookie, not a redirect", async () => {
    const response = await postCart({ intent: "add", productId: String(runtz), js: "1" }, "", `${ORIGIN}/shop`, "/cart.data");
    expect(response.status).toBe(200);
    expect(response.headers.get("Location")).toBeNull();
    expect(cartAfter(response)).toEqual([{ id: runtz, quantity: 1 }]);
    expect(setCookie(response, "toast")).toBeUndefined();
    const body = await response.text();
    expect(body).toContain("Added to cart!");
    expect(body).toContain("Runtz (1/8 oz) has been added to your cart");
  });

  it.each([
    [{ intent: "dance", productId: "1" }, "Unknown cart action"],
    [{ intent: "add", productId: "abc" }, "Choose a valid product"],
    [{ intent: "add" }, "Choose a product"],
    [{ intent: "add", productId: "1", quantity: "0" }, "Enter a whole number from 1 to 1,000"],
    [{ intent: "add", productId: "1", quantity: "-3" }, "Enter a whole number from 1 to 1,000"],
    [{ intent: "add", productId: "1", quantity: "2.5" }, "Enter a whole number from 1 to 1,000"],
    [{ intent: "add", productId: "1", quantity: "" }, "Enter a whole number from 1 to 1,000"],
    [{ intent: "add", productId: "1", quantity: "1001" }, "You can add up to 1,000 of one product at a time"],
    [{ intent: "set", productId: "1", quantity: "2.5" }, "Enter a whole number from 0 to 1,000"],
    [{ intent: "set", productId: "1", quantity: "" }, "Enter a whole number from 0 to 1,000"],
    [{ intent: "order", source: "email" }, "Place the order from the cart or the checkout page"],
  ])("answers bad input %j with 400 and a clear message", async (fields, message) => {
    const cookie = cartCookie([{ id: runtz, quantity: 1 }]);
    const response = await postCart(fields, cookie);
    expect(response.status).toBe(400);
    expect(cartAfter(response)).toBeUndefined();
    const body = await response.text();
    expect(body).toContain(html("We couldn't update your cart"));
    expect(body).toContain(html(message));
    expect(body).toContain('href="/checkout"');
  });

  it("sends GET /cart to the checkout page", async () => {
    const response = await get("/cart");
    expect([301, 302, 303]).toContain(response.status);
    expect(response.headers.get("Location")).toBe("/checkout");
  });
});

describe("a tampered, junk or oversized cookie", () => {
  it.each([
    ["not base64", "cannabis-cart=%%%not-base64"],
    ["not a list", cartCookie({ id: 1, quantity: 2 })],
    ["wrong types", cartCookie([{ id: "1", quantity: "2" }])],
    ["a string", cartCookie("free stuff")],
  ])("(%s) gives an empty cart and resets the cookie, never a 500", async (_label, cookie) => {
    const { response, body } = await page("/checkout", cookie);
    expect(response.status).toBe(200);
    expect(body).toContain("Your cart is empty");
    expect(body).toContain('aria-label="Cart, 0 items"');
    expect(cartAfter(response)).toEqual([]);
  });

  it("drops junk lines and merges repeats", async () => {
    const { response, body } = await page(
      "/checkout",
      cartCookie([
        { id: runtz, quantity: 1 },
        { id: runtz, quantity: 2 },
        { id: cake, quantity: 0 },
        { id: -4, quantity: 3 },
        { id: gummies, quantity: 1.5 },
      ]),
    );
    expect(response.status).toBe(200);
    expect(body).toContain('aria-label="Cart, 3 items"');
    expect(cartAfter(response)).toEqual([{ id: runtz, quantity: 3 }]);
  });

  it("is bounded to 20 lines of at most 1,000, with a notice, once", async () => {
    const { results } = await env.DB.prepare(`SELECT id FROM products WHERE active = 1 AND in_stock = 1 AND ${ONE_SIZE} ORDER BY id`).all<{
      id: number;
    }>();
    expect(results.length).toBeGreaterThan(MAX_CART_LINES);
    const oversized = results.map(({ id }) => ({ id, quantity: 1 }));
    const { response, body } = await page("/checkout", cartCookie(oversized));
    expect(response.status).toBe(200);
    expect(cartAfter(response)).toEqual(oversized.slice(0, MAX_CART_LINES));
    expect(body).toContain('aria-label="Cart, 20 items"');
    expect(body).toContain("Cart is full");

    const again = await page("/checkout", nextCookie(response));
    expect(again.body).not.toContain("Cart is full");
    expect(cartAfter(again.response)).toBeUndefined();

    // Written back by a page rendered with the cart (a cached page only stamps the badge: decision 027).
    const huge = await page("/checkout", cartCookie([{ id: runtz, quantity: 99999 }]));
    expect(cartAfter(huge.response)).toEqual([{ id: runtz, quantity: MAX_LINE_QUANTITY }]);
    expect(huge.body).toContain("Quantity limit reached");
  });
});

describe("/checkout renders the cart from D1", () => {
  it("shows the empty state with Continue Shopping", async () => {
    const { response, body } = await page("/checkout", "");
    expect(response.status).toBe(200);
    expect(body).toContain("Your cart is empty");
    expect(await textsOf(body, 'a[href="/"]')).toContain("Continue Shopping");
    expect(body).toContain("<title>Checkout | Greenleaf Supply</title>");
    expect(body).toContain(`<link rel="canonical" href="${ORIGIN}/checkout"/>`);
  });

  it("lists lines with tier-aware unit prices, line totals and the total, with current D1 prices", async () => {
    const cookie = cartCookie([
      { id: runtz, quantity: 2 },
      { id: gummies, quantity: 100 },
    ]);
    const before = await page("/checkout", cookie);
    expect(before.response.status).toBe(200);
    for (const text of [
      "Runtz (1/8 oz)",
      "$45.00<!-- --> each",
      "$90.00",
      "Wild Berry Gummies",
      "$4.75<!-- --> each",
      "$475.00",
      "150 more for $4.50 each",
      "$565.00",
      "Place Order via Telegram",
      "How it works",
      "Your order is sent to us through Telegram.",
      "We reply to confirm it; your address stays in the chat, never on this site.",
      "You pay as you chose.",
    ]) {
      expect(before.body).toContain(text);
    }
    expect(before.body).toContain('aria-label="Cart, 102 items"');

    restore.push(`UPDATE products SET price_cents = 4500 WHERE id = ${runtz}`);
    await env.DB.prepare("UPDATE products SET price_cents = 3999 WHERE id = ?").bind(runtz).run();
    const after = await page("/checkout", cookie);
    expect(after.body).toContain("$39.99<!-- --> each");
    expect(after.body).toContain("$79.98");
    expect(after.body).toContain("$554.98");
    expect(after.body).not.toContain("$565.00");
  });

  it("holds a switched-off or trashed product's line, saying so, until it comes back; a product gone for good drops out with a notice, once", async () => {
    const saved = cartCookie([
      { id: runtz, quantity: 1 },
      { id: cake, quantity: 2 },
    ]);
    const held = async (body: string) => {
      expect(body).toContain("No longer available");
      expect(body).toContain("Wedding Cake (1/8 oz)");
      // No link to a page that no longer opens, and no Remove-less dead end.
      expect(body).not.toContain("Wedding Cake (1/8 oz)</a>");
      expect(body).toContain('aria-label="Remove Wedding Cake (1/8 oz) from cart"');
      expect(body).not.toContain("has been removed from your cart");
      // Only Runtz is totalled and ordered.
      expect(body).toContain('aria-label="Cart, 1 item"');
      expect((await textsOf(body, "pre")).join("\n")).not.toContain("Wedding Cake");
    };

    // Switched off by the owner: held, and the saved cart is not rewritten.
    restore.push(`UPDATE products SET active = 1 WHERE id = ${cake}`);
    await env.DB.prepare("UPDATE products SET active = 0 WHERE id = ?").bind(cake).run();
    const off = await page("/checkout", saved);
    expect(off.response.status).toBe(200);
    await held(off.body);
    expect(cartAfter(off.response)).toBeUndefined();
    await env.DB.prepare("UPDATE products SET active = 1 WHERE id = ?").bind(cake).run();
    expect((await page("/checkout", saved)).body).toContain("Wedding Cake (1/8 oz)</a>");

    // In the trash: held with its name; restored (Undo), it is an ordinary line again.
    await trashProduct(db, cake);
    restore.push(`UPDATE products SET active = 1 WHERE id = ${cake}`);
    const trashed = await page("/checkout", saved);
    await held(trashed.body);
    expect(cartAfter(trashed.response)).toBeUndefined();
    expect(await restoreProduct(db, cake)).toMatchObject({ status: "restored" });
    const back = await page("/checkout", saved);
    expect(back.body).toContain("Wedding Cake (1/8 oz)</a>");
    expect(back.body).toContain('aria-label="Cart, 3 items"');

    // Gone for good (purged, or never was): dropped with the product's notice, once, by the first page
    // rendered with the cart (the checkout, or a client navigation's data; decision 027).
    const gone = await page(
      "/checkout",
      cartCookie([
        { id: runtz, quantity: 1 },
        { id: 987654, quantity: 1 },
      ]),
    );
    expect(gone.body).toContain("Item removed");
    expect(gone.body).toContain("An item that is no longer available has been removed from your cart");
    expect(cartAfter(gone.response)).toEqual([{ id: runtz, quantity: 1 }]);
    expect((await page("/checkout", nextCookie(gone.response))).body).not.toContain("is no longer available");
  });

  it("puts the total quantity in the header badge on every page's first paint", async () => {
    const cookie = cartCookie([
      { id: runtz, quantity: 2 },
      { id: cake, quantity: 1 },
    ]);
    for (const path of ["/", "/shop", "/checkout", "/no-such-page"]) {
      const { body } = await page(path, cookie);
      // before JavaScript the cart is a plain link to /checkout
      expect(await elementsOf(body, 'a[href="/checkout"][aria-label="Cart, 3 items"]'), path).not.toHaveLength(0);
    }
  });
});

describe("placing an order", () => {
  // The message with its reference and signed link written as REF and LINK (they change with every order).
  const expectedText = [
    "Hello, I would love to order:",
    "",
    "• 2 x Runtz (1/8 oz) ($45.00 each = $90.00)",
    "• 100 x Wild Berry Gummies ($4.75 each = $475.00)",
    "",
    "Subtotal: $565.00",
    "Delivery: Discreet nationwide delivery: free, 1-3 business days",
    "Total to pay: $565.00",
    "Payment: Cash on delivery",
    "If something is sold out: Contact me first",
    "",
    "Order REF",
    "Check or order again: LINK",
    "",
    "Thank you!",
  ].join("\n");
  const withoutLink = (text: string) =>
    text.replace(/\nOrder [0-9A-Z]{4}-[0-9A-Z]{4}\nCheck or order again: \S+\n/, "\nOrder REF\nCheck or order again: LINK\n");
  const linkOf = (text: string) => /\nCheck or order again: (\S+)\n/.exec(text)?.[1] ?? "";

  it("with JavaScript: answers the new tab with 303 to t.me with the exact order text and clears the cart", async () => {
    const cookie = cartCookie([
      { id: runtz, quantity: 2 },
      { id: gummies, quantity: 100 },
    ]);
    const response = await postCart({ intent: "order", source: "checkout", js: "1", ...SHIPPING_CHOICES }, cookie, `${ORIGIN}/checkout`);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`https://t.me/${env.TELEGRAM_USERNAME}`);
    const text = location.searchParams.get("text")!;
    expect(withoutLink(text)).toBe(expectedText);
    expect(linkOf(text).startsWith(`${ORIGIN}/o/`)).toBe(true);
    expect(response.headers.get("Location")).toBe(`https://t.me/${env.TELEGRAM_USERNAME}?text=${encodeURIComponent(text)}`);
    expect(cartAfter(response)).toEqual([]);
  });

  it("refuses an order without a delivery choice: back to checkout in words, the cart kept, never Telegram", async () => {
    const cookie = cartCookie([{ id: runtz, quantity: 2 }]);
    const response = await postCart({ intent: "order", source: "checkout" }, cookie, `${ORIGIN}/checkout`);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/checkout");
    expect(cartAfter(response)).toBeUndefined();
    expect(toastsAfter(response)).toEqual([
      expect.objectContaining({ title: "Order not sent", description: "Choose how to receive your order", variant: "destructive" }),
    ]);
  });

  it("without JavaScript: the shopper's page says the order was sent, the cart is empty, and opens Telegram once (with a link to open it again)", async () => {
    const cookie = cartCookie([
      { id: runtz, quantity: 2 },
      { id: gummies, quantity: 100 },
    ]);
    const response = await postCart({ intent: "order", source: "checkout", ...SHIPPING_CHOICES }, cookie, `${ORIGIN}/checkout`);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/checkout");
    expect(cartAfter(response)).toEqual([]);
    expect(toastsAfter(response)).toEqual([
      expect.objectContaining({ title: "Order sent!", description: "Your order has been sent via Telegram. We'll contact you soon!" }),
    ]);
    const lastOrder = setCookie(response, "last-order")!.split(";")[0]!;

    const sent = await get("/checkout", { headers: { Cookie: `${toastCookie(response)}; ${lastOrder}` } });
    expect(sent.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await sent.text();
    expect(body).toContain("Your cart is empty");
    expect(body).toContain(html("Your order has been sent via Telegram. We'll contact you soon!"));
    const telegram = (await refreshTarget(body)) ?? "";
    expect(telegram.startsWith(`https://t.me/${env.TELEGRAM_USERNAME}?text=`)).toBe(true);
    expect(withoutLink(new URL(telegram).searchParams.get("text")!)).toBe(expectedText);
    const openAgain = (await elementsOf(body, 'a[target="_blank"]')).filter((link) => link.text.includes("Open Telegram again"));
    expect(openAgain.map((link) => link.attributes.href)).toContain(telegram);
    // No line of the old cart is left to order again.
    expect(body).not.toContain("Quantity of Runtz");
    expect(body).toContain('aria-label="Cart, 0 items"');

    // Telegram opens once: the next view (back, reload) keeps the message and the link, without opening it again.
    const opened = setCookie(sent, "last-order")!.split(";")[0]!;
    const again = await (await get("/checkout", { headers: { Cookie: opened } })).text();
    expect(again).not.toContain('http-equiv="refresh"');
    expect(again).toContain("Open Telegram again");
    expect(again).not.toContain("Quantity of Runtz");
  });

  it("leaves 'Order sent!' to the page's script when JavaScript is on", async () => {
    const response = await postCart(
      { intent: "order", source: "drawer", js: "1", ...SHIPPING_CHOICES },
      cartCookie([{ id: runtz, quantity: 1 }]),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^https:\/\/t\.me\//);
    expect(cartAfter(response)).toEqual([]);
    expect(setCookie(response, "toast")).toBeUndefined();
  });

  it.each([
    ["drawer", "/shop", "Please add items to your cart before ordering"],
    ["checkout", "/checkout", "Please add items to your cart before checkout"],
  ])("refuses an empty cart from the %s with 'Cart is empty'", async (source, location, description) => {
    const response = await postCart({ intent: "order", source }, "", `${ORIGIN}/shop`);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(location);
    expect(toastsAfter(response)).toEqual([expect.objectContaining({ title: "Cart is empty", description, variant: "destructive" })]);
    const shown = await page(location, toastCookie(response));
    expect(shown.body).toContain("Cart is empty");
    expect(shown.body).toContain(description);
  });

  it("leaves out products that dropped out since the page was rendered", async () => {
    restore.push(`UPDATE products SET active = 1 WHERE id = ${cake}`);
    await env.DB.prepare("UPDATE products SET active = 0 WHERE id = ?").bind(cake).run();
    const response = await postCart(
      { intent: "order", source: "checkout", js: "1", ...SHIPPING_CHOICES },
      cartCookie([
        { id: cake, quantity: 1 },
        { id: runtz, quantity: 1 },
      ]),
    );
    const text = new URL(response.headers.get("Location")!).searchParams.get("text");
    expect(text).toContain("• 1 x Runtz (1/8 oz) ($45.00 each = $45.00)");
    expect(text).not.toContain("Wedding Cake");
    expect(text).toContain("Total to pay: $45.00");
  });
});
