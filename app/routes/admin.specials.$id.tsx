import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { deleteTargetId } from "~/features/admin/admin-delete.server";
import { noindexTitle } from "~/features/site/seo";
import { catalogueChoices } from "~/features/specials/specials-admin.server";
import { previewText } from "~/features/specials/specials-status";
import { saveSpecialAction, shopTimeZone } from "~/features/specials/specials-actions.server";
import { specialFormDefaults } from "~/features/specials/specials-form";
import { answeredPreview, SpecialForm } from "~/features/admin/specials-form-view";
import { getSpecial } from "~/features/specials/specials.server";
import { readFormData } from "~/server/form-data.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => noindexTitle(loaded?.name ?? "Special", matches);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = deleteTargetId(params.id, "Special");
  const [special, choices, timeZone] = await Promise.all([
    getSpecial(context.db, id),
    catalogueChoices(context.db),
    shopTimeZone(request, context),
  ]);
  if (!special) throw data({ message: "Special not found. It may have been deleted." }, { status: 404 });
  return {
    id,
    name: special.name,
    defaultValue: specialFormDefaults(special),
    choices,
    preview: previewText(special, choices, new Date(), timeZone),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = deleteTargetId(params.id, "Special");
  return saveSpecialAction(request, context, await readFormData(request), id);
}

export default function EditSpecial() {
  const { id, name, defaultValue, choices, preview } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AdminShell>
      <AdminPageHeader title={name} back={{ to: "/admin/specials", label: "Specials" }}>
        <p className="mt-2 text-ink-700">
          Edit this special, or <Link to={`/admin/specials/${id}/delete`}>delete it</Link> (it goes to the trash).
        </p>
      </AdminPageHeader>
      <SpecialForm
        key={id}
        defaultValue={defaultValue}
        choices={choices}
        lastResult={answer?.result}
        preview={answeredPreview(answer) ?? preview}
        submitLabel="Save special"
      />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The special could not be loaded." />;
}
