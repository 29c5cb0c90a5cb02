import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminAlert, AdminFigures, AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { noindexTitle } from "~/features/site/seo";
import { readSettings } from "~/features/settings/settings.server";
import { formatCents } from "~/features/money/money";
import { HeadedSection } from "~/ui/headed-section";
import { TableHead } from "~/ui/table-head";
import { readInsights, type TermFigures } from "~/features/insights/insights.server";
import {
  FOLDED_TERM,
  lastDays,
  parseRange,
  parseSort,
  PRODUCT_SORT_KEYS,
  PRODUCT_SORTS,
  RANGES,
  rarelyAdded,
  rateText,
  topProducts,
  type ProductSort,
} from "~/features/insights/insights";
import { DailyChart, dayLabel } from "~/features/insights/insights-chart";

/**
 * /admin/insights — what was viewed, added, ordered and searched for, counted per shop day with
 * nothing about any person (docs/decisions/046). Ranges and the product order are links: the page
 * works the same with JavaScript off.
 */

export const meta: MetaFunction = ({ matches }) => noindexTitle("Insights", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const range = parseRange(params.get("range"));
  const sort = parseSort(params.get("sort"));
  const timeZone = (await readSettings(context)).value.hours.timeZone;
  const days = lastDays(Date.now(), timeZone, range);
  const insights = await readInsights(context.db, days);
  return {
    range,
    sort,
    timeZone,
    days: insights.days,
    top: topProducts(insights.products, sort),
    rarelyAdded: rarelyAdded(insights.products),
    searches: insights.searches,
    missedSearches: insights.missedSearches,
  };
}

// Narrower on phones, so the four figures per day fit a 320 px screen without scrolling their table.
const cell = "px-1.5 py-2 text-right tabular-nums sm:px-3";
const nameCell = "px-1.5 py-2 text-left sm:px-3";
const headClass = "border-b border-sage-200 bg-cream-100 text-xs uppercase text-ink-500 sm:tracking-wide";
const tableClass = "w-full border-collapse text-sm";
/** A section's card: less padding on a phone, so its table's figures fit a 320 px screen. */
const cardClass = "card p-3 sm:p-5";
/** A column a phone leaves out: its figure is shown under a neighbouring one there (`phoneOnly`). */
const wideCell = `${cell} max-sm:hidden`;
const phoneOnly = "block text-xs text-ink-500 sm:hidden";

function termText(term: string) {
  return term === FOLDED_TERM ? <em>Other terms (past the day’s limit)</em> : term;
}

function TermTable({ rows, caption, empty }: { rows: readonly TermFigures[]; caption: string; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-ink-700">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">{caption}</caption>
        <TableHead
          className={headClass}
          cellClassName={cell}
          columns={[{ label: "Search", className: nameCell }, "Searches", "Found nothing"]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.term} className="border-b border-sage-200 last:border-0">
              <td className={`${nameCell} break-all`}>{termText(row.term)}</td>
              <td className={cell}>{row.uses.toLocaleString("en-US")}</td>
              <td className={cell}>{row.misses.toLocaleString("en-US")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AdminInsights() {
  const { range, sort, timeZone, days, top, rarelyAdded: rarely, searches, missedSearches } = useLoaderData<typeof loader>();
  const total = (key: "views" | "adds" | "orders") => days.reduce((sum, day) => sum + day[key], 0);
  const lost = days.filter((day) => day.lost > 0);
  const query = (next: { range?: number; sort?: ProductSort }) =>
    `?${new URLSearchParams({ range: String(next.range ?? range), sort: next.sort ?? sort }).toString()}`;
  return (
    <AdminShell>
      <AdminPageHeader
        title="Insights"
        back={{ to: "/admin/dashboard", label: "Dashboard" }}
        action={
          <a href={`/admin/insights.csv${query({})}`} className="btn-secondary" download>
            Export CSV
          </a>
        }
      >
        <p className="mt-2 max-w-3xl text-ink-700">
          What shoppers looked at, added, ordered and searched for, counted per day ({timeZone}). Only counts are kept: no person, address,
          cookie or order text. Your own visits and search engines are not counted.
        </p>
      </AdminPageHeader>

      <nav aria-label="Range" className="mb-6 flex flex-wrap gap-2">
        {RANGES.map((days) => (
          <Link
            key={days}
            to={query({ range: days })}
            aria-current={days === range ? "page" : undefined}
            className={days === range ? "btn-primary" : "btn-secondary"}
          >
            {days} days
          </Link>
        ))}
      </nav>

      {lost.length > 0 ? (
        <div className="mb-6">
          <AdminAlert title="Some visits were not counted">
            <p>
              The counting service was unavailable on{" "}
              {lost.map((day) => `${dayLabel(day.day)} (${day.lost.toLocaleString("en-US")} missed)`).join(", ")}. The shop answered every
              visit; those days read a little low.
            </p>
          </AdminAlert>
        </div>
      ) : null}

      <AdminFigures
        id="insight-totals"
        title={`Totals for the last ${range} days`}
        gridClassName="grid grid-cols-2 gap-3 sm:grid-cols-4"
        figures={[
          { label: "Product views", value: total("views").toLocaleString("en-US") },
          { label: "Adds to cart", value: total("adds").toLocaleString("en-US") },
          { label: "Orders sent", value: total("orders").toLocaleString("en-US") },
          { label: "View to add", value: rateText(total("adds"), total("views")) },
        ]}
      />

      <HeadedSection
        id="insight-chart"
        title={`Per day, last ${range} days`}
        className={`${cardClass} mb-8`}
        headingClassName="text-lg font-semibold text-forest-900"
      >
        <div className="mt-4 grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <DailyChart
            title={`Views, adds to cart and orders sent per day, last ${range} days`}
            days={days.map((day) => day.day)}
            series={[
              { label: "Views", fillClass: "fill-forest-600", values: days.map((day) => day.views) },
              { label: "Adds", fillClass: "fill-gold-500", values: days.map((day) => day.adds) },
              { label: "Orders", fillClass: "fill-berry-700", values: days.map((day) => day.orders) },
            ]}
          />
          <div className="max-h-96 overflow-auto rounded-lg border border-sage-200">
            <table className={tableClass}>
              <caption className="sr-only">Views, adds and orders per day</caption>
              <TableHead
                className={`${headClass} sticky top-0`}
                cellClassName={cell}
                columns={[{ label: "Day", className: nameCell }, "Views", "Adds", "Orders"]}
              />
              <tbody>
                {[...days].reverse().map((day) => (
                  <tr key={day.day} className="border-b border-sage-200 last:border-0">
                    <th scope="row" className={`${nameCell} font-normal`}>
                      <time dateTime={day.day}>{dayLabel(day.day)}</time>
                    </th>
                    <td className={cell}>{day.views.toLocaleString("en-US")}</td>
                    <td className={cell}>{day.adds.toLocaleString("en-US")}</td>
                    <td className={cell}>{day.orders.toLocaleString("en-US")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </HeadedSection>

      <HeadedSection
        id="insight-products"
        title="Top products"
        className={`${cardClass} mb-8`}
        headingClassName="text-lg font-semibold text-forest-900"
      >
        <nav aria-label="Order products by" className="mt-3 mb-4 flex flex-wrap gap-2 text-sm">
          {PRODUCT_SORT_KEYS.map((key) => (
            <Link
              key={key}
              to={query({ sort: key })}
              aria-current={key === sort ? "true" : undefined}
              className={`rounded-full px-3 py-1.5 font-medium ${key === sort ? "bg-forest-900 text-cream-50" : "bg-cream-100 text-forest-900 hover:bg-cream-200"}`}
            >
              By {PRODUCT_SORTS[key].toLowerCase()}
            </Link>
          ))}
        </nav>
        {top.length === 0 ? (
          <p className="text-sm text-ink-700">Nothing counted in these days yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className={tableClass}>
              <caption className="sr-only">Top products by {PRODUCT_SORTS[sort].toLowerCase()}</caption>
              <TableHead
                className={headClass}
                cellClassName={cell}
                columns={[
                  { label: "Product", className: nameCell },
                  { label: "Views", className: wideCell },
                  "Adds",
                  { label: "View → add", className: wideCell },
                  "Orders",
                  { label: "Add → order", className: wideCell },
                  { label: "Quoted revenue", className: wideCell },
                ]}
              />
              <tbody>
                {top.map((row) => (
                  <tr key={row.productId} className="border-b border-sage-200 last:border-0">
                    <td className={`${nameCell} [overflow-wrap:anywhere]`}>
                      <Link to={`/admin/products/edit/${row.productId}`} className="font-medium text-forest-900 hover:underline">
                        {row.name}
                      </Link>
                      <span className={`${phoneOnly} [overflow-wrap:normal]`}>
                        {row.views.toLocaleString("en-US")} views · {formatCents(row.revenueCents)} quoted
                      </span>
                    </td>
                    <td className={wideCell}>{row.views.toLocaleString("en-US")}</td>
                    <td className={cell}>
                      {row.adds.toLocaleString("en-US")}
                      {row.views > 0 && <span className={phoneOnly}>{rateText(row.adds, row.views)} of views</span>}
                    </td>
                    <td className={wideCell}>{rateText(row.adds, row.views)}</td>
                    <td className={cell}>
                      {row.orders.toLocaleString("en-US")}
                      {row.adds > 0 && <span className={phoneOnly}>{rateText(row.orders, row.adds)} of adds</span>}
                    </td>
                    <td className={wideCell}>{rateText(row.orders, row.adds)}</td>
                    <td className={wideCell}>{formatCents(row.revenueCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </HeadedSection>

      <div className="mb-8 grid gap-8 lg:grid-cols-2">
        <HeadedSection
          id="insight-missed"
          title="Searches that found nothing"
          className={cardClass}
          headingClassName="text-lg font-semibold text-forest-900"
        >
          <p className="mt-1 mb-3 text-sm text-ink-700">What shoppers asked for that the shop does not have (or does not name that way).</p>
          <TermTable rows={missedSearches} caption="Searches that found nothing" empty="Every search found something." />
        </HeadedSection>
        <HeadedSection
          id="insight-searches"
          title="Top searches"
          className={cardClass}
          headingClassName="text-lg font-semibold text-forest-900"
        >
          <p className="mt-1 mb-3 text-sm text-ink-700">Search terms as typed, in lower case and cut at 100 characters.</p>
          <TermTable rows={searches} caption="Top searches" empty="No searches counted in these days yet." />
        </HeadedSection>
      </div>

      <HeadedSection
        id="insight-rarely"
        title="Viewed often, rarely added"
        className={`${cardClass} mb-8`}
        headingClassName="text-lg font-semibold text-forest-900"
      >
        <p className="mt-1 mb-3 text-sm text-ink-700">
          Products with 20 or more views and fewer than 1 add in 20: worth a look at their price, photos or description.
        </p>
        {rarely.length === 0 ? (
          <p className="text-sm text-ink-700">None in these days.</p>
        ) : (
          <ul className="divide-y divide-sage-200 text-sm">
            {rarely.map((row) => (
              <li key={row.productId} className="flex justify-between gap-4 py-2">
                <Link to={`/admin/products/edit/${row.productId}`} className="font-medium text-forest-900 hover:underline">
                  {row.name}
                </Link>
                <span className="tabular-nums text-ink-700">
                  {row.views.toLocaleString("en-US")} views, {row.adds.toLocaleString("en-US")} adds ({rateText(row.adds, row.views)})
                </span>
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="Insights could not be loaded. Please try again in a moment." />;
}
