import { z } from "zod";
import { normalizeSearch, SEARCH_MAX_LENGTH } from "~/features/search/search";
import { defaultSort, SORTS, type ShopSort } from "./shop-sort";
import {
  DEFAULT_VIEW,
  EFFECT_MAX_LENGTH,
  FILTER_FIELDS,
  MAX_SELECTED_EFFECTS,
  POTENCY_RANGES,
  PRICE_RANGES,
  STRAIN_OPTIONS,
  VIEWS,
  type PriceRange,
  type ShopQuery,
} from "./shop-filters";

/**
 * Reading the shop's query string with zod: the loaders' input check, and the filter form's way to
 * canonicalise its URL. A module of its own so zod is not part of a first visit's JavaScript — the
 * filter form imports it when the shopper first touches a filter. Junk never fails: an unknown value
 * is dropped and a missing one takes its default.
 */

// zod's enum takes a non-empty tuple; both lists are non-empty constants.
const priceValues = PRICE_RANGES.map((range) => range.value) as [PriceRange, ...PriceRange[]];
const sortValues = SORTS.map((sort) => sort.value) as [ShopSort, ...ShopSort[]];

/** ?page=N: a positive whole number; junk, zero and negatives read as page 1 (past the end is clamped later). */
const PageSchema = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().int().min(1))
  .catch(1);

export function parsePage(value: string | null | undefined): number {
  return PageSchema.parse(value ?? "1");
}

/** A multi-select of fixed options: known values only, each once, in the options' own order. */
function optionList<T extends string>(options: ReadonlyArray<{ value: T }>) {
  return z
    .array(z.string())
    .transform((values) => options.map((option) => option.value).filter((value) => values.includes(value)))
    .catch([]);
}

/** Effects: free text from the products, so lower-cased, single-spaced, bounded, each once, sorted. */
const EffectsSchema = z
  .array(z.string())
  .transform((values) =>
    [...new Set(values.map((value) => value.trim().replace(/\s+/g, " ").toLowerCase()))]
      .filter((value) => value.length > 0 && value.length <= EFFECT_MAX_LENGTH)
      .slice(0, MAX_SELECTED_EFFECTS)
      .sort(),
  )
  .catch([]);

/** A query flag: on only when the parameter has exactly `value` ("1", "in", "show"...), off for anything else. */
export const queryFlag = (value: string) =>
  z
    .literal(value)
    .transform(() => true)
    .catch(false);

/** A search box's text, normalised as every search is (cut, trimmed), or none. */
export const searchParam = z
  .string()
  .transform((value) => normalizeSearch(value).term)
  .catch("");

const ShopQuerySchema = z.object({
  search: searchParam,
  category: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH)
    .transform((value) => (value.toLowerCase() === "all" ? "" : value))
    .catch(""),
  price: z.enum(priceValues).nullable().catch(null),
  strains: optionList(STRAIN_OPTIONS),
  potency: optionList(POTENCY_RANGES),
  effects: EffectsSchema,
  inStock: queryFlag("in"),
  onSale: queryFlag("1"),
  sort: z.enum(sortValues).nullable().catch(null),
  view: z.enum(VIEWS).catch(DEFAULT_VIEW),
  page: PageSchema,
  showInactive: queryFlag("show"),
});

/** Reads the shop's query string; anything missing or unreadable takes its default. */
export function parseShopQuery(params: URLSearchParams): ShopQuery {
  const all = (key: keyof typeof FILTER_FIELDS) => params.getAll(FILTER_FIELDS[key].param);
  const { sort, ...query } = ShopQuerySchema.parse({
    search: params.get(FILTER_FIELDS.search.param) ?? "",
    category: params.get(FILTER_FIELDS.category.param) ?? "",
    price: params.get(FILTER_FIELDS.price.param) || null,
    strains: all("strains"),
    potency: all("potency"),
    effects: all("effects"),
    inStock: params.get(FILTER_FIELDS.inStock.param) ?? "",
    onSale: params.get(FILTER_FIELDS.onSale.param) ?? "",
    sort: params.get("sort") || null,
    view: params.get("view") ?? DEFAULT_VIEW,
    page: params.get("page") ?? "1",
    showInactive: params.get("inactive") ?? "",
  });
  // No sort (or "" from the form's default option) is the view's default; nothing to rank without a search.
  const chosen = sort === "relevance" && !query.search ? null : sort;
  return { ...query, sort: chosen ?? defaultSort(query.search) };
}
