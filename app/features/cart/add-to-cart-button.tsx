import { useFetcher } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { CartActionData } from "~/routes/cart";
import { addToCartFetcherKey, CART_ACTION, useFetcherToasts, useOtherCartSubmitting } from "./cart-state";

/**
 * Add to Cart: posts intent=add&productId=N (and the stepper's quantity, when the form has one) to the
 * /cart action. Without JavaScript it is a plain form post (the action redirects back with 'Added to
 * cart!'); with JavaScript a fetcher keeps the page in place, shows 'Adding…' and the notice, and the
 * header badge counts the items at once. While a request is on its way the button is aria-disabled,
 * not disabled, so keyboard focus stays on it; every form of one product shares one fetcher.
 */
export function AddToCartButton({
  productId,
  productName,
  disabled = false,
  className = "btn-primary w-full",
  label,
  children,
  formClassName,
  formLabel,
}: {
  productId: number;
  productName: string;
  disabled?: boolean;
  className?: string;
  /** The button's text once hydrated (e.g. 'Add 100 to cart — $475.00'); 'Add to Cart' otherwise. */
  label?: string;
  /** Fields before the button: the product page's quantity stepper. */
  children?: React.ReactNode;
  formClassName?: string;
  /** The form's name when a page has two for one product (each form landmark needs its own). */
  formLabel?: string;
}) {
  const key = addToCartFetcherKey(productId);
  const fetcher = useFetcher<CartActionData>({ key });
  useFetcherToasts(fetcher.data);
  const hydrated = useHydrated();
  const waiting = useOtherCartSubmitting(key);
  const adding = fetcher.state !== "idle";
  const busy = adding || waiting;

  return (
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      aria-label={formLabel ?? `Add ${productName} to cart`}
      className={formClassName}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {disabled ? null : children}
      <button type="submit" className={className} disabled={disabled} aria-disabled={busy || undefined} aria-busy={adding}>
        {disabled ? "Out of Stock" : adding ? "Adding…" : hydrated && label ? label : "Add to Cart"}
      </button>
    </fetcher.Form>
  );
}
