import type { SizeInput } from "../../app/features/catalogue/sizes";

/** Runtz as a menu sells it: four sizes, one on sale, one with bulk prices, one sold out, one not tracked. */
export const eighth: SizeInput = { label: "1/8 oz", priceCents: 4500, compareAtCents: 5000, sku: "RZ-8", stock: 12, tiers: null };
export const quarter: SizeInput = { label: "1/4 oz", priceCents: 8000, compareAtCents: null, sku: "RZ-4", stock: 3, tiers: null };
export const half: SizeInput = {
  label: "1/2 oz",
  priceCents: 15000,
  compareAtCents: null,
  sku: null,
  stock: null,
  tiers: [{ minQuantity: 5, unitPriceCents: 14000 }],
};
export const ounce: SizeInput = { label: "1 oz", priceCents: 28000, compareAtCents: null, sku: null, stock: 0, tiers: null };
