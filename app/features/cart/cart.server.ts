import { createCookie } from "@remix-run/cloudflare";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { products, productSizes, productTrash } from "~db/schema";
import { storedCompareAt } from "~/features/deals/deals";
import { productImageOrPackshot } from "~/features/packshots/packshot";
import { parsePriceTiers } from "~/features/catalogue/stored-tiers";
import { productPath } from "~/features/catalogue/product-path";
import type { Toast } from "~/features/toast/toast";
import type { Db } from "~/server/load-context";
import type { ToastInput } from "~/features/toast/toast.server";

import {
  lineName,
  addedToCartNotice,
  CART_BOUND_NOTICES,
  ITEM_REMOVED_NOTICE,
  OUT_OF_STOCK_LINE_NOTICE,
  stockLimitNotice,
  UNAVAILABLE_LINE_NOTICE,
} from "./cart-notices";
import {
  applyCartAction,
  loadCartState,
  cookieLine,
  sameLine,
  savedLine,
  cartLines,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  EMPTY_CART,
  normalizeCartLines,
  orderKeyOf,
  type CartBound,
  type CartLine,
  type CartProduct,
  type CartResult,
  type CartSpecials,
  type CartState,
  type CartView,
  type LoweredLine,
  type OutOfStockLine,
} from "./cart-lines";

/**
 * The shopper's cart lives in the `cannabis-cart` cookie as [{ id, quantity }] only. Every read joins
 * it with the current product rows (one query), so names and prices shown and ordered are never stale.
 */
export const CART_COOKIE_NAME = "cannabis-cart";
const CART_MAX_AGE = 60 * 60 * 24 * 30;

function cartCookie(request: Request) {
  return createCookie(CART_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: CART_MAX_AGE,
    secure: new URL(request.url).protocol === "https:",
  });
}

/** The cookie's shape; entries are then normalised (junk quantities dropped, repeats merged, bounds applied). */
const SavedLinesSchema = z.array(
  // A size id that is not an id reads as none (the product's first size).
  z.object({ id: z.number(), quantity: z.number(), sizeId: z.number().int().positive().safe().optional().catch(undefined) }),
);

export interface SavedCart {
  lines: CartLine[];
  /** a bound the saved cart ran into (it was cut down to fit) */
  bound: CartBound | null;
  /** the cookie differs from `lines` and should be written back */
  rewrite: boolean;
}

/**
 * An unreadable cart cookie is a stranger's to send on every request: it is said once per isolate,
 * as a warning, so it can never fill the log (the shopper simply gets an empty cart). The flag lives
 * on the global object because the Worker entry and the Remix build each bundle this module.
 */
const UNREADABLE_CART_WARNED = Symbol.for("greenleaf.unreadable-cart-cookie-warned");

/** Reads the cookie. Unreadable: noted once, empty cart (and the cookie is reset). Oversized: bounded. */
export async function readCartLines(request: Request): Promise<SavedCart> {
  const raw: unknown = await cartCookie(request).parse(request.headers.get("Cookie"));
  if (raw === null || raw === "") return { lines: [], bound: null, rewrite: false };
  const parsed = SavedLinesSchema.safeParse(raw);
  if (!parsed.success) {
    if (Reflect.get(globalThis, UNREADABLE_CART_WARNED) !== true) {
      Reflect.set(globalThis, UNREADABLE_CART_WARNED, true);
      console.warn(
        `Unreadable ${CART_COOKIE_NAME} cookie; starting with an empty cart (said once; later ones are reset quietly).`,
        parsed.error.issues[0]?.message,
      );
    }
    return { lines: [], bound: null, rewrite: true };
  }
  const { lines, bound } = normalizeCartLines(parsed.data);
  return { lines, bound, rewrite: JSON.stringify(lines) !== JSON.stringify(parsed.data) };
}

/**
 * The badge's count from the cookie alone (no D1 read): every saved line's quantity, held lines
 * included. Used when product rows cannot be read, and by the page cache to stamp a shared page.
 */
export function savedItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Set-Cookie value for these lines (an empty cart clears the cookie). */
export async function cartCookieHeader(request: Request, lines: CartLine[]): Promise<string> {
  if (lines.length === 0) return clearCartCookieHeader(request);
  return cartCookie(request).serialize(lines.map(savedLine));
}

export async function clearCartCookieHeader(request: Request): Promise<string> {
  return cartCookie(request).serialize("", { maxAge: 0, expires: new Date(0) });
}

const cartProductColumns = {
  id: products.id,
  name: products.name,
  image: products.image,
  category: products.category,
  strainType: products.strainType,
  thcContent: products.thcContent,
  priceCents: products.priceCents,
  compareAtCents: products.compareAtCents,
  priceTiers: products.priceTiers,
  active: products.active,
  inStock: products.inStock,
  // Every size of the product (a left join: one row per size), so a line's size is found, or its first.
  // Named apart: in a D1 batch, rows come back as objects, and two "id" or "price_cents" columns would be one.
  sizeId: sql<number | null>`${productSizes.id}`.as("size_id"),
  sizePosition: sql<number | null>`${productSizes.position}`.as("size_position"),
  sizeLabel: sql<string | null>`${productSizes.label}`.as("size_label"),
  sizePriceCents: sql<number | null>`${productSizes.priceCents}`.as("size_price_cents"),
  sizeCompareAtCents: sql<number | null>`${productSizes.compareAtCents}`.as("size_compare_at_cents"),
  sizeTiers: sql<string | null>`${productSizes.tiers}`.as("size_tiers"),
  sizeStock: sql<number | null>`${productSizes.stock}`.as("size_stock"),
};

export type CartProductRow = {
  id: number;
  name: string;
  image: string | null;
  category: string;
  strainType: string | null;
  thcContent: string | null;
  priceCents: number;
  compareAtCents: number | null;
  priceTiers: string | null;
  active: boolean;
  inStock: boolean;
  sizeId: number | null;
  sizePosition: number | null;
  sizeLabel: string | null;
  sizePriceCents: number | null;
  sizeCompareAtCents: number | null;
  sizeTiers: string | null;
  sizeStock: number | null;
};

/**
 * A line's row: the row of its size, else of the product's first size (a line saved before sizes, a
 * size deleted since, or a size id of another product); a product without sizes (a trashed one) has
 * its own row. Rows are one per size, in any order.
 */
export function lineRow(rows: readonly CartProductRow[], sizeId: number | undefined): CartProductRow | undefined {
  const named = sizeId === undefined ? undefined : rows.find((row) => row.sizeId === sizeId);
  if (named) return named;
  return rows.reduce<CartProductRow | undefined>((first, row) => {
    if (!first) return row;
    const [a, b] = [row.sizePosition ?? 0, first.sizePosition ?? 0];
    return a < b || (a === b && (row.sizeId ?? 0) < (first.sizeId ?? 0)) ? row : first;
  }, undefined);
}

export function toCartProduct(row: CartProductRow): CartProduct {
  // A line is charged its size's price, compare-at price and tiers (a trashed row has no size: its own).
  const priceCents = row.sizePriceCents ?? row.priceCents;
  const sized = row.sizeId !== null && row.sizePriceCents !== null;
  return {
    id: row.id,
    ...(sized ? { sizeId: row.sizeId!, sizeLabel: row.sizeLabel ?? "" } : {}),
    name: row.name,
    // A line shows the product's uploaded image, or its packshot when it has none.
    image: productImageOrPackshot(row),
    priceCents,
    compareAtCents: storedCompareAt(priceCents, sized ? row.sizeCompareAtCents : row.compareAtCents),
    priceTiers: parsePriceTiers(sized ? row.sizeTiers : row.priceTiers, priceCents),
    path: productPath(row),
  };
}

/** A size with none on hand (stock tracked, 0): its line is held as out of stock. */
const sizeSoldOut = (row: CartProductRow) => row.sizeStock === 0;

/**
 * Units on hand of each line's size that tracks stock (1 or more), by `lineKey`. A size whose stock is
 * not tracked (NULL) has no entry: only the cart's own bound (MAX_LINE_QUANTITY) limits its line.
 */
type OnHand = ReadonlyMap<string, number>;

const lineKey = (line: { id: number; sizeId?: number }) => `${line.id}:${line.sizeId ?? 0}`;

/** The stock a row's size has on hand, when it tracks stock and has some. */
function rowOnHand(row: CartProductRow): number | null {
  return row.sizeId !== null && row.sizeStock !== null && row.sizeStock > 0 ? row.sizeStock : null;
}

function onHandOf(rows: readonly CartProductRow[]): Map<string, number> {
  const onHand = new Map<string, number>();
  for (const row of rows) {
    const stock = rowOnHand(row);
    if (stock !== null) onHand.set(lineKey({ id: row.id, sizeId: row.sizeId! }), stock);
  }
  return onHand;
}

/**
 * A cart never holds more than is on hand: every line above its size's stock is lowered to it
 * (totals recomputed by the reducer), and the lowered lines are named for the shopper's notice.
 */
function withinStock(state: CartState, onHand: OnHand): { state: CartState; lowered: LoweredLine[] } {
  let next = state;
  const lowered: LoweredLine[] = [];
  for (const item of state.items) {
    const stock = onHand.get(lineKey(item));
    if (stock === undefined || item.quantity <= stock) continue;
    next = applyCartAction(next, { type: "UPDATE_QUANTITY", id: item.id, sizeId: item.sizeId, quantity: stock }).state;
    lowered.push({ name: item.name, ...(item.sizeLabel ? { sizeLabel: item.sizeLabel } : {}), stock });
  }
  return { state: next, lowered };
}

/** The one notice for lines lowered to the stock on hand (a line named twice, by a read and a change, once). */
export function loweredNotice(lowered: readonly LoweredLine[]): ToastInput | null {
  const once = lowered.filter((line, index) => lowered.findIndex((other) => lineName(other) === lineName(line)) === index);
  return once.length === 0 ? null : stockLimitNotice(once);
}

/** One product, in the size named (else its first), as the add action needs it (active and in-stock flags included), or null. */
async function findCartProduct(db: Db, id: number, sizeId?: number): Promise<CartProductRow | null> {
  const rows = await db
    .select(cartProductColumns)
    .from(products)
    .leftJoin(productSizes, eq(productSizes.productId, products.id))
    .where(eq(products.id, id))
    .orderBy(asc(productSizes.position), asc(productSizes.id));
  return lineRow(rows, sizeId) ?? null;
}

/** A line that dropped out because its product is gone for good (purged from the trash, or never was). */
interface DroppedLine {
  id: number;
  name: string | null;
}

export interface LoadedCart {
  /** the lines that can be ordered: active and in stock */
  state: CartState;
  dropped: DroppedLine[];
  /** lines held back (out of stock, switched off, in the trash): kept in the cart, never ordered */
  outOfStock: OutOfStockLine[];
  /** lines the saved cart held more of than is on hand, lowered to the stock (the cookie is rewritten) */
  lowered: LoweredLine[];
  /** the stock on hand of the lines' sizes that track it, for the changes that follow */
  onHand: OnHand;
  /** each line product's category, as the specials engine matches lines */
  categories?: ReadonlyMap<number, string>;
  /** the specials applied to the lines, when the reader had the specials at hand */
  specials?: CartSpecials | null;
}

/** A trashed product as a cart row: its name and image from the stored row, never active. */
const trashedCartColumns = {
  id: productTrash.id,
  name: productTrash.name,
  image: sql<string | null>`json_extract(${productTrash.row}, '$.image')`,
  category: sql<string>`''`,
  strainType: sql<string | null>`NULL`,
  thcContent: sql<string | null>`NULL`,
  priceCents: sql<number>`0`,
  compareAtCents: sql<number | null>`NULL`,
  priceTiers: sql<string | null>`NULL`,
  active: sql<boolean>`0`,
  inStock: sql<boolean>`0`,
  sizeId: sql<number | null>`NULL`,
  sizePosition: sql<number | null>`NULL`,
  sizeLabel: sql<string | null>`NULL`,
  sizePriceCents: sql<number | null>`NULL`,
  sizeCompareAtCents: sql<number | null>`NULL`,
  sizeTiers: sql<string | null>`NULL`,
  sizeStock: sql<number | null>`NULL`,
} satisfies Record<keyof CartProductRow, unknown>;

/**
 * The current rows for saved lines — products, and those in the trash (so a line of a deleted product
 * says so, and comes back with Undo) — in ONE unawaited query a loader can batch with others.
 */
export function cartRowsQuery(db: Db, lines: CartLine[]) {
  const ids = lines.map((line) => line.id);
  return db
    .select(cartProductColumns)
    .from(products)
    .leftJoin(productSizes, eq(productSizes.productId, products.id))
    .where(inArray(products.id, ids))
    .unionAll(db.select(trashedCartColumns).from(productTrash).where(inArray(productTrash.id, ids)));
}

/**
 * Saved lines joined with their current rows: out-of-stock, switched-off and trashed products are
 * held (shown with the reason, never totalled or ordered); a product gone for good drops out.
 */
export function joinCart(lines: CartLine[], rows: CartProductRow[]): LoadedCart {
  if (lines.length === 0) return { state: EMPTY_CART, dropped: [], outOfStock: [], lowered: [], onHand: new Map() };
  const byId = new Map<number, CartProductRow[]>();
  for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
  const items: Array<CartProduct & CartLine> = [];
  const dropped: DroppedLine[] = [];
  const outOfStock: OutOfStockLine[] = [];
  for (const line of lines) {
    const row = lineRow(byId.get(line.id) ?? [], line.sizeId);
    if (!row) dropped.push({ id: line.id, name: null });
    else if (!row.active || !row.inStock || sizeSoldOut(row)) {
      const reason = row.active ? "out-of-stock" : "unavailable";
      const { sizeId, sizeLabel } = toCartProduct(row);
      const held: OutOfStockLine = {
        id: row.id,
        sizeId,
        sizeLabel,
        name: row.name,
        image: row.image,
        quantity: line.quantity,
        reason,
        path: productPath(row),
      };
      // Two saved lines that name the same size (one by its id, one by none) are one line.
      const same = outOfStock.find((other) => sameLine(other, held));
      if (same) same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + held.quantity);
      else outOfStock.push(held);
    } else items.push({ ...toCartProduct(row), quantity: line.quantity });
  }
  // Loading merges lines that resolved to the same size and keeps the bounds; then no line holds more than is on hand.
  const onHand = onHandOf(rows);
  const { state, lowered } = withinStock(loadCartState(items).state, onHand);
  // Each line says what is on hand of its size, so the browser never shows more while a change is on its way.
  const stated = state.items.map((item) => (onHand.has(lineKey(item)) ? { ...item, onHand: onHand.get(lineKey(item)) } : item));
  const categories = new Map(rows.map((row) => [row.id, row.category]));
  return { state: { ...state, items: stated }, dropped, outOfStock, lowered, onHand, categories };
}

/** Joins saved lines with the current rows in ONE query. */
export async function loadCart(db: Db, lines: CartLine[]): Promise<LoadedCart> {
  if (lines.length === 0) return joinCart(lines, []);
  return joinCart(lines, await cartRowsQuery(db, lines));
}

/** The cart a page shows: out-of-stock lines are listed apart and left out of the totals and the order text. */
export function toCartView({ state, outOfStock, specials = null }: Pick<LoadedCart, "state" | "outOfStock" | "specials">): CartView {
  return { ...state, orderKey: orderKeyOf(state.items), unavailable: false, outOfStock, specials };
}

function boundNotice(bound: CartBound): ToastInput {
  return { ...CART_BOUND_NOTICES[bound] };
}

/** The notice for lines that dropped out. */
function droppedNotice(dropped: DroppedLine[]): ToastInput | null {
  const [only, ...more] = dropped;
  if (!only) return null;
  if (more.length > 0) {
    return { title: "Items removed", description: `${dropped.length} items are no longer available and have been removed from your cart` };
  }
  const { name } = only;
  return {
    title: "Item removed",
    description: name
      ? `${name} is no longer available and has been removed from your cart`
      : "An item that is no longer available has been removed from your cart",
  };
}

export function withToastId(toast: ToastInput): Toast {
  return { id: crypto.randomUUID(), ...toast };
}

/**
 * The cart for the root loader (header badge, drawer), from the saved lines and their join (null when
 * product rows could not be read: the badge then counts the cookie's quantities and the drawer says
 * the cart is unavailable). A bounded or partly dropped cart is written back once, with a notice.
 */
export async function cartSummary(
  request: Request,
  saved: SavedCart,
  loaded: LoadedCart | null,
): Promise<{ cart: CartView; notices: Toast[]; setCookie: string | null }> {
  if (!loaded) {
    const totalItems = savedItemCount(saved.lines);
    return { cart: { ...EMPTY_CART, totalItems, orderKey: "", unavailable: true, outOfStock: [] }, notices: [], setCookie: null };
  }
  const notices = [saved.bound ? boundNotice(saved.bound) : null, droppedNotice(loaded.dropped), loweredNotice(loaded.lowered)]
    .filter((notice) => notice !== null)
    .map(withToastId);
  const changed = saved.rewrite || loaded.dropped.length > 0 || loaded.lowered.length > 0;
  const setCookie = changed ? await cartCookieHeader(request, keptLines(saved.lines, cartLines(loaded.state), loaded.outOfStock)) : null;
  return { cart: toCartView(loaded), notices, setCookie };
}

/**
 * The cookie's lines after a read or a change: the orderable lines and the out-of-stock ones still
 * held, in the saved order (lines new to the cart last).
 */
function keptLines(saved: readonly CartLine[], orderable: readonly CartLine[], held: readonly OutOfStockLine[]): CartLine[] {
  const current = [...orderable, ...held.map(cookieLine)];
  const inSavedOrder = saved.flatMap((line) => current.filter((candidate) => sameLine(candidate, line)));
  const added = current.filter((line) => !saved.some((old) => sameLine(old, line)));
  // Lines are keyed by product and size: a line that resolved to a size another line names is one line.
  return [...inSavedOrder, ...added].filter((line, index, all) => all.findIndex((other) => sameLine(other, line)) === index);
}

/** What a shopper asked the /cart action to do with a line or the whole cart. */
export type CartChange =
  | { intent: "add"; productId: number; sizeId?: number; quantity?: number }
  | { intent: "set"; productId: number; sizeId?: number; quantity: number }
  | { intent: "increment"; productId: number; sizeId?: number }
  | { intent: "decrement"; productId: number; sizeId?: number }
  | { intent: "remove"; productId: number; sizeId?: number }
  | { intent: "clear" };

/**
 * The line a change names: the product in the size posted; without a size (a form from before sizes),
 * the product's first line in the cart.
 */
function namedLine<T extends { id: number; sizeId?: number }>(lines: readonly T[], change: { productId: number; sizeId?: number }) {
  return (
    lines.find((line) => line.id === change.productId && change.sizeId !== undefined && line.sizeId === change.sizeId) ??
    (change.sizeId === undefined ? lines.find((line) => line.id === change.productId) : undefined)
  );
}

export interface CartChangeResult {
  lines: CartLine[];
  toasts: ToastInput[];
  /** false when the change was refused (unknown, inactive or out-of-stock product) */
  ok: boolean;
}

async function addToCart(
  db: Db,
  state: CartState,
  productId: number,
  sizeId: number | undefined,
  quantity = 1,
  onHand: OnHand,
): Promise<{ result: CartResult; toast: ToastInput; ok: boolean }> {
  const row = await findCartProduct(db, productId, sizeId);
  const unchanged = { state, bound: null };
  if (!row || !row.active) {
    return {
      result: unchanged,
      ok: false,
      toast: { title: "Product unavailable", description: "This product is no longer available", variant: "destructive" },
    };
  }
  const product = toCartProduct(row);
  if (!row.inStock || sizeSoldOut(row)) {
    return {
      result: unchanged,
      ok: false,
      toast: { title: "Out of stock", description: `${lineName(product)} is out of stock`, variant: "destructive" },
    };
  }
  const added = applyCartAction(state, { type: "ADD_ITEM", product, quantity });
  // Never more than is on hand: an add past the stock stops at it (at the stock already: nothing changes).
  const stock = rowOnHand(row);
  const { state: next, lowered } = withinStock(added.state, stock === null ? onHand : new Map([...onHand, [lineKey(product), stock]]));
  const result = { state: next, bound: added.bound };
  const before = state.items.find((item) => sameLine(item, product))?.quantity ?? 0;
  const after = next.items.find((item) => sameLine(item, product))?.quantity ?? 0;
  if (lowered.length > 0) return { result, toast: loweredNotice(lowered)!, ok: after > before };
  const toast: ToastInput = result.bound ? boundNotice(result.bound) : addedToCartNotice(lineName(product));
  return { result, toast, ok: true };
}

/** Applies one change to the current cart (read from the request's cookie, joined with D1). */
export async function changeCart(request: Request, db: Db, change: CartChange): Promise<CartChangeResult> {
  const saved = await readCartLines(request);
  const { state, dropped, outOfStock, lowered, onHand } = await loadCart(db, saved.lines);
  const toasts: ToastInput[] = [];
  const droppedToast = droppedNotice(dropped);
  if (droppedToast) toasts.push(droppedToast);
  // Lowered on this read (the owner lowered the stock since): said once, whatever the change.
  const readToast = loweredNotice(lowered);
  if (readToast) toasts.push(readToast);

  // Out-of-stock lines stay in the cart (after the orderable ones) until removed or cleared.
  const target = "productId" in change ? namedLine(outOfStock, change) : undefined;
  const withHeld = (lines: CartLine[], held = outOfStock) => keptLines(saved.lines, lines, held);
  if (target && change.intent !== "add") {
    const removing = change.intent === "remove" || change.intent === "decrement" || (change.intent === "set" && change.quantity <= 0);
    if (removing) {
      return {
        lines: withHeld(
          cartLines(state),
          outOfStock.filter((line) => line !== target),
        ),
        toasts: [...toasts, ITEM_REMOVED_NOTICE],
        ok: true,
      };
    }
    const refusal = target.reason === "out-of-stock" ? OUT_OF_STOCK_LINE_NOTICE : UNAVAILABLE_LINE_NOTICE;
    return { lines: withHeld(cartLines(state)), toasts: [...toasts, refusal], ok: false };
  }
  // Held lines take room in the cart too.
  // (An add without a size, or naming a size the product does not have, adds its first size.)
  const isNew =
    change.intent === "add" &&
    !target &&
    !state.items.some((item) => item.id === change.productId && (change.sizeId === undefined || item.sizeId === change.sizeId));
  if (isNew && state.items.length + outOfStock.length >= MAX_CART_LINES) {
    return { lines: withHeld(cartLines(state)), toasts: [...toasts, boundNotice("lines")], ok: false };
  }

  if (change.intent === "add") {
    const { result, toast, ok } = await addToCart(db, state, change.productId, change.sizeId, change.quantity, onHand);
    const again = readToast && toast.description === readToast.description;
    return { lines: withHeld(cartLines(result.state)), toasts: again ? toasts : [...toasts, toast], ok };
  }
  if (change.intent === "clear") {
    const hadItems = state.items.length > 0;
    return {
      lines: [],
      toasts: hadItems ? [...toasts, { title: "Cart cleared", description: "All items have been removed from your cart" }] : toasts,
      ok: true,
    };
  }

  const line = namedLine(state.items, change);
  if (!line) return { lines: withHeld(cartLines(state)), toasts, ok: true };
  const quantity =
    change.intent === "set"
      ? change.quantity
      : change.intent === "increment"
        ? line.quantity + 1
        : change.intent === "decrement"
          ? line.quantity - 1
          : 0;
  const changed =
    change.intent === "remove"
      ? applyCartAction(state, { type: "REMOVE_ITEM", id: line.id, sizeId: line.sizeId })
      : applyCartAction(state, { type: "UPDATE_QUANTITY", id: line.id, sizeId: line.sizeId, quantity });
  // A quantity above what is on hand is the stock (said once, with the read's lowering if it said it).
  const bounded = withinStock(changed.state, onHand);
  const result = { state: bounded.state, bound: changed.bound };
  const stockToast = loweredNotice(bounded.lowered);
  if (stockToast && stockToast.description !== readToast?.description) toasts.push(stockToast);
  if (result.bound) toasts.push(boundNotice(result.bound));
  if (!result.state.items.some((item) => sameLine(item, line))) toasts.push(ITEM_REMOVED_NOTICE);
  return { lines: withHeld(cartLines(result.state)), toasts, ok: true };
}
