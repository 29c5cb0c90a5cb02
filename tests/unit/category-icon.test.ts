import { describe, expect, it } from "vitest";
import { categoryIcon } from "../../app/lib/category-icon";

describe("categoryIcon (keywords in the category name pick the home grid icon)", () => {
  it.each([
    ["Indoors", "flower"],
    ["Flowers", "flower"],
    ["Deps", "flower"],
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
  ])("%j -> %j", (name, icon) => {
    expect(categoryIcon(name)).toBe(icon);
  });

  it("matches keywords case-insensitively", () => {
    expect(categoryIcon("CONCENTRATES")).toBe("concentrate");
    expect(categoryIcon("magic MUSHROOM caps")).toBe("mushroom");
  });

  it("checks flower before low, which 'flower' contains", () => {
    expect(categoryIcon("Flower")).toBe("flower");
  });

  it("checks the rules in the spec's order when a name has several keywords", () => {
    expect(categoryIcon("Indoor Lows")).toBe("flower");
    expect(categoryIcon("Edible Best Sellers")).toBe("edible");
    expect(categoryIcon("Low Dose Mushrooms")).toBe("low");
  });

  it("falls back to a leaf for names without a keyword", () => {
    expect(categoryIcon("Pens")).toBe("leaf");
    expect(categoryIcon("Gelato Punch")).toBe("leaf");
    expect(categoryIcon("New Drops")).toBe("leaf");
    expect(categoryIcon("")).toBe("leaf");
  });
});
