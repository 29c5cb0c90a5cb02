/**
 * The cart's lines and rules: its types, bounds, and a pure reducer over cart items with totals
 * recomputed in integer cents after every action. The server runs it on the `cannabis-cart` cookie
 * joined with current product rows; the browser runs the same reducer for optimistic quantities and
 * totals. What the shopper reads about the cart is in cart-notices.ts.
 */
import { parsePriceToCents } from "~/features/money/money";
import { isPriceTiers, unitPriceCents, type PriceTiers } from "~/features/catalogue/price-tiers";

/**
 * Bounds that keep the cookie small and every order text under Telegram's 4096 characters
 * (tests/unit/order-lines.test.ts and order.test.ts prove it at these bounds with 120-character names).
 * 1,000 per line reaches the top gummy tier; 20 lines stay far below D1's 100 bound parameters.
 */
export const MAX_CART_LINES = 20;
export const MAX_LINE_QUANTITY = 1000;

/**
 * What the cookie holds: ids and quantities only. A line is one size of a product: `sizeId`
 * names it; a line without one (every cart saved before sizes, and a product sold in one size) means
 * the product's first size, as does a size that was deleted or belongs to another product.
 */
export interface CartLine {
  id: number;
  quantity: number;
  sizeId?: number;
}

/** A line as stored: id, quantity and, when it has one, its size id (no other field). */
export function savedLine({ id, quantity, sizeId }: CartLine): CartLine {
  return sizeId === undefined ? { id, quantity } : { id, quantity, sizeId };
}

/** Whether two lines are the same line of the cart: the same product in the same size. */
export function sameLine(a: { id: number; sizeId?: number }, b: { id: number; sizeId?: number }): boolean {
  return a.id === b.id && (a.sizeId ?? 0) === (b.sizeId ?? 0);
}

/** The cookie's form of a line: the size is named only for a product sold in several (labelled) sizes. */
export function cookieLine(line: { id: number; quantity: number; sizeId?: number; sizeLabel?: string }): CartLine {
  return line.sizeLabel && line.sizeId !== undefined
    ? { id: line.id, quantity: line.quantity, sizeId: line.sizeId }
    : { id: line.id, quantity: line.quantity };
}

/** The product facts a cart item carries; always read from the current product row. */
export interface CartProduct {
  id: number;
  /** the size this line is (its price, compare-at price and tiers are the size's); none before a join */
  sizeId?: number;
  /** the size's label ('1/8 oz'); '' or none for a product sold in one size */
  sizeLabel?: string;
  name: string;
  image: string | null;
  /** the product's price in cents (used when it has no tiers) */
  priceCents: number;
  /** the original price of a sale (deals/deals.ts), shown struck through; never what is charged (none: no sale) */
  compareAtCents?: number | null;
  priceTiers: PriceTiers | null;
  /** the canonical product path, built on the server (the slug rules stay out of the browser's code) */
  path: string;
}

export interface CartItem extends CartProduct {
  quantity: number;
  /** units on hand of the line's size when it tracks stock, as the server read the cart (none: not tracked) */
  onHand?: number;
  /** tier-aware unit price for this quantity */
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface CartState {
  items: CartItem[];
  /** sum of quantities */
  totalItems: number;
  /** sum of line totals, integer cents */
  totalCents: number;
}

/**
 * A saved line held back from ordering: its product is out of stock, or no longer available (the
 * owner switched it off or moved it to the trash). It stays in the cart, says why, and comes back as
 * an ordinary line when the product does (back in stock, switched on, restored); it is never part of
 * the totals, the order text or an order.
 */
export interface OutOfStockLine {
  id: number;
  sizeId?: number;
  sizeLabel?: string;
  name: string;
  image: string | null;
  quantity: number;
  reason: HeldReason;
  path: string;
}
export type HeldReason = "out-of-stock" | "unavailable";

/** The cart as pages receive it: the state plus a key of what an order of it would send. */
export interface CartView extends CartState {
  /** the ordered lines' ids, sizes, quantities and unit prices: the same key means the same order */
  orderKey: string;
  /** true when product rows could not be read; totalItems still comes from the cookie */
  unavailable: boolean;
  /** lines that cannot be ordered now (left out of items, totals and the order text) */
  outOfStock: OutOfStockLine[];
  /** the specials the server applied to these lines (none or absent: no special applies) */
  specials?: CartSpecials | null;
}

/** What the shopper sees of the specials engine's answer: each special with its saving, hints, the total after. */
export interface CartSpecials {
  applied: Array<{ name: string; savingCents: number; freeDelivery: boolean }>;
  hints: string[];
  savingCents: number;
  totalCents: number;
  /** the code the shopper holds, whether or not it applies now */
  code: string | null;
}

export type CartAction =
  /** Adds `quantity` units (1 when left out, as the product's ADD_ITEM). */
  | { type: "ADD_ITEM"; product: CartProduct; quantity?: number }
  | { type: "REMOVE_ITEM"; id: number; sizeId?: number }
  | { type: "UPDATE_QUANTITY"; id: number; sizeId?: number; quantity: number }
  | { type: "CLEAR_CART" };

/** Which bound an action ran into: too many different products, or too many of one. */
export type CartBound = "lines" | "quantity";

export interface CartResult {
  state: CartState;
  bound: CartBound | null;
}

export const EMPTY_CART: CartState = { items: [], totalItems: 0, totalCents: 0 };

/** A line lowered to what is on hand of its size (the owner's stock is lower than the cart held). */
export interface LoweredLine {
  name: string;
  sizeLabel?: string;
  /** units on hand, and now in the cart */
  stock: number;
}

/**
 * What the browser shows while a change is on its way: no line above what is on hand of its size, as
 * the server's cart (`read`) says. The server lowers the same lines (withinStock) and its answer names them.
 */
export function shownWithinOnHand(state: CartState, read: readonly CartItem[]): CartState {
  for (const { id, sizeId, onHand } of read) {
    const shown = state.items.find((item) => sameLine(item, { id, sizeId }));
    if (onHand !== undefined && shown && shown.quantity > onHand) {
      state = applyCartAction(state, { type: "UPDATE_QUANTITY", id, sizeId, quantity: onHand }).state;
    }
  }
  return state;
}

function priced(item: CartProduct & { quantity: number }): CartItem {
  const unit = unitPriceCents(item.priceCents, item.priceTiers, item.quantity);
  return {
    id: item.id,
    ...(item.sizeId !== undefined ? { sizeId: item.sizeId, sizeLabel: item.sizeLabel ?? "" } : {}),
    name: item.name,
    image: item.image,
    priceCents: item.priceCents,
    compareAtCents: item.compareAtCents,
    priceTiers: item.priceTiers,
    path: item.path,
    quantity: item.quantity,
    unitPriceCents: unit,
    lineTotalCents: unit * item.quantity,
  };
}

/** Line prices and totals, recomputed from scratch in integer cents. */
function withTotals(items: Array<CartProduct & { quantity: number }>): CartState {
  const lines = items.map(priced);
  return {
    items: lines,
    totalItems: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
  };
}

/** Number.isSafeInteger, as a type guard (the built-in is not one). */
function isWholeNumber(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

function isId(value: unknown): value is number {
  return isWholeNumber(value) && value > 0;
}

/**
 * Quantities as docs/product.md says: never below 0 (0 removes the line), whole units, and at most
 * MAX_LINE_QUANTITY (reported as the "quantity" bound). Not a number: null.
 */
function boundedQuantity(value: number): { quantity: number; capped: boolean } | null {
  if (!Number.isFinite(value)) return null;
  const whole = Math.max(0, Math.trunc(value));
  return whole > MAX_LINE_QUANTITY ? { quantity: MAX_LINE_QUANTITY, capped: true } : { quantity: whole, capped: false };
}

/**
 * Normalises saved lines (from the cookie or anywhere else): keeps entries with a positive integer id
 * and a positive integer quantity, merges repeated ids, caps quantities and the number of lines.
 * Junk entries are dropped; anything that is not a list reads as an empty cart.
 */
export function normalizeCartLines<T extends CartLine>(entries: readonly T[]): { lines: T[]; bound: CartBound | null } {
  let bound: CartBound | null = null;
  const lines: T[] = [];
  for (const entry of entries) {
    if (!isId(entry.id) || !Number.isSafeInteger(entry.quantity) || entry.quantity <= 0) continue;
    const index = lines.findIndex((line) => sameLine(line, entry));
    if (index === -1 && lines.length >= MAX_CART_LINES) {
      bound = "lines";
      continue;
    }
    const wanted = (index === -1 ? 0 : lines[index]!.quantity) + entry.quantity;
    const quantity = Math.min(wanted, MAX_LINE_QUANTITY);
    if (quantity < wanted) bound ??= "quantity";
    if (index === -1) lines.push({ ...entry, quantity });
    else lines[index] = { ...lines[index]!, quantity };
  }
  return { lines, bound };
}

/** One saved item of unknown shape to a cart item, or null. Prices may be cents or text like "$45". */
function parseSavedItem(value: unknown): (CartProduct & CartLine) | null {
  if (!value || typeof value !== "object") return null;
  // An object (checked above), read field by field as unknown.
  const record = value as Record<string, unknown>;
  const priceCents = isWholeNumber(record.priceCents) && record.priceCents >= 0 ? record.priceCents : parsePriceToCents(record.price);
  if (!isId(record.id) || typeof record.quantity !== "number" || priceCents === null) return null;
  return {
    id: record.id,
    ...(isId(record.sizeId) ? { sizeId: record.sizeId, sizeLabel: typeof record.sizeLabel === "string" ? record.sizeLabel : "" } : {}),
    quantity: record.quantity,
    name: typeof record.name === "string" ? record.name : "",
    image: typeof record.image === "string" ? record.image : null,
    priceCents,
    compareAtCents: isWholeNumber(record.compareAtCents) ? record.compareAtCents : undefined,
    priceTiers: isPriceTiers(record.priceTiers) ? record.priceTiers : null,
    // A bare id answers with a 301 to the canonical path.
    path: typeof record.path === "string" && record.path.startsWith("/product/") ? record.path : `/product/${record.id}`,
  };
}

/** The reducer plus which bound (if any) the action ran into, so the shopper can be told. */
export function applyCartAction(state: CartState, action: CartAction): CartResult {
  switch (action.type) {
    case "ADD_ITEM": {
      const { product } = action;
      const adding = Math.max(1, Math.trunc(action.quantity ?? 1));
      const existing = state.items.find((item) => sameLine(item, product));
      if (existing) {
        if (existing.quantity >= MAX_LINE_QUANTITY) return { state, bound: "quantity" };
        const wanted = existing.quantity + adding;
        const quantity = Math.min(wanted, MAX_LINE_QUANTITY);
        // The product's current name and price replace the old ones.
        const items = state.items.map((item) => (sameLine(item, product) ? { ...product, quantity } : item));
        return { state: withTotals(items), bound: quantity < wanted ? "quantity" : null };
      }
      if (state.items.length >= MAX_CART_LINES) return { state, bound: "lines" };
      const quantity = Math.min(adding, MAX_LINE_QUANTITY);
      return { state: withTotals([...state.items, { ...product, quantity }]), bound: quantity < adding ? "quantity" : null };
    }
    case "REMOVE_ITEM":
      return { state: withTotals(state.items.filter((item) => !sameLine(item, action))), bound: null };
    case "UPDATE_QUANTITY": {
      const next = boundedQuantity(action.quantity);
      if (!next || !state.items.some((item) => sameLine(item, action))) return { state, bound: null };
      const items = state.items
        .map((item) => (sameLine(item, action) ? { ...item, quantity: next.quantity } : item))
        .filter((item) => item.quantity > 0);
      return { state: withTotals(items), bound: next.capped ? "quantity" : null };
    }
    case "CLEAR_CART":
      return { state: EMPTY_CART, bound: null };
  }
}

/**
 * The product's LOAD_CART: a cart from saved items (today's lines joined with their rows, or an old
 * cookie's full items), each checked, merged by line and bounded. Apart from the reducer: only the
 * server loads carts, so the browser's first-visit JavaScript carries none of this.
 */
export function loadCartState(items: unknown): CartResult {
  const saved = Array.isArray(items) ? items.map(parseSavedItem).filter((item) => item !== null) : [];
  const { lines, bound } = normalizeCartLines(saved);
  return { state: withTotals(lines), bound };
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  return applyCartAction(state, action).state;
}

/** What the cookie stores for a cart state. */
export function cartLines(state: CartState): CartLine[] {
  return state.items.map(cookieLine);
}

/** What an order of these lines sends, as a key: a placed order is recognised by it until the cart changes. */
export function orderKeyOf(items: readonly CartItem[]): string {
  return items.map((item) => `${item.id}:${item.sizeId ?? ""}x${item.quantity}@${item.unitPriceCents}`).join(",");
}

export const EMPTY_CART_VIEW: CartView = { ...EMPTY_CART, orderKey: "", unavailable: false, outOfStock: [] };
