import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/auth/auth.server";
import { readSettings } from "~/features/settings/settings.server";
import { CSV_BOM, csvLine } from "~/features/catalogue-csv/csv";
import { centsToDecimalText } from "~/features/money/money";
import { readInsights } from "~/features/insights/insights.server";
import { FOLDED_TERM, lastDays, parseRange, topProducts } from "~/features/insights/insights";

/**
 * GET /admin/insights.csv?range=7|30|90 — everything the Insights screen shows, as one CSV: a
 * section per table (days, products, searches), each with its own heading row.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const range = parseRange(new URL(request.url).searchParams.get("range"));
  const timeZone = (await readSettings(context)).value.hours.timeZone;
  const days = lastDays(Date.now(), timeZone, range);
  const insights = await readInsights(context.db, days);
  const lines = [
    csvLine(["Day", "Views", "Adds", "Orders", "Not counted (Queue unavailable)"]),
    ...insights.days.map((day) => csvLine([day.day, String(day.views), String(day.adds), String(day.orders), String(day.lost)])),
    csvLine([]),
    csvLine(["Product id", "Product", "Views", "Adds", "Removes", "Orders", "Units ordered", "Quoted revenue"]),
    ...topProducts(insights.products, "views", Infinity).map((row) =>
      csvLine([
        String(row.productId),
        row.name,
        String(row.views),
        String(row.adds),
        String(row.removes),
        String(row.orders),
        String(row.units),
        centsToDecimalText(row.revenueCents),
      ]),
    ),
    csvLine([]),
    csvLine(["Search", "Searches", "Found nothing"]),
    ...insights.searches.map((row) =>
      csvLine([row.term === FOLDED_TERM ? "(other terms)" : row.term, String(row.uses), String(row.misses)]),
    ),
  ];
  return new Response(CSV_BOM + lines.join(""), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="insights-${days[0]}-to-${days[days.length - 1]}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
