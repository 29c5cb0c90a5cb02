import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { alreadyDeleted, deleteTargetId, deleteWithToast } from "~/features/admin/admin-delete.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminConfirmPage } from "~/features/admin/confirm-dialog";
import { AdminRouteError } from "~/features/admin/admin-ui";
import { noindexTitle } from "~/features/site/seo";
import { getSpecial, trashSpecial } from "~/features/specials/specials.server";
import { deletedToast, trashNotice } from "~/features/trash/trash";

export const meta: MetaFunction = ({ matches }) => noindexTitle("Delete special", matches);

const LIST = "/admin/specials";

/** The confirm page: the list's Delete leads here (with or without JavaScript). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const special = await getSpecial(context.db, deleteTargetId(params.id, "Special"));
  if (!special) throw alreadyDeleted("Special");
  return { name: special.name };
}

const DELETE_FAILED = "Failed to delete special";

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = deleteTargetId(params.id, "Special");
  // Into the trash: the toast's Undo (and the trash page) put it back with its id and code.
  return deleteWithToast(context, () => trashSpecial(context.db, id), {
    deleted: (name) => ({
      to: LIST,
      toast: deletedToast("special", id, LIST, { title: "Special deleted", description: `${name} has been deleted` }),
    }),
    missing: { to: LIST, toast: { title: DELETE_FAILED, description: "The special no longer exists." } },
    failed: { to: LIST, toast: { title: DELETE_FAILED } },
    logLabel: "Delete special failed",
  });
}

export default function DeleteSpecial() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <AdminConfirmPage title="Delete special" cancelTo={LIST}>
      <p className="mt-3 text-ink-700">
        Delete “{name}”? Shoppers stop getting it at once. {trashNotice()}
      </p>
    </AdminConfirmPage>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback={`${DELETE_FAILED}: the special could not be loaded.`} />;
}
