/**
 * The product listings (decisions 009, 014): /shop and the category pages. One page of cards, its
 * total and its facet counts are read in ONE D1 batch, filtered, sorted and paged in SQL on indexes
 * (the conditions: listing-sql.server.ts; the counts: facets.server.ts).
 */
import { and, asc, count, eq, sql, type SQLWrapper } from "drizzle-orm";
import { products } from "~db/schema";
import type { CategoryDebug, CategoryPage, ConcentrateTab, TabCounts } from "~/features/category-pages/category-pages";
import { countWithNoResultsHelp, readNoResultsHelp, searchSource } from "~/features/search/search.server";
import { clampPage, PAGE_SIZE, pageCount, pageOffset } from "~/features/shop-filters/paging";
import {
  EMPTY_FACETS,
  FILTER_KEYS,
  NO_FILTERS,
  type FacetCounts,
  type ShopFilterValues,
  type ShopQuery,
} from "~/features/shop-filters/shop-filters";
import { type ShopSort } from "~/features/shop-filters/shop-sort";
import type { Db } from "~/server/load-context";
import { activeCategoriesQuery, categoryBySlugQuery } from "~/features/catalogue/categories.server";
import { toProductSummary, type CatalogueStats, type ProductSummary } from "~/features/catalogue/product-summary";
import { titleCaseSlug } from "~/features/catalogue/slug";
import { readListing, type BatchResults, type CountsCache } from "./counts-cache.server";
import { facetQueries } from "./facets.server";
import {
  activeConditions,
  availableCondition,
  clampedOffset,
  orderFor,
  productListColumns,
  rowCondition,
  scopeCondition,
  sqlNumber,
  type ActiveConditions,
  type ListingFilters,
} from "./listing-sql.server";

export type { ListingFilters } from "./listing-sql.server";

// ---------------------------------------------------------------------------------------------
// Listings: the columns a card shows, filtered, sorted, counted and paged in SQL (decisions 009, 014).

export const summaryColumns = {
  ...productListColumns,
  effects: products.effects,
  rating: products.rating,
  reviewCount: products.reviewCount,
  isLabTested: products.isLabTested,
  // Available (decision 028): the switch on and not sold out, so a card says Out of Stock as the page does.
  inStock: sql<boolean>`${availableCondition()}`.mapWith(Boolean).as("available"),
  active: products.active,
  hasLabReport: sql<number>`(${products.labReportKey} is not null)`.as("has_lab_report"),
  sizesPriceDiffers: products.sizesPriceDiffers,
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
 * The statements of a listing, exported so a test can EXPLAIN the exact SQL: the facet counts
 * (facets.server.ts), and
 * - `rowsQuery(page)`: one page of cards in index order; Show All is a UNION ALL of the active and the
 *   inactive half, each read in index order and merged by SQLite without a sort.
 * - `countQuery`: every match, for clamping a page past the end inside the rows statement.
 */
export function listingQueries(db: Db, filters: ListingFilters) {
  const conditions = activeConditions(filters);
  const countQuery = db
    .select({ value: count() })
    .from(products)
    .where(and(scopeCondition(filters), ...conditions.map((entry) => entry.condition)));

  const rowsQuery = (page: number) => {
    if (filters.search) return searchRowsQuery(db, filters, conditions, page, countQuery);
    const half = (active: boolean) =>
      db
        .select(summaryColumns)
        .from(products)
        .where(and(scopeCondition(filters, eq(products.active, active)), ...conditions.map((entry) => rowCondition(entry, filters.sort))));
    const rows = filters.activeOnly ? half(true) : half(true).unionAll(half(false));
    return rows
      .orderBy(...orderFor(filters.sort))
      .limit(PAGE_SIZE)
      .offset(pageStart(page, countQuery));
  };

  return { countQuery, rowsQuery, ...facetQueries(db, filters, conditions) };
}

/** Where a page starts: 0 for the first, else clamped to the last page in SQL (listing-sql.server.ts). */
function pageStart(page: number, countQuery: SQLWrapper): number {
  return page > 1 ? sqlNumber(clampedOffset(pageOffset(page), countQuery)) : 0;
}

/**
 * A search's page: the full-text index supplies the matching ids (search.server.ts) and SQLite reads
 * those products by id, never scanning the table, with every other filter applied. Without another
 * sort chosen, best matches come first (names containing the term before everything else).
 */
function searchRowsQuery(db: Db, filters: ListingFilters, conditions: ActiveConditions, page: number, countQuery: SQLWrapper) {
  const source = searchSource(filters.search);
  const others = conditions.filter((entry) => entry.key !== "search").map((entry) => entry.condition);
  return db
    .select(summaryColumns)
    .from(source.ranked)
    .crossJoin(products)
    .where(and(source.on, scopeCondition(filters), ...others))
    .orderBy(...(filters.sort === "relevance" ? source.order : orderFor(filters.sort)))
    .limit(PAGE_SIZE)
    .offset(pageStart(page, countQuery));
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

/** @public (named by the shop loader's inferred return type) */
export interface CategoryOption {
  value: string;
  label: string;
}

function statsQuery(db: Db) {
  return db.select({ total: count(), active: sql<number>`coalesce(sum(${products.active}), 0)` }).from(products);
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
 * With counts kept for these filters (`counts`, counts-cache.server.ts) and the catalogue unchanged
 * since, the batch reads no counts.
 */
export async function loadShop(db: Db, query: ShopQuery, { isAdmin, counts }: { isAdmin: boolean; counts?: CountsCache | null }) {
  const filters = listingFilters(query, !(isAdmin && query.showInactive));
  const { countQuery, rowsQuery, facetsQuery, categoryCountsQuery, effectsQuery, facets } = listingQueries(db, filters);

  // A search's count also brings what to offer should it find nothing (search.server.ts): same batch, no extra round trip.
  const help = query.search ? countWithNoResultsHelp(db, countQuery, query.search) : null;
  // The optional reads (a search's help, the admin's counts) ride in the same batch; each is told apart by its row's shape.
  const optional = [...(help ? [help] : []), ...(isAdmin ? [statsQuery(db)] : [])];
  const {
    page: [categoryRows, rows, ...optionalRows],
    counts: { facets: facetCounts },
  } = await readListing(db, counts ? await counts.entry(filters) : null, {
    page: [activeCategoriesQuery(db), rowsQuery(query.page), ...optional] as const,
    counts: [facetsQuery, categoryCountsQuery, effectsQuery] as const,
    toCounts: ([totals, categoryCounts, effects]) => ({ facets: facets(totals, effects, categoryCounts), tabCounts: null }),
  });
  const firstRows = optionalRows.map(([row]) => row);
  const counted = firstRows.find((row) => row !== undefined && "help" in row);
  const stats = firstRows.find((row) => row !== undefined && "active" in row);

  // Active categories sorted by name, or else the products' own categories title-cased.
  const categories: CategoryOption[] =
    categoryRows.length > 0
      ? categoryRows.map((row) => ({ value: row.slug, label: row.name }))
      : Object.keys(facetCounts.options.category)
          .sort()
          .map((slug) => ({ value: slug, label: titleCaseSlug(slug) }));

  const listing = settleListing(facetCounts.total, rows, query.page);
  const noResultsHelp = counted && "help" in counted ? readNoResultsHelp(query.search, counted.help) : null;
  return { listing, categories, facets: facetCounts, stats: stats && "active" in stats ? toStats([stats]) : null, noResultsHelp };
}

// ---------------------------------------------------------------------------------------------
// Category pages: the same filters, sorts and counts, scoped to the page's products.

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
  /** The request's kept counts (counts-cache.server.ts); none: always count. */
  counts?: CountsCache | null;
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

/** A fixed category page's products, facet counts (and tab counts / debug data) in one batch; with current kept counts, no counts. */
export async function loadCategoryListing(db: Db, categoryPage: CategoryPage, options: CategoryListingOptions): Promise<CategoryListing> {
  if (categoryPage.match.kind === "none") return { listing: EMPTY_LISTING, facets: EMPTY_FACETS, tabCounts: null, debug: null };
  const filters = categoryFilters(categoryPage, options);
  const { rowsQuery, facetsQuery, effectsQuery, facets, tabCounts } = listingQueries(db, filters);
  const countReads = [facetsQuery, effectsQuery] as const;
  const counts = {
    counts: countReads,
    toCounts: ([totals, effects]: BatchResults<typeof countReads>) => ({
      facets: facets(totals, effects),
      tabCounts: filters.tab ? tabCounts(totals) : null,
    }),
  };
  const entry = options.counts ? await options.counts.entry(filters) : null;
  if (categoryPage.adminDebug && options.debug) {
    const {
      page: [rows, stats, categories],
      counts: counted,
    } = await readListing(db, entry, { ...counts, page: [rowsQuery(options.page), statsQuery(db), allCategoryCountsQuery(db)] as const });
    return {
      listing: settleListing(counted.facets.total, rows, options.page),
      ...counted,
      debug: { matching: counted.facets.total, stats: toStats(stats), categories },
    };
  }
  const {
    page: [rows],
    counts: counted,
  } = await readListing(db, entry, { ...counts, page: [rowsQuery(options.page)] as const });
  return { listing: settleListing(counted.facets.total, rows, options.page), ...counted, debug: null };
}

/**
 * A generic category page: the category row, its products and facet counts in one batch (with current
 * kept counts, no counts). Null when no category has this slug (the route answers 404).
 */
export async function loadGenericCategory(
  db: Db,
  slug: string,
  pageFor: (category: { name: string; slug: string }) => CategoryPage,
  options: CategoryListingOptions,
): Promise<(CategoryListing & { categoryPage: CategoryPage }) | null> {
  const filters = categoryFilters(pageFor({ name: slug, slug }), options);
  const { rowsQuery, facetsQuery, effectsQuery, facets } = listingQueries(db, filters);
  const {
    page: [[category], rows],
    counts: counted,
  } = await readListing(db, options.counts ? await options.counts.entry(filters) : null, {
    page: [categoryBySlugQuery(db, slug), rowsQuery(options.page)] as const,
    counts: [facetsQuery, effectsQuery] as const,
    toCounts: ([totals, effects]) => ({ facets: facets(totals, effects), tabCounts: null }),
    // A slug no category has (a stranger's guess) answers 404: nothing of it is kept.
    keeps: ([[found]]) => found !== undefined,
  });
  if (!category) return null;
  return {
    categoryPage: pageFor(category),
    listing: settleListing(counted.facets.total, rows, options.page),
    ...counted,
    tabCounts: null,
    debug: null,
  };
}
