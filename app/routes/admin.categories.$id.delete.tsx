import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { alreadyDeleted, deleteTargetId, deleteWithToast } from "~/features/admin/admin-delete.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { getCategoryWithCount } from "~/features/catalogue/categories.server";
import { trashCategory } from "~/features/trash/category-trash.server";
import { deletedToast } from "~/features/trash/trash";
import { CategoryDeleteWarning } from "~/features/admin/category-delete";
import { AdminConfirmPage } from "~/features/admin/confirm-dialog";
import { AdminRouteError } from "~/features/admin/admin-ui";
import { CATEGORIES_PATH as PATH, CATEGORY_ERRORS } from "~/features/admin/category-form";
import { noindexTitle } from "~/features/site/seo";
import { fixedPagesListing } from "~/features/category-pages/category-pages.server";

export const meta: MetaFunction = ({ matches }) => noindexTitle("Delete Category", matches);

/** The confirm page (the no-JavaScript path of the list's Delete dialog), with how many products still use the category. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const category = await getCategoryWithCount(context.db, deleteTargetId(params.id, "Category"));
  if (!category) throw alreadyDeleted("Category");
  return { category, listedOn: fixedPagesListing(category.slug) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = deleteTargetId(params.id, "Category");
  // Into the trash (decision 025): the toast's Undo puts it back, and its products with it.
  return deleteWithToast(context, () => trashCategory(context.db, id), {
    deleted: (name) => ({
      to: PATH,
      toast: deletedToast("category", id, PATH, { title: "Category deleted", description: `${name} has been removed successfully` }),
    }),
    missing: { to: `${PATH}?error=delete-missing`, toast: CATEGORY_ERRORS["delete-missing"] },
    failed: { to: `${PATH}?error=delete-failed`, toast: CATEGORY_ERRORS["delete-failed"] },
    logLabel: "Delete category failed",
  });
}

export default function DeleteCategory() {
  const { category, listedOn } = useLoaderData<typeof loader>();
  return (
    <AdminConfirmPage title="Delete Category" cancelTo={PATH}>
      <div className="mt-3 space-y-3 text-ink-700">
        <CategoryDeleteWarning name={category.name} slug={category.slug} productCount={category.productCount} listedOn={listedOn} />
      </div>
    </AdminConfirmPage>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback={`${CATEGORY_ERRORS["delete-failed"].title}: the category could not be loaded.`} />;
}
