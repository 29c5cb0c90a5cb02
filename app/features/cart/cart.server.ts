import { createCookie } from "@remix-run/cloudflare";
import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { products, productTrash } from "~db/schema";
import { storedCompareAt } from "~/features/deals/deals";
import { productImageOrPackshot } from "~/features/media/packshot";
import { parsePriceTiers } from "~/features/catalogue/stored-tiers";
import { productPath } from "~/features/catalogue/product-path";
import type { Toast } from "~/features/toast/toast";
import type { Db } from "~/server/load-context";
import type { ToastInput } from "~/features/toast/toast.server";
import { buildOrderText } from "./order-text";
import {
  addedToCartNotice,
  applyCartAction,
  CART_BOUND_NOTICES,
  cartLines,
  MAX_CART_LINES,
  EMPTY_CART,
  ITEM_REMOVED_NOTICE,
  normalizeCartLines,
  type CartBound,
  type CartLine,
  type CartProduct,
  type CartResult,
  type CartState,
  type CartView,
  type OutOfStockLine,
  OUT_OF_STOCK_LINE_NOTICE,
  UNAVAILABLE_LINE_NOTICE,
} from "./cart";

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
const SavedLinesSchema = z.array(z.object({ id: z.number(), quantity: z.number() }));

export interface SavedCart {
  lines: CartLine[];
  /** a bound the saved cart ran into (it was cut down to fit) */
  bound: CartBound | null;
  /** the cookie differs from `lines` and should be written back */
  rewrite: boolean;
}

/** Reads the cookie. Unreadable: logged, empty cart (and the cookie is reset). Oversized: bounded. */
export async function readCartLines(request: Request): Promise<SavedCart> {
  const raw: unknown = await cartCookie(request).parse(request.headers.get("Cookie"));
  if (raw === null || raw === "") return { lines: [], bound: null, rewrite: false };
  const parsed = SavedLinesSchema.safeParse(raw);
  if (!parsed.success) {
    console.error(`Unreadable ${CART_COOKIE_NAME} cookie; starting with an empty cart.`, parsed.error.issues[0]?.message);
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
  return cartCookie(request).serialize(lines.map(({ id, quantity }) => ({ id, quantity })));
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
};

type CartProductRow = {
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
};

function toCartProduct(row: CartProductRow): CartProduct {
  // A line shows the product's uploaded image, or its packshot when it has none.
  return {
    id: row.id,
    name: row.name,
    image: productImageOrPackshot(row),
    priceCents: row.priceCents,
    compareAtCents: storedCompareAt(row.priceCents, row.compareAtCents),
    priceTiers: parsePriceTiers(row.priceTiers, row.priceCents),
    path: productPath(row),
  };
}

/** One product as the add action needs it (active and in-stock flags included), or null. */
export async function findCartProduct(db: Db, id: number): Promise<CartProductRow | null> {
  const [row] = await db.select(cartProductColumns).from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

/** A line that dropped out because its product is gone for good (purged from the trash, or never was). */
export interface DroppedLine {
  id: number;
  name: string | null;
}

export interface LoadedCart {
  /** the lines that can be ordered: active and in stock */
  state: CartState;
  dropped: DroppedLine[];
  /** lines held back (out of stock, switched off, in the trash): kept in the cart, never ordered */
  outOfStock: OutOfStockLine[];
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
    .where(inArray(products.id, ids))
    .unionAll(db.select(trashedCartColumns).from(productTrash).where(inArray(productTrash.id, ids)));
}

/**
 * Saved lines joined with their current rows: out-of-stock, switched-off and trashed products are
 * held (shown with the reason, never totalled or ordered); a product gone for good drops out.
 */
export function joinCart(lines: CartLine[], rows: CartProductRow[]): LoadedCart {
  if (lines.length === 0) return { state: EMPTY_CART, dropped: [], outOfStock: [] };
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items: Array<CartProduct & CartLine> = [];
  const dropped: DroppedLine[] = [];
  const outOfStock: OutOfStockLine[] = [];
  for (const line of lines) {
    const row = byId.get(line.id);
    if (!row) dropped.push({ id: line.id, name: null });
    else if (!row.active || !row.inStock) {
      const reason = row.active ? "out-of-stock" : "unavailable";
      outOfStock.push({ id: row.id, name: row.name, image: row.image, quantity: line.quantity, reason, path: productPath(row) });
    } else items.push({ ...toCartProduct(row), quantity: line.quantity });
  }
  return { state: applyCartAction(EMPTY_CART, { type: "LOAD_CART", items }).state, dropped, outOfStock };
}

/** Joins saved lines with the current rows in ONE query. */
export async function loadCart(db: Db, lines: CartLine[]): Promise<LoadedCart> {
  if (lines.length === 0) return joinCart(lines, []);
  return joinCart(lines, await cartRowsQuery(db, lines));
}

/** The cart a page shows: out-of-stock lines are listed apart and left out of the totals and the order text. */
export function toCartView({ state, outOfStock }: Pick<LoadedCart, "state" | "outOfStock">): CartView {
  return { ...state, orderText: buildOrderText(state), unavailable: false, outOfStock };
}

export function boundNotice(bound: CartBound): ToastInput {
  return { ...CART_BOUND_NOTICES[bound] };
}

/** The notice for lines that dropped out (SPEC: the shopper is told once). */
export function droppedNotice(dropped: DroppedLine[]): ToastInput | null {
  if (dropped.length === 0) return null;
  if (dropped.length > 1) {
    return { title: "Items removed", description: `${dropped.length} items are no longer available and have been removed from your cart` };
  }
  const [{ name }] = dropped as [DroppedLine];
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
    return { cart: { ...EMPTY_CART, totalItems, orderText: "", unavailable: true, outOfStock: [] }, notices: [], setCookie: null };
  }
  const notices = [saved.bound ? boundNotice(saved.bound) : null, droppedNotice(loaded.dropped)]
    .filter((notice) => notice !== null)
    .map(withToastId);
  const changed = saved.rewrite || loaded.dropped.length > 0;
  const setCookie = changed ? await cartCookieHeader(request, keptLines(saved.lines, cartLines(loaded.state), loaded.outOfStock)) : null;
  return { cart: toCartView(loaded), notices, setCookie };
}

/**
 * The cookie's lines after a read or a change: the orderable lines and the out-of-stock ones still
 * held, in the saved order (lines new to the cart last).
 */
function keptLines(saved: readonly CartLine[], orderable: readonly CartLine[], held: readonly OutOfStockLine[]): CartLine[] {
  const quantities = new Map([...orderable, ...held].map((line) => [line.id, line.quantity]));
  const savedIds = new Set(saved.map((line) => line.id));
  return [
    ...saved.filter((line) => quantities.has(line.id)).map((line) => ({ id: line.id, quantity: quantities.get(line.id)! })),
    ...orderable.filter((line) => !savedIds.has(line.id)).map(({ id, quantity }) => ({ id, quantity })),
  ];
}

/** What a shopper asked the /cart action to do with a line or the whole cart. */
export type CartChange =
  | { intent: "add"; productId: number; quantity?: number }
  | { intent: "set"; productId: number; quantity: number }
  | { intent: "increment"; productId: number }
  | { intent: "decrement"; productId: number }
  | { intent: "remove"; productId: number }
  | { intent: "clear" };

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
  quantity = 1,
): Promise<{ result: CartResult; toast: ToastInput; ok: boolean }> {
  const row = await findCartProduct(db, productId);
  const unchanged = { state, bound: null };
  if (!row || !row.active) {
    return {
      result: unchanged,
      ok: false,
      toast: { title: "Product unavailable", description: "This product is no longer available", variant: "destructive" },
    };
  }
  if (!row.inStock) {
    return {
      result: unchanged,
      ok: false,
      toast: { title: "Out of stock", description: `${row.name} is out of stock`, variant: "destructive" },
    };
  }
  const result = applyCartAction(state, { type: "ADD_ITEM", product: toCartProduct(row), quantity });
  const toast: ToastInput = result.bound ? boundNotice(result.bound) : addedToCartNotice(row.name);
  return { result, toast, ok: true };
}

/** Applies one change to the current cart (read from the request's cookie, joined with D1). */
export async function changeCart(request: Request, db: Db, change: CartChange): Promise<CartChangeResult> {
  const saved = await readCartLines(request);
  const { state, dropped, outOfStock } = await loadCart(db, saved.lines);
  const toasts: ToastInput[] = [];
  const droppedToast = droppedNotice(dropped);
  if (droppedToast) toasts.push(droppedToast);

  // Out-of-stock lines stay in the cart (after the orderable ones) until removed or cleared.
  const target = "productId" in change ? outOfStock.find((line) => line.id === change.productId) : undefined;
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
  const isNew = change.intent === "add" && !state.items.some((item) => item.id === change.productId) && !target;
  if (isNew && state.items.length + outOfStock.length >= MAX_CART_LINES) {
    return { lines: withHeld(cartLines(state)), toasts: [...toasts, boundNotice("lines")], ok: false };
  }

  if (change.intent === "add") {
    const { result, toast, ok } = await addToCart(db, state, change.productId, change.quantity);
    return { lines: withHeld(cartLines(result.state)), toasts: [...toasts, toast], ok };
  }
  if (change.intent === "clear") {
    const hadItems = state.items.length > 0;
    return {
      lines: [],
      toasts: hadItems ? [...toasts, { title: "Cart cleared", description: "All items have been removed from your cart" }] : toasts,
      ok: true,
    };
  }

  const line = state.items.find((item) => item.id === change.productId);
  if (!line) return { lines: withHeld(cartLines(state)), toasts, ok: true };
  const quantity =
    change.intent === "set"
      ? change.quantity
      : change.intent === "increment"
        ? line.quantity + 1
        : change.intent === "decrement"
          ? line.quantity - 1
          : 0;
  const result =
    change.intent === "remove"
      ? applyCartAction(state, { type: "REMOVE_ITEM", id: line.id })
      : applyCartAction(state, { type: "UPDATE_QUANTITY", id: line.id, quantity });
  if (result.bound) toasts.push(boundNotice(result.bound));
  if (!result.state.items.some((item) => item.id === line.id)) toasts.push(ITEM_REMOVED_NOTICE);
  return { lines: withHeld(cartLines(result.state)), toasts, ok: true };
}

/** The current cart for a page or an order: current rows only (dropped lines are left out, out-of-stock ones set apart). */
export async function loadCartView(request: Request, db: Db): Promise<CartView> {
  const saved = await readCartLines(request);
  return toCartView(await loadCart(db, saved.lines));
}
