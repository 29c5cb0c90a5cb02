import { z } from "zod";
import { normalizeSearch, SEARCH_CUT_NOTE } from "~/features/search/search";
import { queryFlag, searchParam } from "~/features/shop-filters/shop-query";
import type { AdminProductFilters } from "./product-admin.server";
import { FILTER_PARAMS } from "./product-list-filters";

/**
 * Product Management's filters read from a query string or a posted form (the list's GET form, and the
 * bulk actions' "all matching" and "all on this page", which re-query the same filters on the server).
 * Anything unreadable is that filter unset, never an error: a filter is a view, not a write.
 */
const FiltersSchema = z.object({
  search: searchParam,
  category: z.string().trim().max(100).catch(""),
  onSale: queryFlag("1"),
  status: z.enum(["", "active", "inactive"]).catch(""),
  stock: z.enum(["", "in", "out", "low"]).catch(""),
  noPhoto: queryFlag("none"),
  labReportMissing: queryFlag("missing"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** A query string or a posted form. */
type Source = { get(name: string): unknown };

function text(source: Source, name: string) {
  const value = source.get(name);
  return typeof value === "string" ? value : "";
}

export function parseProductFilters(source: Source): AdminProductFilters {
  const names = FILTER_PARAMS;
  return FiltersSchema.parse({
    search: text(source, names.search),
    category: text(source, names.category),
    onSale: text(source, names.onSale),
    status: text(source, names.status),
    stock: text(source, names.stock),
    noPhoto: text(source, names.noPhoto),
    labReportMissing: text(source, names.labReportMissing),
    page: text(source, names.page) || 1,
  });
}

/** The note shown when the search term was cut to its maximum length. */
export function searchCutNote(source: Source) {
  return normalizeSearch(text(source, FILTER_PARAMS.search)).cut ? SEARCH_CUT_NOTE : null;
}
