import { describe, expect, it } from "vitest";
import { catalogue } from "../../db/catalogue";
import {
  countTabs,
  FIXED_CATEGORY_PAGES,
  fixedCategoryPage,
  genericCategoryPage,
  matchesTab,
} from "../../app/features/category-pages/category-pages.server";
import { matchesCategory, parseConcentrateTab } from "../../app/features/category-pages/category-pages";

describe("the category page table", () => {
  it("has the eleven fixed pages of the route table", () => {
    expect(Object.keys(FIXED_CATEGORY_PAGES).sort()).toEqual(
      [
        "indoor",
        "deps",
        "lows",
        "edibles",
        "disposable-carts",
        "concentrates",
        "pala",
        "gelato-punch",
        "branded-exotics",
        "new-drops",
        "mushrooms",
      ].sort(),
    );
    expect(fixedCategoryPage("toString")).toBeNull();
    expect(fixedCategoryPage("pens")).toBeNull();
  });

  it("indoor lists indoors, indoor, flowers and flower, case-insensitively", () => {
    const { match } = fixedCategoryPage("indoor")!;
    for (const category of ["indoors", "Indoor", "FLOWERS", "flower"]) expect(matchesCategory(match, category)).toBe(true);
    for (const category of ["deps", "indoor-flower", "flowerz"]) expect(matchesCategory(match, category)).toBe(false);
  });

  it("keeps each page's own texts and rules", () => {
    expect(fixedCategoryPage("edibles")).toMatchObject({ title: "EDIBLES", emptyTitle: "No edibles available" });
    expect(fixedCategoryPage("deps")!.emptyTitle).toBe("No deps products available at the moment.");
    expect(fixedCategoryPage("disposable-carts")).toMatchObject({
      match: { kind: "category", slug: "pens" },
      emptyTitle: "No disposable carts available",
    });
    expect(fixedCategoryPage("pala")!.bulkNote).toBe("5+ units @ $500");
    expect(fixedCategoryPage("gelato-punch")!.bulkNote).toBe("5+ units @ $525");
    expect(fixedCategoryPage("branded-exotics")).toMatchObject({ comingSoon: true, match: { kind: "none" } });
    expect(fixedCategoryPage("mushrooms")!.warning?.text).toMatch(/legal/i);
    expect(fixedCategoryPage("concentrates")).toMatchObject({ tabs: true, emptyMentionsMigration: true });
    expect(fixedCategoryPage("concentrates")!.emptyText).toMatch(/migration/i);
  });

  it("builds the generic page from a category row", () => {
    expect(genericCategoryPage({ name: "Pre Rolls", slug: "pre-rolls" })).toMatchObject({
      title: "PRE ROLLS",
      emptyTitle: "No Products Found",
      emptyText: "Check back soon for new Pre Rolls products.",
      match: { kind: "category", slug: "pre-rolls" },
    });
  });
});

describe("concentrates tabs", () => {
  it("choose products by name keywords", () => {
    expect(matchesTab("Wedding Cake Live Resin (1 lb)", "live-resin")).toBe(true);
    expect(matchesTab("Blue Dream live-resin", "live-resin")).toBe(true);
    expect(matchesTab("Zkittlez Badder", "live-badder")).toBe(true);
    expect(matchesTab("Gelato 41 Diamonds", "diamonds")).toBe(true);
    expect(matchesTab("THCA Isolate (1 kg)", "thca")).toBe(true);
    expect(matchesTab("OG Kush Crumble", "shatter")).toBe(false);
    expect(matchesTab("Anything", "all")).toBe(true);
  });

  it("count each tab", () => {
    const names = [
      "A Live Resin",
      "B live-resin",
      "C Live Badder",
      "D Badder",
      "E Crumble",
      "F Diamonds",
      "G Shatter",
      "H THCA",
      "I Rosin",
    ];
    expect(countTabs(names)).toEqual({ all: 9, "live-resin": 2, "live-badder": 2, crumble: 1, diamonds: 1, shatter: 1, thca: 1 });
  });

  it("counts the built-in catalogue's concentrates into every tab", () => {
    const names = catalogue.filter((entry) => entry.category === "concentrates").map((entry) => entry.name ?? "");
    const counts = countTabs(names);
    expect(counts.all).toBe(names.length);
    for (const tab of ["live-resin", "live-badder", "crumble", "diamonds", "shatter", "thca"] as const)
      expect(counts[tab]).toBeGreaterThan(0);
  });

  it("read an unknown tab as All", () => {
    expect(parseConcentrateTab("rosin")).toBe("all");
    expect(parseConcentrateTab(null)).toBe("all");
    expect(parseConcentrateTab("thca")).toBe("thca");
  });
});
