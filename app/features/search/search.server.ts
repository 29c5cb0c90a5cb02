import { and, asc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { productPath } from "~/features/catalogue/product-path";
import { categories, products } from "~db/schema";
import type { Db } from "~/server/load-context";
import { containsLike } from "./search";
import { isShortTerm, searchWords, trigramCoverage, trigrams, type NoResultsHelp } from "./search";

/**
 * Product search on D1's FTS5 (docs/decisions/015-product-search-fts5.md). Two external-content
 * indexes over `products`, kept in sync by triggers (migrations/0006_product_search.sql):
 * - product_name_trigram: the name as trigrams. "The name contains the term" (the product's rule),
 *   any script, case-insensitive, from the index: a term of 3+ characters is one quoted phrase.
 * - product_search: the words of the name, category, strain type, effects and description,
 *   Porter-stemmed, ranked by BM25 with the name weighted highest (its `rank` column).
 * Every input is text: terms reach FTS5 only inside double-quoted strings (a quote doubled), so
 * NEAR, OR, NOT, -, *, ^, : and parentheses are never query syntax, and never a LIKE pattern over
 * D1's 50-byte limit. Terms shorter than a trigram take the short-term path: a LIKE of at most
 * 2 characters on the name (well under the limit).
 */

const WORDS_INDEX = sql.raw("product_search");
const NAMES_INDEX = sql.raw("product_name_trigram");
/** The alias every search source goes by, so conditions and orderings can name its columns. */
const HITS = sql.raw("search_hits");

/** An FTS5 string: the whole text as one phrase (a trigram phrase is a substring match). */
export function phraseQuery(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * An FTS5 query requiring every word of the term as a word prefix ("gumm" finds Gummy, "relax"
 * finds Relaxed), optionally in one column. Null when the term has no words (only punctuation or emoji).
 */
export function wordsQuery(term: string, column?: "name"): string | null {
  const words = searchWords(term);
  if (words.length === 0) return null;
  const query = words.map((word) => `${phraseQuery(word)}*`).join(" ");
  return column ? `${column} : (${query})` : query;
}

/** An FTS5 query for names sharing any trigram with the term (close names for a search without results). */
export function trigramsQuery(term: string, max = 32): string | null {
  const grams = trigrams(term)
    .filter((gram) => !/\s/.test(gram))
    .slice(0, max);
  return grams.length > 0 ? grams.map(phraseQuery).join(" OR ") : null;
}

/** Product ids whose name contains the term (trigram index, or the short-term LIKE path). */
function nameHits(term: string, limit?: number): SQL {
  if (isShortTerm(term)) {
    return sql`SELECT ${products.id} AS id FROM ${products} WHERE ${products.name} LIKE ${containsLike(term)} ESCAPE '\\'`;
  }
  const ranked = limit ? sql` ORDER BY rank LIMIT ${sql.raw(String(limit))}` : sql``;
  return sql`SELECT rowid AS id FROM ${NAMES_INDEX} WHERE ${NAMES_INDEX} MATCH ${phraseQuery(term)}${ranked}`;
}

/**
 * Every product matching a term as (id, name_hit, score): name_hit 1 when the name contains the
 * term, score the words' BM25 (lower is better; 0 when only the name matched). Short terms match
 * names only. `limit` bounds each index's candidates (suggestions); listings take every match.
 */
function hitsQuery(term: string, limit?: number): SQL {
  const words = isShortTerm(term) ? null : wordsQuery(term);
  const names = sql`SELECT id, 1 AS name_hit, 0.0 AS score FROM (${nameHits(term, limit)})`;
  if (!words) return names;
  const ranked = limit ? sql` ORDER BY rank LIMIT ${sql.raw(String(limit))}` : sql``;
  const wordMatches = sql`SELECT id, 0 AS name_hit, score FROM (SELECT rowid AS id, rank AS score FROM ${WORDS_INDEX} WHERE ${WORDS_INDEX} MATCH ${words}${ranked})`;
  return sql`SELECT id, max(name_hit) AS name_hit, min(score) AS score FROM (${names} UNION ALL ${wordMatches}) GROUP BY id`;
}

/** Matching ids only (for counts): no scores, no grouping. */
function idsQuery(term: string): SQL {
  const words = isShortTerm(term) ? null : wordsQuery(term);
  if (!words) return nameHits(term);
  return sql`${nameHits(term)} UNION SELECT rowid AS id FROM ${WORDS_INDEX} WHERE ${WORDS_INDEX} MATCH ${words}`;
}

/**
 * A search as a FROM source: `FROM <source> CROSS JOIN products WHERE <on> ...`. CROSS JOIN keeps
 * SQLite from reordering, so the index drives the query and products are read by id, never scanned.
 */
export interface SearchSource {
  /** Every match with its relevance, for rows. */
  ranked: SQL;
  /** Every match, for counts. */
  matched: SQL;
  /** Joins the source to products (put it in the WHERE clause). */
  on: SQL;
  /** Best matches first: names containing the term, then by BM25, then by name. */
  order: SQL[];
}

export function searchSource(term: string): SearchSource {
  return {
    ranked: sql`(${hitsQuery(term)}) AS ${HITS}`,
    matched: sql`(${idsQuery(term)}) AS ${HITS}`,
    on: sql`${products.id} = ${HITS}.id`,
    order: [sql`${HITS}.name_hit DESC`, sql`${HITS}.score`, asc(products.name), asc(products.id)],
  };
}

/** A condition for any other query on products: its id is among the term's matches. */
export function matchesSearch(term: string): SQL {
  return sql`${products.id} IN (${idsQuery(term)})`;
}

// ---------------------------------------------------------------------------------------------
// Suggestions as the shopper types (the /search resource route)

const SUGGESTED_PRODUCTS = 6;
const SUGGESTED_CATEGORIES = 3;
/** Candidates each index hands over before products are read: bounded, so suggestions cost the same at any catalogue size. */
const SUGGESTION_CANDIDATES = 24;

/**
 * Suggestions for a term: the best few names (a word of the name starting with a short term, or
 * the name containing a longer one, then the other words by relevance), and active categories
 * whose name contains the term. Each index query is limited before products are read.
 */
function suggestionSource(term: string): SQL {
  if (!isShortTerm(term)) return sql`(${hitsQuery(term, SUGGESTION_CANDIDATES)}) AS ${HITS}`;
  // Short terms: a word of the name starting with them, from the prefix index (not a scan).
  const words = wordsQuery(term, "name");
  if (!words) return sql`(${hitsQuery(term, SUGGESTION_CANDIDATES)}) AS ${HITS}`;
  return sql`(SELECT rowid AS id, 1 AS name_hit, rank AS score FROM ${WORDS_INDEX} WHERE ${WORDS_INDEX} MATCH ${words} ORDER BY rank LIMIT ${sql.raw(String(SUGGESTION_CANDIDATES))}) AS ${HITS}`;
}

export function suggestionQueries(db: Db, term: string) {
  const productsQuery = db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      sizesPriceDiffers: products.sizesPriceDiffers,
      image: products.image,
      // The packshot's inputs, for products without an uploaded image (productImageOrPackshot).
      category: products.category,
      strainType: products.strainType,
      thcContent: products.thcContent,
    })
    .from(suggestionSource(term))
    .crossJoin(products)
    .where(and(sql`${products.id} = ${HITS}.id`, eq(products.active, true)))
    .orderBy(sql`${HITS}.name_hit DESC`, sql`${HITS}.score`, asc(products.name), asc(products.id))
    .limit(SUGGESTED_PRODUCTS);
  const position = sql`instr(lower(${categories.name}), ${term.toLowerCase()})`;
  const categoriesQuery = db
    .select({ name: categories.name, slug: categories.slug })
    .from(categories)
    .where(and(eq(categories.active, true), sql`${position} > 0`))
    .orderBy(position, asc(categories.name))
    .limit(SUGGESTED_CATEGORIES);
  return { productsQuery, categoriesQuery };
}

/** Suggested products and categories in one D1 round trip. */
export async function loadSuggestions(db: Db, term: string) {
  const { productsQuery, categoriesQuery } = suggestionQueries(db, term);
  const [productRows, categoryRows] = await db.batch([productsQuery, categoriesQuery]);
  return { products: productRows, categories: categoryRows };
}

// ---------------------------------------------------------------------------------------------
// A search without results: close product names and the popular categories

const CLOSE_NAMES = 5;
const POPULAR_CATEGORIES = 4;
/** Share of the term's trigrams a name must have to be offered ("gelatto" has 3 of 5 in "Gelato"). */
const CLOSE_NAME_COVERAGE = 0.5;

/** Names sharing the most trigrams with the term, as JSON [{id, name}], from the trigram index (bounded candidates). */
function closeNamesJson(term: string): SQL {
  const query = trigramsQuery(term);
  if (!query) return sql`json_array()`;
  return sql`(SELECT json_group_array(json_object('id', ${products.id}, 'name', ${products.name}))
    FROM (SELECT rowid AS id FROM ${NAMES_INDEX} WHERE ${NAMES_INDEX} MATCH ${query} ORDER BY rank LIMIT 40) AS ${HITS}
    CROSS JOIN ${products} WHERE ${products.id} = ${HITS}.id AND ${products.active} = 1)`;
}

/** Active categories with the most active products, as JSON [{name, slug, products}] (counted on the (active, category) index). */
function popularCategoriesJson(): SQL {
  return sql`(SELECT json_group_array(json_object('name', name, 'slug', slug, 'products', products)) FROM (
    SELECT ${categories.name} AS name, ${categories.slug} AS slug, counted.products AS products
    FROM (SELECT ${products.category} AS category, count(*) AS products FROM ${products} WHERE ${products.active} = 1 GROUP BY ${products.category}) AS counted
    JOIN ${categories} ON ${categories.slug} = counted.category AND ${categories.active} = 1
    ORDER BY counted.products DESC, ${categories.name} LIMIT ${sql.raw(String(POPULAR_CATEGORIES))}))`;
}

/**
 * A listing's count statement that, when the count is 0, also carries the no-results help as JSON
 * (close names and popular categories). SQLite evaluates a CASE branch only when it is taken, so
 * a search with results pays nothing, and one without needs no extra D1 round trip.
 */
export function countWithNoResultsHelp(db: Db, countQuery: SQLWrapper, term: string) {
  const value = sql.raw("listing_count.value");
  return db
    .select({
      value: sql<number>`${value}`.mapWith(Number),
      help: sql<
        string | null
      >`CASE WHEN ${value} = 0 THEN json_object('closeNames', ${closeNamesJson(term)}, 'popularCategories', ${popularCategoriesJson()}) END`,
    })
    .from(sql`(SELECT (${countQuery}) AS value) AS listing_count`);
}

const HelpJsonSchema = z.object({
  closeNames: z.array(z.object({ id: z.number(), name: z.string() })),
  popularCategories: z.array(z.object({ name: z.string(), slug: z.string(), products: z.number() })),
});

/** The help carried by countWithNoResultsHelp: the closest names (most of the term's trigrams first) and the popular categories. */
export function readNoResultsHelp(term: string, json: string | null | undefined): NoResultsHelp | null {
  if (!json) return null;
  const parsed = HelpJsonSchema.safeParse(safeJson(json));
  if (!parsed.success) {
    console.error("No-results help could not be read", parsed.error.issues);
    return null;
  }
  const byName = new Map<string, { id: number; name: string; coverage: number }>();
  for (const row of parsed.data.closeNames) {
    const coverage = trigramCoverage(term, row.name);
    if (coverage >= CLOSE_NAME_COVERAGE && !byName.has(row.name)) byName.set(row.name, { ...row, coverage });
  }
  const closeNames = [...byName.values()]
    .sort((a, b) => b.coverage - a.coverage || a.name.localeCompare(b.name))
    .slice(0, CLOSE_NAMES)
    .map(({ id, name }) => ({ id, name, path: productPath({ id, name }) }));
  const popularCategories = [...parsed.data.popularCategories]
    .sort((a, b) => b.products - a.products || a.name.localeCompare(b.name))
    .map(({ name, slug }) => ({ name, slug }));
  return { closeNames, popularCategories };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
