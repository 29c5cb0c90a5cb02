import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { noindexTitle } from "~/features/site/seo";
import { catalogueChoices } from "~/features/specials/specials-admin.server";
import { saveSpecialAction } from "~/features/specials/specials-actions.server";
import { answeredPreview, SpecialForm } from "~/features/admin/specials-form-view";
import { readFormData } from "~/server/form-data.server";

export const meta: MetaFunction = ({ matches }) => noindexTitle("New special", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { choices: await catalogueChoices(context.db) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return saveSpecialAction(request, context, await readFormData(request), null);
}

export default function NewSpecial() {
  const { choices } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AdminShell>
      <AdminPageHeader title="New special" back={{ to: "/admin/specials", label: "Specials" }}>
        <p className="mt-2 text-ink-700">An offer the shop applies by itself, in the cart, at checkout and in the order message.</p>
      </AdminPageHeader>
      <SpecialForm
        defaultValue={{ kind: "percent_off" }}
        choices={choices}
        lastResult={answer?.result}
        preview={answeredPreview(answer)}
        submitLabel="Create special"
      />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The special form could not be loaded." />;
}
