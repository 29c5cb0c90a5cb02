import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readFormData } from "~/server/form-data.server";
import { localPath } from "~/server/redirect";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminRouteError } from "~/features/admin/admin-ui";
import { noindexTitle } from "~/features/site/seo";
import { BulkConfirmationPage } from "~/features/admin/bulk-actions";
import { bulkAnswer, bulkConfirmation } from "~/features/admin/bulk-actions.server";
import { BULK_FIELDS, BULK_ROUTE, type BulkConfirmation } from "~/features/admin/bulk-rules";

export const meta: MetaFunction = ({ matches }) => noindexTitle("Bulk action", matches);

/** The confirmation (GET from the list's bulk form): nothing changes here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const confirmation = await bulkConfirmation(context.db, params, localPath(params.get(BULK_FIELDS.redirectTo), "/admin/products"));
  return data(confirmation, { status: confirmation.ok ? 200 : 400 });
}

/** The change (POST from the confirmation); a post that was not confirmed is sent to the confirmation. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const formData = await readFormData(request);
  const redirectTo = localPath(formData.get(BULK_FIELDS.redirectTo), "/admin/products");
  if (formData.get(BULK_FIELDS.confirmed) !== "1") {
    const query = new URLSearchParams(Array.from(formData.entries(), ([name, value]) => [name, typeof value === "string" ? value : ""]));
    return redirect(`${BULK_ROUTE}?${query.toString()}`, 303);
  }
  const answer = await bulkAnswer(context, formData, redirectTo);
  return answer.ok ? answer.response : data(answer, { status: 400 });
}

export default function BulkAction() {
  const loaded = useLoaderData<typeof loader>();
  // The action answers with a redirect, or with the reason nothing was changed.
  const posted = useActionData<typeof action>() as BulkConfirmation | undefined;
  return (
    <AdminShell>
      <BulkConfirmationPage confirmation={posted ?? loaded} />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The bulk action could not be shown." />;
}
