/**
 * The shop's filters as they live in the URL: search, category, price range, strain type, potency,
 * effects, in stock only, on sale, plus view, page and the admin-only "show inactive" switch. Pure
 * rules shared by the loaders (which turn them into SQL in app/features/listings/listings.server.ts)
 * and the filter form, chips and facets. Sorting is shop-sort.ts, pages paging.ts, links
 * shop-links.ts, and parsing (zod) shop-query.ts.
 *
 * A filter is one entry of FILTER_FIELDS: its URL parameter, its values as URL strings and the chip
 * that removes one of them. Serialising, Clear Filters, "is anything filtered" and the chips all
 * walk that table, so a new filter is a field here, a rule in shop-query.ts and a condition in
 * listings/listing-sql.server.ts's FILTER_SQL — nothing else.
 */
import { DEFAULT_SORT, type ShopSort } from "./shop-sort";

/** Bounds on a number; each side inclusive or exclusive as the range says. */
export interface Bounds {
  gte?: number;
  gt?: number;
  lte?: number;
  lt?: number;
}

/** Price bounds in cents; each side inclusive or exclusive as the shop's price ranges say. */
export type PriceBounds = Bounds;

function inBounds(value: number, bounds: Bounds): boolean {
  if (bounds.gte !== undefined && value < bounds.gte) return false;
  if (bounds.gt !== undefined && value <= bounds.gt) return false;
  if (bounds.lte !== undefined && value > bounds.lte) return false;
  if (bounds.lt !== undefined && value >= bounds.lt) return false;
  return true;
}

export const PRICE_RANGES = [
  { value: "under-25", label: "Under $25", bounds: { lt: 2500 } },
  { value: "25-100", label: "$25 to $100", bounds: { gte: 2500, lte: 10000 } },
  { value: "100-500", label: "$100 to $500", bounds: { gte: 10000, lte: 50000 } },
  { value: "500-1000", label: "$500 to $1,000", bounds: { gte: 50000, lte: 100000 } },
  { value: "over-1000", label: "Over $1,000", bounds: { gt: 100000 } },
] as const satisfies ReadonlyArray<{ value: string; label: string; bounds: PriceBounds }>;

export type PriceRange = (typeof PRICE_RANGES)[number]["value"];

export const STRAIN_OPTIONS = [
  { value: "indica", label: "Indica" },
  { value: "sativa", label: "Sativa" },
  { value: "hybrid", label: "Hybrid" },
] as const;

export type StrainFilter = (typeof STRAIN_OPTIONS)[number]["value"];

/**
 * Potency ranges on the top of a product's THC range (thc_max): "22-25%" is in 15–25%, "24-27%" in
 * 25–35%. Percentages for flower, vapes and concentrates; mg doses for edibles.
 */
export const POTENCY_RANGES = [
  { value: "under-15", label: "Under 15%", unit: "percent", bounds: { lt: 15 } },
  { value: "15-25", label: "15–25%", unit: "percent", bounds: { gte: 15, lte: 25 } },
  { value: "25-35", label: "25–35%", unit: "percent", bounds: { gt: 25, lte: 35 } },
  { value: "over-35", label: "Over 35%", unit: "percent", bounds: { gt: 35 } },
  { value: "mg-up-to-10", label: "Up to 10 mg", unit: "mg", bounds: { lte: 10 } },
  { value: "mg-10-100", label: "10–100 mg", unit: "mg", bounds: { gt: 10, lte: 100 } },
  { value: "mg-over-100", label: "Over 100 mg", unit: "mg", bounds: { gt: 100 } },
] as const satisfies ReadonlyArray<{ value: string; label: string; unit: "percent" | "mg"; bounds: Bounds }>;

export type PotencyRange = (typeof POTENCY_RANGES)[number]["value"];

/** How many effects one view may select, and how long one may be (the URL is the shopper's to edit). */
export const MAX_SELECTED_EFFECTS = 8;
export const EFFECT_MAX_LENGTH = 40;

export const VIEWS = ["grid", "list"] as const;
export type ShopView = (typeof VIEWS)[number];
export const DEFAULT_VIEW: ShopView = "grid";

/** What a shopper narrows the products by: every field is a filter, with a chip and a facet. */
export interface ShopFilterValues {
  /** Trimmed; "" means no search. */
  search: string;
  /** Category slug; "" means all categories. On a category page the page itself is the category. */
  category: string;
  price: PriceRange | null;
  strains: StrainFilter[];
  potency: PotencyRange[];
  /** Lower-cased effect names; a product matches when it has any of them. */
  effects: string[];
  inStock: boolean;
  /** Only products on sale: a compare-at price above the price (deals/deals.ts). */
  onSale: boolean;
}

export type FilterKey = keyof ShopFilterValues;

export interface ShopQuery extends ShopFilterValues {
  sort: ShopSort;
  view: ShopView;
  /** 1-based; clamp against the result count with clampPage(). */
  page: number;
  /** Admin-only "Show All (Including Inactive)"; the loader ignores it for shoppers. */
  showInactive: boolean;
}

export const NO_FILTERS: ShopFilterValues = {
  search: "",
  category: "",
  price: null,
  strains: [],
  potency: [],
  effects: [],
  inStock: false,
  onSale: false,
};

export const DEFAULT_SHOP_QUERY: ShopQuery = {
  ...NO_FILTERS,
  sort: DEFAULT_SORT,
  view: DEFAULT_VIEW,
  page: 1,
  showInactive: false,
};

/** Names a chip needs that the URL does not carry: category and effect labels from the page's data. */
export interface FilterLabels {
  category?: (slug: string) => string | undefined;
  effect?: (value: string) => string | undefined;
}

interface FilterField<K extends FilterKey> {
  /** The query-string parameter (repeated for a multi-select). */
  param: string;
  /** The field's values as URL strings ([] when not filtering). */
  values: (value: ShopFilterValues[K]) => string[];
  /** The field from values already known to be valid (one removed by a chip). */
  fromValues: (values: string[]) => ShopFilterValues[K];
  chip: (value: string, labels: FilterLabels) => string;
}

const label = <T extends { value: string; label: string }>(options: readonly T[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every filter, in the order of the URL and the chips. */
export const FILTER_FIELDS: { [K in FilterKey]: FilterField<K> } = {
  search: {
    param: "search",
    values: (value) => (value ? [value] : []),
    fromValues: (values) => values[0] ?? "",
    chip: (value) => `“${value}”`,
  },
  category: {
    param: "category",
    values: (value) => (value ? [value] : []),
    fromValues: (values) => values[0] ?? "",
    chip: (value, labels) => labels.category?.(value) ?? value,
  },
  price: {
    param: "price",
    values: (value) => (value ? [value] : []),
    // The values were checked against the options when the URL was read (shop-query.ts), as below.
    fromValues: (values) => (values[0] as PriceRange | undefined) ?? null,
    chip: (value) => label(PRICE_RANGES, value),
  },
  strains: {
    param: "strain",
    values: (value) => value,
    fromValues: (values) => values as StrainFilter[],
    chip: (value) => label(STRAIN_OPTIONS, value),
  },
  potency: {
    param: "thc",
    values: (value) => value,
    fromValues: (values) => values as PotencyRange[],
    chip: (value) => `THC ${label(POTENCY_RANGES, value).replace(/^[A-Z]/, (c) => c.toLowerCase())}`,
  },
  effects: {
    param: "effect",
    values: (value) => value,
    fromValues: (values) => values,
    chip: (value, labels) => labels.effect?.(value) ?? capitalise(value),
  },
  inStock: {
    param: "stock",
    values: (value) => (value ? ["in"] : []),
    fromValues: (values) => values.length > 0,
    chip: () => "In stock only",
  },
  onSale: {
    param: "sale",
    values: (value) => (value ? ["1"] : []),
    fromValues: (values) => values.length > 0,
    chip: () => "On sale",
  },
};

// FILTER_FIELDS has exactly one entry per key (its type says so); Object.keys types them as string.
export const FILTER_KEYS = Object.keys(FILTER_FIELDS) as FilterKey[];

export function filterValues<K extends FilterKey>(filters: ShopFilterValues, key: K): string[] {
  return FILTER_FIELDS[key].values(filters[key]);
}

/** Clear Filters resets every filter; sort, view and the admin switch stay. */
export function clearedFilters(query: ShopQuery): ShopQuery {
  return { ...query, ...NO_FILTERS, page: 1, sort: query.sort === "relevance" ? DEFAULT_SORT : query.sort };
}

export function hasActiveFilters(filters: ShopFilterValues): boolean {
  return FILTER_KEYS.some((key) => filterValues(filters, key).length > 0);
}

/** How many filter values are set (the Filters button's badge). */
export function activeFilterCount(filters: ShopFilterValues): number {
  return FILTER_KEYS.reduce((sum, key) => sum + filterValues(filters, key).length, 0);
}

export interface FilterChip {
  key: FilterKey;
  value: string;
  label: string;
  /** The same view without this value (back on page 1). */
  without: ShopQuery;
}

/** One removable chip per active filter value, in URL order. */
export function filterChips(query: ShopQuery, labels: FilterLabels = {}): FilterChip[] {
  return FILTER_KEYS.flatMap((key) =>
    filterValues(query, key).map((value) => ({
      key,
      value,
      label: FILTER_FIELDS[key].chip(value, labels),
      without: withoutValue(query, key, value),
    })),
  );
}

function withoutValue<K extends FilterKey>(query: ShopQuery, key: K, value: string): ShopQuery {
  const field = FILTER_FIELDS[key];
  return { ...query, [key]: field.fromValues(field.values(query[key]).filter((other) => other !== value)), page: 1 };
}

export function priceRange(value: PriceRange) {
  return PRICE_RANGES.find((range) => range.value === value)!;
}

/** Whether a price (cents) lies in a range, with the range's own inclusive / exclusive bounds. */
export function priceInRange(cents: number, value: PriceRange): boolean {
  return inBounds(cents, priceRange(value).bounds);
}

export function potencyRange(value: PotencyRange) {
  return POTENCY_RANGES.find((range) => range.value === value)!;
}

/** Whether a product's THC (its unit and the top of its range) lies in a potency range. */
export function potencyInRange(thc: { unit: "percent" | "mg"; max: number }, value: PotencyRange): boolean {
  const range = potencyRange(value);
  return thc.unit === range.unit && inBounds(thc.max, range.bounds);
}

// ---------------------------------------------------------------------------------------------
// Facet counts: how many products each option would give, for the current filters.

/**
 * Facet counts as the loaders return them: for each filter, option value → products the view
 * would show with that option chosen (the filter's own choice left out, every other kept).
 */
export interface FacetCounts {
  /** products matching every filter (the count line's Y) */
  total: number;
  options: { [K in Exclude<FilterKey, "search">]: Record<string, number> };
  /** effect value (lower-cased) → its name as written on the products */
  effectLabels: Record<string, string>;
}

export const EMPTY_FACETS: FacetCounts = {
  total: 0,
  options: { category: {}, price: {}, strains: {}, potency: {}, effects: {}, inStock: {}, onSale: {} },
  effectLabels: {},
};

/**
 * A facet's count for an option value the URL may carry: read by own key only, so a value such as
 * "toString" or "__proto__" (which a plain object answers from its prototype) counts 0.
 */
export function optionCount(facets: FacetCounts, key: keyof FacetCounts["options"], value: string): number {
  const counts = facets.options[key];
  return Object.hasOwn(counts, value) ? (counts[value] ?? 0) : 0;
}

/** An effect's name as written on the products, for a value the URL may carry (own keys only, as above). */
export function effectLabel(facets: FacetCounts, value: string): string | undefined {
  return Object.hasOwn(facets.effectLabels, value) ? facets.effectLabels[value] : undefined;
}

/** How many effect options a filter form lists (most common first; chosen ones always listed). */
export const EFFECT_OPTIONS_SHOWN = 12;

export interface EffectOption {
  value: string;
  label: string;
  count: number;
}

/** The effects present in the current results, most common first, plus any chosen ones. */
export function effectOptions(facets: FacetCounts, selected: readonly string[]): EffectOption[] {
  const counts = facets.options.effects;
  const present = Object.keys(counts)
    .filter((value) => counts[value]! > 0)
    .sort((a, b) => counts[b]! - counts[a]! || a.localeCompare(b))
    .slice(0, EFFECT_OPTIONS_SHOWN);
  const values = [...present, ...selected.filter((value) => !present.includes(value))];
  return values
    .map((value) => ({ value, label: effectLabel(facets, value) ?? capitalise(value), count: optionCount(facets, "effects", value) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

// ---------------------------------------------------------------------------------------------
// The filter form: its sheet and the categories it offers.

/** The filter sheet's id: the Filters button opens it as a popover. */
export const FILTER_SHEET_ID = "shop-filters";

export interface FilterCategory {
  value: string;
  label: string;
}
