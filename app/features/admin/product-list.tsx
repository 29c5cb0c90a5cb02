import { Form, Link } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { isSampleLabReport, SAMPLE_LAB_REPORT_LABEL } from "~/features/lab-reports/lab-report-display";
import { SquareThumb } from "~/features/photos/product-image";
import { isOnSale } from "~/features/deals/deals";
import { formatCents } from "~/features/money/money";
import { Badge } from "./admin-ui";
import { BulkSelectBox } from "./bulk-actions";
import { pageHref } from "./product-list-filters";
import type { AdminProductListItem } from "./product-admin.server";

/** Product Management's list: a product's row (with its box for bulk actions), the empty states and the pages. */

/** A one-button form of a row, posted to the list's action (toggle, duplicate). */
function RowAction({
  intent,
  product,
  returnTo,
  label,
}: {
  intent: "toggle" | "duplicate";
  product: AdminProductListItem;
  returnTo: string;
  label: string;
}) {
  return (
    <Form method="post" action="/admin/products?index">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button type="submit" className="btn-secondary px-4 py-2">
        {label}
        <span className="sr-only"> {product.name}</span>
      </button>
    </Form>
  );
}

export function ProductRow({
  product,
  categoryName,
  returnTo,
  onDelete,
}: {
  product: AdminProductListItem;
  categoryName: string;
  returnTo: string;
  onDelete: (product: AdminProductListItem) => void;
}) {
  const hydrated = useHydrated();
  const deleteHref = `/admin/products/${product.id}/delete?redirectTo=${encodeURIComponent(returnTo)}`;
  return (
    <article
      aria-label={product.name}
      className={`card flex flex-col gap-4 p-4 sm:flex-row sm:items-center ${product.active ? "" : "border-dashed border-ink-900/25 bg-cream-100/70"}`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <BulkSelectBox id={product.id} name={product.name} />
        <SquareThumb src={product.image} layout="adminThumb" size={64} className="h-16 w-16 shrink-0" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 font-semibold break-words text-ink-900 [overflow-wrap:anywhere]">{product.name}</h3>
            {product.active ? null : <Badge tone="red">Inactive</Badge>}
            {isOnSale(product) ? <Badge tone="red">On sale</Badge> : null}
            {isSampleLabReport(product) ? <Badge tone="gold">{SAMPLE_LAB_REPORT_LABEL}</Badge> : null}
          </div>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <Badge>{categoryName}</Badge>
            <Badge tone="gold">
              {formatCents(product.priceCents)}
              {isOnSale(product) ? (
                <s className="ml-1.5 font-medium text-ink-700">
                  <span className="sr-only">was </span>
                  {formatCents(product.compareAtCents!)}
                </s>
              ) : null}
            </Badge>
            {product.strainType ? <Badge tone="green">{product.strainType}</Badge> : null}
            {product.thcContent ? <Badge tone="green">THC: {product.thcContent}</Badge> : null}
            {product.inStock ? null : <Badge tone="red">Out of Stock</Badge>}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <Link to={`/admin/edit-product/${product.id}`} className="btn-secondary px-4 py-2">
          Edit<span className="sr-only"> {product.name}</span>
        </Link>
        <RowAction intent="toggle" product={product} returnTo={returnTo} label={product.active ? "Deactivate" : "Activate"} />
        <RowAction intent="duplicate" product={product} returnTo={returnTo} label="Duplicate" />
        <Link
          to={deleteHref}
          className="btn-delete px-4 py-2"
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            onDelete(product);
          }}
        >
          Delete<span className="sr-only"> {product.name}</span>
        </Link>
      </div>
    </article>
  );
}

/** A card in place of the list: what is (not) there, and the way on. */
export function ListEmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="card flex flex-col items-center gap-4 p-10 text-center">
      <h2 className="heading-display text-2xl">{title}</h2>
      {children}
    </div>
  );
}

export function ListPagination({ search, page, pageCount }: { search: URLSearchParams; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={pageHref(search, page - 1)} className="btn-secondary" rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-ink-700">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={pageHref(search, page + 1)} className="btn-secondary" rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
