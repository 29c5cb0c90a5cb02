/**
 * Every text the shopper reads about the cart: a line's name, a held line's badge, and the notices
 * the /cart action and the browser show. The rules they describe are in cart-lines.ts.
 */
import { groupDigits } from "~/features/money/money";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartBound, type HeldReason, type LoweredLine, type OutOfStockLine } from "./cart-lines";

/**
 * A cart line's name as the drawer, the checkout and the notices say it: 'Runtz — 1/8 oz', or the
 * name alone for a product sold in one size. Kept out of cart-lines.ts (which every page's shell
 * loads), so it travels with the drawer and the checkout that show lines.
 */
export function lineName(line: { name: string; sizeLabel?: string }): string {
  return line.sizeLabel ? `${line.name} — ${line.sizeLabel}` : line.name;
}

/** How a held line reads on its badge. */
export const HELD_LABELS: Record<HeldReason, string> = { "out-of-stock": "Out of Stock", unavailable: "No longer available" };

export const CART_BOUND_NOTICES: Record<CartBound, { title: string; description: string }> = {
  lines: {
    title: "Cart is full",
    description: `Your cart holds up to ${MAX_CART_LINES} different products. Place this order first, or message us on Telegram for a larger one.`,
  },
  quantity: {
    title: "Quantity limit reached",
    description: `You can order up to ${groupDigits(MAX_LINE_QUANTITY)} of one product here. Message us on Telegram for larger quantities.`,
  },
};

/** The notice for lines lowered to the stock on hand ('Only 3 left of Runtz — 1/8 oz: your cart now holds 3.'). */
export function stockLimitNotice(lines: readonly LoweredLine[]) {
  const left = lines.map((line, index) => `${index === 0 ? "Only" : "only"} ${groupDigits(line.stock)} left of ${lineName(line)}`);
  const [only] = lines;
  const holds = only && lines.length === 1 ? groupDigits(only.stock) : "what is left";
  return {
    title: lines.length === 1 ? "Quantity lowered" : "Quantities lowered",
    description: `${left.join("; ")}: your cart now holds ${holds}.`,
  };
}

const ADD_TO_CART_TOAST_DURATION = 3000;

export function addedToCartNotice(name: string) {
  return { title: "Added to cart!", description: `${name} has been added to your cart`, duration: ADD_TO_CART_TOAST_DURATION };
}

export const ITEM_REMOVED_NOTICE = { title: "Item removed", description: "Item has been removed from your cart" };

export const ORDER_SENT_NOTICE = {
  title: "Order sent!",
  description: "Your order has been sent via Telegram. We'll contact you soon!",
};

/** Where an order was placed from: the header's cart drawer or the checkout page. */
export type OrderSource = "drawer" | "checkout";

export function emptyCartNotice(source: OrderSource) {
  return {
    title: "Cart is empty",
    description: `Please add items to your cart before ${source === "drawer" ? "ordering" : "checkout"}`,
    variant: "destructive" as const,
  };
}

function names(lines: readonly OutOfStockLine[]) {
  const [only] = lines;
  return only && lines.length === 1 ? lineName(only) : `${lines.length} items`;
}

/** Why held lines are held, in words: "out of stock", "no longer available", or "not available" for a mix. */
function heldPhrase(lines: readonly OutOfStockLine[]) {
  if (lines.every((line) => line.reason === "out-of-stock")) return "out of stock";
  return lines.every((line) => line.reason === "unavailable") ? "no longer available" : "not available";
}

const sentenceCase = (phrase: string) => phrase.charAt(0).toUpperCase() + phrase.slice(1);

/** An order placed while some lines are held: those lines were not ordered. */
export function notOrderedNotice(lines: readonly OutOfStockLine[]) {
  const phrase = heldPhrase(lines);
  return {
    title: sentenceCase(phrase),
    description: `${names(lines)} ${lines.length === 1 ? "is" : "are"} ${phrase} and ${lines.length === 1 ? "was" : "were"} not part of your order`,
    variant: "destructive" as const,
  };
}

/** An order refused because every line in the cart is held. */
export function nothingInStockNotice(lines: readonly OutOfStockLine[]) {
  const phrase = heldPhrase(lines);
  return {
    title: sentenceCase(phrase),
    description: `${names(lines)} ${lines.length === 1 ? "is" : "are"} ${phrase}, so there is nothing to order yet`,
    variant: "destructive" as const,
  };
}

export const UNAVAILABLE_LINE_NOTICE = {
  title: "Product unavailable",
  description: "This product is no longer available; remove it, or order it if it comes back",
  variant: "destructive" as const,
};

export const OUT_OF_STOCK_LINE_NOTICE = {
  title: "Out of stock",
  description: "This product is out of stock; remove it, or order it when it is back",
  variant: "destructive" as const,
};
