/**
 * Search terms as the shop, the suggestions and the admin read them: pure rules shared by the
 * server (which turns a term into index queries, app/features/search/search.server.ts) and the browser
 * (highlighting). Any text is a valid term; nothing here throws.
 */

/** A search term is cut at this many characters (the shop, the suggestions and the admin alike). */
export const SEARCH_MAX_LENGTH = 100;

/** Terms shorter than this many characters cannot be looked up in the trigram index. */
const TRIGRAM_MIN_CHARS = 3;

/** Suggestions start once this many characters are typed. */
export const SUGGEST_MIN_CHARS = 2;

export interface SearchTerm {
  /** Control characters dropped, whitespace runs collapsed, trimmed, at most SEARCH_MAX_LENGTH characters. */
  term: string;
  /** True when the input was longer and only its first SEARCH_MAX_LENGTH characters are used. */
  cut: boolean;
}

const CONTROL = /\p{Cc}/gu;
const SPACE_RUN = /\s+/gu;
/** Half of a surrogate pair on its own (binary junk in a URL): not text, and encodeURIComponent throws on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Characters as a reader counts them (code points): an emoji or a CJK character is one. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The first `max` characters, never splitting a surrogate pair (a lone half cannot be URL-encoded). */
function firstCharacters(text: string, max: number): string {
  let end = 0;
  let seen = 0;
  for (const char of text) {
    if (seen === max) break;
    end += char.length;
    seen += 1;
  }
  return text.slice(0, end);
}

/**
 * The term a search uses, from whatever was typed or put in a URL: control characters become
 * spaces, whitespace runs one space, a lone surrogate U+FFFD, trimmed, cut at SEARCH_MAX_LENGTH
 * characters. "" means no search.
 */
export function normalizeSearch(raw: string | null | undefined): SearchTerm {
  const cleaned = (raw ?? "").replace(LONE_SURROGATE, "\uFFFD").replace(CONTROL, " ").replace(SPACE_RUN, " ").trim();
  if (characterCount(cleaned) <= SEARCH_MAX_LENGTH) return { term: cleaned, cut: false };
  return { term: firstCharacters(cleaned, SEARCH_MAX_LENGTH).trim(), cut: true };
}

export const SEARCH_CUT_NOTE = `Only the first ${SEARCH_MAX_LENGTH} characters of your search were used.`;

/** Too short for the trigram index: the name is matched by the short-term path instead. */
export function isShortTerm(term: string): boolean {
  return characterCount(term) < TRIGRAM_MIN_CHARS;
}

/**
 * The words of a term as the word index tokenizes them (letters, digits and their marks; every
 * other character separates), so punctuation and query syntax never reach the index as syntax.
 */
export function searchWords(term: string, max = 16): string[] {
  const words = term.match(/[\p{L}\p{N}\p{M}\p{Co}]+/gu) ?? [];
  return words.filter((word) => /[\p{L}\p{N}\p{Co}]/u.test(word)).slice(0, max);
}

// ---------------------------------------------------------------------------------------------
// Suggestions as the shopper types: what /search?q= answers.

interface SuggestedProduct {
  id: number;
  name: string;
  /** Formatted, e.g. "$45.00", or "from $35.00" for a product whose sizes differ in price. */
  price: string;
  /** A thumbnail URL. */
  image: string;
  strainType: string | null;
  href: string;
}

export interface Suggestions {
  term: string;
  products: SuggestedProduct[];
  categories: Array<{ name: string; href: string }>;
  /** The shop's results page for the term. */
  searchHref: string;
}

/** "3 products, 1 category suggested…": what a screen reader hears when suggestions arrive. */
export function suggestionsAnnouncement(suggestions: Pick<Suggestions, "products" | "categories">): string {
  const counted = (n: number, one: string, many: string) => (n === 0 ? "" : `${n} ${n === 1 ? one : many}`);
  const parts = [
    counted(suggestions.products.length, "product", "products"),
    counted(suggestions.categories.length, "category", "categories"),
  ].filter(Boolean);
  if (parts.length === 0) return "No suggestions.";
  return `${parts.join(", ")} suggested. Use the up and down arrow keys to review.`;
}

// ---------------------------------------------------------------------------------------------
// Highlighting: which parts of a text match what was typed.

export interface TextPart {
  text: string;
  match: boolean;
}

/** One character folded for comparison: lower case, accents dropped ("É" and "e" compare equal). */
function fold(char: string): string {
  return char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The text folded character by character, with where each folded character came from. */
function foldWithOffsets(text: string) {
  let folded = "";
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const char of text) {
    const foldedChar = fold(char);
    // One entry per UTF-16 unit of the folded text, so indexOf positions map straight back.
    for (let unit = 0; unit < foldedChar.length; unit++) {
      starts.push(offset);
      ends.push(offset + char.length);
    }
    folded += foldedChar;
    offset += char.length;
  }
  return { folded, starts, ends };
}

/**
 * Splits `text` into matching and other parts: every occurrence of the whole term, or else of
 * each of its words (case and accents ignored). Joined back together the parts are `text`.
 */
export function highlightParts(text: string, query: string): TextPart[] {
  const { folded, starts, ends } = foldWithOffsets(text);
  const whole = [...query].map(fold).join("").trim();
  const needles = whole && folded.includes(whole) ? [whole] : searchWords(query).map((word) => [...word].map(fold).join(""));
  const marked = new Array<boolean>(text.length).fill(false);
  for (const needle of needles) {
    if (!needle) continue;
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
      for (let i = starts[at]!; i < ends[at + needle.length - 1]!; i++) marked[i] = true;
    }
  }
  const parts: TextPart[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = parts[parts.length - 1];
    if (last && last.match === marked[i]) last.text += text[i];
    else parts.push({ text: text[i]!, match: marked[i]! });
  }
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Close names for a search without results.

/** What the shop offers when a search finds nothing. */
export interface NoResultsHelp {
  /** each with its canonical path, built on the server (the slug rules stay out of the browser's code) */
  closeNames: Array<{ id: number; name: string; path: string }>;
  popularCategories: Array<{ name: string; slug: string }>;
}

/** The distinct character trigrams of a text, folded (case and accents ignored), spaces kept. */
export function trigrams(text: string): string[] {
  const chars = [...` ${text} `].map(fold).join("").replace(/\s+/g, " ");
  const codePoints = [...chars];
  const set = new Set<string>();
  for (let i = 0; i + 3 <= codePoints.length; i++) set.add(codePoints.slice(i, i + 3).join(""));
  return [...set];
}

/** How much of the term's trigrams a name has, 0 to 1 (typos and missing letters still score high). */
export function trigramCoverage(term: string, name: string): number {
  const wanted = trigrams(term).filter((gram) => gram.trim().length === 3);
  if (wanted.length === 0) return 0;
  const have = new Set(trigrams(name));
  return wanted.filter((gram) => have.has(gram)).length / wanted.length;
}

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches those characters literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** LIKE pattern matching the term anywhere, its wildcards escaped (use with `ESCAPE '\\'`). */
export function containsLike(term: string): string {
  return `%${escapeLike(term)}%`;
}
