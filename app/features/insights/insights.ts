import { z } from "zod";
import { normalizeSearch } from "~/features/search/search";

/**
 * Owner insights (docs/decisions/046): what one request hands the Queue, and the pure rules the
 * producer, the consumer and the Insights screen share. An event names a product, a size, a search
 * term or a deal code, a quantity and cents — never a person, an address, a cookie or a URL.
 */

/** A search term is kept to this many characters (after normalising). */
const TERM_MAX_CHARS = 100;
/** Distinct search terms (and deal codes) kept per day; later new ones fold into FOLDED_TERM. */
export const TERMS_PER_DAY = 500;
/** The row the terms past the day's cap are added to ('' is never a term: empty searches are not counted). */
export const FOLDED_TERM = "";
/** Rows older than this are removed by the hourly job. */
const RETENTION_DAYS = 400;
/** Processed message ids are kept this long: longer than a Queue keeps a message. */
export const MESSAGE_ID_DAYS = 14;
/** Events one request may hand over (a cart holds at most a few dozen lines). */
export const EVENTS_PER_MESSAGE = 64;
/** The chart's ranges, in days. */
export const RANGES = [7, 30, 90] as const;
export type Range = (typeof RANGES)[number];

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().min(1).max(100_000);

const InsightEventSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("view"), productId: id, sizeId: id.optional() }),
  z.object({ kind: z.literal("add"), productId: id, sizeId: id.optional(), quantity: count }),
  z.object({ kind: z.literal("remove"), productId: id, sizeId: id.optional() }),
  z.object({
    kind: z.literal("order"),
    productId: id,
    sizeId: id.optional(),
    quantity: count,
    cents: z.number().int().min(0).max(1_000_000_000),
  }),
  z.object({
    kind: z.literal("search"),
    term: z
      .string()
      .min(1)
      .max(TERM_MAX_CHARS * 2),
    found: z.boolean(),
  }),
  // A special's code or deal link used (sent by the specials feature): counted per code, per day.
  z.object({
    kind: z.literal("deal"),
    term: z
      .string()
      .min(1)
      .max(TERM_MAX_CHARS * 2),
  }),
]);
export type InsightEvent = z.infer<typeof InsightEventSchema>;

/** One Queue message: one request's events and the minute they happened (the consumer makes it a shop day). */
export const InsightMessageSchema = z.object({
  v: z.literal(1),
  at: z.number().int().positive(),
  events: z.array(InsightEventSchema).min(1).max(EVENTS_PER_MESSAGE),
});
export type InsightMessage = z.infer<typeof InsightMessageSchema>;

/**
 * Set by the shop's listing loader on a search (never sent to the browser): how many products the
 * search found, so a copy served from the page cache is counted as a search with the same result.
 */
export const SEARCH_RESULTS_HEADER = "X-Search-Results";

/** Tells a search's result count to the Worker (read at the edge, removed before the answer leaves). */
export function markSearchResults(headers: Headers, results: number | null) {
  if (results !== null) headers.set(SEARCH_RESULTS_HEADER, String(results));
}

/** A search term as it is counted: normalised like every search, lower-cased, at most TERM_MAX_CHARS characters; '' is no term. */
export function countedTerm(raw: string | null | undefined): string {
  const lowered = normalizeSearch(raw).term.toLocaleLowerCase("en-US");
  return Array.from(lowered).slice(0, TERM_MAX_CHARS).join("").trim();
}

/** The shop day (YYYY-MM-DD) an instant falls on in the shop's time zone. */
export function shopDay(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(at));
}

/** The `days` shop days ending with the one `at` falls on, oldest first. */
export function lastDays(at: number, timeZone: string, days: number): string[] {
  const today = shopDay(at, timeZone);
  // "YYYY-MM-DD", as the en-CA format writes it: three numbers.
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return Array.from({ length: days }, (_, index) => new Date(Date.UTC(y, m - 1, d - (days - 1 - index))).toISOString().slice(0, 10));
}

/** The day before which rows are removed (RETENTION_DAYS kept, today included). */
export function retentionCutoff(at: number, timeZone: string): string {
  return lastDays(at, timeZone, RETENTION_DAYS)[0]!;
}

/** A chart range from the URL: one of RANGES, else 30. */
export function parseRange(value: string | null): Range {
  const number = Number(value);
  return RANGES.find((range) => range === number) ?? 30;
}

/** Adds per hundred views (or orders per hundred adds), as the owner reads it: "12%", or "–" with nothing to divide by. */
export function rateText(part: number, whole: number): string {
  if (whole <= 0) return "–";
  const percent = (part / whole) * 100;
  return `${percent >= 10 || percent === 0 ? Math.round(percent) : percent.toFixed(1)}%`;
}

/** How the product table is ordered (the URL's `sort`), in the order the page offers them, and their labels. */
export const PRODUCT_SORT_KEYS = ["views", "adds", "orders", "revenue"] as const;
export type ProductSort = (typeof PRODUCT_SORT_KEYS)[number];
export const PRODUCT_SORTS: Record<ProductSort, string> = { views: "Views", adds: "Adds", orders: "Orders", revenue: "Quoted revenue" };

/** One of PRODUCT_SORT_KEYS, else views (any other text, "toString" among them). */
export function parseSort(value: string | null): ProductSort {
  return PRODUCT_SORT_KEYS.find((key) => key === value) ?? "views";
}

interface Ranked {
  name: string;
  views: number;
  adds: number;
  orders: number;
  revenueCents: number;
}

/** The top `limit` products by one figure (ties by name), leaving out those with none of it. */
export function topProducts<T extends Ranked>(rows: readonly T[], sort: ProductSort, limit = 10): T[] {
  const figure = (row: T) => (sort === "revenue" ? row.revenueCents : row[sort]);
  return rows
    .filter((row) => figure(row) > 0)
    .sort((a, b) => figure(b) - figure(a) || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** Views at least this many and adds under this share of them: looked at often, rarely added. */
const RARELY_ADDED = { minViews: 20, maxAddRate: 0.05 } as const;

export function rarelyAdded<T extends Ranked>(rows: readonly T[], limit = 10): T[] {
  return rows
    .filter((row) => row.views >= RARELY_ADDED.minViews && row.adds < row.views * RARELY_ADDED.maxAddRate)
    .sort((a, b) => b.views - a.views || a.name.localeCompare(b.name))
    .slice(0, limit);
}
