/**
 * The shop's filters as they live in the URL (SPEC sections 2 "Shop" and 9): search, category,
 * price range, sort, view, page, and the admin-only "show inactive" switch. Pure rules shared by
 * the loader (which turns them into SQL) and the filter form; junk in the query string reads as
 * the default, never as an error.
 */

/**
 * Products per page on /shop and the category pages: six rows of four on a desktop, and a page a
 * phone on a slow network loads quickly (24 cards of markup and first-row images, not 48).
 */
export const PAGE_SIZE = 24;
export const SEARCH_MAX_LENGTH = 100;

/** Price bounds in cents; each side inclusive or exclusive exactly as SPEC section 9 says. */
export interface PriceBounds {
  gte?: number;
  gt?: number;
  lte?: number;
  lt?: number;
}

export const PRICE_RANGES = [
  { value: "under-25", label: "Under $25", bounds: { lt: 2500 } },
  { value: "25-100", label: "$25 to $100", bounds: { gte: 2500, lte: 10000 } },
  { value: "100-500", label: "$100 to $500", bounds: { gte: 10000, lte: 50000 } },
  { value: "500-1000", label: "$500 to $1,000", bounds: { gte: 50000, lte: 100000 } },
  { value: "over-1000", label: "Over $1,000", bounds: { gt: 100000 } },
] as const satisfies ReadonlyArray<{ value: string; label: string; bounds: PriceBounds }>;

export type PriceRange = (typeof PRICE_RANGES)[number]["value"];

export const SORTS = [
  { value: "relevance", label: "Best match", summary: "best matches first" },
  { value: "name", label: "Name: A to Z", summary: "sorted A-Z" },
  { value: "price-asc", label: "Price: Low to High", summary: "sorted by price: low to high" },
  { value: "price-desc", label: "Price: High to Low", summary: "sorted by price: high to low" },
] as const;

export type ShopSort = (typeof SORTS)[number]["value"];
export const DEFAULT_SORT: ShopSort = "name";

/** A search lists its best matches first unless another sort is chosen; without one, "relevance" has nothing to rank. */
export function defaultSort(search: string): ShopSort {
  return search ? "relevance" : DEFAULT_SORT;
}

/**
 * The sort select's options for a view: "Best match" only with a search, and the view's default
 * sent as "" — so a search typed into the form gets its own default rather than the last one.
 */
export function sortOptions(search: string) {
  return SORTS.filter((sort) => sort.value !== "relevance" || search).map((sort) => ({
    value: sort.value === defaultSort(search) ? "" : sort.value,
    label: sort.label,
  }));
}

/** The sort select's value for a view ("" for its default). */
export function sortFieldValue(query: Pick<ShopQuery, "search" | "sort">): string {
  return query.sort === defaultSort(query.search) ? "" : query.sort;
}

export const VIEWS = ["grid", "list"] as const;
export type ShopView = (typeof VIEWS)[number];
export const DEFAULT_VIEW: ShopView = "grid";

export interface ShopQuery {
  /** Trimmed; "" means no search. */
  search: string;
  /** Category slug; "" means all categories. */
  category: string;
  price: PriceRange | null;
  sort: ShopSort;
  view: ShopView;
  /** 1-based; clamp against the result count with clampPage(). */
  page: number;
  /** Admin-only "Show All (Including Inactive)"; the loader ignores it for shoppers. */
  showInactive: boolean;
}

export const DEFAULT_SHOP_QUERY: ShopQuery = {
  search: "",
  category: "",
  price: null,
  sort: DEFAULT_SORT,
  view: DEFAULT_VIEW,
  page: 1,
  showInactive: false,
};

/** The query string for a shop view, defaults left out ("" for the plain /shop). */
export function serializeShopQuery(query: Partial<ShopQuery>): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.category) params.set("category", query.category);
  if (query.price) params.set("price", query.price);
  if (query.sort && query.sort !== defaultSort(query.search ?? "")) params.set("sort", query.sort);
  if (query.view && query.view !== DEFAULT_VIEW) params.set("view", query.view);
  if (query.showInactive) params.set("inactive", "show");
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Clear Filters: search, category and price reset; sort, view (and the admin switch) kept. */
export function clearedFilters(query: ShopQuery): ShopQuery {
  return { ...query, search: "", category: "", price: null, page: 1, sort: query.sort === "relevance" ? DEFAULT_SORT : query.sort };
}

export function hasActiveFilters(query: ShopQuery): boolean {
  return query.search !== "" || query.category !== "" || query.price !== null;
}

export function priceRange(value: PriceRange) {
  return PRICE_RANGES.find((range) => range.value === value)!;
}

/** Whether a price (cents) lies in a range, with the range's own inclusive / exclusive bounds. */
export function priceInRange(cents: number, value: PriceRange): boolean {
  const bounds: PriceBounds = priceRange(value).bounds;
  if (bounds.gte !== undefined && cents < bounds.gte) return false;
  if (bounds.gt !== undefined && cents <= bounds.gt) return false;
  if (bounds.lte !== undefined && cents > bounds.lte) return false;
  if (bounds.lt !== undefined && cents >= bounds.lt) return false;
  return true;
}

export function sortSummary(sort: ShopSort): string {
  return SORTS.find((entry) => entry.value === sort)!.summary;
}

/** 'Showing X of Y products (sorted A-Z)': X is what this page shows, Y every match. */
export function countLine(shown: number, total: number, sort: ShopSort): string {
  return `Showing ${shown} of ${total} ${total === 1 ? "product" : "products"} (${sortSummary(sort)})`;
}

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches those characters literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** LIKE pattern matching the term anywhere, its wildcards escaped (use with `ESCAPE '\\'`). */
export function containsLike(term: string): string {
  return `%${escapeLike(term)}%`;
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A requested page kept inside 1..pageCount (an empty result still has page 1). */
export function clampPage(page: number, total: number, pageSize = PAGE_SIZE): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), pageCount(total, pageSize));
}

export function pageOffset(page: number, pageSize = PAGE_SIZE): number {
  return (page - 1) * pageSize;
}

/**
 * The numbered links of a pager: always the first and last page and the current page's
 * neighbours, with "gap" where pages are skipped. 1 … 4 5 6 … 10
 */
export function pageList(current: number, count: number): Array<number | "gap"> {
  const pages = new Set([1, count, current - 1, current, current + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: Array<number | "gap"> = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push("gap");
    items.push(page);
  });
  return items;
}
