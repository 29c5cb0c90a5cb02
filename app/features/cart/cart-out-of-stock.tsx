import { Link, useFetcher } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SquareThumb } from "~/features/photos/product-image";
import type { CartActionData } from "~/routes/cart";
import { HELD_LABELS, lineName } from "./cart-notices";
import { type OutOfStockLine } from "./cart-lines";
import { CART_ACTION, cartLineFetcherKey, useFetcherToasts } from "./cart-state";

/**
 * Cart lines held back: out of stock, or no longer available (switched off or in the trash). Shown
 * with the reason and Remove — and said plainly to be left out of the total and the order (the
 * server leaves them out of both).
 */
export function OutOfStockLines({ lines, variant }: { lines: OutOfStockLine[]; variant: "drawer" | "page" }) {
  if (lines.length === 0) return null;
  const heading = lines.every((line) => line.reason === "out-of-stock") ? "Out of Stock" : "Not available";
  return (
    <section aria-labelledby={`out-of-stock-${variant}`} className={variant === "page" ? "mt-6" : "mt-4 border-t border-ink-900/10 pt-4"}>
      <h3 id={`out-of-stock-${variant}`} className="text-sm font-semibold text-berry-700">
        {heading}
      </h3>
      <p className="mt-1 text-sm text-ink-700">Not part of your total or your order.</p>
      <ul className="mt-3 space-y-3">
        {lines.map((line) => (
          <OutOfStockRow key={`${line.id}-${line.sizeId ?? ""}`} line={line} />
        ))}
      </ul>
    </section>
  );
}

function OutOfStockRow({ line }: { line: OutOfStockLine }) {
  const fetcher = useFetcher<CartActionData>({ key: cartLineFetcherKey(line.id, line.sizeId) });
  useFetcherToasts(fetcher.data);
  const hydrated = useHydrated();
  return (
    <li hidden={fetcher.state !== "idle"} className="flex items-center gap-3 rounded-2xl bg-cream-100/70 p-3">
      <SquareThumb src={line.image} layout="drawer" size={48} className="h-12 w-12 shrink-0 opacity-60 grayscale" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-ink-900">
          {/* A product that is no longer available has no page to open. */}
          {line.reason === "out-of-stock" ? (
            <Link to={line.path} className="hover:underline">
              {lineName(line)}
            </Link>
          ) : (
            lineName(line)
          )}
        </p>
        <p className="mt-0.5 text-xs text-ink-700">
          <span className="mr-2 inline-flex rounded-full bg-berry-50 px-2 py-0.5 font-semibold text-berry-700 ring-1 ring-berry-700/20">
            {HELD_LABELS[line.reason]}
          </span>
          Quantity {line.quantity}
        </p>
      </div>
      <fetcher.Form method="post" action={CART_ACTION} className="shrink-0">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productId" value={line.id} />
        {line.sizeId === undefined ? null : <input type="hidden" name="sizeId" value={line.sizeId} />}
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <button
          type="submit"
          aria-label={`Remove ${lineName(line)} from cart`}
          className="rounded-full px-2 py-1 text-sm font-medium text-berry-700 underline-offset-4 hover:underline"
        >
          Remove
        </button>
      </fetcher.Form>
    </li>
  );
}
