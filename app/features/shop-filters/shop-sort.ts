/**
 * How a shop view is sorted: the sorts the select offers, each view's default (best match for a
 * search, name otherwise), and the count line that says which one is in force.
 */
import { countOf } from "~/ui/words";

export const SORTS = [
  { value: "relevance", label: "Best match", summary: "best matches first" },
  { value: "name", label: "Name: A to Z", summary: "sorted A-Z" },
  { value: "price-asc", label: "Price: Low to High", summary: "sorted by price: low to high" },
  { value: "price-desc", label: "Price: High to Low", summary: "sorted by price: high to low" },
  { value: "thc-desc", label: "THC: High to Low", summary: "sorted by THC: high to low" },
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
export function sortFieldValue(query: { search: string; sort: ShopSort }): string {
  return query.sort === defaultSort(query.search) ? "" : query.sort;
}

export function sortSummary(sort: ShopSort): string {
  return SORTS.find((entry) => entry.value === sort)!.summary;
}

/** 'Showing X of Y products (sorted A-Z)': X is what this page shows, Y every match. */
export function countLine(shown: number, total: number, sort: ShopSort): string {
  return `Showing ${shown} of ${countOf(total, "product")} (${sortSummary(sort)})`;
}
