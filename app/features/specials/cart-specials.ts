import type { CartItem, CartSpecials } from "~/features/cart/cart-lines";
import { applySpecials, type PricedLine } from "./apply";
import type { Special } from "./special";

/**
 * The specials on a cart, from its current rows (names, prices after bulk tiers, categories — never
 * anything the browser sent), the live specials, the shop's zone and the shopper's code. The drawer,
 * the cart page and the order message all read this one answer.
 */
export function cartSpecials(
  items: readonly CartItem[],
  categories: ReadonlyMap<number, string>,
  options: { specials: Special[]; timeZone: string; code: string | null; now: Date },
): CartSpecials | null {
  if (items.length === 0 || options.specials.length === 0) return null;
  const lines: PricedLine[] = items.map((item) => ({
    key: `${item.id}:${item.sizeId ?? 0}`,
    productId: item.id,
    sizeId: item.sizeId ?? 0,
    category: categories.get(item.id) ?? "",
    unitCents: item.unitPriceCents,
    quantity: item.quantity,
  }));
  const result = applySpecials({ lines, specials: options.specials, now: options.now, timeZone: options.timeZone, code: options.code });
  if (result.applied.length === 0 && result.hints.length === 0 && options.code === null) return null;
  return {
    applied: result.applied.map(({ name, savingCents, freeDelivery }) => ({ name, savingCents, freeDelivery })),
    hints: result.hints,
    savingCents: result.savingCents,
    totalCents: result.totalCents,
    code: options.code,
  };
}
