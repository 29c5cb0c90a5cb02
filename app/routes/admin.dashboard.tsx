import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminAlert, AdminFigures, AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { MigrationPanel } from "~/features/migration/migration-panel";
import { SITE } from "~/features/site/site";
import { getLatestMigrationRun } from "~/features/migration/migration.server";
import { getDashboardStats } from "~/features/admin/product-admin.server";
import { ATTENTION_ITEMS } from "~/features/admin/attention";
import { CheckIcon, SmallLineIcon } from "~/ui/icons";
import { HeadedSection } from "~/ui/headed-section";

export const meta: MetaFunction = () => [{ title: `Admin Dashboard | ${SITE.name}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  try {
    const [stats, run] = await Promise.all([getDashboardStats(context.db), getLatestMigrationRun(context.db)]);
    return data({ stats, run, error: null });
  } catch (error) {
    console.error("Dashboard: products could not be loaded", error);
    return data(
      { stats: null, run: null, error: "The product database could not be reached. Please try again in a moment." },
      { status: 500 },
    );
  }
}

const LINKS = [
  { to: "/admin/products", title: "Manage Products", text: "Search, edit, activate, deactivate and delete products." },
  { to: "/admin/add-product", title: "Add New Product", text: "Create a product with images, video and effects." },
  { to: "/admin/categories", title: "Manage Categories", text: "Add, rename, activate and remove shop categories." },
] as const;

export default function AdminDashboard() {
  const { stats, run, error } = useLoaderData<typeof loader>();
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

      {stats ? (
        <AdminFigures
          id="stats-heading"
          title="Statistics"
          gridClassName="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
          figures={figures}
        />
      ) : null}

      {stats ? <NeedsAttention counts={stats.attention} /> : null}

      <nav aria-label="Admin sections" className="mb-8">
        <ul className="grid gap-4 md:grid-cols-3">
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

      <MigrationPanel run={run} />

      <section
        aria-labelledby="sessions-heading"
        className="card mt-8 flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold text-forest-900">
            Sessions
          </h2>
          <p className="mt-1 text-sm text-ink-700">
            Signed in on a device you no longer have, or shared a screen? End every admin session on every device, this one included.
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

/**
 * Issue 30: what may need the owner's eye, each a count that opens Product Management filtered to
 * exactly those products. A count of 0 is a calm, muted line with a check, not a link.
 */
function NeedsAttention({ counts }: { counts: Record<(typeof ATTENTION_ITEMS)[number]["key"], number> }) {
  return (
    <HeadedSection
      id="attention-heading"
      className="card mb-8 p-5"
      headingClassName="text-lg font-semibold text-forest-900"
      title="Needs attention"
    >
      <p className="mt-1 text-sm text-ink-700">Each count opens the products it counts in Product Management.</p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
        {ATTENTION_ITEMS.map((item) => {
          const value = counts[item.key];
          // A row on a phone (label, then the count); a tile from lg on (the count on top, as in the figures above).
          const tile = "flex h-full items-center gap-3 rounded-xl px-4 py-3 lg:flex-col-reverse lg:items-stretch lg:justify-end lg:gap-1";
          const body = (
            <>
              <span className="min-w-0 flex-1 lg:flex-none">
                <span className="block font-semibold">{item.label}</span>
                <span className="mt-0.5 block text-xs text-ink-500">{item.hint}</span>
              </span>
              {value > 0 ? (
                <span className="flex items-center gap-2 lg:justify-between">
                  <span className="rounded-full bg-gold-100 px-2.5 py-0.5 text-sm font-semibold tabular-nums text-forest-950 ring-1 ring-gold-600/25">
                    {value}
                  </span>
                  <SmallLineIcon className="h-4 w-4 shrink-0 text-ink-500 group-hover:text-forest-800">
                    <path d="m7.5 5 5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />
                  </SmallLineIcon>
                </span>
              ) : (
                <span className="flex items-center gap-1 py-0.5 text-sm tabular-nums text-ink-500">
                  <CheckIcon className="h-4 w-4 text-forest-700" />0
                </span>
              )}
            </>
          );
          return (
            <li key={item.key}>
              {value > 0 ? (
                <Link
                  to={item.href}
                  aria-label={`${item.label}: ${value} ${value === 1 ? "product" : "products"}`}
                  className={`${tile} group border border-ink-900/10 text-ink-900 transition-colors hover:border-forest-800/30 hover:bg-forest-50 focus-visible:bg-forest-50`}
                >
                  {body}
                </Link>
              ) : (
                <div className={`${tile} border border-dashed border-ink-900/10 text-ink-500`}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </HeadedSection>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="System Error: the dashboard could not be loaded." />;
}
