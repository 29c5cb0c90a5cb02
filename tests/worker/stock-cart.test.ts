/**
 * A cart never holds more than is on hand (decision 028) through the real Worker and local
 * D1: an add or a quantity past a size's stock stops at it, a cart read after the owner lowered the
 * stock lowers the line and rewrites the cookie, each with the one notice; untracked stock (NULL) is
 * bounded only by the cart's own limit, and a size with none on hand is held as before.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { productSizes } from "../../db/schema";
import { MAX_LINE_QUANTITY } from "../../app/features/cart/cart-lines";
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
  SHIPPING_CHOICES,
} from "./helpers";
import { visit, AGE } from "./page-cache-helpers";
import { db } from "./shop-helpers";
import { RUNTZ_SIZES, sellRuntzInFourSizes } from "./size-fixtures";

interface ToastValue {
  title: string;
  description?: string;
}

let runtz: number;
let cake: number;
let path: string;
/** size ids by label */
let size: Record<string, number> = {};

beforeAll(async () => {
  ({ runtz, cake, path, size } = await sellRuntzInFourSizes(db));
});

/** The fixture's stock back before each test (12 of 1/8 oz, 3 of 1/4 oz, 1/2 oz not tracked, none of 1 oz). */
beforeEach(async () => {
  for (const one of RUNTZ_SIZES) await setStock(size[one.label]!, one.stock);
  await db.update(productSizes).set({ stock: null }).where(eq(productSizes.productId, cake));
});

/** The owner's stock for one size, as the product form's save writes it (the catalogue changed). */
async function setStock(sizeId: number, stock: number | null) {
  await db.update(productSizes).set({ stock }).where(eq(productSizes.id, sizeId));
  await catalogueChanged();
}

function postCart(fields: Record<string, string>, cookie = "", to = "/cart") {
  return postForm(to, fields, { headers: { Cookie: cookie, Referer: `${ORIGIN}${path}` } });
}

/** The flash notices a no-JavaScript post leaves for the next page (UTF-8 JSON in base64). */
function toastsAfter(response: Response): ToastValue[] {
  const cookie = setCookie(response, "toast");
  if (!cookie) return [];
  const raw = cookie.slice("toast=".length).split(";")[0]!;
  return decodeCookieValue(raw) as ToastValue[];
}

const quarterLine = (quantity: number): Line => ({ id: runtz, quantity, sizeId: size["1/4 oz"]! });
const onlyLeft = (stock: number, name = "Runtz — 1/4 oz") => `Only ${stock} left of ${name}: your cart now holds ${stock}.`;

const orderText = (lines: Line[]) => orderTextOf(lines, path);

function html(text: string) {
  return text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

describe("an add or a quantity change stops at the stock on hand", () => {
  it("adds at most what is on hand, with the notice; Add to Cart at the limit does not raise it", async () => {
    const added = await postCart({ intent: "add", productId: String(runtz), sizeId: String(size["1/4 oz"]), quantity: "5" });
    expect(added.status).toBe(303);
    expect(cartAfter(added)).toEqual([quarterLine(3)]);
    expect(toastsAfter(added)).toEqual([expect.objectContaining({ title: "Quantity lowered", description: onlyLeft(3) })]);

    const again = await postCart({ intent: "add", productId: String(runtz), sizeId: String(size["1/4 oz"]) }, cartCookie([quarterLine(3)]));
    expect(cartAfter(again)).toEqual([quarterLine(3)]);
    expect(toastsAfter(again)).toEqual([expect.objectContaining({ description: onlyLeft(3) })]);

    // Below the stock an add is as before.
    const under = await postCart({ intent: "add", productId: String(runtz), sizeId: String(size["1/4 oz"]) }, cartCookie([quarterLine(1)]));
    expect(cartAfter(under)).toEqual([quarterLine(2)]);
    expect(toastsAfter(under)).toEqual([expect.objectContaining({ title: "Added to cart!" })]);
  });

  it("sets or increments a quantity at most to the stock, with and without JavaScript", async () => {
    const cookie = cartCookie([quarterLine(2)]);
    const set = await postCart({ intent: "set", productId: String(runtz), sizeId: String(size["1/4 oz"]), quantity: "7" }, cookie);
    expect(cartAfter(set)).toEqual([quarterLine(3)]);
    expect(toastsAfter(set)).toEqual([expect.objectContaining({ description: onlyLeft(3) })]);

    const up = await postCart(
      { intent: "increment", productId: String(runtz), sizeId: String(size["1/4 oz"]) },
      cartCookie([quarterLine(3)]),
    );
    expect(cartAfter(up)).toEqual([quarterLine(3)]);
    expect(toastsAfter(up)).toEqual([expect.objectContaining({ description: onlyLeft(3) })]);

    // A fetcher (the drawer, the checkout with JavaScript) gets the same notice as data.
    const byScript = await postCart(
      { intent: "set", productId: String(runtz), sizeId: String(size["1/4 oz"]), quantity: "9", js: "1" },
      cookie,
      "/cart.data",
    );
    expect(byScript.status).toBe(200);
    expect(cartAfter(byScript)).toEqual([quarterLine(3)]);
    expect(await byScript.text()).toContain(onlyLeft(3));

    // Lowering below the stock is as before.
    const down = await postCart({ intent: "set", productId: String(runtz), sizeId: String(size["1/4 oz"]), quantity: "1" }, cookie);
    expect(cartAfter(down)).toEqual([quarterLine(1)]);
    expect(toastsAfter(down)).toEqual([]);
  });

  it("bounds two sizes of one product each by its own stock", async () => {
    let cookie = cartCookie([quarterLine(3)]);
    const eighths = await postCart({ intent: "add", productId: String(runtz), sizeId: String(size["1/8 oz"]), quantity: "12" }, cookie);
    expect(cartAfter(eighths)).toEqual([quarterLine(3), { id: runtz, quantity: 12, sizeId: size["1/8 oz"] }]);
    expect(toastsAfter(eighths)).toEqual([expect.objectContaining({ title: "Added to cart!" })]);
    cookie = cartCookie(cartAfter(eighths));
    const more = await postCart({ intent: "add", productId: String(runtz), sizeId: String(size["1/8 oz"]) }, cookie);
    expect(cartAfter(more)).toEqual([quarterLine(3), { id: runtz, quantity: 12, sizeId: size["1/8 oz"] }]);
    expect(toastsAfter(more)).toEqual([expect.objectContaining({ description: onlyLeft(12, "Runtz — 1/8 oz") })]);
  });

  it("leaves a size whose stock is not tracked to the cart's own limit", async () => {
    const cookie = cartCookie([{ id: runtz, quantity: 900, sizeId: size["1/2 oz"] }]);
    const added = await postCart({ intent: "add", productId: String(runtz), sizeId: String(size["1/2 oz"]), quantity: "300" }, cookie);
    expect(cartAfter(added)).toEqual([{ id: runtz, quantity: MAX_LINE_QUANTITY, sizeId: size["1/2 oz"] }]);
    expect(toastsAfter(added)).toEqual([expect.objectContaining({ title: "Quantity limit reached" })]);
  });

  it("still refuses a size with none on hand and holds its line as out of stock, quantity kept", async () => {
    const refused = await postCart({ intent: "add", productId: String(runtz), sizeId: String(size["1 oz"]) });
    expect(cartAfter(refused)).toEqual([]);
    expect(toastsAfter(refused)).toEqual([expect.objectContaining({ title: "Out of stock" })]);
    const held = await get("/checkout", { headers: { Cookie: cartCookie([{ id: runtz, quantity: 4, sizeId: size["1 oz"] }]) } });
    const body = await held.text();
    expect(body).toContain("Out of Stock");
    expect(body).not.toContain("Quantity lowered");
    expect(cartAfter(held)).toBeUndefined();
  });
});

describe("the product page says 'Only N left' for a size at or below the low-stock level", () => {
  it("in the panel of each low size only (5 until the owner sets a level); a one-size product's too", async () => {
    const body = await (await get(path)).text();
    // 1/4 oz (3 on hand) says it, once; 1/8 oz (12), 1/2 oz (not tracked) and 1 oz (none) do not.
    expect(body.match(/Only \d+ left/g)).toEqual(["Only 3 left"]);

    const [cakeSize] = await db.select({ id: productSizes.id }).from(productSizes).where(eq(productSizes.productId, cake));
    await setStock(cakeSize!.id, 2);
    const cakePage = await (await get(productPath({ id: cake, name: "Wedding Cake (1/8 oz)" }))).text();
    expect(cakePage).toContain("Only 2 left");
    await setStock(cakeSize!.id, 6);
    expect(await (await get(productPath({ id: cake, name: "Wedding Cake (1/8 oz)" }))).text()).not.toContain("Only 6 left");
  });
});

describe("a cart read after the owner lowered the stock", () => {
  it("lowers the line, says so once, rewrites the cookie; the order and the next cached page's badge follow", async () => {
    const saved = cartCookie([{ id: runtz, quantity: 10, sizeId: size["1/8 oz"] }, quarterLine(2)]);
    await setStock(size["1/8 oz"]!, 4);

    const checkout = await get("/checkout", { headers: { Cookie: `${AGE}; ${saved}` } });
    const body = await checkout.text();
    expect(body).toContain(html(onlyLeft(4, "Runtz — 1/8 oz")));
    expect(body).toContain('aria-label="Cart, 6 items"');
    const lowered = cartAfter(checkout)!;
    expect(lowered).toEqual([{ id: runtz, quantity: 4, sizeId: size["1/8 oz"] }, quarterLine(2)]);

    // The next page reads the rewritten cookie: no notice again, and a cached page's badge counts 6.
    const next = cartCookie(lowered);
    const again = await get("/checkout", { headers: { Cookie: `${AGE}; ${next}` } });
    expect(await again.text()).not.toContain("Quantity lowered");
    expect(cartAfter(again)).toBeUndefined();
    await visit("/shop", AGE);
    const cached = await visit("/shop", `${AGE}; ${next}`);
    expect(cached.outcome).toBe("hit");
    expect(cached.body).toContain('aria-label="Cart, 6 items"');

    // The order sends what is on hand, even from the old cookie.
    const text = await orderText([{ id: runtz, quantity: 10, sizeId: size["1/8 oz"] }]);
    expect(text).toContain("• 4 x Runtz — 1/8 oz ($45.00 each = $180.00)");
    expect(text).toContain("Total to pay: $180.00");
    // Without JavaScript the order's notices say it too.
    const plain = await postCart({ intent: "order", source: "checkout", ...SHIPPING_CHOICES }, saved);
    expect(toastsAfter(plain).map((toast) => toast.description)).toContain(onlyLeft(4, "Runtz — 1/8 oz"));
  });

  it("lowers two lines in one notice, and a one-size product's line by its own name", async () => {
    const [cakeSize] = await db.select({ id: productSizes.id }).from(productSizes).where(eq(productSizes.productId, cake));
    await db.update(productSizes).set({ stock: 2 }).where(eq(productSizes.id, cakeSize!.id));
    await setStock(size["1/4 oz"]!, 1);
    const checkout = await get("/checkout", { headers: { Cookie: cartCookie([quarterLine(3), { id: cake, quantity: 5 }]) } });
    const body = await checkout.text();
    expect(body).toContain("Quantities lowered");
    expect(body).toContain(html("Only 1 left of Runtz — 1/4 oz; only 2 left of Wedding Cake (1/8 oz): your cart now holds what is left."));
    expect(cartAfter(checkout)).toEqual([quarterLine(1), { id: cake, quantity: 2 }]);
  });

  it("a change after the owner lowered the stock says it once", async () => {
    await setStock(size["1/4 oz"]!, 2);
    const more = await postCart({ intent: "add", productId: String(runtz), sizeId: String(size["1/4 oz"]) }, cartCookie([quarterLine(3)]));
    expect(cartAfter(more)).toEqual([quarterLine(2)]);
    expect(toastsAfter(more)).toEqual([expect.objectContaining({ description: onlyLeft(2) })]);
  });
});

describe("property: whatever the stock and the quantities asked, the cart holds at most what is on hand", () => {
  it("after any adds and sets, every line is within its size's stock and the order's total is its lines'", async () => {
    const stock = fc.option(fc.integer({ min: 0, max: 30 }), { nil: null });
    const step = fc.record({
      intent: fc.constantFrom("add", "set", "increment"),
      label: fc.constantFrom("1/8 oz", "1/4 oz", "1/2 oz"),
      quantity: fc.integer({ min: 1, max: 1000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.tuple(stock, stock, stock), fc.array(step, { minLength: 1, maxLength: 4 }), async (stocks, steps) => {
        const labels = ["1/8 oz", "1/4 oz", "1/2 oz"] as const;
        for (const [i, label] of labels.entries()) await setStock(size[label]!, stocks[i]!);
        let lines: Line[] = [];
        for (const { intent, label, quantity } of steps) {
          const fields: Record<string, string> = { intent, productId: String(runtz), sizeId: String(size[label]) };
          if (intent !== "increment") fields.quantity = String(quantity);
          const response = await postCart(fields, lines.length ? cartCookie(lines) : "");
          expect(response.status).toBe(303);
          lines = cartAfter(response) ?? lines;
        }
        const stockOf = (sizeId: number | undefined) => stocks[labels.findIndex((label) => size[label] === sizeId)];
        for (const line of lines) {
          const onHand = stockOf(line.sizeId);
          expect(onHand, "a sold-out size is never added").not.toBe(0);
          expect(line.quantity).toBeLessThanOrEqual(onHand ?? MAX_LINE_QUANTITY);
        }
        if (lines.length === 0) return;
        const text = await orderText(lines);
        const totals = [...text.matchAll(/= \$([\d,]+\.\d\d)\)/g)].map((match) => Math.round(Number(match[1]!.replace(/,/g, "")) * 100));
        const total = /Total to pay: \$([\d,]+\.\d\d)/.exec(text)![1]!;
        expect(totals).toHaveLength(lines.length);
        expect(totals.reduce((sum, cents) => sum + cents, 0)).toBe(Math.round(Number(total.replace(/,/g, "")) * 100));
        for (const line of lines) expect(text).toContain(`• ${line.quantity} x Runtz — `);
      }),
      { numRuns: fcRuns(15) },
    );
  });
});
