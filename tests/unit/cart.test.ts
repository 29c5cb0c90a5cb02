import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { tiersFromLegacy } from "../../app/features/catalogue/stored-tiers";
import {
  applyCartAction,
  cartLines,
  cartReducer,
  EMPTY_CART,
  loadCartState,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  normalizeCartLines,
  shownWithinOnHand,
  type CartProduct,
  type CartState,
} from "../../app/features/cart/cart-lines";
import { stockLimitNotice } from "../../app/features/cart/cart-notices";
import { joinCart } from "../../app/features/cart/cart.server";

const runtz: CartProduct = {
  id: 1,
  name: "Runtz (1/8 oz)",
  path: "/product/1",
  image: "/art/indoors-1.svg",
  priceCents: 4500,
  priceTiers: null,
};
const cake: CartProduct = { id: 2, name: "Wedding Cake (1/8 oz)", path: "/product/2", image: null, priceCents: 5000, priceTiers: null };
const gummies: CartProduct = {
  id: 30,
  name: "Wild Berry Gummies",
  path: "/product/30",
  image: "/art/edibles-1.svg",
  priceCents: 500,
  priceTiers: tiersFromLegacy(500, { single: 500, tier100: 475, tier250: 450, tier500: 425, tier1000: 400 }),
};
/** Prices that drift in floating point: 0.1 + 0.2 !== 0.3. */
const dime: CartProduct = { id: 3, name: "Dime", path: "/product/3", image: null, priceCents: 10, priceTiers: null };
const twenty: CartProduct = { id: 4, name: "Twenty", path: "/product/4", image: null, priceCents: 20, priceTiers: null };

function product(id: number): CartProduct {
  return { id, name: `Product ${id}`, path: `/product/${id}`, image: null, priceCents: 100 * id, priceTiers: null };
}

function cartWith(...products: CartProduct[]): CartState {
  return products.reduce((state, p) => cartReducer(state, { type: "ADD_ITEM", product: p }), EMPTY_CART);
}

describe("ADD_ITEM", () => {
  it("adds a chosen quantity at the tier it reaches (the product page's stepper)", () => {
    const { state, bound } = applyCartAction(EMPTY_CART, { type: "ADD_ITEM", product: gummies, quantity: 100 });
    expect(bound).toBeNull();
    expect(state.items[0]).toMatchObject({ quantity: 100, unitPriceCents: 475, lineTotalCents: 47500 });
    const more = applyCartAction(state, { type: "ADD_ITEM", product: gummies, quantity: 150 });
    expect(more.state.items[0]).toMatchObject({ quantity: 250, unitPriceCents: 450 });
  });

  it("never exceeds the line bound, whatever is added, and says so when it caps", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_LINE_QUANTITY }), fc.integer({ min: 1, max: 5000 }), (start, adding) => {
        const before = start > 0 ? applyCartAction(EMPTY_CART, { type: "ADD_ITEM", product: gummies, quantity: start }).state : EMPTY_CART;
        const { state, bound } = applyCartAction(before, { type: "ADD_ITEM", product: gummies, quantity: adding });
        const quantity = state.items[0]!.quantity;
        expect(quantity).toBe(Math.min(start + adding, MAX_LINE_QUANTITY));
        expect(bound === "quantity").toBe(start + adding > MAX_LINE_QUANTITY);
      }),
    );
  });

  it("adds a new product with quantity 1 and recomputes totals", () => {
    const state = cartReducer(EMPTY_CART, { type: "ADD_ITEM", product: runtz });
    expect(state.items).toEqual([{ ...runtz, quantity: 1, unitPriceCents: 4500, lineTotalCents: 4500 }]);
    expect(state.totalItems).toBe(1);
    expect(state.totalCents).toBe(4500);
  });

  it("raises the quantity by 1 when the same id is added again", () => {
    const state = cartWith(runtz, cake, runtz);
    expect(state.items.map((i) => [i.id, i.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(state.totalItems).toBe(3);
    expect(state.totalCents).toBe(2 * 4500 + 5000);
  });

  it("takes the product's current name and price when it is added again", () => {
    const state = cartWith(runtz, { ...runtz, name: "Runtz", priceCents: 4000 });
    expect(state.items[0]).toMatchObject({ name: "Runtz", quantity: 2, unitPriceCents: 4000, lineTotalCents: 8000 });
  });

  it("refuses a new product when the cart holds the most lines, and says so", () => {
    let state = EMPTY_CART;
    for (let id = 1; id <= MAX_CART_LINES; id++) state = cartReducer(state, { type: "ADD_ITEM", product: product(id) });
    const result = applyCartAction(state, { type: "ADD_ITEM", product: product(MAX_CART_LINES + 1) });
    expect(result.bound).toBe("lines");
    expect(result.state).toBe(state);
    expect(result.state.items).toHaveLength(MAX_CART_LINES);
    // an existing line can still grow
    expect(applyCartAction(state, { type: "ADD_ITEM", product: product(1) })).toMatchObject({
      bound: null,
      state: { totalItems: MAX_CART_LINES + 1 },
    });
  });

  it("stops at the per-line maximum, and says so", () => {
    const full = cartReducer(cartWith(runtz), { type: "UPDATE_QUANTITY", id: 1, quantity: MAX_LINE_QUANTITY });
    const result = applyCartAction(full, { type: "ADD_ITEM", product: runtz });
    expect(result.bound).toBe("quantity");
    expect(result.state.items[0]!.quantity).toBe(MAX_LINE_QUANTITY);
  });
});

describe("REMOVE_ITEM", () => {
  it("drops the line by id and recomputes totals", () => {
    const state = cartReducer(cartWith(runtz, cake, cake), { type: "REMOVE_ITEM", id: 2 });
    expect(state.items.map((i) => i.id)).toEqual([1]);
    expect(state).toMatchObject({ totalItems: 1, totalCents: 4500 });
  });

  it("ignores an id that is not in the cart", () => {
    const state = cartReducer(cartWith(runtz), { type: "REMOVE_ITEM", id: 99 });
    expect(state).toMatchObject({ totalItems: 1, totalCents: 4500 });
  });
});

describe("UPDATE_QUANTITY", () => {
  it("sets the quantity", () => {
    const state = cartReducer(cartWith(runtz, cake), { type: "UPDATE_QUANTITY", id: 2, quantity: 4 });
    expect(state).toMatchObject({ totalItems: 5, totalCents: 4500 + 4 * 5000 });
  });

  it.each([0, -1, -50])("removes the line at quantity %i (never below 0)", (quantity) => {
    const state = cartReducer(cartWith(runtz, cake), { type: "UPDATE_QUANTITY", id: 1, quantity });
    expect(state.items.map((i) => i.id)).toEqual([2]);
    expect(state).toMatchObject({ totalItems: 1, totalCents: 5000 });
  });

  it("caps the quantity at the per-line maximum and says so", () => {
    const result = applyCartAction(cartWith(runtz), { type: "UPDATE_QUANTITY", id: 1, quantity: 5000 });
    expect(result.bound).toBe("quantity");
    expect(result.state.items[0]!.quantity).toBe(MAX_LINE_QUANTITY);
    expect(applyCartAction(cartWith(runtz), { type: "UPDATE_QUANTITY", id: 1, quantity: MAX_LINE_QUANTITY }).bound).toBeNull();
  });

  it("keeps whole units and ignores a quantity that is not a number", () => {
    expect(cartReducer(cartWith(runtz), { type: "UPDATE_QUANTITY", id: 1, quantity: 2.9 }).items[0]!.quantity).toBe(2);
    const state = cartWith(runtz);
    expect(cartReducer(state, { type: "UPDATE_QUANTITY", id: 1, quantity: Number.NaN })).toBe(state);
    expect(cartReducer(state, { type: "UPDATE_QUANTITY", id: 1, quantity: Number.POSITIVE_INFINITY })).toBe(state);
  });

  it("ignores an id that is not in the cart", () => {
    const state = cartWith(runtz);
    expect(cartReducer(state, { type: "UPDATE_QUANTITY", id: 7, quantity: 3 })).toBe(state);
  });

  it("follows the tier price as the quantity changes", () => {
    const at = (quantity: number) => cartReducer(cartWith(gummies), { type: "UPDATE_QUANTITY", id: 30, quantity }).items[0]!;
    expect(at(99)).toMatchObject({ unitPriceCents: 500, lineTotalCents: 49500 });
    expect(at(100)).toMatchObject({ unitPriceCents: 475, lineTotalCents: 47500 });
    expect(at(250)).toMatchObject({ unitPriceCents: 450, lineTotalCents: 112500 });
    expect(at(1000)).toMatchObject({ unitPriceCents: 400, lineTotalCents: 400000 });
  });
});

describe("CLEAR_CART", () => {
  it("empties the cart", () => {
    expect(cartReducer(cartWith(runtz, cake), { type: "CLEAR_CART" })).toEqual({ items: [], totalItems: 0, totalCents: 0 });
  });
});

describe("loading a saved cart (the product's LOAD_CART)", () => {
  it("replaces the items with a saved list and recomputes totals", () => {
    const state = loadCartState([
      { ...runtz, quantity: 2 },
      { ...gummies, quantity: 100 },
    ]).state;
    expect(state.items.map((i) => [i.id, i.quantity, i.unitPriceCents])).toEqual([
      [1, 2, 4500],
      [30, 100, 475],
    ]);
    expect(state).toMatchObject({ totalItems: 102, totalCents: 9000 + 47500 });
  });

  it("parses text prices with the one price parser: '$45', '45.50', '$1,600'; junk prices drop the item", () => {
    const state = loadCartState([
      { id: 1, name: "A", price: "$45", quantity: 1 },
      { id: 2, name: "B", price: "45.50", quantity: 2 },
      { id: 3, name: "C", price: "$1,600", quantity: 1 },
      { id: 4, name: "D", price: "call us", quantity: 1 },
    ]).state;
    expect(state.items.map((i) => [i.id, i.unitPriceCents])).toEqual([
      [1, 4500],
      [2, 4550],
      [3, 160000],
    ]);
    expect(state.totalCents).toBe(4500 + 9100 + 160000);
  });

  it.each([[null], [undefined], ["[]"], [42], [{ items: [] }], ["junk"]])("reads %j as an empty cart", (items) => {
    expect(loadCartState(items).state).toEqual(EMPTY_CART);
  });

  it("drops junk entries and keeps the good ones", () => {
    const state = loadCartState([
      null,
      "x",
      { id: "1", priceCents: 100, quantity: 1 },
      { id: -3, priceCents: 100, quantity: 1 },
      { id: 2.5, priceCents: 100, quantity: 1 },
      { id: 5, priceCents: 100, quantity: 0 },
      { id: 6, priceCents: 100, quantity: -2 },
      { id: 7, priceCents: 100, quantity: 1.5 },
      { id: 8, priceCents: 100, quantity: "2" },
      { id: 9, priceCents: -100, quantity: 1 },
      { id: 10, name: 7, image: 3, priceCents: 250, priceTiers: { single: "x" }, quantity: 2 },
    ]).state;
    expect(state.items).toEqual([
      {
        id: 10,
        name: "",
        path: "/product/10",
        image: null,
        priceCents: 250,
        priceTiers: null,
        quantity: 2,
        unitPriceCents: 250,
        lineTotalCents: 500,
      },
    ]);
  });

  it("merges repeated ids and bounds lines and quantities, saying which bound was hit", () => {
    const merged = loadCartState([
      { ...runtz, quantity: 2 },
      { ...runtz, quantity: 3 },
    ]);
    expect(merged).toMatchObject({ bound: null, state: { totalItems: 5, items: [{ id: 1, quantity: 5 }] } });

    const big = loadCartState([
      { ...runtz, quantity: 999 },
      { ...runtz, quantity: 999 },
    ]);
    expect(big.bound).toBe("quantity");
    expect(big.state.items[0]!.quantity).toBe(MAX_LINE_QUANTITY);

    const many = Array.from({ length: 50 }, (_, i) => ({ ...product(i + 1), quantity: 1 }));
    const bounded = loadCartState(many);
    expect(bounded.bound).toBe("lines");
    expect(bounded.state.items.map((i) => i.id)).toEqual(Array.from({ length: MAX_CART_LINES }, (_, i) => i + 1));
  });
});

describe("totals in integer cents", () => {
  it("never drift in floating point", () => {
    const state = cartWith(dime, twenty);
    expect(state.totalCents).toBe(30);
    const many = cartReducer(state, { type: "UPDATE_QUANTITY", id: 3, quantity: 3 });
    expect(many.totalCents).toBe(50);
  });
});

describe("normalizeCartLines and cartLines (what the cookie holds)", () => {
  it("round-trips ids and quantities only", () => {
    expect(cartLines(cartWith(runtz, cake, cake))).toEqual([
      { id: 1, quantity: 1 },
      { id: 2, quantity: 2 },
    ]);
  });

  it("drops zero and junk lines, merges and bounds the rest", () => {
    expect(
      normalizeCartLines([
        { id: 1, quantity: 2 },
        { id: 1, quantity: 3 },
        { id: 2, quantity: 0 },
        { id: 0, quantity: 4 },
        { id: 3, quantity: 2000 },
      ]),
    ).toEqual({
      lines: [
        { id: 1, quantity: 5 },
        { id: 3, quantity: MAX_LINE_QUANTITY },
      ],
      bound: "quantity",
    });
  });
});

describe("cart lines are a product in a size", () => {
  const sized = (sizeId: number, sizeLabel: string, priceCents: number): CartProduct => ({
    id: 7,
    sizeId,
    sizeLabel,
    name: "Runtz",
    path: "/product/7-runtz",
    image: null,
    priceCents,
    priceTiers: null,
  });
  const eighth = sized(70, "1/8 oz", 4500);
  const quarter = sized(71, "1/4 oz", 8000);

  it("keeps two sizes of one product as two lines, each at its own price", () => {
    let cart = cartReducer(EMPTY_CART, { type: "ADD_ITEM", product: eighth });
    cart = cartReducer(cart, { type: "ADD_ITEM", product: quarter, quantity: 2 });
    cart = cartReducer(cart, { type: "ADD_ITEM", product: eighth });
    expect(cart.items.map((item) => [item.sizeId, item.sizeLabel, item.quantity, item.lineTotalCents])).toEqual([
      [70, "1/8 oz", 2, 9000],
      [71, "1/4 oz", 2, 16000],
    ]);
    expect(cart.totalCents).toBe(25000);
    expect(cartLines(cart)).toEqual([
      { id: 7, quantity: 2, sizeId: 70 },
      { id: 7, quantity: 2, sizeId: 71 },
    ]);
  });

  it("changes and removes only the size named", () => {
    let cart = [eighth, quarter].reduce((state, product) => cartReducer(state, { type: "ADD_ITEM", product }), EMPTY_CART);
    cart = cartReducer(cart, { type: "UPDATE_QUANTITY", id: 7, sizeId: 71, quantity: 5 });
    expect(cart.items.map((item) => item.quantity)).toEqual([1, 5]);
    cart = cartReducer(cart, { type: "REMOVE_ITEM", id: 7, sizeId: 70 });
    expect(cart.items.map((item) => item.sizeId)).toEqual([71]);
    // No size named: a line of a product sold in one size (none stored), so nothing here changes.
    expect(cartReducer(cart, { type: "REMOVE_ITEM", id: 7 })).toEqual(cart);
  });

  it("stores a size only for a product sold in labelled sizes (a one-size product's line is as before)", () => {
    const oneSize = { ...eighth, sizeLabel: "" };
    expect(cartLines(cartReducer(EMPTY_CART, { type: "ADD_ITEM", product: oneSize }))).toEqual([{ id: 7, quantity: 1 }]);
  });

  it("normalises saved lines by product and size: repeats merge, bounds hold (the cookie's reader drops junk size ids)", () => {
    const { lines, bound } = normalizeCartLines([
      { id: 7, quantity: 600, sizeId: 70 },
      { id: 7, quantity: 600, sizeId: 70 },
      { id: 7, quantity: 1, sizeId: 71 },
      { id: 7, quantity: 4 },
      { id: 7, quantity: 5 },
    ]);
    expect(lines).toEqual([
      { id: 7, quantity: MAX_LINE_QUANTITY, sizeId: 70 },
      { id: 7, quantity: 1, sizeId: 71 },
      { id: 7, quantity: 9 },
    ]);
    expect(bound).toBe("quantity");
    const many = Array.from({ length: MAX_CART_LINES + 3 }, (_, i) => ({ id: 7, quantity: 1, sizeId: 100 + i }));
    expect(normalizeCartLines(many)).toEqual({ lines: many.slice(0, MAX_CART_LINES), bound: "lines" });
  });

  it("loading merges lines that name the same size (an old line and a new one resolved alike)", () => {
    const state = loadCartState([
      { ...eighth, quantity: 2 },
      { ...eighth, quantity: 3 },
      { ...quarter, quantity: 1 },
    ]).state;
    expect(state.items.map((item) => [item.sizeId, item.quantity])).toEqual([
      [70, 5],
      [71, 1],
    ]);
  });
});

describe("a cart never holds more than is on hand", () => {
  /** A product row of the cart's query for one size: stock on hand, null when not tracked. */
  const row = (sizeId: number, stock: number | null, priceCents = 4500) => ({
    id: 7,
    name: "Runtz",
    image: null,
    category: "indoors",
    strainType: null,
    thcContent: null,
    priceCents,
    compareAtCents: null,
    priceTiers: null,
    active: true,
    inStock: true,
    sizeId,
    sizePosition: sizeId,
    sizeLabel: `size ${sizeId}`,
    sizePriceCents: priceCents + sizeId,
    sizeCompareAtCents: null,
    sizeTiers: JSON.stringify([{ minQuantity: 5, unitPriceCents: priceCents - 500 }]),
    sizeStock: stock,
  });

  it("says the line and the stock: 'Only 3 left of Runtz — 1/8 oz: your cart now holds 3.'", () => {
    expect(stockLimitNotice([{ name: "Runtz", sizeLabel: "1/8 oz", stock: 3 }])).toEqual({
      title: "Quantity lowered",
      description: "Only 3 left of Runtz — 1/8 oz: your cart now holds 3.",
    });
    expect(stockLimitNotice([{ name: "Runtz", stock: 1200 }]).description).toBe("Only 1,200 left of Runtz: your cart now holds 1,200.");
    expect(
      stockLimitNotice([
        { name: "Runtz", sizeLabel: "1/8 oz", stock: 3 },
        { name: "大麻", sizeLabel: "½ oz 🌿", stock: 1 },
      ]),
    ).toEqual({
      title: "Quantities lowered",
      description: "Only 3 left of Runtz — 1/8 oz; only 1 left of 大麻 — ½ oz 🌿: your cart now holds what is left.",
    });
  });

  it("property: after a read, every line is within its size's stock, totals are its lines', and exactly the lines over it are named", () => {
    const size = fc.record({
      stock: fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
      price: fc.integer({ min: 600, max: 100_000 }),
    });
    const line = fc.record({ sizeId: fc.integer({ min: 1, max: 4 }), quantity: fc.integer({ min: 1, max: 2000 }) });
    fc.assert(
      fc.property(fc.array(size, { minLength: 4, maxLength: 4 }), fc.array(line, { maxLength: 8 }), (sizes, saved) => {
        const rows = sizes.map(({ stock, price }, i) => row(i + 1, stock, price));
        // As the cookie is read: normalised (merged, at most 1,000 a line), then joined.
        const { lines } = normalizeCartLines(saved.map((one) => ({ id: 7, ...one })));
        const loaded = joinCart(lines, rows);
        const stockOf = (sizeId: number | undefined) => sizes[(sizeId ?? 1) - 1]!.stock;
        for (const item of loaded.state.items) {
          const stock = stockOf(item.sizeId);
          expect(stock).not.toBe(0);
          // Each line tells the browser what is on hand (shownWithinOnHand), none when untracked.
          expect(item.onHand).toBe(stock ?? undefined);
          expect(item.quantity).toBeLessThanOrEqual(Math.min(stock ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY));
          expect(item.lineTotalCents).toBe(item.unitPriceCents * item.quantity);
        }
        expect(loaded.state.totalCents).toBe(loaded.state.items.reduce((sum, item) => sum + item.lineTotalCents, 0));
        expect(loaded.state.totalItems).toBe(loaded.state.items.reduce((sum, item) => sum + item.quantity, 0));
        // Held (none on hand) lines keep their quantity; the lowered ones are exactly those asked for more than is on hand.
        const asked = new Map<number, number>();
        for (const one of saved) asked.set(one.sizeId, Math.min(MAX_LINE_QUANTITY, (asked.get(one.sizeId) ?? 0) + one.quantity));
        const over = [...asked].filter(([sizeId, quantity]) => {
          const stock = stockOf(sizeId);
          return stock !== null && stock > 0 && quantity > stock;
        });
        expect(loaded.lowered.map((one) => one.sizeLabel).sort()).toEqual(over.map(([sizeId]) => `size ${sizeId}`).sort());
        for (const [sizeId, quantity] of asked) {
          const stock = stockOf(sizeId);
          const item = loaded.state.items.find((one) => one.sizeId === sizeId);
          if (stock === 0) expect(loaded.outOfStock.find((one) => one.sizeId === sizeId)?.quantity).toBe(quantity);
          else expect(item?.quantity).toBe(Math.min(quantity, stock ?? MAX_LINE_QUANTITY));
        }
        // A second read of the lowered cart lowers nothing.
        expect(joinCart(cartLines(loaded.state), rows).lowered).toEqual([]);
      }),
      { numRuns: fcRuns(300) },
    );
  });
});

describe("what the browser shows while a change is on its way (shownWithinOnHand)", () => {
  const tracked: CartProduct = { ...gummies, id: 31, name: "Gummies", sizeId: 7, sizeLabel: "10-pack" };
  /** The cart as the server read it: the line says what is on hand of its size. */
  const read = (quantity: number, onHand: number) =>
    applyCartAction(EMPTY_CART, { type: "ADD_ITEM", product: tracked, quantity }).state.items.map((item) => ({ ...item, onHand }));

  it("never shows a line above its size's stock, with the tier and totals of what is shown", () => {
    const server = applyCartAction(EMPTY_CART, { type: "ADD_ITEM", product: tracked, quantity: 100 }).state;
    const typed = applyCartAction(server, { type: "UPDATE_QUANTITY", id: 31, sizeId: 7, quantity: 900 }).state;
    const shown = shownWithinOnHand(typed, read(100, 120));
    expect(shown.items[0]).toMatchObject({ quantity: 120, unitPriceCents: 475, lineTotalCents: 120 * 475 });
    expect(shown.totalItems).toBe(120);
    expect(shown.totalCents).toBe(120 * 475);
  });

  it("leaves untracked lines and lines within their stock as they are", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_LINE_QUANTITY }), fc.integer({ min: 1, max: MAX_LINE_QUANTITY }), (quantity, onHand) => {
        const state = applyCartAction(applyCartAction(EMPTY_CART, { type: "ADD_ITEM", product: tracked, quantity }).state, {
          type: "ADD_ITEM",
          product: runtz,
          quantity,
        }).state;
        const shown = shownWithinOnHand(state, [...read(1, onHand), ...state.items.filter((item) => item.id === 1)]);
        expect(shown.items.find((item) => item.id === 31)!.quantity).toBe(Math.min(quantity, onHand));
        expect(shown.items.find((item) => item.id === 1)!.quantity).toBe(quantity);
      }),
    );
  });
});
