/**
 * A listing's facet counts kept while the catalogue is unchanged (docs/decisions/032). The counts read
 * every product of the page's scope (decision 014), so their cost grows with the catalogue, while
 * they change only when the catalogue does. A listing whose counts are kept reads, in its one D1
 * batch, only its page of cards and the catalogue revision (a number every write to products or
 * product_sizes moves, by trigger: migration 0018); when the revision is the kept counts' own, they
 * are current, read in the same snapshot as the cards. Otherwise it counts in SQL, as before, and
 * keeps the result.
 *
 * - The key is what the counts depend on: the page's scope and every filter — not the sort or the
 *   page number, so every sort and page of a listing shares one count.
 * - Kept in this isolate (a bounded map, free to read) and in the Cache API (per data centre, so a
 *   new isolate does not count again).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { rememberedInIsolate } from "~/server/isolate-memory.server";
import { catalogueRevision } from "~db/schema";
import type { TabCounts } from "~/features/category-pages/category-pages";
import { FILTER_KEYS, filterValues, type FacetCounts } from "~/features/shop-filters/shop-filters";
import type { Db } from "~/server/load-context";
import type { ListingFilters } from "./listing-sql.server";

/** What a listing's counts statements give the page: the facet counts, and the concentrates tabs'. */
export interface ListingCounts {
  facets: FacetCounts;
  tabCounts: TabCounts | null;
}

/** Counts as kept: with the catalogue revision they were counted at. */
interface KeptCounts {
  revision: number;
  counts: ListingCounts;
}

/** One listing's entry: the counts kept for it, if any, and how to keep freshly counted ones. */
export interface CountsEntry {
  kept: KeptCounts | null;
  keep(kept: KeptCounts): void;
}

export interface CountsCache {
  entry(filters: ListingFilters): Promise<CountsEntry>;
}

/** Listings kept in this isolate; the least recently read goes first. */
const ISOLATE_ENTRIES = 256;
const isolate = new Map<string, KeptCounts>();
rememberedInIsolate(() => isolate.clear());
/** An entry is checked against the revision on every read, so the data centre may keep it as long as it likes; a day bounds it. */
const CACHE_TTL_SECONDS = 24 * 60 * 60;
const CACHE_NAME = "greenleaf-counts";
/** The Cache API keys by URL: a host of our own that is never fetched. */
const KEY_ORIGIN = "https://listing-counts.greenleaf.invalid";

/** Everything the counts depend on, in a fixed order: the scope and the filters, never the sort or page. */
export function countsKeyText(filters: ListingFilters): string {
  return JSON.stringify([
    filters.activeOnly,
    filters.match ?? null,
    filters.tab ?? null,
    FILTER_KEYS.map((key) => filterValues(filters, key)),
  ]);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function remember(key: string, kept: KeptCounts) {
  isolate.delete(key);
  isolate.set(key, kept);
  while (isolate.size > ISOLATE_ENTRIES) isolate.delete(isolate.keys().next().value!);
}

/** Only entries of the shape this build writes are read back; anything else is counted again. */
function readKept(value: unknown): KeptCounts | null {
  if (typeof value !== "object" || value === null) return null;
  // Any object: every field is checked below before it is trusted.
  const { revision, counts } = value as Partial<KeptCounts>;
  const facets = counts?.facets;
  if (!Number.isSafeInteger(revision) || typeof facets?.total !== "number" || typeof facets.options !== "object") return null;
  if (typeof facets.effectLabels !== "object") return null;
  return { revision: revision!, counts: { facets, tabCounts: counts!.tabCounts ?? null } };
}

/** The counts cache of a request: the isolate's map, then the data centre's Cache API. */
export function listingCountsCache(context: Pick<AppLoadContext, "cloudflare">): CountsCache {
  return {
    async entry(filters) {
      const key = await sha256Hex(countsKeyText(filters));
      const request = new Request(`${KEY_ORIGIN}/${key}`);
      let kept = isolate.get(key) ?? null;
      if (kept) remember(key, kept);
      else {
        const stored = await caches
          .open(CACHE_NAME)
          .then((cache) => cache.match(request))
          .catch(() => undefined);
        kept = stored ? readKept(await stored.json().catch(() => null)) : null;
        if (kept) remember(key, kept);
      }
      return {
        kept,
        keep(fresh) {
          remember(key, fresh);
          const response = new Response(JSON.stringify(fresh), {
            headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${CACHE_TTL_SECONDS}` },
          });
          context.cloudflare.ctx.waitUntil(
            caches
              .open(CACHE_NAME)
              .then((cache) => cache.put(request, response))
              .catch((error: unknown) => console.error("Listing counts: could not keep the counts", error)),
          );
        },
      };
    },
  };
}

type Statement = BatchItem<"sqlite">;
/** What each statement of a batch reads, in order. */
export type BatchResults<T extends readonly Statement[]> = { -readonly [K in keyof T]: Awaited<T[K]> };

function revisionQuery(db: Db) {
  return db.select({ value: catalogueRevision.value }).from(catalogueRevision).where(eq(catalogueRevision.id, 1));
}

/** The catalogue revision now: it moves on every write to products or their sizes, whoever writes. */
export async function readCatalogueRevision(db: Db): Promise<number> {
  const [row] = await revisionQuery(db);
  return row?.value ?? 0;
}

/**
 * A listing's reads: its page (`page`: the cards and whatever else is per request) and its counts
 * (`counts`, turned into ListingCounts by `toCounts`). Without an entry, or without kept counts, ONE
 * batch reads both (and the revision, to keep what it counts). With kept counts, ONE batch reads the
 * page and the revision; only when the catalogue changed since does a second batch count.
 */
export async function readListing<P extends readonly Statement[], C extends readonly Statement[]>(
  db: Db,
  entry: CountsEntry | null,
  reads: {
    page: P;
    counts: C;
    toCounts: (results: BatchResults<C>) => ListingCounts;
    /** Whether counts read with this page are worth keeping (default: yes). */
    keeps?: (page: BatchResults<P>) => boolean;
  },
): Promise<{ page: BatchResults<P>; counts: ListingCounts }> {
  // The statements come from `reads` (never empty); the results are typed back by the same P and C.
  const batch = (statements: Statement[]) => db.batch(statements as [Statement, ...Statement[]]) as Promise<unknown[]>;
  const revisionOf = (rows: unknown) => (rows as Array<{ value: number }>)[0]?.value ?? 0;
  const countsOf = (results: unknown[]) => reads.toCounts(results as BatchResults<C>);
  const pageOf = (results: unknown[]) => results as BatchResults<P>;
  const keep = (revision: unknown, counts: ListingCounts, page: BatchResults<P>) => {
    if (reads.keeps?.(page) !== false) entry?.keep({ revision: revisionOf(revision), counts });
  };

  if (!entry) {
    const results = await batch([...reads.counts, ...reads.page]);
    return { counts: countsOf(results.slice(0, reads.counts.length)), page: pageOf(results.slice(reads.counts.length)) };
  }
  const kept = entry.kept;
  if (kept) {
    const [revision, ...page] = await batch([revisionQuery(db), ...reads.page]);
    if (revisionOf(revision) === kept.revision) return { counts: kept.counts, page: pageOf(page) };
    const [now, ...counted] = await batch([revisionQuery(db), ...reads.counts]);
    const counts = countsOf(counted);
    keep(now, counts, pageOf(page));
    return { counts, page: pageOf(page) };
  }
  const [revision, ...results] = await batch([revisionQuery(db), ...reads.counts, ...reads.page]);
  const counts = countsOf(results.slice(0, reads.counts.length));
  keep(revision, counts, pageOf(results.slice(reads.counts.length)));
  return { counts, page: pageOf(results.slice(reads.counts.length)) };
}
