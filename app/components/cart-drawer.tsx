import { Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { useHydrated } from "remix-utils/use-hydrated";
import type { CartView } from "~/lib/cart";
import { formatCents } from "~/lib/money";
import { CartLineRow } from "./cart-line";
import { OrderActions } from "./cart-order";
import { useOptimisticCart, useOrderPlacedEffects, type OptimisticCart } from "./cart-state";
import { CartBadgeIcon, CartIcon, CartLink, cartLabel, cartTriggerClass } from "./site-header";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

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
    if (event.key !== "Tab" || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest("[hidden]"));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !panelRef.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !panelRef.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
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
            <DrawerContents view={view} onClose={close} closeRef={closeRef} imageResizing={imageResizing} />
          </div>
        </div>,
        document.body,
      )}
    </>
  );
}

function DrawerContents({
  view,
  onClose,
  closeRef,
  imageResizing,
}: {
  view: OptimisticCart;
  onClose: () => void;
  closeRef: React.RefObject<HTMLButtonElement>;
  imageResizing: boolean;
}) {
  const empty = view.items.length === 0;
  return (
    <>
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
          onClick={onClose}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full text-forest-800 hover:bg-forest-50"
          aria-label="Close cart"
        >
          <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        </button>
      </div>

      <div className="flex-1 overflow-y-auto px-5">
        {view.unavailable ? (
          <p role="alert" className="mt-6 rounded-2xl bg-red-50 p-4 text-sm text-berry-700">
            We couldn't load your cart right now. Please try again in a moment.
          </p>
        ) : empty ? (
          <div className="flex flex-col items-center py-16 text-center">
            <span className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-forest-50 text-forest-800">
              <CartIcon className="h-8 w-8" />
            </span>
            <p className="mt-4 font-display text-xl text-forest-900">Your cart is empty</p>
            <p className="mt-1 text-sm text-ink-700">Find something you love in the shop.</p>
            <Link to="/" className="btn-primary mt-6">
              Continue Shopping
            </Link>
          </div>
        ) : null}
        <ul className="divide-y divide-ink-900/10" aria-label="Items in your cart" hidden={empty}>
          {view.lines.map((line) => (
            <CartLineRow key={line.item.id} line={line} variant="drawer" imageResizing={imageResizing} />
          ))}
        </ul>
      </div>

      <div className="space-y-4 border-t border-ink-900/10 bg-white px-5 py-5">
        <dl className="space-y-1.5 text-sm">
          <div className="flex justify-between text-ink-700">
            <dt>Subtotal</dt>
            <dd>{formatCents(view.totalCents)}</dd>
          </div>
          <div className="flex justify-between text-base font-semibold text-forest-900">
            <dt>Total</dt>
            <dd>{formatCents(view.totalCents)}</dd>
          </div>
        </dl>
        <OrderActions cart={view} source="drawer" />
        {empty ? null : (
          <Link to="/checkout" className="block text-center text-sm font-semibold text-forest-800 underline underline-offset-4 hover:text-forest-700">
            View cart and checkout
          </Link>
        )}
      </div>
    </>
  );
}
