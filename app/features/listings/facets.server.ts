/**
 * A listing's facet counts (decision 014): how many products each filter option would show, with
 * every other chosen filter applied, counted in SQL within the listing's one D1 batch.
 */
import { and, count, sql, type SQL } from "drizzle-orm";
import { products } from "~db/schema";
import { CONCENTRATE_TABS, type TabCounts } from "~/features/category-pages/category-pages";
import { FILTER_KEYS, type FacetCounts } from "~/features/shop-filters/shop-filters";
import type { Db } from "~/server/load-context";
import {
  effectKey,
  FILTER_SQL,
  scopeCondition,
  sqlNumber,
  tabCondition,
  type ActiveConditions,
  type FacetKey,
  type ListingFilters,
} from "./listing-sql.server";

/** A facet option counted by a conditional sum: its column alias, and the filter it belongs to. */
export interface CountedOption {
  key: FacetKey | "tab";
  value: string;
  alias: string;
  condition: SQL;
}

function countedOptions(filters: ListingFilters): CountedOption[] {
  const options: CountedOption[] = [];
  for (const key of FILTER_KEYS) {
    const counted = FILTER_SQL[key].counted;
    if (key === "search" || !counted) continue;
    counted.forEach((value, index) => options.push({ key, value, alias: `o_${key}_${index}`, condition: FILTER_SQL[key].when(value) }));
  }
  if (filters.tab) {
    CONCENTRATE_TABS.forEach((tab, index) =>
      options.push({ key: "tab", value: tab.value, alias: `o_tab_${index}`, condition: tabCondition(tab.value) ?? sql`1` }),
    );
  }
  return options;
}

type FacetTotalsRow = { total: number } & Record<string, number>;

/**
 * The statements that count a listing's facets:
 * - `facetsQuery`: ONE pass over the page's products on the covering facet index. Each row computes
 *   a flag per active filter and a flag per countable option; each sum counts an option with every
 *   filter but its own (so choosing Indica still shows how many Sativa there are), the total with all.
 * - `categoryCountsQuery`: /shop's category options, grouped in index order.
 * - `effectsQuery`: the effects present in the products matching every filter but effects, counted.
 */
export function facetQueries(db: Db, filters: ListingFilters, conditions: ActiveConditions) {
  const where = (scope: SQL, skip?: FacetKey | "tab") =>
    and(scope, ...conditions.filter((entry) => entry.key !== skip).map((entry) => entry.condition));
  const flags = conditions.map((entry) => ({ key: entry.key, alias: `f_${entry.key}`, condition: entry.condition }));
  const options = countedOptions(filters);
  const allFlagsBut = (skip?: FacetKey | "tab") => {
    const kept = flags.filter((flag) => flag.key !== skip).map((flag) => sql.raw(flag.alias));
    return kept.length > 0 ? sql.join(kept, sql` AND `) : sql`1`;
  };
  // Each row's flags, computed once: `LIMIT -1` (no limit) keeps SQLite from flattening this into the
  // sums below, which would evaluate every flag — an effects lookup included — once per sum.
  const facetRows = db
    .select({
      ...Object.fromEntries(flags.map((flag) => [flag.alias, sql`(${flag.condition})`.as(flag.alias)])),
      ...Object.fromEntries(options.map((option) => [option.alias, sql`(${option.condition})`.as(option.alias)])),
    })
    .from(products)
    .where(scopeCondition(filters))
    // drizzle drops a negative number; the SQL expression renders as is.
    .limit(sqlNumber(sql.raw("-1")))
    .as("facet_rows");
  const facetsQuery = db
    .select({
      // Every column has its own alias: D1 returns rows keyed by column name, and equal expressions would collide.
      total: sql<number>`count(*) FILTER (WHERE ${allFlagsBut()})`.mapWith(Number).as("total"),
      ...Object.fromEntries(
        options.map((option) => [
          option.alias,
          sql<number>`count(*) FILTER (WHERE ${sql.raw(option.alias)} AND ${allFlagsBut(option.key)})`
            .mapWith(Number)
            .as(`n_${option.alias}`),
        ]),
      ),
    })
    .from(facetRows);

  // /shop's category options: every filter but the category, grouped in the (active, category, …) index's order.
  const categoryCountsQuery = db
    .select({ category: products.category, count: count() })
    .from(products)
    .where(
      and(scopeCondition(filters), ...conditions.filter((entry) => entry.key !== "category").map((entry) => sql`+(${entry.condition})`)),
    )
    .groupBy(products.active, products.category);

  const effect = sql.raw("effect.value");
  const effectsQuery = db
    .select({
      value: sql<string>`${effectKey(effect)}`.as("effect_value"),
      // The capitalised spelling when several are used ("Relaxed" before "relaxed").
      label: sql<string>`min(trim(${effect}))`.as("effect_label"),
      // Qualified by hand: json_each has an `id` column too, and drizzle leaves select columns unqualified.
      count: sql<number>`count(DISTINCT "products"."id")`.mapWith(Number).as("effect_count"),
    })
    .from(sql`${products}, json_each(${products.effects}) AS effect`)
    .where(and(where(scopeCondition(filters), "effects"), sql`effect.type = 'text'`))
    .groupBy(effectKey(effect));

  type Totals = Awaited<typeof facetsQuery>;
  const facets = (
    totals: Totals,
    effects: Awaited<typeof effectsQuery>,
    categories: Awaited<typeof categoryCountsQuery> = [],
  ): FacetCounts => toFacetCounts(totals[0] ?? { total: 0 }, options, effects, categories);
  const tabCounts = (totals: Totals): TabCounts => toTabCounts(totals[0], options);

  return { facetsQuery, categoryCountsQuery, effectsQuery, facets, tabCounts, options };
}

/** The facet counts the page shows, from the one-row sums, the effects and (on /shop) the category counts. */
function toFacetCounts(
  totals: FacetTotalsRow,
  options: CountedOption[],
  effects: Array<{ value: string; label: string; count: number }>,
  categories: Array<{ category: string; count: number }>,
): FacetCounts {
  const counts: FacetCounts = {
    total: Number(totals.total),
    options: { category: {}, price: {}, strains: {}, potency: {}, effects: {}, inStock: {}, onSale: {} },
    effectLabels: {},
  };
  for (const option of options) {
    if (option.key !== "tab") counts.options[option.key][option.value] = Number(totals[option.alias] ?? 0);
  }
  for (const row of categories) counts.options.category[row.category] = (counts.options.category[row.category] ?? 0) + row.count;
  for (const row of effects) {
    if (!row.value) continue;
    counts.options.effects[row.value] = row.count;
    counts.effectLabels[row.value] = row.label;
  }
  return counts;
}

/** Concentrates' tab counts from the same sums: each tab with every filter applied. */
function toTabCounts(totals: FacetTotalsRow | undefined, options: CountedOption[]): TabCounts {
  const counts = {} as TabCounts;
  for (const tab of CONCENTRATE_TABS) {
    const alias = options.find((option) => option.key === "tab" && option.value === tab.value)?.alias;
    counts[tab.value] = alias && totals ? Number(totals[alias] ?? 0) : 0;
  }
  return counts;
}
