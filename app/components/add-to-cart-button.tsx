import { useFetcher } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { CartActionData } from "~/routes/cart";
import { addToCartFetcherKey, CART_ACTION, useFetcherToasts, useOtherCartSubmitting } from "./cart-state";

/**
 * Add to Cart: posts intent=add&productId=N to the /cart action. Without JavaScript it is a plain
 * form post (the action redirects back with 'Added to cart!'); with JavaScript a fetcher keeps the
 * page in place, shows 'Adding…' and the notice, and the header badge counts the item at once.
 */
export function AddToCartButton({
  productId,
  productName,
  disabled = false,
  className = "btn-primary w-full",
}: {
  productId: number;
  productName: string;
  disabled?: boolean;
  className?: string;
}) {
  const key = addToCartFetcherKey(productId);
  const fetcher = useFetcher<CartActionData>({ key });
  useFetcherToasts(fetcher.data);
  const hydrated = useHydrated();
  const waiting = useOtherCartSubmitting(key);
  const adding = fetcher.state !== "idle";

  return (
    <fetcher.Form method="post" action={CART_ACTION} aria-label={`Add ${productName} to cart`}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button type="submit" className={className} disabled={disabled || adding || waiting} aria-busy={adding}>
        {disabled ? "Out of Stock" : adding ? "Adding…" : "Add to Cart"}
      </button>
    </fetcher.Form>
  );
}
