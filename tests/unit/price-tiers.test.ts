import { describe, expect, it } from "vitest";
import { priceTierRows } from "../../app/features/product-page/tier-table";
import { isPriceTiers, unitPriceCents, type PriceTiers } from "../../app/features/catalogue/price-tiers";
import { nextTier, nextTierHint } from "../../app/features/catalogue/next-tier";
import { parsePriceTiers, tiersFromLegacy } from "../../app/features/catalogue/stored-tiers";

/** The gummy tiers: $5.00, $4.75, $4.50, $4.25, $4.00. */
const GUMMIES: PriceTiers = tiersFromLegacy(500, { single: 500, tier100: 475, tier250: 450, tier500: 425, tier1000: 400 });

describe("unitPriceCents", () => {
  it.each([
    [1, 500],
    [99, 500],
    [100, 475],
    [249, 475],
    [250, 450],
    [499, 450],
    [500, 425],
    [999, 425],
    [1000, 400],
  ])("charges %i gummies at %i cents each", (quantity, cents) => {
    expect(unitPriceCents(500, GUMMIES, quantity)).toBe(cents);
  });

  it("uses the product's price when it has no tiers", () => {
    expect(unitPriceCents(4500, null, 1)).toBe(4500);
    expect(unitPriceCents(4500, null, 1000)).toBe(4500);
  });
});

describe("nextTier", () => {
  it.each([
    [1, 99, 475],
    [99, 1, 475],
    [100, 150, 450],
    [249, 1, 450],
    [250, 250, 425],
    [500, 500, 400],
    [999, 1, 400],
  ])("at %i units: %i more for %i cents each", (quantity, moreUnits, cents) => {
    expect(nextTier(500, GUMMIES, quantity)).toEqual({ moreUnits, unitPriceCents: cents });
  });

  it("is null on the cheapest tier and for products without tiers", () => {
    expect(nextTier(500, GUMMIES, 1000)).toBeNull();
    expect(nextTier(4500, null, 3)).toBeNull();
  });

  it("skips a tier that is not cheaper", () => {
    const flat: PriceTiers = tiersFromLegacy(500, { single: 500, tier100: 500, tier250: 450, tier500: 450, tier1000: 450 });
    expect(nextTier(500, flat, 10)).toEqual({ moreUnits: 240, unitPriceCents: 450 });
    expect(nextTier(500, flat, 300)).toBeNull();
  });

  it("reads as the drawer's hint", () => {
    expect(nextTierHint({ moreUnits: 5, unitPriceCents: 475 })).toBe("5 more for $4.75 each");
  });
});

describe("isPriceTiers", () => {
  it("accepts a list of integer-cent tiers strictly ascending by minimum only", () => {
    expect(isPriceTiers(GUMMIES)).toBe(true);
    expect(isPriceTiers(GUMMIES.map((tier, i) => (i === 2 ? { ...tier, unitPriceCents: "4.25" } : tier)))).toBe(false);
    expect(isPriceTiers([{ minQuantity: 100, unitPriceCents: -1 }])).toBe(false);
    expect(isPriceTiers([{ minQuantity: 0, unitPriceCents: 100 }])).toBe(false);
    expect(isPriceTiers([GUMMIES[1], GUMMIES[0]])).toBe(false);
    expect(isPriceTiers([GUMMIES[0], GUMMIES[0]])).toBe(false);
    expect(isPriceTiers([])).toBe(false);
    expect(isPriceTiers({ single: 500 })).toBe(false);
    expect(isPriceTiers(null)).toBe(false);
    expect(isPriceTiers("tiers")).toBe(false);
  });
});

describe("parsePriceTiers", () => {
  it("reads the list and the product's old fixed table, so every quantity costs what it did", () => {
    const legacy = JSON.stringify({ single: 500, tier100: 475, tier250: 450, tier500: 425, tier1000: 400 });
    expect(parsePriceTiers(legacy, 500)).toEqual(GUMMIES);
    expect(parsePriceTiers(JSON.stringify(GUMMIES), 500)).toEqual(GUMMIES);
    // A single price other than the price is kept as a tier from 1 unit.
    const odd = parsePriceTiers(JSON.stringify({ single: 550, tier100: 475, tier250: 450, tier500: 425, tier1000: 400 }), 500);
    expect([1, 99, 100, 1000].map((q) => unitPriceCents(500, odd, q))).toEqual([550, 550, 475, 400]);
    expect(parsePriceTiers("{", 500)).toBeNull();
    expect(parsePriceTiers("", 500)).toBeNull();
    expect(parsePriceTiers("[]", 500)).toBeNull();
  });

  it("draws the product page's tier table as the product's rows", () => {
    expect(priceTierRows(500, GUMMIES)).toEqual([
      { label: "Single", unitPriceCents: 500 },
      { label: "100 units", unitPriceCents: 475 },
      { label: "250 units", unitPriceCents: 450 },
      { label: "500 units", unitPriceCents: 425 },
      { label: "1000 units", unitPriceCents: 400 },
    ]);
  });
});
