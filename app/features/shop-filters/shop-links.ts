/**
 * Links to a shop view: its query string, defaults left out, and the href a filter form, chip or
 * pager points to. Reading a query string back is shop-query.ts, which stays out of the first
 * visit's JavaScript because it needs zod; these links are on every listing's first paint.
 */
import { DEFAULT_SHOP_QUERY, DEFAULT_VIEW, FILTER_FIELDS, FILTER_KEYS, filterValues, type ShopQuery } from "./shop-filters";
import { defaultSort } from "./shop-sort";

/**
 * The query string for a shop view, defaults left out ("" for the plain page). `before` puts a
 * page's own parameters (the concentrates tab) first.
 */
export function serializeShopQuery(query: Partial<ShopQuery>, before: Record<string, string> = {}): string {
  const params = new URLSearchParams(before);
  // A view without a sort takes its default (best match for a search), which the URL leaves out.
  const full = { ...DEFAULT_SHOP_QUERY, sort: defaultSort(query.search ?? ""), ...query };
  for (const key of FILTER_KEYS) for (const value of filterValues(full, key)) params.append(FILTER_FIELDS[key].param, value);
  // "relevance" without a search is the name order (shop-query.ts): never written into a URL.
  if (full.sort !== defaultSort(full.search) && !(full.sort === "relevance" && !full.search)) params.set("sort", full.sort);
  if (full.view !== DEFAULT_VIEW) params.set("view", full.view);
  if (full.showInactive) params.set("inactive", "show");
  if (full.page > 1) params.set("page", String(full.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Where a filter form lives: /shop, or a category page (its concentrates tab kept first in the URL). */
export interface FilterPage {
  path: string;
  /** the page's own parameters (the concentrates tab), kept through every filter change */
  params?: Record<string, string>;
}

export function shopHref(page: FilterPage, query: ShopQuery): string {
  return `${page.path}${serializeShopQuery(query, page.params)}`;
}
