import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { CatalogueLoadConfirm } from "~/features/migration/catalogue-load-confirm";
import { CATALOGUE_LOAD_TEXT } from "~/features/migration/catalogue-load";
import { isRunActive } from "~/features/migration/migration";
import { catalogueLoadChoices } from "~/features/migration/load-plan.server";
import { getLatestMigrationRun } from "~/features/migration/migration-runs.server";
import { noindexTitle } from "~/features/site/seo";

/** /admin/catalogue-load — what 'Load Full Product Catalog' will do, asked before anything changes (decision 024). */

export const meta: MetaFunction = ({ matches }) => noindexTitle("Load Catalogue", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [choices, run] = await Promise.all([catalogueLoadChoices(context.db), getLatestMigrationRun(context.db)]);
  return { ...choices, busy: isRunActive(run) };
}

export default function CatalogueLoad() {
  const { keep, replace, token, busy } = useLoaderData<typeof loader>();
  return (
    <AdminShell>
      <AdminPageHeader title={CATALOGUE_LOAD_TEXT.title} back={{ to: "/admin/dashboard", label: "Dashboard" }}>
        <p className="mt-2 max-w-2xl text-ink-700">
          The catalogue holds {keep.catalogueSize} products. Catalogue products keep their pages, links and places in carts; nothing changes
          until you choose below.
        </p>
      </AdminPageHeader>
      <CatalogueLoadConfirm keep={keep} replace={replace} token={token} busy={busy} />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The catalogue load could not be planned." />;
}
