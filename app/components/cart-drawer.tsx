import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { useHydrated } from "remix-utils/use-hydrated";
import type { CartView } from "~/lib/cart";
import { keepTabInside } from "~/lib/focus-trap";
import { useOptimisticCart, useOrderPlacedEffects } from "./cart-state";
import { CartBadgeIcon, CartLink, cartLabel, cartTriggerClass } from "./site-header";

/**
 * The drawer's lines, totals and order buttons are not part of a first visit's JavaScript: they load
 * when the shopper first points at, focuses or opens the cart (the shell below — trigger, dialog,
 * title, close button, focus handling — is there from the start).
 */
const loadDrawerBody = () => import("./cart-drawer-body");
const DrawerBody = lazy(loadDrawerBody);

/**
 * The header cart. On first paint (and without JavaScript) it is a link to /checkout with the total
 * quantity badge; once hydrated it is a button opening a drawer dialog (labelled, focus kept inside,
 * Escape and the backdrop close it, focus returns to the button). The dialog is portalled to <body>
 * under the toasts, so notices raised inside it stay visible.
 */
export function CartDrawer({ cart, imageResizing = false }: { cart: CartView; imageResizing?: boolean }) {
  const hydrated = useHydrated();
  const view = useOptimisticCart(cart);
  useOrderPlacedEffects(cart);
  const [open, setOpen] = useState(false);
  // Once opened, the body stays mounted (hidden) so its fetchers and scroll survive closing.
  const [opened, setOpened] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  const close = useCallback(() => {
    setOpen(false);
    triggerRef.current?.focus();
  }, []);

  // Any navigation (a product link, Continue Shopping, home after an order) closes the drawer,
  // including one to the page already shown.
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    setOpened(true);
    closeRef.current?.focus();
    const { overflow } = document.documentElement.style;
    document.documentElement.style.overflow = "hidden";
    return () => {
      document.documentElement.style.overflow = overflow;
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
      return;
    }
    if (panelRef.current) keepTabInside(event, panelRef.current);
  }

  if (!hydrated) return <CartLink totalItems={cart.totalItems} />;

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={cartTriggerClass}
        aria-label={cartLabel(view.totalItems)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="cart-drawer"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDrawerBody()}
        onFocus={() => void loadDrawerBody()}
      >
        <CartBadgeIcon totalItems={view.totalItems} />
      </button>
      {createPortal(
        <div hidden={!open} className="fixed inset-0 z-40" onKeyDown={onKeyDown}>
          <div className="absolute inset-0 bg-forest-950/50 backdrop-blur-[2px]" aria-hidden="true" onClick={close} />
          <div
            ref={panelRef}
            id="cart-drawer"
            role="dialog"
            aria-modal="true"
            aria-labelledby="cart-drawer-title"
            className="absolute inset-y-0 right-0 flex w-full max-w-md flex-col bg-cream-50 shadow-2xl"
          >
            <div className="flex items-center justify-between gap-4 border-b border-ink-900/10 px-5 py-4">
              <div>
                <h2 id="cart-drawer-title" className="heading-display text-2xl">
                  Your Cart
                </h2>
                <p className="text-sm text-ink-500">
                  {view.totalItems} {view.totalItems === 1 ? "item" : "items"}
                </p>
              </div>
              <button
                ref={closeRef}
                type="button"
                onClick={close}
                className="inline-flex h-11 w-11 items-center justify-center rounded-full text-forest-800 hover:bg-forest-50"
                aria-label="Close cart"
              >
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
                </svg>
              </button>
            </div>
            {open || opened ? (
              <Suspense fallback={<DrawerBodyLoading />}>
                <DrawerBody view={view} imageResizing={imageResizing} />
              </Suspense>
            ) : null}
          </div>
        </div>,
        document.body,
      )}
    </>
  );
}

function DrawerBodyLoading() {
  return (
    <div className="flex flex-1 items-center justify-center" role="status">
      <span className="h-8 w-8 animate-spin rounded-full border-2 border-forest-800/20 border-t-forest-800" aria-hidden="true" />
      <span className="sr-only">Loading your cart…</span>
    </div>
  );
}
