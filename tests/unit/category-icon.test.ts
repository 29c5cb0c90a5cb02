import { describe, expect, it } from "vitest";
import { categoryIcon } from "../../app/features/home/category-icon";
import { catalogueCategories } from "../../db/catalogue";

/** Each rule of the home grid's icons, with the category names (and the icon each gets) that prove it. */
const RULES: [rule: string, names: [name: string, icon: string][]][] = [
  [
    "a keyword in the name picks its icon",
    [
      ["Indoors", "flower"],
      ["Flowers", "flower"],
      ["Deps", "greenhouse"],
      ["Light Dep Greenhouse", "greenhouse"],
      ["Concentrates", "concentrate"],
      ["Edibles", "edible"],
      ["Best Sellers", "bestseller"],
      ["Seller Picks", "bestseller"],
      ["Branded Exotics", "exotic"],
      ["Exotic Imports", "exotic"],
      ["Light Assist", "light"],
      ["Assisted Lights", "light"],
      ["Lows", "low"],
      ["Mushrooms", "mushroom"],
    ],
  ],
  [
    "matches keywords case-insensitively",
    [
      ["CONCENTRATES", "concentrate"],
      ["magic MUSHROOM caps", "mushroom"],
    ],
  ],
  ["checks flower before low, which 'flower' contains", [["Flower", "flower"]]],
  [
    "checks the rules in the product's order when a name has several keywords",
    [
      ["Indoor Lows", "flower"],
      ["Edible Best Sellers", "edible"],
      ["Low Dose Mushrooms", "low"],
    ],
  ],
  [
    "gives the catalogue's pens, Pala, Gelato Punch and New Drops icons of their own",
    [
      ["Pens", "pen"],
      ["Disposable Carts", "pen"],
      ["Pala", "pack"],
      ["Gelato Punch", "gelato"],
      ["New Drops", "sparkle"],
    ],
  ],
  [
    "matches the new keywords as whole words only",
    [
      ["Dispensary Picks", "leaf"],
      ["Palace", "leaf"],
      ["Newest", "leaf"],
    ],
  ],
  [
    "falls back to a leaf for names without a keyword",
    [
      ["Accessories", "leaf"],
      ["", "leaf"],
    ],
  ],
];

describe("categoryIcon (keywords in the category name pick the home grid icon)", () => {
  describe.each(RULES)("%s", (_, names) => {
    it.each(names)("%j -> %j", (name, icon) => {
      expect(categoryIcon(name)).toBe(icon);
    });
  });

  it("gives every built-in category a distinct icon", () => {
    const icons = catalogueCategories.map((category) => categoryIcon(category.name));
    expect(new Set(icons).size).toBe(catalogueCategories.length);
    expect(icons).not.toContain("leaf");
  });
});
