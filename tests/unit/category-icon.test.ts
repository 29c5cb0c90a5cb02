import { describe, expect, it } from "vitest";
import { categoryIcon } from "../../app/features/home/category-icon";
import { catalogueCategories } from "../../db/catalogue";

describe("categoryIcon (keywords in the category name pick the home grid icon)", () => {
  it.each([
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

  it("checks the rules in the product's order when a name has several keywords", () => {
    expect(categoryIcon("Indoor Lows")).toBe("flower");
    expect(categoryIcon("Edible Best Sellers")).toBe("edible");
    expect(categoryIcon("Low Dose Mushrooms")).toBe("low");
  });

  it("gives the catalogue's pens, Pala, Gelato Punch and New Drops icons of their own", () => {
    expect(categoryIcon("Pens")).toBe("pen");
    expect(categoryIcon("Disposable Carts")).toBe("pen");
    expect(categoryIcon("Pala")).toBe("pack");
    expect(categoryIcon("Gelato Punch")).toBe("gelato");
    expect(categoryIcon("New Drops")).toBe("sparkle");
  });

  it("matches the new keywords as whole words only", () => {
    expect(categoryIcon("Dispensary Picks")).toBe("leaf");
    expect(categoryIcon("Palace")).toBe("leaf");
    expect(categoryIcon("Newest")).toBe("leaf");
  });

  it("gives every built-in category a distinct icon", () => {
    const icons = catalogueCategories.map((category) => categoryIcon(category.name));
    expect(new Set(icons).size).toBe(catalogueCategories.length);
    expect(icons).not.toContain("leaf");
  });

  it("falls back to a leaf for names without a keyword", () => {
    expect(categoryIcon("Accessories")).toBe("leaf");
    expect(categoryIcon("")).toBe("leaf");
  });
});
