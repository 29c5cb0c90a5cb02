import { useEffect, useRef, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { keepTabInside } from "~/ui/focus-trap";
import { CloseIcon } from "~/ui/icons";
import DrawerBody from "./cart-drawer-body";
import type { OptimisticCart } from "./cart-state";

/**
 * The cart drawer's dialog (loaded when the shopper first points at, focuses or opens the cart;
 * cart-drawer.tsx keeps the trigger). Labelled, focus kept inside, Escape and the backdrop close it,
 * and it is portalled to <body>; while it is open the notices show inside it, above its totals. Once
 * opened it stays mounted (hidden) so its fetchers and scroll survive closing.
 */
export function CartDrawerDialog({ open, onClose, view }: { open: boolean; onClose: () => void; view: OptimisticCart }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

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
      onClose();
      return;
    }
    if (panelRef.current) keepTabInside(event, panelRef.current);
  }

  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape and Tab bubble here from the dialog inside; nothing is clicked on this wrapper
    <div hidden={!open} className="fixed inset-0 z-40" onKeyDown={onKeyDown}>
      <div className="absolute inset-0 bg-forest-950/50 backdrop-blur-[2px]" aria-hidden="true" onClick={onClose} />
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
            onClick={onClose}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-forest-800 hover:bg-forest-50"
            aria-label="Close cart"
          >
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>
        <DrawerBody view={view} open={open} />
      </div>
    </div>,
    document.body,
  );
}
