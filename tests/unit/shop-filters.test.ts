import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  clearedFilters,
  DEFAULT_SHOP_QUERY,
  EFFECT_OPTIONS_SHOWN,
  effectOptions,
  EMPTY_FACETS,
  filterChips,
  hasActiveFilters,
  MAX_SELECTED_EFFECTS,
  potencyInRange,
  POTENCY_RANGES,
  priceInRange,
} from "../../app/features/shop-filters/shop-filters";
import { clampPage, pageList } from "../../app/features/shop-filters/paging";
import { countLine } from "../../app/features/shop-filters/shop-sort";
import { serializeShopQuery } from "../../app/features/shop-filters/shop-links";
import { thcColumns } from "../../app/features/catalogue/thc";
import { parsePage, parseShopQuery } from "../../app/features/shop-filters/shop-query";
import { escapeLike } from "../../app/features/search/search";

const parse = (query: string) => parseShopQuery(new URLSearchParams(query));

describe("parseShopQuery", () => {
  it("reads every filter from the query string", () => {
    expect(
      parse(
        "search=%20Gelato%20&category=edibles&price=25-100&strain=indica&strain=hybrid&thc=over-35&thc=mg-up-to-10&effect=Relaxed&effect=%20happy%20&stock=in&sale=1&sort=thc-desc&view=list&page=3&inactive=show",
      ),
    ).toEqual({
      search: "Gelato",
      category: "edibles",
      price: "25-100",
      strains: ["indica", "hybrid"],
      potency: ["over-35", "mg-up-to-10"],
      effects: ["happy", "relaxed"],
      inStock: true,
      onSale: true,
      sort: "thc-desc",
      view: "list",
      page: 3,
      showInactive: true,
    });
  });

  it("reads junk as the defaults instead of failing", () => {
    expect(
      parse("price=cheap&sort=random&view=table&page=abc&inactive=yes&category=all&strain=ruderalis&thc=100&stock=yes&effect="),
    ).toEqual(DEFAULT_SHOP_QUERY);
    expect(parse("")).toEqual(DEFAULT_SHOP_QUERY);
  });

  it("keeps multi-select choices once each, in a canonical order, and bounds the effects", () => {
    expect(parse("strain=hybrid&strain=indica&strain=hybrid").strains).toEqual(["indica", "hybrid"]);
    expect(parse("thc=over-35&thc=under-15").potency).toEqual(["under-15", "over-35"]);
    const many = Array.from({ length: 20 }, (_, index) => `effect=e${String(index).padStart(2, "0")}`).join("&");
    expect(parse(many).effects).toHaveLength(MAX_SELECTED_EFFECTS);
    expect(parse(`effect=${"x".repeat(41)}&effect=Calm%20%20Mind`).effects).toEqual(["calm mind"]);
  });

  it("never fails on a stranger's query string, and what it reads is already canonical", () => {
    const names = ["search", "category", "price", "strain", "thc", "effect", "stock", "sale", "sort", "view", "page", "inactive", "tab"];
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: "grapheme", maxLength: 120 }),
      fc.constantFrom("indica", "over-35", "in", "1", "thc-desc", "Relaxed", "関係", "💚"),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...names), text), { maxLength: 30 }), (pairs) => {
        const query = parseShopQuery(new URLSearchParams(pairs));
        expect(query.search.length).toBeLessThanOrEqual(100);
        expect(query.effects.length).toBeLessThanOrEqual(MAX_SELECTED_EFFECTS);
        expect(parseShopQuery(new URLSearchParams(serializeShopQuery(query).slice(1)))).toEqual(query);
      }),
    );
  });

  it.each([
    ["0", 1],
    ["-2", 1],
    ["1.5", 1],
    ["2", 2],
    ["1e3", 1],
    ["9999999999", 1],
    [null, 1],
  ])("page %j reads as %j", (value, page) => {
    expect(parsePage(value)).toBe(page);
  });

  it("caps a very long search", () => {
    expect(parse(`search=${"a".repeat(300)}`).search).toHaveLength(100);
  });
});

describe("serializeShopQuery", () => {
  it("leaves out defaults and round-trips", () => {
    expect(serializeShopQuery(DEFAULT_SHOP_QUERY)).toBe("");
    const query = { ...DEFAULT_SHOP_QUERY, search: "50% off", price: "over-1000" as const, sort: "price-asc" as const, page: 2 };
    expect(parseShopQuery(new URLSearchParams(serializeShopQuery(query).slice(1)))).toEqual(query);
  });

  it("Clear Filters resets every filter (search, category, price and the new ones) but keeps sort and view", () => {
    const query = parse(
      "search=kush&category=deps&price=under-25&strain=indica&thc=over-35&effect=relaxed&stock=in&sale=1&sort=price-asc&view=list&page=2",
    );
    expect(hasActiveFilters(query)).toBe(true);
    expect(serializeShopQuery(clearedFilters(query))).toBe("?sort=price-asc&view=list");
    expect(hasActiveFilters(clearedFilters(query))).toBe(false);
  });

  it("the home page's Daily Deal link is the shop with On sale on", () => {
    expect(`/shop${serializeShopQuery({ ...DEFAULT_SHOP_QUERY, onSale: true })}`).toBe("/shop?sale=1");
    expect(parse("sale=1").onSale).toBe(true);
    for (const junk of ["0", "true", "yes", ""]) expect(parse(`sale=${junk}`).onSale).toBe(false);
  });

  it("puts a page's own parameters (the concentrates tab) first", () => {
    expect(serializeShopQuery({ ...DEFAULT_SHOP_QUERY, strains: ["sativa"], page: 2 }, { tab: "diamonds" })).toBe(
      "?tab=diamonds&strain=sativa&page=2",
    );
  });
});

describe("filter chips", () => {
  it("one removable chip per chosen value, each a link to the view without it (back on page 1)", () => {
    const query = parse(
      "search=kush&category=edibles&strain=indica&strain=sativa&thc=over-35&effect=relaxed&stock=in&sale=1&sort=thc-desc&page=3",
    );
    const chips = filterChips(query, { category: (slug) => (slug === "edibles" ? "Edibles" : undefined), effect: () => "Relaxed" });
    expect(chips.map((chip) => chip.label)).toEqual([
      "“kush”",
      "Edibles",
      "Indica",
      "Sativa",
      "THC over 35%",
      "Relaxed",
      "In stock only",
      "On sale",
    ]);
    expect(activeFilterCount(query)).toBe(8);
    const indica = chips.find((chip) => chip.label === "Indica")!;
    expect(serializeShopQuery(indica.without)).toBe(
      "?search=kush&category=edibles&strain=sativa&thc=over-35&effect=relaxed&stock=in&sale=1&sort=thc-desc",
    );
    const sale = chips.find((chip) => chip.label === "On sale")!;
    expect(serializeShopQuery(sale.without)).toBe(
      "?search=kush&category=edibles&strain=indica&strain=sativa&thc=over-35&effect=relaxed&stock=in&sort=thc-desc",
    );
    expect(filterChips(DEFAULT_SHOP_QUERY)).toEqual([]);
  });
});

describe("price ranges", () => {
  it.each([
    [2499, ["under-25"]],
    [2500, ["25-100"]],
    [10000, ["25-100", "100-500"]],
    [50000, ["100-500", "500-1000"]],
    [100000, ["500-1000"]],
    [100001, ["over-1000"]],
  ] as const)("%i cents is in %j", (cents, ranges) => {
    const all = ["under-25", "25-100", "100-500", "500-1000", "over-1000"] as const;
    expect(all.filter((range) => priceInRange(cents, range))).toEqual(ranges);
  });
});

describe("potency ranges (the top of a product's THC range)", () => {
  it.each([
    ["14%", ["under-15"]],
    ["15-18%", ["15-25"]],
    ["22-25%", ["15-25"]],
    ["24-27%", ["25-35"]],
    ["35%", ["25-35"]],
    ["70-76%", ["over-35"]],
    ["90%+", ["over-35"]],
    ["10mg per piece", ["mg-up-to-10"]],
    ["5-50mg", ["mg-10-100"]],
    ["250mg", ["mg-over-100"]],
  ])("%s is in %j", (text, ranges) => {
    const { thcUnit, thcMax } = thcColumns(text);
    const thc = { unit: thcUnit!, max: thcMax! };
    expect(POTENCY_RANGES.filter((range) => potencyInRange(thc, range.value)).map((range) => range.value)).toEqual(ranges);
  });
});

describe("effect options", () => {
  it("lists the effects present, the most common first up to a limit, plus any chosen one, by name", () => {
    const counts = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`e${index}`, index + 1]));
    const facets = {
      ...EMPTY_FACETS,
      options: { ...EMPTY_FACETS.options, effects: { ...counts, gone: 0 } },
      effectLabels: { e19: "Euphoric" },
    };
    const options = effectOptions(facets, ["gone"]);
    expect(options).toHaveLength(EFFECT_OPTIONS_SHOWN + 1);
    expect(options.map((option) => option.value)).toContain("gone");
    expect(options.map((option) => option.value)).not.toContain("e0");
    expect(options.find((option) => option.value === "e19")).toEqual({ value: "e19", label: "Euphoric", count: 20 });
    expect(options.map((option) => option.label)).toEqual([...options.map((option) => option.label)].sort((a, b) => a.localeCompare(b)));
  });
});

describe("paging", () => {
  it("clamps out-of-range pages", () => {
    expect(clampPage(5, 100, 48)).toBe(3);
    expect(clampPage(9, 100, 24)).toBe(5);
    expect(clampPage(0, 100)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(2, 49, 48)).toBe(2);
    expect(clampPage(Number.NaN, 49)).toBe(1);
  });

  it("lists page links with gaps", () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(1, 3)).toEqual([1, 2, 3]);
    expect(pageList(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(pageList(3, 10)).toEqual([1, 2, 3, 4, "gap", 10]);
  });
});

describe("texts", () => {
  it("names the sort in the count line", () => {
    expect(countLine(48, 66, "name")).toBe("Showing 48 of 66 products (sorted A-Z)");
    expect(countLine(2, 2, "price-asc")).toBe("Showing 2 of 2 products (sorted by price: low to high)");
    expect(countLine(1, 1, "price-desc")).toBe("Showing 1 of 1 product (sorted by price: high to low)");
    expect(countLine(24, 40, "thc-desc")).toBe("Showing 24 of 40 products (sorted by THC: high to low)");
  });

  it("escapes LIKE wildcards", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});
