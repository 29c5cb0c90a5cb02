import { useRef } from "react";
import { useModalDialog } from "~/ui/modal-dialog";
import { CloseIcon } from "~/ui/icons";
import DrawerBody from "./cart-drawer-body";
import type { OptimisticCart } from "./cart-state";

/**
 * The cart drawer's dialog (loaded when the shopper first points at, focuses or opens the cart;
 * cart-drawer.tsx keeps the trigger): a native modal <dialog> sliding in from the right, labelled,
 * focus starting on its close button. Escape and a click on the backdrop close it; while it is open
 * the notices show inside it, above its totals. Once opened it stays mounted (closed) so its
 * fetchers and scroll survive closing.
 */
export function CartDrawerDialog({ open, onClose, view }: { open: boolean; onClose: () => void; view: OptimisticCart }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(open, closeRef);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the dialog itself is a click on its backdrop; Escape is the keyboard's way out
    <dialog
      ref={ref}
      id="cart-drawer"
      aria-labelledby="cart-drawer-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="drawer-dialog bg-cream-50 text-ink-900 shadow-2xl"
    >
      <div className="flex h-full flex-col">
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
            onClick={() => ref.current?.close()}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-forest-800 hover:bg-forest-50"
            aria-label="Close cart"
          >
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>
        <DrawerBody view={view} open={open} />
      </div>
    </dialog>
  );
}
