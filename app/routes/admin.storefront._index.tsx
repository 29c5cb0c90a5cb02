import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { noindexTitle } from "~/features/site/seo";
import { SECTION_KEYS, SECTIONS, STOREFRONT_PATH } from "~/features/storefront/storefront-sections";

export const meta: MetaFunction = ({ matches }) => noindexTitle("Storefront", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return null;
}

/** The Storefront area: every word the shop shows, by page. */
export default function Storefront() {
  return (
    <AdminShell>
      <AdminPageHeader title="Storefront" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <p className="mt-2 max-w-2xl text-ink-700">
          Every word shoppers read on these pages is yours to change. Each save keeps the version before, and any version can be restored.
        </p>
      </AdminPageHeader>
      <nav aria-label="Storefront sections">
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {SECTION_KEYS.map((key) => (
            <li key={key}>
              <Link
                to={`${STOREFRONT_PATH}/${key}`}
                className="card group flex h-full flex-col p-5 transition-shadow hover:shadow-md focus-visible:shadow-md"
              >
                <span className="text-lg font-semibold text-forest-900 group-hover:underline">{SECTIONS[key].title}</span>
                <span className="mt-1 text-sm text-ink-700">{SECTIONS[key].description}</span>
                <span className="mt-3 text-xs text-ink-500">Shown on {SECTIONS[key].pages.join(", ")}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The Storefront area could not be shown." />;
}
