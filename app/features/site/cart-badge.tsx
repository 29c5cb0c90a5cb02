import { createContext, useContext } from "react";
import { useRootData } from "./root-data";
import type { CartStampTokens } from "./cart-stamp";

export type { CartStampTokens };

/**
 * The cart badge's count and accessible label, the only per-shopper parts of a shop page that the
 * page cache shares (docs/decisions/027). A page rendered for the shared cache carries two random
 * tokens in their place (the label and the count), which the Worker replaces on the way out with
 * what the visitor's cart cookie says, as it does the CSP nonce.
 */

export function cartLabel(totalItems: number) {
  return `Cart, ${totalItems} ${totalItems === 1 ? "item" : "items"}`;
}

/** The badge's text: the count, or nothing for an empty cart (the badge is then hidden by CSS `:empty`). */
export function cartCountText(totalItems: number) {
  return totalItems > 0 ? String(totalItems) : "";
}

/** The marker attribute of every badge count (what the Worker stamps, and the browser reads on hydration). */
export const CART_COUNT_ATTRIBUTE = "data-cart-count";

const CartStampContext = createContext<CartStampTokens | null>(null);
/** Provided by entry.server for a render meant for the shared cache. */
export const CartStampProvider = CartStampContext.Provider;

let stamped: number | undefined;
/**
 * The count the Worker stamped into this document, read from the server's HTML once, during
 * hydration (before React owns the badge), so the first client render matches it.
 */
function stampedCount(): number {
  if (stamped === undefined) {
    const text = typeof document === "undefined" ? "" : (document.querySelector(`[${CART_COUNT_ATTRIBUTE}]`)?.textContent ?? "");
    stamped = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  }
  return stamped;
}

/**
 * The badge for `totalItems` (the root loader's cart, or the optimistic cart built on it). When the
 * root data came from a shared copy (`cartShared`: its cart is the anonymous, empty one), the count
 * is the stamped one plus whatever the shopper added since (the optimistic cart's difference), until
 * the next root revalidation brings the shopper's own cart (a `.data` request of a cart holder is
 * always rendered for them).
 */
export function useCartBadge(totalItems: number): { label: string; count: string } {
  const tokens = useContext(CartStampContext);
  const root = useRootData();
  if (tokens) return tokens;
  const count = root?.cartShared ? stampedCount() + totalItems - root.cart.totalItems : totalItems;
  return { label: cartLabel(count), count: cartCountText(count) };
}

/**
 * True while the root data's cart is the shared copy's and the shopper has lines in theirs (the
 * stamped count is above zero): their own lines and prices are still to be read. An empty stamped
 * cart is the shared one (no lines at all), so nothing is read for it.
 */
export function useCartStillShared(): boolean {
  const root = useRootData();
  return root?.cartShared === true && stampedCount() > 0;
}
