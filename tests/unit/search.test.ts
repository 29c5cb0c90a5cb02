import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyText, fcRuns } from "../fast-check";
import {
  characterCount,
  highlightParts,
  isShortTerm,
  normalizeSearch,
  searchWords,
  suggestionsAnnouncement,
  trigramCoverage,
} from "../../app/features/search/search";
import { defaultSort, sortFieldValue, sortOptions } from "../../app/features/shop-filters/shop-sort";
import { serializeShopQuery } from "../../app/features/shop-filters/shop-links";
import { parseShopQuery } from "../../app/features/shop-filters/shop-query";
import { phraseQuery, trigramsQuery, wordsQuery } from "../../app/features/search/search.server";

/** Any text a stranger could send: long, every script, emoji, control and syntax characters. */
const strangerText = fc.oneof(
  anyText({ maxLength: 300 }),
  fc
    .array(
      fc.constantFrom(
        '"',
        "%",
        "_",
        "*",
        "NEAR",
        "OR",
        "AND",
        "NOT",
        "-",
        "^",
        ":",
        "(",
        ")",
        "{",
        "}",
        "\\",
        "'",
        " ",
        "日本",
        "🌿",
        "\u0000",
        "\n",
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join("")),
);

describe("normalizeSearch", () => {
  it("trims, collapses whitespace and drops control characters", () => {
    expect(normalizeSearch("  gelato \t\n punch ")).toEqual({ term: "gelato punch", cut: false });
    expect(normalizeSearch("a\u0000b")).toEqual({ term: "a b", cut: false });
    expect(normalizeSearch(null)).toEqual({ term: "", cut: false });
  });

  it("cuts at 100 characters (not UTF-16 units) and says so", () => {
    expect(normalizeSearch("x".repeat(100))).toEqual({ term: "x".repeat(100), cut: false });
    expect(normalizeSearch("x".repeat(101))).toEqual({ term: "x".repeat(100), cut: true });
    const emoji = normalizeSearch("🌿".repeat(150));
    expect(emoji).toEqual({ term: "🌿".repeat(100), cut: true });
    expect(characterCount(emoji.term)).toBe(100);
  });

  it("always gives at most 100 characters of well-formed text, never throws", () => {
    fc.assert(
      fc.property(strangerText, (raw) => {
        const { term, cut } = normalizeSearch(raw);
        expect(characterCount(term)).toBeLessThanOrEqual(100);
        expect(term).toBe(term.trim());
        expect(() => encodeURIComponent(term)).not.toThrow();
        if (!cut) expect(characterCount(raw)).toBeGreaterThanOrEqual(characterCount(term));
      }),
      { numRuns: fcRuns(2000) },
    );
  });
});

describe("FTS5 queries treat every input as text", () => {
  it("quotes the whole term as one phrase, doubling quotes", () => {
    expect(phraseQuery('say "hi"')).toBe('"say ""hi"""');
  });

  it("turns words into required prefixes and leaves syntax out", () => {
    expect(wordsQuery("indica gummies")).toBe('"indica"* "gummies"*');
    expect(wordsQuery("kush OR -gelato NEAR(x)")).toBe('"kush"* "OR"* "gelato"* "NEAR"* "x"*');
    expect(wordsQuery('"%_*')).toBeNull();
    expect(wordsQuery("ge", "name")).toBe('name : ("ge"*)');
    expect(searchWords("Crème brûlée 🌿 日本語")).toEqual(["Crème", "brûlée", "日本語"]);
  });

  it("never lets a quote or operator escape its string, for any input", () => {
    // Outside the quoted strings only spaces, `*`, `OR`, and the column filter may appear.
    const outsideStrings = (query: string) => query.replace(/"(?:[^"]|"")*"/g, "");
    fc.assert(
      fc.property(strangerText, (raw) => {
        const { term } = normalizeSearch(raw);
        expect(outsideStrings(phraseQuery(term))).toBe("");
        const words = wordsQuery(term);
        if (words) expect(outsideStrings(words)).toMatch(/^[* ]*$/);
        const grams = trigramsQuery(term);
        if (grams) expect(outsideStrings(grams)).toMatch(/^( OR )*$/);
      }),
      { numRuns: fcRuns(2000) },
    );
  });

  it("sends terms under 3 characters down the short path", () => {
    expect(isShortTerm("ge")).toBe(true);
    expect(isShortTerm("日本")).toBe(true);
    expect(isShortTerm("gel")).toBe(false);
    expect(isShortTerm("🌿🌿🌿")).toBe(false);
  });
});

describe("highlightParts", () => {
  const marked = (text: string, query: string) =>
    highlightParts(text, query)
      .filter((part) => part.match)
      .map((part) => part.text);

  it("marks the typed part, ignoring case and accents", () => {
    expect(highlightParts("Lemon Cherry Gelato", "gel")).toEqual([
      { text: "Lemon Cherry ", match: false },
      { text: "Gel", match: true },
      { text: "ato", match: false },
    ]);
    expect(marked("Crème Brûlée Kush", "creme")).toEqual(["Crème"]);
    expect(marked("Wedding Cake", "cake wed")).toEqual(["Wed", "Cake"]);
    expect(marked("Runtz", "zzz")).toEqual([]);
  });

  it("always gives back exactly the text, in order", () => {
    fc.assert(
      fc.property(strangerText, strangerText, (text, query) => {
        expect(
          highlightParts(text, query)
            .map((part) => part.text)
            .join(""),
        ).toBe(text);
      }),
      { numRuns: fcRuns(2000) },
    );
  });
});

describe("close names", () => {
  it("scores typos and missing letters high, other names low", () => {
    expect(trigramCoverage("gelatto", "Lemon Cherry Gelato")).toBeGreaterThanOrEqual(0.5);
    expect(trigramCoverage("zkitles", "Zkittlez (1 oz)")).toBeGreaterThanOrEqual(0.5);
    expect(trigramCoverage("gelatto", "Blue Dream 2G Disposable")).toBeLessThan(0.2);
    expect(trigramCoverage("ab", "Abc")).toBe(0);
  });
});

describe("suggestions", () => {
  it("announces how many suggestions there are", () => {
    const product = { id: 1, name: "x", price: "$1.00", image: "/x.svg", strainType: null, href: "/product/1" };
    expect(suggestionsAnnouncement({ products: [product, product], categories: [{ name: "Edibles", href: "/shop/edibles" }] })).toBe(
      "2 products, 1 category suggested. Use the up and down arrow keys to review.",
    );
    expect(suggestionsAnnouncement({ products: [], categories: [] })).toBe("No suggestions.");
  });
});

describe("relevance is the default order of a search", () => {
  const parse = (query: string) => parseShopQuery(new URLSearchParams(query));

  it("reads no sort as best match with a search and A to Z without", () => {
    expect(parse("search=kush").sort).toBe("relevance");
    expect(parse("search=kush&sort=").sort).toBe("relevance");
    expect(parse("search=kush&sort=name").sort).toBe("name");
    expect(parse("").sort).toBe("name");
    expect(parse("sort=relevance").sort).toBe("name");
    expect(defaultSort("")).toBe("name");
  });

  it("leaves the default out of URLs and sends it as '' from the form", () => {
    expect(serializeShopQuery(parse("search=kush"))).toBe("?search=kush");
    expect(serializeShopQuery(parse("search=kush&sort=name"))).toBe("?search=kush&sort=name");
    expect(sortFieldValue(parse("search=kush"))).toBe("");
    expect(sortOptions("kush").map((option) => option.label)).toEqual([
      "Best match",
      "Name: A to Z",
      "Price: Low to High",
      "Price: High to Low",
      "THC: High to Low",
    ]);
    expect(sortOptions("").map((option) => [option.value, option.label])).toEqual([
      ["", "Name: A to Z"],
      ["price-asc", "Price: Low to High"],
      ["price-desc", "Price: High to Low"],
      ["thc-desc", "THC: High to Low"],
    ]);
  });

  it("cuts the search at 100 characters in the shop's query", () => {
    expect(parse(`search=${"é".repeat(130)}`).search).toBe("é".repeat(100));
  });
});
