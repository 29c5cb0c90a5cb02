/**
 * The shop's filters, sorts and scopes as SQL conditions on the products table (decisions 009, 014):
 * the building blocks the listing (listings.server.ts) and its facet counts (facets.server.ts) share.
 * Every value written into the SQL is a number or a fixed option from our own constants; shopper
 * text (a search, an effect) is always a bound parameter.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { products, productSizes } from "~db/schema";
import { tabKeywords } from "~/features/category-pages/category-pages.server";
import type { ConcentrateTab, ProductMatch } from "~/features/category-pages/category-pages";
import { matchesSearch } from "~/features/search/search.server";
import {
  FILTER_KEYS,
  filterValues,
  POTENCY_RANGES,
  potencyRange,
  PRICE_RANGES,
  priceRange,
  STRAIN_OPTIONS,
  type Bounds,
  type FilterKey,
  type PotencyRange,
  type PriceRange,
  type ShopFilterValues,
} from "~/features/shop-filters/shop-filters";
import { PAGE_SIZE } from "~/features/shop-filters/paging";
import { type ShopSort } from "~/features/shop-filters/shop-sort";
import { containsLike } from "~/features/search/search";

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
export const effectKey = (value: SQLWrapper) => sql`lower(trim(${value}))`;

function matchCondition(match: ProductMatch): SQL {
  if (match.kind === "category") return eq(products.category, match.slug);
  if (match.kind === "categories") return inArray(sql`lower(${products.category})`, [...match.slugs]);
  return sql`0`;
}

export function tabCondition(tab: ConcentrateTab): SQL | undefined {
  const keywords = tabKeywords(tab);
  if (keywords.length === 0) return undefined;
  return or(...keywords.map(nameContains));
}

export type FacetKey = Exclude<FilterKey, "search">;

/**
 * Each filter as SQL: the condition for one chosen value (`when`), for several (`any`, default: any
 * of them), and the options counted by conditional sums. Category is counted by grouping, effects by
 * a statement of their own (their options come from the products). A filter added to shop-filters.ts
 * gets its entry here and is filtered, counted and index-checked like the others.
 */
export const FILTER_SQL: {
  [K in FilterKey]: { when: (value: string) => SQL; any?: (values: string[]) => SQL; counted?: readonly string[] };
} = {
  search: { when: searchCondition },
  category: { when: (slug) => eq(products.category, slug) },
  price: {
    // Values were checked against the options when the URL was read (shop-query.ts), as for potency.
    when: (value) => priceCondition(priceRange(value as PriceRange).bounds),
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
  inStock: { when: () => availableCondition(), counted: ["in"] },
  onSale: { when: () => onSaleCondition(), counted: ["1"] },
};

/**
 * A price range over every size (decision 028): one of the product's sizes costs a price in it. The
 * products row holds the lowest (the card's 'from $X') and the highest size price, on the facet
 * index: either in the range is a match, read from the index alone. Only when the range lies strictly
 * between them (sizes at $45 and $600, $100 to $500) are the sizes themselves read. A product sold in
 * one size (lowest = highest) never reads its sizes.
 */
function priceCondition(bounds: Bounds): SQL {
  const { gte, gt, lte, lt } = bounds;
  const lower = gte !== undefined || gt !== undefined ? { gte, gt } : null;
  const upper = lte !== undefined || lt !== undefined ? { lte, lt } : null;
  // drizzle writes a one-table select's columns bare, so the outer row is named in full.
  const between =
    lower && upper
      ? sql` OR (NOT ${boundsCondition(products.priceCents, lower)} AND NOT ${boundsCondition(products.maxPriceCents, upper)} AND EXISTS (SELECT 1 FROM ${productSizes} WHERE ${productSizes.productId} = "products"."id" AND ${boundsCondition(productSizes.priceCents, bounds)}))`
      : sql``;
  return sql`(${boundsCondition(products.priceCents, bounds)} OR (${products.sizesPriceDiffers} AND (${boundsCondition(products.maxPriceCents, bounds)}${between})))`;
}

/**
 * What a price range's rows can seek on the price index with: every match has a size at most the
 * range's top, so its lowest price is too. A range with no top (Over $1,000) has none.
 */
function priceSeek(bounds: Bounds): SQL | undefined {
  if (bounds.lte !== undefined) return sql`${products.priceCents} <= ${literal(bounds.lte)}`;
  if (bounds.lt !== undefined) return sql`${products.priceCents} < ${literal(bounds.lt)}`;
  return undefined;
}

/**
 * Can be bought (decision 028): the owner's In Stock switch is on and the product is not sold out
 * (every size tracking its stock with none left). The shop's In Stock filter and every card's badge.
 */
export function availableCondition(): SQL {
  return sql`(${products.inStock} AND NOT ${products.soldOut})`;
}

/** Deals: deals/deals.ts isOnSale in SQL — a compare-at price above the price (null is no sale). */
export function onSaleCondition(): SQL {
  return sql`${products.compareAtCents} > ${products.priceCents}`;
}

/** One condition per active filter (and the concentrates tab), keyed for the facet counts. */
export function activeConditions(filters: ListingFilters): ActiveCondition[] {
  const conditions: ActiveCondition[] = [];
  for (const key of FILTER_KEYS) {
    const values = filterValues(filters, key);
    if (values.length === 0) continue;
    const entry = FILTER_SQL[key];
    const condition = values.length === 1 || !entry.any ? or(...values.map(entry.when))! : entry.any(values);
    conditions.push({ key, condition, seek: key === "price" && filters.price ? priceSeek(priceRange(filters.price).bounds) : undefined });
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
export function scopeCondition(filters: ListingFilters, active: SQL = activeScope(filters.activeOnly)): SQL {
  return and(active, filters.match ? matchCondition(filters.match) : undefined)!;
}

/** A filter as SQL, keyed for the facet counts; `seek` is a looser condition a price sort's index can range over. */
export interface ActiveCondition {
  key: FilterKey | "tab";
  condition: SQL;
  seek?: SQL;
}

/**
 * The rows of a page walk one index in the sort's order. A filter the planner could seek another
 * index for (a price or THC range) would make it read that index and sort the result in a temp
 * B-tree, so in the rows query every filter is wrapped in unary `+(...)`, SQLite's way of saying "do
 * not use an index for this term" — except the category (part of the ordered indexes) and, on a price
 * sort, a price range's top (its index is the order).
 */
export function rowCondition({ key, condition, seek }: ActiveCondition, sort: ShopSort): SQL {
  if (key === "category") return condition;
  if (key === "price" && seek && (sort === "price-asc" || sort === "price-desc")) return and(seek, sql`+(${condition})`)!;
  return sql`+(${condition})`;
}

/** Sorts with the id as tie-break, so pages never overlap; each is an index order. */
export function orderFor(sort: ShopSort) {
  if (sort === "price-asc") return [asc(products.priceCents), asc(products.id)];
  if (sort === "price-desc") return [desc(products.priceCents), desc(products.id)];
  // Percentages before mg doses (unrelated scales), strongest first, products without THC last.
  if (sort === "thc-desc") return [desc(products.thcUnit), desc(products.thcMax), desc(products.id)];
  return [asc(products.name), asc(products.id)];
}

/**
 * drizzle types `.limit()` and `.offset()` as taking a number, but renders an SQL expression given to
 * either as it is (SQLiteDialect.buildLimit / buildSelectQuery). This is the one place that says so.
 */
export function sqlNumber(expression: SQL): number {
  return expression as never;
}

/** The filters a listing applies, each with its key (the facet counts leave out a filter's own). */
export type ActiveConditions = ReturnType<typeof activeConditions>;

/**
 * A page past the end shows the last page. The offset is clamped in SQL — min(requested, start of
 * the last page), the count read in the same statement — so the page costs no second round trip.
 */
export function clampedOffset(offset: number, countQuery: SQLWrapper): SQL {
  const pageSize = sql.raw(String(PAGE_SIZE)); // an integer literal: D1 binds numbers as REAL, and this must divide as integers
  return sql`min(${offset}, max((${countQuery}) - 1, 0) / ${pageSize} * ${pageSize})`;
}

/** What every list of products shows of each one (the shop's cards and the admin's rows). */
export const productListColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  compareAtCents: products.compareAtCents,
  image: products.image,
  category: products.category,
  strainType: products.strainType,
  thcContent: products.thcContent,
};
