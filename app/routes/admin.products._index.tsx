import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useCallback, useState } from "react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { formMessage } from "~/server/action-reply";
import { refusedReply } from "~/server/action-reply.server";
import { readFormData } from "~/server/form-data.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminConfirmDialog } from "~/features/admin/confirm-dialog";
import { trashNotice } from "~/features/trash/trash";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminAlert, AdminListSkeleton, AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { SearchCutNote } from "~/features/search/search-help";
import { localPath } from "~/server/redirect";
import { noindexTitle } from "~/features/site/seo";
import { listCategoryOptions } from "~/features/catalogue/categories.server";
import { parseProductFilters, searchCutNote } from "~/features/admin/product-list-filters.server";
import { categoryLabel, filterSummary, isFiltered, pageHref, ProductFilterForm } from "~/features/admin/product-list-filters";
import { BulkToolbar } from "~/features/admin/bulk-actions";
import { ListEmptyState, ListPagination, ProductRow } from "~/features/admin/product-list";
import type { AppLoadContext } from "~/server/load-context";
import {
  ADMIN_PRODUCTS_PER_PAGE,
  duplicateProduct,
  listAdminProducts,
  toggleProductActive,
  type AdminProductListItem,
} from "~/features/admin/product-admin.server";
import { redirectWithToast } from "~/features/toast/toast.server";

export const meta: MetaFunction = ({ matches }) => noindexTitle("Product Management", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const filters = parseProductFilters(params);
  try {
    const [list, categoryOptions] = await Promise.all([listAdminProducts(context.db, filters), listCategoryOptions(context.db)]);
    return {
      ...list,
      categoryOptions,
      filters,
      perPage: ADMIN_PRODUCTS_PER_PAGE,
      searchNote: searchCutNote(params),
    };
  } catch (error) {
    console.error("Product Management: products could not be loaded", error);
    throw data({ message: "Error loading products: the product database could not be reached." }, { status: 500 });
  }
}

const ProductIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), productId: ProductIdSchema }),
  z.object({ intent: z.literal("duplicate"), productId: ProductIdSchema }),
]);

const STATUS_FAILED = "Failed to update product status";
const DUPLICATE_FAILED = "Failed to duplicate product";

/**
 * intent=toggle (also posted from the shop's product cards): flips the product's active flag and
 * returns to redirectTo (a local path only) with the product's toast.
 * intent=duplicate: copies the product (inactive, '{name} (copy)') and opens the copy's edit page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const formData = await readFormData(request);
  const redirectTo = localPath(formData.get("redirectTo"), "/admin/products");
  const submission = parseWithZod(formData, { schema: ActionSchema });
  if (submission.status !== "success") {
    const failed = formData.get("intent") === "duplicate" ? DUPLICATE_FAILED : STATUS_FAILED;
    const what = formData.get("intent") === "duplicate" ? "to copy" : "to update";
    return refusedReply(submission, `${failed}: the request did not name a product ${what}.`, 400);
  }
  if (submission.value.intent === "duplicate") return duplicate(context, submission.value.productId, redirectTo);
  try {
    const product = await toggleProductActive(context.db, submission.value.productId);
    if (!product) {
      return redirectWithToast(context, redirectTo, {
        title: STATUS_FAILED,
        description: "The product no longer exists.",
        variant: "destructive",
      });
    }
    const state = product.active ? "activated" : "deactivated";
    return redirectWithToast(context, redirectTo, {
      title: "Product status updated",
      description: `${product.name} has been ${state} successfully`,
    });
  } catch (error) {
    console.error("Toggle product failed", error);
    return redirectWithToast(context, redirectTo, { title: STATUS_FAILED, variant: "destructive" });
  }
}

async function duplicate(context: AppLoadContext, productId: number, redirectTo: string) {
  try {
    const copy = await duplicateProduct(context.db, productId);
    if (!copy) {
      return redirectWithToast(context, redirectTo, {
        title: DUPLICATE_FAILED,
        description: "The product no longer exists.",
        variant: "destructive",
      });
    }
    return redirectWithToast(context, `/admin/edit-product/${copy.id}`, {
      title: "Product duplicated",
      description: `${copy.name} is inactive until you activate it.`,
    });
  } catch (error) {
    console.error("Duplicate product failed", error);
    return redirectWithToast(context, redirectTo, { title: DUPLICATE_FAILED, variant: "destructive" });
  }
}

export default function ProductManagement() {
  const { products, filteredCount, totalCount, categories, categoryOptions, filters, perPage, searchNote } = useLoaderData<typeof loader>();
  const actionMessage = formMessage(useActionData<typeof action>());
  const location = useLocation();
  const navigation = useNavigation();
  const [deleting, setDeleting] = useState<AdminProductListItem | null>(null);
  const closeDialog = useCallback(() => setDeleting(null), []);

  const returnTo = `${location.pathname}${location.search}`;
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/products";
  const pageCount = Math.max(1, Math.ceil(filteredCount / perPage));
  const searchParams = new URLSearchParams(location.search);

  return (
    <AdminShell>
      <AdminPageHeader
        title="Product Management"
        action={
          <Link to="/admin/add-product" className="btn-primary">
            Add New Product
          </Link>
        }
      />

      {actionMessage ? (
        <div className="mb-6">
          <AdminAlert>{actionMessage}</AdminAlert>
        </div>
      ) : null}

      <ProductFilterForm filters={filters} categories={categories} totalCount={totalCount} />

      <p className="mb-4 text-sm text-ink-700" aria-live="polite">
        {filterSummary(filters, { filtered: filteredCount, total: totalCount }, categories)}
      </p>
      {searchNote ? <SearchCutNote note={searchNote} /> : null}

      {loading ? (
        <AdminListSkeleton label="Loading products..." />
      ) : totalCount === 0 ? (
        <ListEmptyState title="No products found">
          <Link to="/admin/add-product" className="btn-primary">
            Add Your First Product
          </Link>
        </ListEmptyState>
      ) : products.length === 0 && filteredCount > 0 ? (
        <ListEmptyState title="This page is past the end of the list">
          <Link to={pageHref(searchParams, 1)} className="btn-secondary">
            Go to the first page
          </Link>
        </ListEmptyState>
      ) : products.length === 0 ? (
        <ListEmptyState title="No products match your search criteria">
          {isFiltered(filters) ? (
            <Link to="/admin/products" className="btn-secondary">
              Clear Filters
            </Link>
          ) : null}
        </ListEmptyState>
      ) : (
        <section aria-labelledby="product-list-heading" key={location.key}>
          <h2 id="product-list-heading" className="sr-only">
            Products
          </h2>
          <BulkToolbar
            filteredCount={filteredCount}
            pageCount={products.length}
            search={searchParams}
            returnTo={returnTo}
            categories={categoryOptions}
          />
          <ul className="space-y-3">
            {products.map((product) => (
              <li key={product.id}>
                <ProductRow
                  product={product}
                  categoryName={categoryLabel(categories, product.category)}
                  returnTo={returnTo}
                  onDelete={setDeleting}
                />
              </li>
            ))}
          </ul>
          <ListPagination search={searchParams} page={filters.page} pageCount={pageCount} />
        </section>
      )}

      <AdminConfirmDialog
        open={deleting !== null}
        onClose={closeDialog}
        title="Delete Product"
        action={deleting ? `/admin/products/${deleting.id}/delete` : "/admin/products"}
        fields={{ redirectTo: returnTo }}
      >
        <p>
          Are you sure you want to delete "{deleting?.name}"? {trashNotice()}
        </p>
      </AdminConfirmDialog>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="Error loading products: the product list could not be shown." />;
}
