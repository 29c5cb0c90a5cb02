import { describe, expect, it } from "vitest";
import { isPriceTiers, nextTier, nextTierHint, unitPriceCents } from "../../app/features/catalogue/price-tiers";
import type { PriceTiers } from "../../app/features/catalogue/product";

/** The gummy tiers of SPEC section 9: $5.00, $4.75, $4.50, $4.25, $4.00. */
const GUMMIES: PriceTiers = { single: 500, tier100: 475, tier250: 450, tier500: 425, tier1000: 400 };

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
    const flat: PriceTiers = { single: 500, tier100: 500, tier250: 450, tier500: 450, tier1000: 450 };
    expect(nextTier(500, flat, 10)).toEqual({ moreUnits: 240, unitPriceCents: 450 });
    expect(nextTier(500, flat, 300)).toBeNull();
  });

  it("reads as the drawer's hint", () => {
    expect(nextTierHint({ moreUnits: 5, unitPriceCents: 475 })).toBe("5 more for $4.75 each");
  });
});

describe("isPriceTiers", () => {
  it("accepts a complete table of integer cents only", () => {
    expect(isPriceTiers(GUMMIES)).toBe(true);
    expect(isPriceTiers({ ...GUMMIES, tier500: "4.25" })).toBe(false);
    expect(isPriceTiers({ single: 500 })).toBe(false);
    expect(isPriceTiers({ ...GUMMIES, tier100: -1 })).toBe(false);
    expect(isPriceTiers(null)).toBe(false);
    expect(isPriceTiers("tiers")).toBe(false);
  });
});
