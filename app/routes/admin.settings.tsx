import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readFormData } from "~/server/form-data.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminAlert, AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { loadSettingsScreen, settingsAction } from "~/features/settings/settings-admin.server";
import { SettingsForms, SettingsVersions } from "~/features/settings/settings-screen";
import { noindexTitle } from "~/features/site/seo";

export const meta: MetaFunction = ({ matches }) => noindexTitle("Settings", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return loadSettingsScreen(context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return settingsAction(context, await readFormData(request));
}

export default function AdminSettings() {
  const { values, versionId, malformed, versions, timeZones } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer?.section ? { section: answer.section, result: answer.result } : null;
  return (
    <AdminShell>
      <AdminPageHeader title="Settings" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <p className="mt-2 text-ink-700">
          How the shop runs: where orders go, hours, delivery and payment. Shoppers see a saved change on their next page.
        </p>
      </AdminPageHeader>
      {malformed ? (
        <div className="mb-6">
          <AdminAlert title="The saved settings could not be read">
            <p>The shop is showing its first settings. Restore a version below, or save each form again.</p>
          </AdminAlert>
        </div>
      ) : null}
      {answer?.error ? (
        <div className="mb-6">
          <AdminAlert>{answer.error}</AdminAlert>
        </div>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
        <SettingsForms values={values} versionId={versionId} timeZones={timeZones} refused={refused} />
        <div className="xl:sticky xl:top-24">
          <SettingsVersions versions={versions} />
        </div>
      </div>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The settings could not be loaded" />;
}
