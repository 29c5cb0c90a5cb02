import { Link } from "@remix-run/react";
import { formatCents } from "~/features/money/money";
import type { ProductInsights } from "./insights.server";
import { rateText } from "./insights";
import { Sparkline } from "./insights-chart";

/** A product's last 30 days on its edit page: views per day as a sparkline, and its figures. */
export function ProductInsightsPanel({ insights }: { insights: ProductInsights | null }) {
  if (!insights) return null;
  const figures = [
    ["Views", insights.views.toLocaleString("en-US")],
    ["Adds", `${insights.adds.toLocaleString("en-US")} (${rateText(insights.adds, insights.views)})`],
    ["Orders", insights.orders.toLocaleString("en-US")],
    ["Quoted revenue", formatCents(insights.revenueCents)],
  ] as const;
  return (
    <section aria-labelledby="product-insights" className="card mb-6 flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
      <div className="flex items-center gap-4">
        <h2 id="product-insights" className="text-sm font-semibold text-forest-900">
          Last 30 days
        </h2>
        <Sparkline values={insights.perDay.map((day) => day.views)} label={`Views per day, last 30 days: ${insights.views} in all`} />
      </div>
      <dl className="grid flex-1 grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-ink-500">{label}</dt>
            <dd className="font-semibold text-forest-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Link to="/admin/insights" className="text-sm font-semibold text-forest-800 hover:underline">
        All insights
      </Link>
    </section>
  );
}
