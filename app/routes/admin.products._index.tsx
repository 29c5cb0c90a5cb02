import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import { readFormData } from "~/server/form-data.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminConfirmDialog } from "~/features/admin/confirm-dialog";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminAlert, AdminListSkeleton, AdminPageHeader, AdminRouteError, Badge } from "~/features/admin/admin-ui";
import { SearchCutNote } from "~/features/search/search-help";
import { imageSources } from "~/features/media/product-image";
import { isOnSale } from "~/features/deals/deals";
import { formatCents } from "~/features/catalogue/money";
import { localPath } from "~/server/redirect";
import { normalizeSearch, SEARCH_CUT_NOTE } from "~/features/search/search";
import { SITE } from "~/features/site/site";
import { titleCaseSlug } from "~/features/catalogue/slug";
import type { Db } from "~/server/load-context";
import {
  ADMIN_PRODUCTS_PER_PAGE,
  duplicateProduct,
  listAdminProducts,
  toggleProductActive,
  type AdminProductListItem,
} from "~/features/admin/product-admin.server";
import { redirectWithToast } from "~/features/toast/toast.server";

export const meta: MetaFunction = () => [{ title: `Product Management | ${SITE.name}` }, { name: "robots", content: "noindex" }];

const FiltersSchema = z.object({
  search: z
    .string()
    .transform((value) => normalizeSearch(value).term)
    .catch(""),
  category: z.string().trim().max(100).catch(""),
  onSale: z
    .literal("1")
    .transform(() => true)
    .catch(false),
  status: z.enum(["", "active", "inactive"]).catch(""),
  stock: z.enum(["", "in", "out"]).catch(""),
  noPhoto: z
    .literal("none")
    .transform(() => true)
    .catch(false),
  labReportMissing: z
    .literal("missing")
    .transform(() => true)
    .catch(false),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const filters = FiltersSchema.parse({
    search: params.get("search") ?? "",
    category: params.get("category") ?? "",
    onSale: params.get("sale") ?? "",
    status: params.get("status") ?? "",
    stock: params.get("stock") ?? "",
    noPhoto: params.get("photo") ?? "",
    labReportMissing: params.get("report") ?? "",
    page: params.get("page") ?? 1,
  });
  try {
    const list = await listAdminProducts(context.db, filters);
    return {
      ...list,
      filters,
      perPage: ADMIN_PRODUCTS_PER_PAGE,
      searchNote: normalizeSearch(params.get("search")).cut ? SEARCH_CUT_NOTE : null,
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
 * returns to redirectTo (a local path only) with the spec's toast.
 * intent=duplicate: copies the product (inactive, '{name} (copy)') and opens the copy's edit page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const formData = await readFormData(request);
  const redirectTo = localPath(formData.get("redirectTo"), "/admin/products");
  const parsed = ActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const failed = formData.get("intent") === "duplicate" ? DUPLICATE_FAILED : STATUS_FAILED;
    const what = formData.get("intent") === "duplicate" ? "to copy" : "to update";
    return data({ error: `${failed}: the request did not name a product ${what}.` }, { status: 400 });
  }
  if (parsed.data.intent === "duplicate") return duplicate(context.db, parsed.data.productId, redirectTo);
  try {
    const product = await toggleProductActive(context.db, parsed.data.productId);
    if (!product) {
      return redirectWithToast(redirectTo, {
        title: STATUS_FAILED,
        description: "The product no longer exists.",
        variant: "destructive",
      });
    }
    const state = product.active ? "activated" : "deactivated";
    return redirectWithToast(redirectTo, {
      title: "Product status updated",
      description: `${product.name} has been ${state} successfully`,
    });
  } catch (error) {
    console.error("Toggle product failed", error);
    return redirectWithToast(redirectTo, { title: STATUS_FAILED, variant: "destructive" });
  }
}

async function duplicate(db: Db, productId: number, redirectTo: string) {
  try {
    const copy = await duplicateProduct(db, productId);
    if (!copy) {
      return redirectWithToast(redirectTo, {
        title: DUPLICATE_FAILED,
        description: "The product no longer exists.",
        variant: "destructive",
      });
    }
    return redirectWithToast(`/admin/edit-product/${copy.id}`, {
      title: "Product duplicated",
      description: `${copy.name} is inactive until you activate it.`,
    });
  } catch (error) {
    console.error("Duplicate product failed", error);
    return redirectWithToast(redirectTo, { title: DUPLICATE_FAILED, variant: "destructive" });
  }
}

function categoryLabel(categories: { slug: string; name: string }[], slug: string) {
  return categories.find((category) => category.slug === slug)?.name ?? titleCaseSlug(slug);
}

function ProductRow({
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
      className={`card flex flex-col gap-4 p-4 sm:flex-row sm:items-center ${product.active ? "" : "bg-cream-100/70 opacity-75"}`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <img
          {...imageSources(product.image, "adminThumb")}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="h-16 w-16 shrink-0 rounded-xl bg-cream-100 object-cover"
        />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-ink-900">{product.name}</h3>
            {product.active ? null : <Badge tone="red">Inactive</Badge>}
            {isOnSale(product) ? <Badge tone="red">On sale</Badge> : null}
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
        <Form method="post">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="redirectTo" value={returnTo} />
          <button type="submit" className="btn-secondary px-4 py-2">
            {product.active ? "Deactivate" : "Activate"}
            <span className="sr-only"> {product.name}</span>
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="duplicate" />
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="redirectTo" value={returnTo} />
          <button type="submit" className="btn-secondary px-4 py-2">
            Duplicate<span className="sr-only"> {product.name}</span>
          </button>
        </Form>
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

/** A select of the filter form; with JavaScript a change applies at once, like the category's. */
function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  const submit = useSubmit();
  return (
    <div>
      <label htmlFor={`product-${name}`} className="label">
        {label}
      </label>
      <select
        id={`product-${name}`}
        name={name}
        defaultValue={value}
        key={`${name}-${value}`}
        className="input"
        onChange={(event) => submit(event.currentTarget.form)}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function FilterCheckbox({ name, value, checked, label }: { name: string; value: string; checked: boolean; label: string }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-ink-900">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        key={`${name}-${checked}`}
        className="h-4 w-4 accent-forest-800"
      />
      {label}
    </label>
  );
}

function pageHref(search: URLSearchParams, page: number) {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  const query = next.toString();
  return query ? `?${query}` : ".";
}

export default function ProductManagement() {
  const { products, filteredCount, totalCount, categories, filters, perPage, searchNote } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [deleting, setDeleting] = useState<AdminProductListItem | null>(null);
  const closeDialog = useCallback(() => setDeleting(null), []);

  const returnTo = `${location.pathname}${location.search}`;
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/products";
  const pageCount = Math.max(1, Math.ceil(filteredCount / perPage));
  const searchParams = new URLSearchParams(location.search);
  const qualifiers = [
    filters.onSale ? "on sale" : null,
    filters.status || null,
    { in: "in stock", out: "out of stock", "": null }[filters.stock],
    filters.noPhoto ? "without a photo" : null,
    filters.labReportMissing ? "lab tested without a lab report" : null,
  ].filter(Boolean);
  const filtered = Boolean(filters.search || filters.category || qualifiers.length > 0);

  let summary = `Showing ${filteredCount} of ${totalCount} products`;
  if (filters.search) summary += ` matching "${filters.search}"`;
  if (filters.category) summary += ` in category "${categoryLabel(categories, filters.category)}"`;
  if (qualifiers.length > 0) summary += ` ${qualifiers.join(", ")}`;

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

      {actionData?.error ? (
        <div className="mb-6">
          <AdminAlert>{actionData.error}</AdminAlert>
        </div>
      ) : null}

      <Form method="get" role="search" aria-label="Filter products" className="card mb-6 grid gap-4 p-4">
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-[1fr_minmax(12rem,16rem)_10rem_10rem] lg:items-end">
          <div className="col-span-2 lg:col-span-1">
            <label htmlFor="product-search" className="label">
              Search
            </label>
            <input
              id="product-search"
              type="search"
              name="search"
              defaultValue={filters.search}
              key={`search-${filters.search}`}
              placeholder="Search products by name or category..."
              className="input"
            />
          </div>
          <div className="col-span-2 lg:col-span-1">
            <label htmlFor="product-category" className="label">
              Category
            </label>
            <select
              id="product-category"
              name="category"
              defaultValue={filters.category}
              key={`category-${filters.category}`}
              className="input max-h-[300px] overflow-y-auto"
              onChange={(event) => submit(event.currentTarget.form)}
            >
              <option value="">All Categories ({totalCount})</option>
              {categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name} ({category.count})
                </option>
              ))}
            </select>
          </div>
          <FilterSelect
            name="status"
            label="Status"
            value={filters.status}
            options={[
              ["", "Any status"],
              ["active", "Active"],
              ["inactive", "Inactive"],
            ]}
          />
          <FilterSelect
            name="stock"
            label="Stock"
            value={filters.stock}
            options={[
              ["", "Any stock"],
              ["in", "In stock"],
              ["out", "Out of stock"],
            ]}
          />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <fieldset className="flex flex-wrap gap-x-5 gap-y-1">
            <legend className="sr-only">Show only products</legend>
            <FilterCheckbox name="sale" value="1" checked={filters.onSale} label="On sale only" />
            <FilterCheckbox name="photo" value="none" checked={filters.noPhoto} label="Without a photo" />
            <FilterCheckbox name="report" value="missing" checked={filters.labReportMissing} label="Lab tested without a report" />
          </fieldset>
          <button type="submit" className="btn-primary">
            Search
          </button>
        </div>
      </Form>

      <p className="mb-4 text-sm text-ink-700" aria-live="polite">
        {summary}
      </p>
      {searchNote ? <SearchCutNote note={searchNote} /> : null}

      {loading ? (
        <AdminListSkeleton label="Loading products..." />
      ) : totalCount === 0 ? (
        <div className="card flex flex-col items-center gap-4 p-10 text-center">
          <h2 className="heading-display text-2xl">No products found</h2>
          <Link to="/admin/add-product" className="btn-primary">
            Add Your First Product
          </Link>
        </div>
      ) : products.length === 0 && filteredCount > 0 ? (
        <div className="card flex flex-col items-center gap-4 p-10 text-center">
          <h2 className="heading-display text-2xl">This page is past the end of the list</h2>
          <Link to={pageHref(searchParams, 1)} className="btn-secondary">
            Go to the first page
          </Link>
        </div>
      ) : products.length === 0 ? (
        <div className="card flex flex-col items-center gap-4 p-10 text-center">
          <h2 className="heading-display text-2xl">No products match your search criteria</h2>
          {filtered ? (
            <Link to="/admin/products" className="btn-secondary">
              Clear Filters
            </Link>
          ) : null}
        </div>
      ) : (
        <section aria-labelledby="product-list-heading">
          <h2 id="product-list-heading" className="sr-only">
            Products
          </h2>
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
          {pageCount > 1 ? (
            <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-3">
              {filters.page > 1 ? (
                <Link to={pageHref(searchParams, filters.page - 1)} className="btn-secondary" rel="prev">
                  Previous
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-ink-700">
                Page {filters.page} of {pageCount}
              </span>
              {filters.page < pageCount ? (
                <Link to={pageHref(searchParams, filters.page + 1)} className="btn-secondary" rel="next">
                  Next
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
      )}

      <AdminConfirmDialog
        open={deleting !== null}
        onClose={closeDialog}
        title="Delete Product"
        action={deleting ? `/admin/products/${deleting.id}/delete` : "/admin/products"}
        fields={{ redirectTo: returnTo }}
      >
        <p>Are you sure you want to delete "{deleting?.name}"? This action cannot be undone.</p>
      </AdminConfirmDialog>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="Error loading products: the product list could not be shown." />;
}
