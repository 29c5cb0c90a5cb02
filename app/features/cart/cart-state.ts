import { useFetchers, useNavigate } from "@remix-run/react";
import { useEffect, useSyncExternalStore } from "react";
import type { Toast } from "~/features/toast/toast";
import { notify } from "~/features/toast/toaster";
import {
  applyCartAction,
  EMPTY_CART_VIEW,
  sameLine,
  shownWithinOnHand,
  MAX_LINE_QUANTITY,
  type CartItem,
  type CartState,
  type CartView,
} from "./cart-lines";

/**
 * Browser-side cart helpers: the optimistic cart (server cart + pending fetcher submissions, through
 * the same reducer), the "order placed" state of this tab, and toasts carried by fetcher responses.
 */

export const CART_ACTION = "/cart";

/** Quantity controls of one line share a fetcher, so rapid clicks replace each other (Hydrogen-style). */
export function cartLineFetcherKey(productId: number, sizeId?: number) {
  return sizeId === undefined ? `cart-line-${productId}` : `cart-line-${productId}-${sizeId}`;
}

export function addToCartFetcherKey(productId: number) {
  return `add-to-cart-${productId}`;
}

export const CLEAR_CART_FETCHER_KEY = "cart-clear";

function isCartSubmission(formAction: string | undefined) {
  return formAction !== undefined && new URL(formAction, "http://localhost").pathname === CART_ACTION;
}

/**
 * True while another cart request is on its way. The cart lives in one cookie, so two changes sent at
 * once would each write back their own copy; controls wait for the other request's cookie first.
 */
export function useOtherCartSubmitting(ownKey: string): boolean {
  return useFetchers().some((fetcher) => fetcher.state === "submitting" && fetcher.key !== ownKey && isCartSubmission(fetcher.formAction));
}

// ----------------------------------------------------------------------------- order placed

interface PlacedOrder {
  /** the key of the order sent; the cart view reads as empty while the server cart still has this key */
  key: string | null;
  at: number;
}
let placedOrder: PlacedOrder | null = null;

/** Milliseconds from placing an order to returning home. */
const ORDER_REDIRECT_DELAY = 2000;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function markOrderPlaced(key: string) {
  placedOrder = { key, at: Date.now() };
  emit();
}

function usePlacedOrder() {
  return useSyncExternalStore(
    subscribe,
    () => placedOrder,
    () => null,
  );
}

/**
 * After an order: back to / after 2 s, and forget the placed order once the server's
 * cart has changed (the new tab's request cleared the cookie, or the shopper added something new).
 * Used once, by the always-mounted header drawer.
 */
export function useOrderPlacedEffects(cart: CartView) {
  const placed = usePlacedOrder();
  const navigate = useNavigate();
  const at = placed?.at;
  useEffect(() => {
    if (at === undefined) return;
    const timer = window.setTimeout(() => navigate("/"), ORDER_REDIRECT_DELAY);
    return () => window.clearTimeout(timer);
  }, [at, navigate]);
  useEffect(() => {
    if (placed?.key != null && cart.orderKey !== placed.key) {
      placedOrder = { ...placed, key: null };
      emit();
    }
  }, [placed, cart.orderKey]);
}

// ----------------------------------------------------------------------------- optimistic cart

export interface OptimisticLine {
  item: CartItem;
  /** removed by a pending submission: kept mounted (hidden) until the server confirms */
  removed: boolean;
}

export interface OptimisticCart extends CartView {
  lines: OptimisticLine[];
  /** a cart change is on its way; the order key is about to change */
  pending: boolean;
}

function intField(formData: FormData, name: string) {
  return Number(formData.get(name));
}

/** The server's cart with every pending cart submission applied through the same reducer. */
export function useOptimisticCart(cart: CartView): OptimisticCart {
  const fetchers = useFetchers();
  const placed = usePlacedOrder();
  if (placed?.key != null && placed.key === cart.orderKey) {
    return { ...EMPTY_CART_VIEW, lines: [], pending: false };
  }

  let state: CartState = cart;
  let outOfStock = cart.outOfStock;
  let unknownAdds = 0;
  let pending = false;
  for (const fetcher of fetchers) {
    const { formData } = fetcher;
    if (!formData || !isCartSubmission(fetcher.formAction)) continue;
    pending = true;
    const id = intField(formData, "productId");
    // A line is a product in a size: the posted size, or (a form without one) the product's first line.
    const sizeId = formData.has("sizeId") ? intField(formData, "sizeId") : undefined;
    const named = (line: { id: number; sizeId?: number }) => line.id === id && (sizeId === undefined || line.sizeId === sizeId);
    const line = state.items.find(named);
    const intent = formData.get("intent");
    // An out-of-stock line can only be removed (or the whole cart cleared).
    if (intent === "clear" || intent === "remove" || intent === "decrement" || (intent === "set" && intField(formData, "quantity") <= 0)) {
      outOfStock = intent === "clear" ? [] : outOfStock.filter((held) => !named(held));
    }
    switch (intent) {
      case "set":
        if (line)
          state = applyCartAction(state, {
            type: "UPDATE_QUANTITY",
            id,
            sizeId: line.sizeId,
            quantity: intField(formData, "quantity"),
          }).state;
        break;
      case "increment":
      case "decrement":
        if (line) {
          const step = formData.get("intent") === "increment" ? 1 : -1;
          state = applyCartAction(state, { type: "UPDATE_QUANTITY", id, sizeId: line.sizeId, quantity: line.quantity + step }).state;
        }
        break;
      case "remove":
        if (line) state = applyCartAction(state, { type: "REMOVE_ITEM", id, sizeId: line.sizeId }).state;
        break;
      case "clear":
        state = applyCartAction(state, { type: "CLEAR_CART" }).state;
        break;
      case "add": {
        const quantity = formData.has("quantity") ? intField(formData, "quantity") : 1;
        if (!Number.isSafeInteger(quantity) || quantity < 1) break;
        // A product not in the cart yet has no price here: only the badge counts it.
        if (line) state = applyCartAction(state, { type: "ADD_ITEM", product: line, quantity }).state;
        else unknownAdds += Math.min(quantity, MAX_LINE_QUANTITY);
        break;
      }
    }
  }
  // A quantity typed or stepped past the size's stock shows as the stock at once; the answer says why.
  state = shownWithinOnHand(state, cart.items);
  const lines = cart.items.map((item) => {
    const current = state.items.find((candidate) => sameLine(candidate, item));
    return current ? { item: current, removed: false } : { item, removed: true };
  });
  return {
    ...state,
    totalItems: state.totalItems + unknownAdds,
    orderKey: cart.orderKey,
    unavailable: cart.unavailable,
    outOfStock,
    specials: cart.specials ?? null,
    lines,
    pending,
  };
}

// ----------------------------------------------------------------------------- fetcher toasts

const shownToastIds = new Set<string>();

/** Shows the notices a /cart fetcher response carries, each once (several components may share a fetcher). */
export function useFetcherToasts(data: { toasts?: Toast[] } | undefined) {
  useEffect(() => {
    for (const toast of data?.toasts ?? []) {
      if (shownToastIds.has(toast.id)) continue;
      shownToastIds.add(toast.id);
      const { id: _id, ...rest } = toast;
      notify(rest);
    }
  }, [data]);
}
