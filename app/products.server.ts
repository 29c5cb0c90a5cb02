import { data } from "@remix-run/cloudflare";
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { products } from "../db/schema";
import { activeCategoriesQuery, categoryBySlugQuery } from "./categories.server";
import type { Db } from "./load-context";
import { CONCENTRATE_TABS, type CategoryPage, type ConcentrateTab, type ProductMatch, type TabCounts, tabKeywords } from "./lib/category-pages";
import { toProduct } from "./lib/product";
import { toProductSummary, type ProductSummary } from "./lib/product-summary";
import {
  clampPage,
  containsLike,
  PAGE_SIZE,
  pageCount,
  pageOffset,
  priceRange,
  type PriceBounds,
  type PriceRange,
  type ShopQuery,
  type ShopSort,
} from "./lib/shop-filters";
import { titleCaseSlug } from "./lib/slug";

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
// Listings: the columns a card shows, filtered, sorted and paged in SQL.

const summaryColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
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
};

export interface Listing {
  products: ProductSummary[];
  /** Every product matching the filters, across pages. */
  total: number;
  /** The page shown, clamped into 1..pageCount. */
  page: number;
  pageCount: number;
}

/** Filters a listing applies; `activeOnly` false is the admin's Show All (Including Inactive). */
export interface ListingFilters {
  search: string;
  category: string;
  price: PriceRange | null;
  sort: ShopSort;
  activeOnly: boolean;
  match?: ProductMatch;
  tab?: ConcentrateTab;
}

/**
 * Price bounds as SQL. For the rows of a name-sorted page the column is wrapped in unary `+`,
 * SQLite's way of saying "do not use an index for this term", so the planner walks the
 * (active, [category,] name) index in order instead of sorting a price-range search in a temp B-tree.
 */
function priceConditions(bounds: PriceBounds, keepNameOrder: boolean): SQL[] {
  const column = keepNameOrder ? sql`+${products.priceCents}` : sql`${products.priceCents}`;
  const conditions: SQL[] = [];
  if (bounds.gte !== undefined) conditions.push(gte(column, bounds.gte));
  if (bounds.gt !== undefined) conditions.push(gt(column, bounds.gt));
  if (bounds.lte !== undefined) conditions.push(lte(column, bounds.lte));
  if (bounds.lt !== undefined) conditions.push(lt(column, bounds.lt));
  return conditions;
}

/** Case-insensitive substring match on the name; % and _ in the term match literally. */
function nameContains(term: string): SQL {
  return sql`${products.name} LIKE ${containsLike(term)} ESCAPE '\\'`;
}

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

/** Every condition but `active`, which the caller adds (or splits into a UNION ALL). */
function filterConditions(filters: ListingFilters, forRows: boolean): SQL[] {
  const conditions: SQL[] = [];
  if (filters.match) conditions.push(matchCondition(filters.match));
  if (filters.category) conditions.push(eq(products.category, filters.category));
  if (filters.price) conditions.push(...priceConditions(priceRange(filters.price).bounds, forRows && filters.sort === "name"));
  if (filters.search) conditions.push(nameContains(filters.search));
  const tab = filters.tab ? tabCondition(filters.tab) : undefined;
  if (tab) conditions.push(tab);
  return conditions;
}

/** Sorts with the id as tie-break, so pages never overlap; each is an index order. */
function orderFor(sort: ShopSort) {
  if (sort === "price-asc") return [asc(products.priceCents), asc(products.id)];
  if (sort === "price-desc") return [desc(products.priceCents), desc(products.id)];
  return [asc(products.name), asc(products.id)];
}

/**
 * The two statements of a listing: the count of every match and one page of rows. Exported so a
 * test can EXPLAIN the exact SQL. Show All (active and inactive) is a UNION ALL of the active and
 * the inactive half, each read in index order and merged by SQLite without a sort.
 */
export function listingQueries(db: Db, filters: ListingFilters) {
  const where = (active: boolean, forRows: boolean) => and(eq(products.active, active), ...filterConditions(filters, forRows));
  const countQuery = db
    .select({ value: count() })
    .from(products)
    // `active IN (1, 0)` is always true, but it lets Show All's count use the (active, ...) indexes.
    .where(filters.activeOnly ? where(true, false) : and(inArray(products.active, [true, false]), ...filterConditions(filters, false)));
  const rowsQuery = (page: number) => {
    const half = (active: boolean) => db.select(summaryColumns).from(products).where(where(active, true));
    const rows = filters.activeOnly ? half(true) : half(true).unionAll(half(false));
    return rows
      .orderBy(...orderFor(filters.sort))
      .limit(PAGE_SIZE)
      .offset(page > 1 ? clampedOffset(pageOffset(page), countQuery) : 0);
  };
  return { countQuery, rowsQuery };
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

/** A page of a listing from the count and the rows read in the same batch (the rows query clamps past-the-end pages itself). */
function settleListing(total: number, rows: Awaited<RowsQuery>, requestedPage: number): Listing {
  return { products: rows.map(toProductSummary), total, page: clampPage(requestedPage, total), pageCount: pageCount(total) };
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

/**
 * /shop: category options, the count and one page of products in ONE D1 batch (plus, for an
 * admin, the total / active / inactive counts); a second round trip only for a clamped page.
 */
export async function loadShop(db: Db, query: ShopQuery, { isAdmin }: { isAdmin: boolean }) {
  const filters: ListingFilters = {
    search: query.search,
    category: query.category,
    price: query.price,
    sort: query.sort,
    activeOnly: !(isAdmin && query.showInactive),
  };
  const { countQuery, rowsQuery } = listingQueries(db, filters);
  const productCategories = db
    .selectDistinct({ category: products.category })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.category));
  const categoriesQuery = activeCategoriesQuery(db);

  const [categoryRows, productCategoryRows, [counted], rows, stats] = isAdmin
    ? await db.batch([categoriesQuery, productCategories, countQuery, rowsQuery(query.page), statsQuery(db)])
    : [...(await db.batch([categoriesQuery, productCategories, countQuery, rowsQuery(query.page)])), null];

  // SPEC: active categories sorted by name, or else the products' own categories title-cased.
  const categories: CategoryOption[] =
    categoryRows.length > 0
      ? categoryRows.map((row) => ({ value: row.slug, label: row.name }))
      : productCategoryRows.map((row) => ({ value: row.category, label: titleCaseSlug(row.category) }));

  const listing = settleListing(counted?.value ?? 0, rows, query.page);
  return { listing, categories, stats: stats ? toStats(stats) : null };
}

// ---------------------------------------------------------------------------------------------
// Category pages

export interface CategoryDebug {
  matching: number;
  stats: CatalogueStats;
  categories: Array<{ category: string; count: number }>;
}

function tabCountsQuery(db: Db, match: ProductMatch, activeOnly: boolean) {
  // Each count gets its own alias: D1 returns rows keyed by column name, and two tabs with the
  // same number of keywords would otherwise produce the same column text and collide.
  const fields = Object.fromEntries(
    CONCENTRATE_TABS.map((tab, index) => {
      const condition = tabCondition(tab.value);
      const expression = condition ? sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)` : sql<number>`count(*)`;
      return [tab.value, expression.mapWith(Number).as(`tab_${index}`)];
    }),
  ) as Record<ConcentrateTab, SQL.Aliased<number>>;
  return db
    .select(fields)
    .from(products)
    .where(and(activeOnly ? eq(products.active, true) : undefined, matchCondition(match)));
}

function categoryCountsQuery(db: Db) {
  return db
    .select({ category: products.category, count: count() })
    .from(products)
    .groupBy(products.category)
    .orderBy(asc(products.category));
}

export interface CategoryListingOptions {
  tab: ConcentrateTab;
  page: number;
  /** Admins see inactive products too (badged), so they can activate them from the page. */
  includeInactive: boolean;
  /** The admin-only debug banner of pages that have one. */
  debug: boolean;
}

function categoryFilters(categoryPage: CategoryPage, options: CategoryListingOptions): ListingFilters {
  return {
    search: "",
    category: "",
    price: null,
    sort: "name",
    activeOnly: !options.includeInactive,
    match: categoryPage.match,
    tab: categoryPage.tabs ? options.tab : undefined,
  };
}

export interface CategoryListing {
  listing: Listing;
  tabCounts: TabCounts | null;
  debug: CategoryDebug | null;
}

const EMPTY_LISTING: Listing = { products: [], total: 0, page: 1, pageCount: 1 };

/** A fixed category page's products (and tab counts / debug data) in one batch. */
export async function loadCategoryListing(db: Db, categoryPage: CategoryPage, options: CategoryListingOptions): Promise<CategoryListing> {
  if (categoryPage.match.kind === "none") return { listing: EMPTY_LISTING, tabCounts: null, debug: null };
  const { countQuery, rowsQuery } = listingQueries(db, categoryFilters(categoryPage, options));
  const activeOnly = !options.includeInactive;

  if (categoryPage.tabs) {
    const [[counts], [counted], rows] = await db.batch([tabCountsQuery(db, categoryPage.match, activeOnly), countQuery, rowsQuery(options.page)]);
    const tabCounts = Object.fromEntries(CONCENTRATE_TABS.map((tab) => [tab.value, Number(counts?.[tab.value] ?? 0)])) as TabCounts;
    return { listing: settleListing(counted?.value ?? 0, rows, options.page), tabCounts, debug: null };
  }
  if (categoryPage.adminDebug && options.debug) {
    const [[counted], rows, stats, categories] = await db.batch([countQuery, rowsQuery(options.page), statsQuery(db), categoryCountsQuery(db)]);
    const total = counted?.value ?? 0;
    return {
      listing: settleListing(total, rows, options.page),
      tabCounts: null,
      debug: { matching: total, stats: toStats(stats), categories },
    };
  }
  const [[counted], rows] = await db.batch([countQuery, rowsQuery(options.page)]);
  return { listing: settleListing(counted?.value ?? 0, rows, options.page), tabCounts: null, debug: null };
}

/**
 * A generic category page: the category row and its products in one batch.
 * Null when no category has this slug (the route answers 404).
 */
export async function loadGenericCategory(
  db: Db,
  slug: string,
  pageFor: (category: { name: string; slug: string }) => CategoryPage,
  options: CategoryListingOptions,
): Promise<(CategoryListing & { categoryPage: CategoryPage }) | null> {
  const provisional = pageFor({ name: slug, slug });
  const { countQuery, rowsQuery } = listingQueries(db, categoryFilters(provisional, options));
  const [[category], [counted], rows] = await db.batch([categoryBySlugQuery(db, slug), countQuery, rowsQuery(options.page)]);
  if (!category) return null;
  return {
    categoryPage: pageFor(category),
    listing: settleListing(counted?.value ?? 0, rows, options.page),
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
