import { Form, Link, useLocation } from "@remix-run/react";
import type { ProductSummary } from "~/features/catalogue/product-summary";

/** Edit, Activate/Deactivate and Delete, wired to the admin branch's routes (see the contracts). */
export function AdminControls({ product, categorySlug }: { product: ProductSummary; categorySlug?: string }) {
  const location = useLocation();
  const editHref = categorySlug
    ? `/admin/products/edit/${product.id}?category=${encodeURIComponent(categorySlug)}`
    : `/admin/edit-product/${product.id}`;
  const control = "inline-flex flex-1 items-center justify-center rounded-full px-3 py-1.5 text-xs font-semibold";
  return (
    <div
      className="relative z-10 mt-3 flex flex-wrap gap-2 border-t border-ink-900/10 pt-3"
      role="group"
      aria-label={`Admin actions for ${product.name}`}
    >
      <Link
        to={editHref}
        className={`${control} border border-forest-800/20 text-forest-800 hover:bg-forest-50`}
        aria-label={`Edit ${product.name}`}
      >
        Edit
      </Link>
      <Form method="post" action="/admin/products" className="flex flex-1">
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button
          type="submit"
          className={`${control} border border-forest-800/20 text-forest-800 hover:bg-forest-50`}
          aria-label={`${product.active ? "Deactivate" : "Activate"} ${product.name}`}
        >
          {product.active ? "Deactivate" : "Activate"}
        </button>
      </Form>
      <Link to={`/admin/products/${product.id}/delete`} className={`${control} btn-delete`} aria-label={`Delete ${product.name}`}>
        Delete
      </Link>
    </div>
  );
}
