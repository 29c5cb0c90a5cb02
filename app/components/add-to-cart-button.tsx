import { Form } from "@remix-run/react";

/**
 * Add to Cart: a plain form post to the /cart action (works without JavaScript).
 * The cart issue enhances it with a fetcher and optimistic UI.
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
  return (
    <Form method="post" action="/cart" aria-label={`Add ${productName} to cart`}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <button type="submit" className={className} disabled={disabled}>
        {disabled ? "Out of Stock" : "Add to Cart"}
      </button>
    </Form>
  );
}
