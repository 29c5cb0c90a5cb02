import { Link } from "@remix-run/react";
import { CartSpecialsSummary } from "~/features/cart/cart-specials-view";
import { formatCents } from "~/features/money/money";
import { ToastHost } from "~/features/toast/toaster";
import { CartIcon } from "~/ui/icons";
import { CartLineRow } from "./cart-line";
import { OutOfStockLines } from "./cart-out-of-stock";
import type { OptimisticCart } from "./cart-state";

/**
 * The cart drawer's lines, totals and order buttons (part of the lazily loaded cart-drawer-dialog.tsx).
 * While it is open, notices ('Added to cart!', 'Order copied') show above its totals, never over them.
 */
export default function DrawerBody({ view, open }: { view: OptimisticCart; open: boolean }) {
  const empty = view.items.length === 0 && view.outOfStock.length === 0;
  return (
    <>
      <div className="flex-1 overflow-y-auto px-5">
        {view.unavailable ? (
          <p role="alert" className="mt-6 rounded-2xl bg-berry-50 p-4 text-sm text-berry-700">
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
            <CartLineRow key={`${line.item.id}-${line.item.sizeId ?? ""}`} line={line} variant="drawer" />
          ))}
        </ul>
        <OutOfStockLines lines={view.outOfStock} variant="drawer" />
      </div>

      <div className="space-y-4 border-t border-ink-900/10 bg-white px-5 py-5">
        {open ? <ToastHost className="not-has-[li]:hidden" /> : null}
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
        <CartSpecialsSummary specials={view.specials} />
        {/* Delivery, time and payment are chosen at checkout, where the fee and the minimum are shown before sending. */}
        {empty ? null : (
          <>
            <p className="text-xs text-ink-700">Delivery fee, time and payment are chosen at checkout.</p>
            <Link to="/checkout" className="btn-gold w-full py-3 text-base">
              Checkout
            </Link>
          </>
        )}
      </div>
    </>
  );
}
