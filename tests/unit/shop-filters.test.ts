import { describe, expect, it } from "vitest";
import {
  clampPage,
  clearedFilters,
  countLine,
  DEFAULT_SHOP_QUERY,
  escapeLike,
  pageList,
  priceInRange,
  serializeShopQuery,
} from "../../app/lib/shop-filters";
import { parsePage, parseShopQuery } from "../../app/lib/shop-query";

const parse = (query: string) => parseShopQuery(new URLSearchParams(query));

describe("parseShopQuery", () => {
  it("reads every filter from the query string", () => {
    expect(parse("search=%20Gelato%20&category=edibles&price=25-100&sort=price-desc&view=list&page=3&inactive=show")).toEqual({
      search: "Gelato",
      category: "edibles",
      price: "25-100",
      sort: "price-desc",
      view: "list",
      page: 3,
      showInactive: true,
    });
  });

  it("reads junk as the defaults instead of failing", () => {
    expect(parse("price=cheap&sort=random&view=table&page=abc&inactive=yes&category=all")).toEqual(DEFAULT_SHOP_QUERY);
    expect(parse("")).toEqual(DEFAULT_SHOP_QUERY);
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

  it("Clear Filters resets search, category and price but keeps sort and view", () => {
    const query = parse("search=kush&category=deps&price=under-25&sort=price-asc&view=list&page=2");
    expect(serializeShopQuery(clearedFilters(query))).toBe("?sort=price-asc&view=list");
  });
});

describe("price ranges (SPEC section 9, bounds in cents)", () => {
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
  });

  it("escapes LIKE wildcards", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});
