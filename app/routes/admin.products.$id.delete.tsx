import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { readFormData } from "~/server/form-data.server";
import { alreadyDeleted, deleteTargetId, deleteWithToast } from "~/features/admin/admin-delete.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminConfirmPage } from "~/features/admin/confirm-dialog";
import { AdminRouteError } from "~/features/admin/admin-ui";
import { localPath } from "~/server/redirect";
import { noindexTitle } from "~/features/site/seo";
import { getProductName } from "~/features/admin/product-admin.server";
import { trashProduct } from "~/features/trash/trash.server";
import { deletedToast, trashNotice } from "~/features/trash/trash";

export const meta: MetaFunction = ({ matches }) => noindexTitle("Delete Product", matches);

/** The confirm page (the no-JavaScript path of the list's Delete dialog). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const product = await getProductName(context.db, deleteTargetId(params.id, "Product"));
  if (!product) throw alreadyDeleted("Product");
  const redirectTo = localPath(new URL(request.url).searchParams.get("redirectTo"), "/admin/products");
  return { product, redirectTo };
}

const DELETE_FAILED = "Failed to delete product";

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = deleteTargetId(params.id, "Product");
  const formData = await readFormData(request);
  const redirectTo = localPath(formData.get("redirectTo"), "/admin/products");
  // Into the trash (decision 025): the toast's Undo puts it back with the same id, URL and media.
  return deleteWithToast(context, () => trashProduct(context.db, id), {
    deleted: (name) => ({
      to: redirectTo,
      toast: deletedToast("product", id, redirectTo, { title: "Product deleted", description: `${name} has been deleted successfully` }),
    }),
    missing: { to: redirectTo, toast: { title: DELETE_FAILED, description: "The product no longer exists." } },
    failed: { to: redirectTo, toast: { title: DELETE_FAILED } },
    logLabel: "Delete product failed",
  });
}

export default function DeleteProduct() {
  const { product, redirectTo } = useLoaderData<typeof loader>();
  return (
    <AdminConfirmPage title="Delete Product" cancelTo={redirectTo} fields={{ redirectTo }}>
      <p className="mt-3 text-ink-700">
        Are you sure you want to delete "{product.name}"? {trashNotice()}
      </p>
    </AdminConfirmPage>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback={`${DELETE_FAILED}: the product could not be loaded.`} />;
}
