import { data } from "@remix-run/cloudflare";
import { and, asc, count, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { products } from "../../../db/schema";
import { activeCategoriesQuery, categoryBySlugQuery } from "./categories.server";
import type { Db } from "~/server/load-context";
import { countWithNoResultsHelp, matchesSearch, readNoResultsHelp, searchSource } from "~/features/search/search.server";
import { tabKeywords } from "~/features/category-pages/category-pages.server";
import { CONCENTRATE_TABS, type CategoryPage, type ConcentrateTab, type ProductMatch, type TabCounts } from "~/features/category-pages/category-pages";
import { toProduct } from "./product";
import { toProductSummary, type ProductSummary } from "./product-summary";
import {
  clampPage,
  containsLike,
  EMPTY_FACETS,
  FILTER_KEYS,
  filterValues,
  NO_FILTERS,
  PAGE_SIZE,
  pageCount,
  pageOffset,
  POTENCY_RANGES,
  potencyRange,
  PRICE_RANGES,
  priceRange,
  STRAIN_OPTIONS,
  type Bounds,
  type FacetCounts,
  type FilterKey,
  type PotencyRange,
  type PriceRange,
  type ShopFilterValues,
  type ShopQuery,
  type ShopSort,
} from "~/features/shop-filters/shop-filters";
import { titleCaseSlug } from "./slug";

/** Every active product, sorted by name. */
export async function listActiveProducts(db: Db) {
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.name));
  return rows.map(toProduct);
}

// ---------------------------------------------------------------------------------------------
// Errors: a loader that cannot read D1 answers 503 with a message safe to show (never SQL).

export const CATALOGUE_UNAVAILABLE = "The product catalogue is unavailable right now. Please try again in a moment.";

/** Runs a catalogue read; a D1 failure is logged and becomes a 503 the route's ErrorBoundary shows. */
export async function readCatalogue<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("Failed to load products", error);
    throw data({ message: CATALOGUE_UNAVAILABLE }, { status: 503 });
  }
}

// ---------------------------------------------------------------------------------------------
// Listings: the columns a card shows, filtered, sorted, counted and paged in SQL (decisions 009, 014).

const summaryColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  compareAtCents: products.compareAtCents,
  image: products.image,
  category: products.category,
  strainType: products.strainType,
  thcContent: products.thcContent,
  effects: products.effects,
  rating: products.rating,
  reviewCount: products.reviewCount,
  isLabTested: products.isLabTested,
  inStock: products.inStock,
  active: products.active,
  hasLabReport: sql<number>`(${products.labReportKey} is not null)`.as("has_lab_report"),
  // Not shown on a card, but the THC sort orders by them, and a UNION ALL (Show All) orders by result columns.
  thcUnit: products.thcUnit,
  thcMax: products.thcMax,
};

export interface Listing {
  products: ProductSummary[];
  /** Every product matching the filters, across pages. */
  total: number;
  /** The page shown, clamped into 1..pageCount. */
  page: number;
  pageCount: number;
}

/**
 * What a listing shows: the shopper's filters and sort, and the page's own scope. `activeOnly`
 * false is the admin's Show All (Including Inactive); `match` is a category page's products and
 * `tab` the concentrates tab.
 */
export interface ListingFilters extends ShopFilterValues {
  sort: ShopSort;
  activeOnly: boolean;
  match?: ProductMatch;
  tab?: ConcentrateTab;
}

/** A number or a fixed option from our own constants, written into the SQL (never shopper input). */
function literal(value: number | string): SQL {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return sql.raw(String(value));
  }
  if (!/^[a-z0-9-]+$/.test(value)) throw new Error(`Not a fixed option: ${value}`);
  return sql.raw(`'${value}'`);
}

function boundsCondition(column: SQLWrapper, bounds: Bounds): SQL {
  const parts: SQL[] = [];
  if (bounds.gte !== undefined) parts.push(sql`${column} >= ${literal(bounds.gte)}`);
  if (bounds.gt !== undefined) parts.push(sql`${column} > ${literal(bounds.gt)}`);
  if (bounds.lte !== undefined) parts.push(sql`${column} <= ${literal(bounds.lte)}`);
  if (bounds.lt !== undefined) parts.push(sql`${column} < ${literal(bounds.lt)}`);
  return and(...parts)!;
}

/** Case-insensitive substring match on the name; % and _ in the term match literally. */
function nameContains(term: string): SQL {
  return sql`${products.name} LIKE ${containsLike(term)} ESCAPE '\\'`;
}

/** The shop's search, as exactly one condition on a products row. */
function searchCondition(term: string): SQL {
  return matchesSearch(term);
}

/** An effect as the filter compares it: trimmed and lower-cased (shop-query.ts reads the URL the same way). */
const effectKey = (value: SQLWrapper) => sql`lower(trim(${value}))`;

function matchCondition(match: ProductMatch): SQL {
  if (match.kind === "category") return eq(products.category, match.slug);
  if (match.kind === "categories") return inArray(sql`lower(${products.category})`, [...match.slugs]);
  return sql`0`;
}

function tabCondition(tab: ConcentrateTab): SQL | undefined {
  const keywords = tabKeywords(tab);
  if (keywords.length === 0) return undefined;
  return or(...keywords.map(nameContains));
}

type FacetKey = Exclude<FilterKey, "search">;

/**
 * Each filter as SQL: the condition for one chosen value (`when`), for several (`any`, default: any
 * of them), and the options counted by conditional sums. Category is counted by grouping, effects by
 * a statement of their own (their options come from the products). A filter added to shop-filters.ts
 * gets its entry here and is filtered, counted and index-checked like the others.
 */
const FILTER_SQL: { [K in FilterKey]: { when: (value: string) => SQL; any?: (values: string[]) => SQL; counted?: readonly string[] } } = {
  search: { when: searchCondition },
  category: { when: (slug) => eq(products.category, slug) },
  price: {
    when: (value) => boundsCondition(products.priceCents, priceRange(value as PriceRange).bounds),
    counted: PRICE_RANGES.map((range) => range.value),
  },
  strains: {
    when: (value) => sql`lower(${products.strainType}) = ${literal(value)}`,
    any: (values) => sql`lower(${products.strainType}) IN (${sql.join(values.map(literal), sql`, `)})`,
    counted: STRAIN_OPTIONS.map((option) => option.value),
  },
  potency: {
    when: (value) => {
      const range = potencyRange(value as PotencyRange);
      return sql`(${products.thcUnit} = ${literal(range.unit)} AND ${boundsCondition(products.thcMax, range.bounds)})`;
    },
    counted: POTENCY_RANGES.map((range) => range.value),
  },
  effects: {
    when: (value) => sql`EXISTS (SELECT 1 FROM json_each(${products.effects}) WHERE ${effectKey(sql.raw("value"))} = ${value})`,
    any: (values) =>
      sql`EXISTS (SELECT 1 FROM json_each(${products.effects}) WHERE ${effectKey(sql.raw("value"))} IN (${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}))`,
  },
  inStock: { when: () => eq(products.inStock, true), counted: ["in"] },
  onSale: { when: () => onSaleCondition(), counted: ["1"] },
};

/** Deals (issue 17): lib/deals.ts isOnSale in SQL — a compare-at price above the price (null is no sale). */
export function onSaleCondition(): SQL {
  return sql`${products.compareAtCents} > ${products.priceCents}`;
}

/** One condition per active filter (and the concentrates tab), keyed for the facet counts. */
function activeConditions(filters: ListingFilters): Array<{ key: FilterKey | "tab"; condition: SQL }> {
  const conditions: Array<{ key: FilterKey | "tab"; condition: SQL }> = [];
  for (const key of FILTER_KEYS) {
    const values = filterValues(filters, key);
    if (values.length === 0) continue;
    const entry = FILTER_SQL[key];
    const condition = values.length === 1 || !entry.any ? or(...values.map(entry.when))! : entry.any(values);
    conditions.push({ key, condition });
  }
  const tab = filters.tab ? tabCondition(filters.tab) : undefined;
  if (tab) conditions.push({ key: "tab", condition: tab });
  return conditions;
}

function activeScope(activeOnly: boolean): SQL {
  // `active IN (1, 0)` is always true, but it lets Show All use the (active, ...) indexes too.
  return activeOnly ? eq(products.active, true) : inArray(products.active, [true, false]);
}

/** The page's own products: active (or all, for Show All) and the category page's match. */
function scopeCondition(filters: ListingFilters, active: SQL = activeScope(filters.activeOnly)): SQL {
  return and(active, filters.match ? matchCondition(filters.match) : undefined)!;
}

/**
 * The rows of a page walk one index in the sort's order. A filter the planner could seek another
 * index for (a price or THC range) would make it read that index and sort the result in a temp
 * B-tree, so in the rows query every filter is wrapped in unary `+(...)`, SQLite's way of saying "do
 * not use an index for this term" — except the category (part of the ordered indexes) and a price
 * range on a price sort (its index is the order).
 */
function rowCondition(key: FilterKey | "tab", condition: SQL, sort: ShopSort): SQL {
  if (key === "category" || (key === "price" && (sort === "price-asc" || sort === "price-desc"))) return condition;
  return sql`+(${condition})`;
}

/** Sorts with the id as tie-break, so pages never overlap; each is an index order. */
function orderFor(sort: ShopSort) {
  if (sort === "price-asc") return [asc(products.priceCents), asc(products.id)];
  if (sort === "price-desc") return [desc(products.priceCents), desc(products.id)];
  // Percentages before mg doses (unrelated scales), strongest first, products without THC last.
  if (sort === "thc-desc") return [desc(products.thcUnit), desc(products.thcMax), desc(products.id)];
  return [asc(products.name), asc(products.id)];
}

/** A facet option counted by a conditional sum: its column alias, and the filter it belongs to. */
interface CountedOption {
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

/**
 * The statements of a listing, exported so a test can EXPLAIN the exact SQL:
 * - `facetsQuery`: ONE pass over the page's products on the covering facet index. Each row computes
 *   a flag per active filter and a flag per countable option; each sum counts an option with every
 *   filter but its own (so choosing Indica still shows how many Sativa there are), the total with all.
 * - `categoryCountsQuery`: /shop's category options, grouped in index order.
 * - `effectsQuery`: the effects present in the products matching every filter but effects, counted.
 * - `rowsQuery(page)`: one page of cards in index order; Show All is a UNION ALL of the active and the
 *   inactive half, each read in index order and merged by SQLite without a sort.
 * - `countQuery`: every match, for clamping a page past the end inside the rows statement.
 */
export function listingQueries(db: Db, filters: ListingFilters) {
  const conditions = activeConditions(filters);
  const where = (scope: SQL, skip?: FilterKey | "tab") => and(scope, ...conditions.filter((entry) => entry.key !== skip).map((entry) => entry.condition));

  const countQuery = db.select({ value: count() }).from(products).where(where(scopeCondition(filters)));

  const rowsQuery = (page: number) => {
    if (filters.search) return searchRowsQuery(db, filters, conditions, page, countQuery);
    const half = (active: boolean) =>
      db
        .select(summaryColumns)
        .from(products)
        .where(and(scopeCondition(filters, eq(products.active, active)), ...conditions.map((entry) => rowCondition(entry.key, entry.condition, filters.sort))));
    const rows = filters.activeOnly ? half(true) : half(true).unionAll(half(false));
    return rows
      .orderBy(...orderFor(filters.sort))
      .limit(PAGE_SIZE)
      .offset(page > 1 ? clampedOffset(pageOffset(page), countQuery) : 0);
  };

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
    // drizzle drops a negative number; the SQL chunk renders as is (as in clampedOffset).
    .limit(sql.raw("-1") as unknown as number)
    .as("facet_rows");
  const facetsQuery = db
    .select({
      // Every column has its own alias: D1 returns rows keyed by column name, and equal expressions would collide.
      total: sql<number>`count(*) FILTER (WHERE ${allFlagsBut()})`.mapWith(Number).as("total"),
      ...Object.fromEntries(
        options.map((option) => [
          option.alias,
          sql<number>`count(*) FILTER (WHERE ${sql.raw(option.alias)} AND ${allFlagsBut(option.key)})`.mapWith(Number).as(`n_${option.alias}`),
        ]),
      ),
    })
    .from(facetRows);

  // /shop's category options: every filter but the category, grouped in the (active, category, …) index's order.
  const categoryCountsQuery = db
    .select({ category: products.category, count: count() })
    .from(products)
    .where(and(scopeCondition(filters), ...conditions.filter((entry) => entry.key !== "category").map((entry) => sql`+(${entry.condition})`)))
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

  const facets = (
    [totals]: Awaited<typeof facetsQuery>,
    effects: Awaited<typeof effectsQuery>,
    categories: Awaited<typeof categoryCountsQuery> = [],
  ): FacetCounts => toFacetCounts((totals ?? { total: 0 }) as FacetTotalsRow, options, effects, categories);

  return { countQuery, rowsQuery, facetsQuery, categoryCountsQuery, effectsQuery, facets, options };
}

type FacetTotalsRow = { total: number } & Record<string, number>;

/** The facet counts the page shows, from the one-row sums, the effects and (on /shop) the category counts. */
function toFacetCounts(
  totals: FacetTotalsRow,
  options: CountedOption[],
  effects: Array<{ value: string; label: string; count: number }>,
  categories: Array<{ category: string; count: number }>,
): FacetCounts {
  const counts: FacetCounts = {
    total: Number(totals.total ?? 0),
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
function toTabCounts([totals]: FacetTotalsRow[], options: CountedOption[]): TabCounts {
  return Object.fromEntries(
    CONCENTRATE_TABS.map((tab) => {
      const alias = options.find((option) => option.key === "tab" && option.value === tab.value)?.alias;
      return [tab.value, alias && totals ? Number(totals[alias] ?? 0) : 0];
    }),
  ) as TabCounts;
}

/**
 * A search's page: the full-text index supplies the matching ids (search.server.ts) and SQLite reads
 * those products by id, never scanning the table, with every other filter applied. Without another
 * sort chosen, best matches come first (names containing the term before everything else).
 */
function searchRowsQuery(db: Db, filters: ListingFilters, conditions: ReturnType<typeof activeConditions>, page: number, countQuery: SQLWrapper) {
  const source = searchSource(filters.search);
  const others = conditions.filter((entry) => entry.key !== "search").map((entry) => entry.condition);
  return db
    .select(summaryColumns)
    .from(source.ranked)
    .crossJoin(products)
    .where(and(source.on, scopeCondition(filters), ...others))
    .orderBy(...(filters.sort === "relevance" ? source.order : orderFor(filters.sort)))
    .limit(PAGE_SIZE)
    .offset(page > 1 ? clampedOffset(pageOffset(page), countQuery) : 0);
}

/**
 * A page past the end shows the last page. The offset is clamped in SQL — min(requested, start of
 * the last page), the count read in the same statement — so the page costs no second round trip.
 * drizzle types `.offset()` as a number, but renders any SQL chunk it is given.
 */
function clampedOffset(offset: number, countQuery: SQLWrapper): number {
  const pageSize = sql.raw(String(PAGE_SIZE)); // an integer literal: D1 binds numbers as REAL, and this must divide as integers
  return sql`min(${offset}, max((${countQuery}) - 1, 0) / ${pageSize} * ${pageSize})` as unknown as number;
}

type RowsQuery = ReturnType<ReturnType<typeof listingQueries>["rowsQuery"]>;

/** A page of a listing from the total and the rows read in the same batch (the rows query clamps past-the-end pages itself). */
function settleListing(total: number, rows: Awaited<RowsQuery>, requestedPage: number): Listing {
  return {
    products: rows.map(({ thcUnit: _unit, thcMax: _max, ...row }) => toProductSummary(row)),
    total,
    page: clampPage(requestedPage, total),
    pageCount: pageCount(total),
  };
}

export interface CategoryOption {
  value: string;
  label: string;
}

export interface CatalogueStats {
  total: number;
  active: number;
  inactive: number;
}

function statsQuery(db: Db) {
  return db
    .select({ total: count(), active: sql<number>`coalesce(sum(${products.active}), 0)` })
    .from(products);
}

function toStats([row]: Array<{ total: number; active: number }>): CatalogueStats {
  const total = row?.total ?? 0;
  const active = Number(row?.active ?? 0);
  return { total, active, inactive: total - active };
}

function listingFilters(query: ShopFilterValues & { sort: ShopSort }, activeOnly: boolean): ListingFilters {
  const filters: ListingFilters = { sort: query.sort, activeOnly, ...NO_FILTERS };
  for (const key of FILTER_KEYS) Object.assign(filters, { [key]: query[key] });
  return filters;
}

/**
 * /shop: the category options, one page of products, the facet counts (whose total is the count
 * line's) and the effects in ONE D1 batch (plus, for an admin, the total / active / inactive counts).
 */
export async function loadShop(db: Db, query: ShopQuery, { isAdmin }: { isAdmin: boolean }) {
  const filters = listingFilters(query, !(isAdmin && query.showInactive));
  const { countQuery, rowsQuery, facetsQuery, categoryCountsQuery, effectsQuery, facets } = listingQueries(db, filters);
  const categoriesQuery = activeCategoriesQuery(db);

  // A search's count also brings what to offer should it find nothing (search.server.ts): same batch, no extra round trip.
  const help = query.search ? countWithNoResultsHelp(db, countQuery, query.search) : null;
  const reads = [categoriesQuery, facetsQuery, categoryCountsQuery, effectsQuery, rowsQuery(query.page)] as const;
  const extra = [...(help ? [help] : []), ...(isAdmin ? [statsQuery(db)] : [])];
  const batch = await db.batch([...reads, ...extra] as unknown as typeof reads);
  const [categoryRows, totals, categoryCounts, effects, rows] = batch;
  const more = (batch as unknown as unknown[]).slice(reads.length);
  const counted = help ? (more.shift() as Awaited<NonNullable<typeof help>>)[0] : undefined;
  const stats = isAdmin ? (more.shift() as Awaited<ReturnType<typeof statsQuery>>) : null;

  const counts = facets(totals, effects, categoryCounts);
  // SPEC: active categories sorted by name, or else the products' own categories title-cased.
  const categories: CategoryOption[] =
    categoryRows.length > 0
      ? categoryRows.map((row) => ({ value: row.slug, label: row.name }))
      : [...new Set(categoryCounts.map((row) => row.category))].sort().map((slug) => ({ value: slug, label: titleCaseSlug(slug) }));

  const listing = settleListing(counts.total, rows, query.page);
  const noResultsHelp = counted && "help" in counted ? readNoResultsHelp(query.search, counted.help) : null;
  return { listing, categories, facets: counts, stats: stats ? toStats(stats) : null, noResultsHelp };
}

// ---------------------------------------------------------------------------------------------
// Category pages: the same filters, sorts and counts, scoped to the page's products.

export interface CategoryDebug {
  matching: number;
  stats: CatalogueStats;
  categories: Array<{ category: string; count: number }>;
}

/** Indoor's admin debug banner: every category in the database with its products, active or not. */
function allCategoryCountsQuery(db: Db) {
  return db
    .select({ category: products.category, count: count() })
    .from(products)
    .groupBy(products.category)
    .orderBy(asc(products.category));
}

export interface CategoryListingOptions {
  /** The shopper's filters and sort (the page's own category replaces any category filter). */
  query: ShopFilterValues & { sort: ShopSort };
  tab: ConcentrateTab;
  page: number;
  /** Admins see inactive products too (badged), so they can activate them from the page. */
  includeInactive: boolean;
  /** The admin-only debug banner of pages that have one. */
  debug: boolean;
}

function categoryFilters(categoryPage: CategoryPage, options: CategoryListingOptions): ListingFilters {
  return {
    ...listingFilters({ ...options.query, category: "" }, !options.includeInactive),
    match: categoryPage.match,
    tab: categoryPage.tabs ? options.tab : undefined,
  };
}

export interface CategoryListing {
  listing: Listing;
  facets: FacetCounts;
  tabCounts: TabCounts | null;
  debug: CategoryDebug | null;
}

const EMPTY_LISTING: Listing = { products: [], total: 0, page: 1, pageCount: 1 };

/** A fixed category page's products, facet counts (and tab counts / debug data) in one batch. */
export async function loadCategoryListing(db: Db, categoryPage: CategoryPage, options: CategoryListingOptions): Promise<CategoryListing> {
  if (categoryPage.match.kind === "none") return { listing: EMPTY_LISTING, facets: EMPTY_FACETS, tabCounts: null, debug: null };
  const filters = categoryFilters(categoryPage, options);
  const { rowsQuery, facetsQuery, effectsQuery, facets, options: counted } = listingQueries(db, filters);
  const withDebug = categoryPage.adminDebug && options.debug;

  const [totals, effects, rows, stats, categories] = withDebug
    ? await db.batch([facetsQuery, effectsQuery, rowsQuery(options.page), statsQuery(db), allCategoryCountsQuery(db)])
    : [...(await db.batch([facetsQuery, effectsQuery, rowsQuery(options.page)])), null, null];
  const counts = facets(totals, effects);
  return {
    listing: settleListing(counts.total, rows, options.page),
    facets: counts,
    tabCounts: filters.tab ? toTabCounts(totals as unknown as FacetTotalsRow[], counted) : null,
    debug: stats && categories ? { matching: counts.total, stats: toStats(stats), categories } : null,
  };
}

/**
 * A generic category page: the category row, its products and facet counts in one batch.
 * Null when no category has this slug (the route answers 404).
 */
export async function loadGenericCategory(
  db: Db,
  slug: string,
  pageFor: (category: { name: string; slug: string }) => CategoryPage,
  options: CategoryListingOptions,
): Promise<(CategoryListing & { categoryPage: CategoryPage }) | null> {
  const provisional = pageFor({ name: slug, slug });
  const { rowsQuery, facetsQuery, effectsQuery, facets } = listingQueries(db, categoryFilters(provisional, options));
  const [[category], totals, effects, rows] = await db.batch([categoryBySlugQuery(db, slug), facetsQuery, effectsQuery, rowsQuery(options.page)]);
  if (!category) return null;
  const counts = facets(totals, effects);
  return {
    categoryPage: pageFor(category),
    listing: settleListing(counts.total, rows, options.page),
    facets: counts,
    tabCounts: null,
    debug: null,
  };
}

// ---------------------------------------------------------------------------------------------
// One product, and the sitemap

export async function getProduct(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ? toProduct(row) : null;
}

/** Active products for /sitemap.xml (id and last change), in id order. */
export async function listSitemapProducts(db: Db) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.id));
}

/** What a packshot is drawn from (app/routes/packshots.$id.$file.ts), or null for an unknown id. */
export async function getPackshotSource(db: Db, id: number) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      strainType: products.strainType,
      thcContent: products.thcContent,
      active: products.active,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row ?? null;
}
