import { describe, expect, it } from "vitest";
import { catalogue } from "../../db/catalogue";
import { catalogueEntryToRow } from "../../db/transform";

describe("catalogue transform (SPEC section 5 defaults)", () => {
  it("fills every default for an empty entry", () => {
    const row = catalogueEntryToRow({});
    expect(row).toMatchObject({
      name: "Unnamed Product",
      priceCents: 0,
      category: "indoors",
      rating: 5,
      reviewCount: 0,
      effects: "[]",
      extraImages: "[]",
      isLabTested: true,
      inStock: true,
      active: true,
    });
  });

  it("wraps a single effect into a list and reads numeric text", () => {
    const row = catalogueEntryToRow({ name: "X", price: "$45", effects: "Relaxed", rating: "4.5", review_count: "12" });
    expect(JSON.parse(row.effects!)).toEqual(["Relaxed"]);
    expect(row.rating).toBe(4.5);
    expect(row.reviewCount).toBe(12);
    expect(row.priceCents).toBe(4500);
  });

  it("keeps false flags false and ignores non-numeric ratings", () => {
    const row = catalogueEntryToRow({ in_stock: false, is_lab_tested: false, rating: "great", review_count: null });
    expect(row.inStock).toBe(false);
    expect(row.isLabTested).toBe(false);
    expect(row.rating).toBe(5);
    expect(row.reviewCount).toBe(0);
  });

  it("stores the category as its slug, so a category name finds its page", () => {
    expect(catalogueEntryToRow({ category: "Gelato Punch" }).category).toBe("gelato-punch");
    expect(catalogueEntryToRow({ category: "  New   Drops " }).category).toBe("new-drops");
    expect(catalogueEntryToRow({ category: "   " }).category).toBe("indoors");
    expect(catalogueEntryToRow({ category: 7 }).category).toBe("indoors");
  });

  it("stores THC content normalised, as the admin form would save it; other text is left out", () => {
    expect(catalogueEntryToRow({ thc_content: "22 – 26 %" }).thcContent).toBe("22-26%");
    expect(catalogueEntryToRow({ thc_content: "24" }).thcContent).toBe("24%");
    expect(catalogueEntryToRow({ thc_content: "10 MG per piece" }).thcContent).toBe("10mg per piece");
    expect(catalogueEntryToRow({ thc_content: "very strong" }).thcContent).toBeNull();
    expect(catalogueEntryToRow({ thc_content: null }).thcContent).toBeNull();
  });

  it("stores price tiers in cents", () => {
    const row = catalogueEntryToRow({
      price: "$5.00",
      price_tiers: { single: "$5.00", tier100: "$4.75", tier250: "$4.50", tier500: "$4.25", tier1000: "$4.00" },
    });
    expect(JSON.parse(row.priceTiers!)).toEqual([
      { minQuantity: 100, unitPriceCents: 475 },
      { minQuantity: 250, unitPriceCents: 450 },
      { minQuantity: 500, unitPriceCents: 425 },
      { minQuantity: 1000, unitPriceCents: 400 },
    ]);
  });

  it("turns the whole built-in catalogue into rows with unique keys", () => {
    const rows = catalogue.map(catalogueEntryToRow);
    expect(rows.length).toBeGreaterThanOrEqual(50);
    expect(new Set(rows.map((row) => row.catalogueKey)).size).toBe(rows.length);
    for (const row of rows) expect(row.priceCents).toBeGreaterThan(0);
  });
});
