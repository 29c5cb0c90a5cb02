import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminAlert, AdminFigures, AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { MigrationPanel } from "~/features/migration/migration-panel";
import { noindexTitle } from "~/features/site/seo";
import { getLatestMigrationRun } from "~/features/migration/migration-runs.server";
import { catalogue } from "~db/catalogue";
import { getDashboardStats } from "~/features/admin/product-admin.server";
import { NeedsAttention } from "~/features/admin/needs-attention";
import { SHOWN_SAMPLE_LAB_REPORT } from "~/features/lab-reports/sample-lab-reports.server";
import { SAMPLE_LAB_REPORT_LABEL, SAMPLE_LAB_REPORTS_ROUTE, sampleReportsText } from "~/features/lab-reports/lab-report-display";
import { lowStockLevelAction } from "~/features/admin/low-stock.server";
import { readFormData } from "~/server/form-data.server";
import { loadLayoutData } from "~/features/site/layout.server";
import { specialsNowAndNext } from "~/features/specials/specials-status";
import { readSpecials } from "~/features/specials/specials.server";
import { SpecialsPanel } from "~/features/specials/specials-panel";

export const meta: MetaFunction = ({ matches }) => noindexTitle("Admin Dashboard", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  try {
    // The settings come with the layout's batch, which the root loader reads anyway.
    const [stats, run, { settings }] = await Promise.all([
      getDashboardStats(context.db, { sampleReports: SHOWN_SAMPLE_LAB_REPORT }),
      getLatestMigrationRun(context.db),
      loadLayoutData(request, context),
    ]);
    return data({
      stats,
      run,
      catalogueSize: catalogue.length,
      error: null,
      settingsMalformed: settings.malformed,
      sampleReports: stats.sampleReports,
      specials: specialsNowAndNext(readSpecials(stats.specials), new Date(), settings.value.hours.timeZone),
    });
  } catch (error) {
    console.error("Dashboard: products could not be loaded", error);
    return data(
      {
        stats: null,
        run: null,
        catalogueSize: catalogue.length,
        error: "The product database could not be reached. Please try again in a moment.",
        settingsMalformed: false,
        sampleReports: 0,
        specials: null,
      },
      { status: 500 },
    );
  }
}

/** The dashboard's one form of its own: the low-stock level (Needs attention). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return lowStockLevelAction(context, await readFormData(request));
}

const LINKS = [
  {
    to: "/admin/insights",
    title: "Insights",
    text: "What shoppers view, add, order and search for, per day: counts only, nobody's data.",
  },
  { to: "/admin/products", title: "Manage Products", text: "Search, edit, activate, deactivate and delete products." },
  { to: "/admin/add-product", title: "Add New Product", text: "Create a product with images, video and effects." },
  { to: "/admin/categories", title: "Manage Categories", text: "Add, rename, activate and remove shop categories." },
  { to: "/admin/specials", title: "Specials", text: "Deals the shop applies by itself: buy X get Y, bundles, happy hours, codes." },
  { to: "/admin/settings", title: "Shop Settings", text: "Telegram account, hours, announcement, delivery and payment." },
  {
    to: "/admin/storefront",
    title: "Storefront",
    text: "Your words on the home page, reviews, FAQ, About and the policy pages, with every version kept.",
  },
] as const;

export default function AdminDashboard() {
  const { stats, run, catalogueSize: size, error, settingsMalformed, sampleReports, specials } = useLoaderData<typeof loader>();
  const saved = useActionData<typeof action>();
  const figures = stats
    ? [
        { label: "Total products", value: stats.total },
        { label: "Active", value: stats.active },
        { label: "Inactive", value: stats.inactive },
        { label: "Out of stock", value: stats.outOfStock },
        { label: "Categories", value: stats.categories },
      ]
    : [];
  return (
    <AdminShell>
      <AdminPageHeader title="Admin Dashboard">
        <p className="mt-2 text-ink-700">Everything the shop sells, at a glance.</p>
      </AdminPageHeader>

      {error ? (
        <div className="mb-6">
          <AdminAlert>System Error: {error}</AdminAlert>
        </div>
      ) : null}

      {settingsMalformed ? (
        <div className="mb-6">
          <AdminAlert title="The shop's saved settings could not be read">
            <p>
              Shoppers see the first settings of a new shop until they are fixed. <Link to="/admin/settings">Open Settings</Link> to restore
              a version or save them again.
            </p>
          </AdminAlert>
        </div>
      ) : null}

      {stats ? (
        <AdminFigures
          id="stats-heading"
          title="Statistics"
          gridClassName="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
          figures={figures}
        />
      ) : null}

      {stats ? (
        <NeedsAttention
          counts={stats.attention}
          lowStockLevel={stats.lowStockLevel}
          lastResult={saved?.lowStock}
          saveError={saved?.error}
        />
      ) : null}

      {specials ? <SpecialsPanel running={specials.running} upcoming={specials.upcoming} /> : null}

      {sampleReports > 0 ? (
        <p className="card mb-8 flex flex-col gap-2 border border-gold-500/40 p-5 text-sm text-ink-900 sm:flex-row sm:items-center sm:justify-between">
          <span>
            <strong>{sampleReportsText(sampleReports)}</strong> Shoppers see each labelled “{SAMPLE_LAB_REPORT_LABEL}”.
          </span>
          <Link to={SAMPLE_LAB_REPORTS_ROUTE} className="btn-secondary shrink-0">
            Review and remove
          </Link>
        </p>
      ) : null}

      <nav aria-label="Admin sections" className="mb-8">
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="card group flex h-full flex-col p-5 transition-shadow hover:shadow-md focus-visible:shadow-md">
                <span className="text-lg font-semibold text-forest-900 group-hover:underline">{link.title}</span>
                <span className="mt-1 text-sm text-ink-700">{link.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <MigrationPanel run={run} catalogue={{ size, loaded: stats?.fromCatalogue ?? null }} />

      <section
        aria-labelledby="sessions-heading"
        className="card mt-8 flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold text-forest-900">
            Sessions
          </h2>
          <p className="mt-1 text-sm text-ink-700">
            Signed in on a device you no longer have, or shared a screen? End every admin session on every device, this one included, and
            forget every device you have signed in from.
          </p>
        </div>
        <Form method="post" action="/admin/logout" className="shrink-0">
          <input type="hidden" name="scope" value="everywhere" />
          <button type="submit" className="btn-secondary w-full sm:w-auto">
            Sign out everywhere
          </button>
        </Form>
      </section>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="System Error: the dashboard could not be loaded." />;
}
