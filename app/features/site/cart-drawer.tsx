import { useLocation, useRevalidator } from "@remix-run/react";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { lazyNamed } from "~/ui/lazy";
import type { CartView } from "~/features/cart/cart-lines";
import { useOptimisticCart, useOrderPlacedEffects } from "~/features/cart/cart-state";
import { CartBadgeIcon, CartLink, cartTriggerClass } from "./site-header";
import { useCartBadge, useCartStillShared } from "./cart-badge";

/**
 * The drawer itself (dialog, lines, totals, order buttons) is not part of a first visit's
 * JavaScript: it loads when the shopper first points at, focuses or opens the cart.
 */
const loadDialog = () => import("~/features/cart/cart-drawer-dialog");
const CartDrawerDialog = lazyNamed(loadDialog, "CartDrawerDialog");

/**
 * The header cart. On first paint (and without JavaScript) it is a link to /checkout with the total
 * quantity badge; once hydrated it is a button opening a drawer dialog, and focus returns to the
 * button when the drawer closes. The badge and the order notices follow the optimistic cart here,
 * whether or not the drawer was ever opened.
 */
export function CartDrawer({ cart }: { cart: CartView }) {
  const hydrated = useHydrated();
  const view = useOptimisticCart(cart);
  useOrderPlacedEffects(cart);
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (hidden) so its fetchers and scroll survive closing.
  const [opened, setOpened] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const badge = useCartBadge(view.totalItems);
  // A page from the shared cache carries the anonymous (empty) cart in its root data, its badge
  // stamped from the cookie: the shopper's own lines and prices are read when they reach for the
  // cart (a cart holder's `.data` request is always rendered for them), and the drawer waits for them.
  const shared = useCartStillShared();
  const revalidator = useRevalidator();
  const waiting = shared && revalidator.state !== "idle";
  const intent = () => {
    void loadDialog();
    if (shared && revalidator.state === "idle") revalidator.revalidate();
  };

  const close = useCallback(() => {
    setOpen(false);
    triggerRef.current?.focus();
  }, []);

  // Any navigation (a product link, Continue Shopping, home after an order) closes the drawer,
  // including one to the page already shown.
  useEffect(() => setOpen(false), [location.key]);

  if (!hydrated) return <CartLink totalItems={cart.totalItems} />;

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={cartTriggerClass}
        aria-label={badge.label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="cart-drawer"
        onClick={() => {
          intent();
          setOpen(true);
          setOpened(true);
        }}
        onPointerEnter={intent}
        onFocus={intent}
      >
        <CartBadgeIcon count={badge.count} />
      </button>
      {opened && waiting ? (
        open ? (
          <DrawerLoading />
        ) : null
      ) : opened ? (
        <Suspense fallback={open ? <DrawerLoading /> : null}>
          {/* Still the shared cart once the read has ended: it failed, and the drawer says so. */}
          <CartDrawerDialog open={open} onClose={close} view={shared ? { ...view, unavailable: true } : view} />
        </Suspense>
      ) : null}
    </>
  );
}

/** While the drawer's code arrives (a first open on a slow network): the backdrop and a spinner. */
function DrawerLoading() {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-forest-950/50" role="status">
      <span className="h-8 w-8 animate-spin rounded-full border-2 border-cream-50/30 border-t-cream-50" aria-hidden="true" />
      <span className="sr-only">Loading your cart…</span>
    </div>
  );
}
