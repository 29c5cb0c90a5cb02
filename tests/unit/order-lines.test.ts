import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { formatCents } from "../../app/features/money/money";
import { unitPriceCents } from "../../app/features/catalogue/price-tiers";
import {
  cartReducer,
  EMPTY_CART,
  type CartState,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type CartProduct,
} from "../../app/features/cart/cart-lines";
import { buildOrder, orderMessage, ORDER_NAME_MAX_LENGTH, TELEGRAM_MAX_TEXT_LENGTH } from "../../app/features/orders/order";
import { defaultSettings } from "../../app/features/settings/settings";
import { telegramUrl } from "../../app/features/site/site";
import { tiersFromLegacy } from "../../app/features/catalogue/stored-tiers";

const runtz: CartProduct = { id: 1, name: "Runtz (1/8 oz)", path: "/product/1", image: null, priceCents: 4500, priceTiers: null };
const shatter: CartProduct = { id: 2, name: "Shatter (1lb)", path: "/product/2", image: null, priceCents: 90000, priceTiers: null };
const gummies: CartProduct = {
  id: 3,
  name: "Wild Berry Gummies",
  path: "/product/3",
  image: null,
  priceCents: 500,
  priceTiers: tiersFromLegacy(500, { single: 500, tier100: 475, tier250: 450, tier500: 425, tier1000: 400 }),
};

const NOW = new Date("2026-11-28T20:10:00Z");

/** The order message for a cart, as the one order builder writes it (no link: the lines are what is tested here). */
function messageOf(cart: { items: CartState["items"] }): string {
  const order = buildOrder({
    items: cart.items,
    settings: defaultSettings({ TELEGRAM_USERNAME: "greenleafsupply" }),
    choices: {},
    note: "",
    now: NOW,
  });
  return orderMessage(order, cart.items, null);
}

/** The message's bullets, one per ordered line. */
const bullets = (text: string) => text.split("\n").filter((row) => row.startsWith("• "));

describe("the order message's lines", () => {
  it("writes the product's message for a multi-line cart (golden string)", () => {
    let cart = [runtz, shatter, gummies, runtz].reduce((state, product) => cartReducer(state, { type: "ADD_ITEM", product }), EMPTY_CART);
    cart = cartReducer(cart, { type: "UPDATE_QUANTITY", id: 3, quantity: 100 });
    const text = messageOf(cart);
    expect(text.startsWith("Hello, I would love to order:\n\n")).toBe(true);
    expect(bullets(text)).toEqual([
      "• 2 x Runtz (1/8 oz) ($45.00 each = $90.00)",
      "• 1 x Shatter (1lb) ($900.00 each = $900.00)",
      "• 100 x Wild Berry Gummies ($4.75 each = $475.00)",
    ]);
    expect(text).toContain("\nSubtotal: $1,465.00\n");
  });

  it("charges a product on sale its price: the compare-at price never enters the product's format", () => {
    const onSale: CartProduct = { ...runtz, priceCents: 4500, compareAtCents: 6000 };
    const cart = cartReducer(cartReducer(EMPTY_CART, { type: "ADD_ITEM", product: onSale }), {
      type: "UPDATE_QUANTITY",
      id: 1,
      quantity: 2,
    });
    const text = messageOf(cart);
    expect(bullets(text)).toEqual(["• 2 x Runtz (1/8 oz) ($45.00 each = $90.00)"]);
    expect(text).toContain("\nSubtotal: $90.00\n");
    expect(text).not.toContain("60.00");
  });

  it("refuses an empty cart", () => {
    const order = buildOrder({
      items: [],
      settings: defaultSettings({ TELEGRAM_USERNAME: "greenleafsupply" }),
      choices: {},
      note: "",
      now: NOW,
    });
    expect(order.ok).toBe(false);
    expect(order.errors.minimum).toBe("Your cart is empty");
  });

  it("shortens a name longer than the admin form allows", () => {
    const long = { ...runtz, name: "N".repeat(300) };
    const text = messageOf(cartReducer(EMPTY_CART, { type: "ADD_ITEM", product: long }));
    expect(text).toContain(`• 1 x ${"N".repeat(ORDER_NAME_MAX_LENGTH - 1)}… ($45.00 each = $45.00)`);
  });

  it("stays under Telegram's 4096 characters at the cart's bounds", () => {
    // The fullest cart a shopper can build: every line at its maximum, 120-character names
    // (the admin form's limit) and an absurd unit price of $99,999,999.99.
    let cart = EMPTY_CART;
    for (let id = 1; id <= MAX_CART_LINES + 5; id++) {
      const name = `${id} ${"Ü".repeat(ORDER_NAME_MAX_LENGTH)}`.slice(0, ORDER_NAME_MAX_LENGTH);
      cart = cartReducer(cart, {
        type: "ADD_ITEM",
        product: { id, name, path: `/product/${id}`, image: null, priceCents: 9_999_999_999, priceTiers: null },
      });
      cart = cartReducer(cart, { type: "UPDATE_QUANTITY", id, quantity: MAX_LINE_QUANTITY * 10 });
    }
    expect(cart.items).toHaveLength(MAX_CART_LINES);
    expect(cart.items.every((item) => item.quantity === MAX_LINE_QUANTITY && item.name.length === ORDER_NAME_MAX_LENGTH)).toBe(true);
    const text = messageOf(cart);
    expect(text).toContain("• 1000 x 1 ÜÜ");
    expect(text).toContain("($99,999,999.99 each = $99,999,999,990.00)");
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT_LENGTH);
    // and the link carries all of it
    expect(decodeURIComponent(new URL(telegramUrl("greenleafsupply", text)).searchParams.get("text") ?? "")).toBe(text);
  });
});

describe("order text with sizes", () => {
  it("names the size after the product: '2 x Runtz — 1/8 oz ($45.00 each = $90.00)'", () => {
    const product: CartProduct = { ...runtz, name: "Runtz", sizeId: 11, sizeLabel: "1/8 oz" };
    const cart = cartReducer(EMPTY_CART, { type: "ADD_ITEM", product, quantity: 2 });
    expect(messageOf(cart)).toContain("\n• 2 x Runtz — 1/8 oz ($45.00 each = $90.00)\n");
    // A product sold in one size ('' label) reads exactly as before sizes.
    const one = cartReducer(EMPTY_CART, { type: "ADD_ITEM", product: { ...runtz, sizeId: 1, sizeLabel: "" }, quantity: 2 });
    expect(messageOf(one)).toContain("\n• 2 x Runtz (1/8 oz) ($45.00 each = $90.00)\n");
  });

  it("is right for any mix of sizes, tiers and quantities, long and non-Latin labels, and stays under 4096 characters", () => {
    const tiers = fc
      .uniqueArray(fc.integer({ min: 2, max: MAX_LINE_QUANTITY }), { minLength: 1, maxLength: 4 })
      .chain((mins) =>
        fc.tuple(
          ...mins
            .sort((a, b) => a - b)
            .map((min) => fc.integer({ min: 0, max: 9_999_999_999 }).map((unit) => ({ minQuantity: min, unitPriceCents: unit }))),
        ),
      );
    const label = fc.oneof(
      fc.constantFrom("1/8 oz", "1/4 oz", "1 lb", "5-pack", "½ унции", "八分之一盎司", "🌿 1 g", ""),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 200 }),
    );
    const line = fc.record({
      id: fc.integer({ min: 1, max: 30 }),
      sizeId: fc.integer({ min: 1, max: 60 }),
      sizeLabel: label,
      name: fc.string({ unit: "grapheme", minLength: 1, maxLength: 200 }),
      priceCents: fc.integer({ min: 0, max: 9_999_999_999 }),
      priceTiers: fc.option(tiers, { nil: null }),
      quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: MAX_CART_LINES + 5 }), (lines) => {
        let cart = EMPTY_CART;
        for (const { quantity, ...rest } of lines) {
          cart = cartReducer(cart, { type: "ADD_ITEM", product: { ...rest, path: "/product/1", image: null }, quantity });
        }
        const text = messageOf(cart);
        expect(text.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT_LENGTH);
        // no half of an emoji: the Telegram link carries all of it
        expect(decodeURIComponent(encodeURIComponent(text))).toBe(text);
        const rows = bullets(text);
        expect(rows).toHaveLength(cart.items.length);
        let total = 0;
        cart.items.forEach((item, i) => {
          const unit = unitPriceCents(item.priceCents, item.priceTiers, item.quantity);
          expect(item.unitPriceCents).toBe(unit);
          expect(item.lineTotalCents).toBe(unit * item.quantity);
          total += unit * item.quantity;
          const bullet = rows[i]!;
          expect(bullet.startsWith(`• ${item.quantity} x `)).toBe(true);
          expect(bullet.endsWith(` (${formatCents(unit)} each = ${formatCents(unit * item.quantity)})`)).toBe(true);
          // The size is named (whole up to 40 characters) exactly when the line has a label.
          const shown = (item.sizeLabel ?? "").trim().replace(/\s+/g, " ");
          const chars = Array.from(shown);
          if (shown) expect(bullet).toContain(` — ${chars.length > 40 ? `${chars.slice(0, 39).join("")}…` : shown} (`);
          else expect(bullet).not.toContain(" — ");
        });
        expect(cart.totalCents).toBe(total);
        expect(text).toContain(`Subtotal: ${formatCents(total)}`);
        // one line per product and size
        expect(new Set(cart.items.map((item) => `${item.id}:${item.sizeId}`)).size).toBe(cart.items.length);
      }),
      { numRuns: fcRuns(300) },
    );
  });
});
