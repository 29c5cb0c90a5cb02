import { describe, expect, it } from "vitest";
import { catalogue } from "../../db/catalogue";
import { catalogueEntryToProduct, catalogueEntryToRow, isPlainSize } from "../../db/transform";

describe("catalogue transform", () => {
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

  it("reads sizes: labels, prices, sale prices, SKUs, stock and tiers; the row's price is the lowest size's", () => {
    const { row, sizes } = catalogueEntryToProduct({
      key: "runtz-eighth",
      name: "Runtz",
      sizes: [
        { label: "1/8 oz", price: "$45", compare_at_price: "$60", sku: "RZ-8TH" },
        { label: "1 oz", price: "$300", stock: 3, price_tiers: [{ min_quantity: 5, unit_price: "$280" }] },
      ],
    });
    expect(sizes).toEqual([
      { label: "1/8 oz", priceCents: 4500, compareAtCents: 6000, sku: "RZ-8TH", stock: null, tiers: null },
      { label: "1 oz", priceCents: 30000, compareAtCents: null, sku: null, stock: 3, tiers: [{ minQuantity: 5, unitPriceCents: 28000 }] },
    ]);
    expect(row).toMatchObject({ priceCents: 4500, compareAtCents: 6000, priceTiers: null, sizesPriceDiffers: true });
    expect(isPlainSize(sizes)).toBe(false);
  });

  it("still reads the product's single-price rows as one plain size, and drops sizes it cannot use", () => {
    const old = catalogueEntryToProduct({ price: "$525", price_tiers: [{ min_quantity: 5, unit_price: "$500" }] });
    expect(old.sizes).toEqual([
      { label: "", priceCents: 52500, compareAtCents: null, sku: null, stock: null, tiers: [{ minQuantity: 5, unitPriceCents: 50000 }] },
    ]);
    expect(isPlainSize(old.sizes)).toBe(true);
    const { sizes } = catalogueEntryToProduct({
      price: "$9",
      sizes: [
        {
          label: "1 g",
          price: "$10",
          stock: -1,
          price_tiers: [
            { min_quantity: 10, unit_price: "$9" },
            { min_quantity: 5, unit_price: "$9.50" },
          ],
        },
        { label: "1 G ", price: "$11" }, // the same label
        { label: "x".repeat(41), price: "$1" }, // too long
        { label: "2 g", price: "-5" },
        { label: "", price: "$5" },
        { label: "草莓 3 g", price: "$20", stock: 1e12, compare_at_price: "$20" },
        ...Array.from({ length: 30 }, (_, i) => ({ label: `pack ${i}`, price: "$1" })),
      ],
    });
    expect(sizes).toHaveLength(20);
    expect(sizes.slice(0, 2)).toEqual([
      { label: "1 g", priceCents: 1000, compareAtCents: null, sku: null, stock: null, tiers: null },
      { label: "草莓 3 g", priceCents: 2000, compareAtCents: null, sku: null, stock: null, tiers: null },
    ]);
    // Nothing usable: the entry's own price, as before sizes.
    expect(catalogueEntryToProduct({ price: "$9", sizes: [{ label: "", price: "x" }] }).sizes).toMatchObject([
      { label: "", priceCents: 900 },
    ]);
  });

  it("turns the whole built-in catalogue into rows with unique keys", () => {
    const rows = catalogue.map(catalogueEntryToRow);
    expect(rows.length).toBeGreaterThanOrEqual(50);
    expect(new Set(rows.map((row) => row.catalogueKey)).size).toBe(rows.length);
    for (const row of rows) expect(row.priceCents).toBeGreaterThan(0);
    // About 50 products, several of them strains sold by weight in sizes, the first the one the key names.
    const sized = catalogue.filter((entry) => entry.sizes);
    expect(sized.length).toBeGreaterThanOrEqual(8);
    expect(catalogueEntryToProduct(catalogue.find((entry) => entry.key === "runtz-eighth")).sizes.map((size) => size.label)).toEqual([
      "1/8 oz",
      "1/4 oz",
      "1/2 oz",
      "1 oz",
    ]);
  });
});
