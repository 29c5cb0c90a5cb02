/**
 * Writes a week (or --days N) of realistic insight counts into a local D1: views, adds, orders and
 * quoted revenue per product, searches (some finding nothing, e.g. "rosin"), for the shop days
 * ending today. For the Insights screen's browser test, the bench and a look at `npm start`.
 *   tsx scripts/insights-week.ts [--persist-to DIR] [--days 7] [--scale 1]
 * --scale multiplies every count: a busy shop's six- and seven-figure totals, for the phone layout.
 * Deterministic (a fixed seed), and it replaces those days' rows, so running it twice changes nothing.
 */
import { pathToFileURL } from "node:url";
import { getPlatformProxy } from "wrangler";
import { lastDays } from "../app/features/insights/insights";
import { mulberry32 } from "../db/generate";

const SEARCHES: [term: string, perDay: number, found: boolean][] = [
  ["gelato", 14, true],
  ["gummies", 11, true],
  ["rosin", 6, false],
  ["indica", 9, true],
  ["live resin", 5, true],
  ["pre roll", 4, true],
  ["mushroom chocolate", 3, true],
  ["tincture", 2, false],
];

export async function writeInsightsWeek(db: D1Database, { days = 7, scale = 1, timeZone = "America/New_York", now = Date.now() } = {}) {
  // A fixed seed: the same week every run.
  const next = mulberry32(46);
  const shopDays = lastDays(now, timeZone, days);
  const productRows = await db
    .prepare(
      "SELECT p.id AS id, min(s.price_cents) AS cents FROM products p JOIN product_sizes s ON s.product_id = p.id WHERE p.active = 1 GROUP BY p.id ORDER BY p.id",
    )
    .all<{ id: number; cents: number }>();
  const statements: D1PreparedStatement[] = [];
  for (const day of shopDays) {
    statements.push(db.prepare("DELETE FROM insight_product_days WHERE day = ?").bind(day));
    statements.push(db.prepare("DELETE FROM insight_terms WHERE day = ?").bind(day));
    statements.push(db.prepare("DELETE FROM insight_days WHERE day = ?").bind(day));
    const weekend = new Date(`${day}T12:00:00Z`).getUTCDay() % 6 === 0 ? 1.4 : 1;
    let orders = 0;
    productRows.results.forEach((product, index) => {
      // A few products draw most of the looks, as in any shop.
      const pull = 1 / (1 + index * 0.18);
      const views = Math.round((8 + next() * 40) * pull * weekend * scale);
      // One product is looked at a lot and rarely added: the screen's "viewed often, rarely added".
      const adds = index === 2 ? 0 : Math.round(views * (0.06 + next() * 0.12));
      const ordered = Math.round(adds * (0.3 + next() * 0.3));
      const units = ordered + Math.round(next() * ordered);
      orders += ordered;
      statements.push(
        db
          .prepare(
            "INSERT INTO insight_product_days (day, product_id, size_id, views, adds, removes, orders, ordered_units, revenue_cents) VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?)",
          )
          .bind(day, product.id, index === 2 ? views * 3 : views, adds, Math.round(adds * 0.2), ordered, units, units * product.cents),
      );
    });
    statements.push(
      db.prepare("INSERT INTO insight_days (day, orders, lost_events) VALUES (?, ?, 0)").bind(day, Math.max(1, Math.round(orders * 0.6))),
    );
    for (const [term, perDay, found] of SEARCHES) {
      const uses = Math.max(1, Math.round(perDay * (0.6 + next() * 0.8) * scale));
      statements.push(
        db
          .prepare("INSERT INTO insight_terms (day, kind, term, uses, misses) VALUES (?, 'search', ?, ?, ?)")
          .bind(day, term, uses, found ? 0 : uses),
      );
    }
  }
  for (let start = 0; start < statements.length; start += 200) await db.batch(statements.slice(start, start + 200));
  return { days: shopDays, products: productRows.results.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(name);
    return index > -1 ? process.argv[index + 1] : undefined;
  };
  const persistTo = arg("--persist-to");
  const proxy = await getPlatformProxy<Env>({ persist: persistTo ? { path: `${persistTo}/v3` } : true });
  try {
    const written = await writeInsightsWeek(proxy.env.DB, { days: Number(arg("--days") ?? 7), scale: Number(arg("--scale") ?? 1) });
    console.log(
      `Insights: ${written.days.length} days of counts for ${written.products} products (${written.days[0]} to ${written.days.at(-1)}).`,
    );
  } finally {
    await proxy.dispose();
  }
}
