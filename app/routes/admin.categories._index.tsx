import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useCallback, useState } from "react";
import { readFormData } from "~/server/form-data.server";
import { requireAdmin } from "~/features/auth/auth.server";
import type { CategoryWithCount } from "~/features/catalogue/categories.server";
import { AdminConfirmDialog } from "~/features/admin/confirm-dialog";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminAlert, AdminPageHeader, AdminRouteError, useActionToast } from "~/features/admin/admin-ui";
import { categoryAction, loadCategoryManagement } from "~/features/admin/category-admin.server";
import { CategoryDeleteWarning } from "~/features/admin/category-delete";
import { CATEGORIES_PATH as PATH, CATEGORY_ERRORS, categoryError } from "~/features/admin/category-form";
import { CategoryList, CategoryPanel } from "~/features/admin/category-list";
import { noindexTitle } from "~/features/site/seo";

export const meta: MetaFunction = ({ matches }) => noindexTitle("Category Management", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return loadCategoryManagement(context.db, new URL(request.url).searchParams);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return categoryAction(context, await readFormData(request));
}

export default function CategoryManagement() {
  const loaded = useLoaderData<typeof loader>();
  const { categories, listedOn } = loaded;
  const actionData = useActionData<typeof action>();
  // A refused add or rename (posted without ?mode) reopens its panel with what was typed.
  const panel = actionData?.panel;
  const mode = panel ? panel.mode : loaded.mode;
  const editing = panel ? (categories.find((category) => category.id === panel.id) ?? null) : loaded.editing;
  const location = useLocation();
  const navigation = useNavigation();
  const [deleting, setDeleting] = useState<CategoryWithCount | null>(null);
  const closeDialog = useCallback(() => setDeleting(null), []);
  useActionToast(actionData?.toast);

  const params = new URLSearchParams(location.search);
  const banner = actionData?.error ?? categoryError(params.get("error"));
  params.delete("error");
  const dismissTo = params.size > 0 ? `${PATH}?${params.toString()}` : PATH;
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  const panelOpen = mode !== null;

  return (
    <AdminShell>
      <AdminPageHeader
        title="Category Management"
        back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
        action={
          panelOpen ? (
            <button type="button" className="btn-primary" disabled>
              Add Category
            </button>
          ) : (
            <Link to={`${PATH}?mode=add`} className="btn-primary" preventScrollReset>
              Add Category
            </Link>
          )
        }
      />

      {banner ? (
        <div className="mb-6">
          <AdminAlert title={banner.title} dismissTo={dismissTo}>
            <p>{banner.description}</p>
          </AdminAlert>
        </div>
      ) : null}

      <section aria-labelledby="categories-heading" className="card overflow-hidden">
        <h2 id="categories-heading" className="border-b border-ink-900/5 px-4 py-4 text-xl font-semibold text-forest-900 sm:px-6">
          Categories ({categories.length})
        </h2>

        {panelOpen ? (
          <CategoryPanel key={`${mode}-${editing?.id ?? "new"}`} mode={mode} editing={editing} lastResult={actionData?.result} />
        ) : null}

        {loading ? (
          <p role="status" className="px-6 py-10 text-center text-ink-700">
            Loading categories...
          </p>
        ) : categories.length === 0 ? (
          <div className="flex flex-col items-center gap-4 px-6 py-12 text-center">
            <p className="text-ink-700">No categories found.</p>
            {panelOpen ? null : (
              <Link to={`${PATH}?mode=add`} className="btn-primary">
                Add Your First Category
              </Link>
            )}
          </div>
        ) : (
          <CategoryList categories={categories} onDelete={setDeleting} />
        )}
      </section>

      <AdminConfirmDialog
        open={deleting !== null}
        onClose={closeDialog}
        title="Delete Category"
        action={deleting ? `${PATH}/${deleting.id}/delete` : PATH}
      >
        {deleting ? (
          <CategoryDeleteWarning
            name={deleting.name}
            slug={deleting.slug}
            productCount={deleting.productCount}
            listedOn={listedOn[deleting.slug]}
          />
        ) : null}
      </AdminConfirmDialog>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback={CATEGORY_ERRORS["load-failed"].title} />;
}
