/**
 * The next bulk tier a quantity can reach ("5 more for $4.75 each"), for the product page's purchase
 * box and the cart's lines. Apart from price-tiers.ts (which every page's shell carries with the cart
 * reducer) so it loads only with the product page, the drawer and the checkout.
 */
import { formatCents } from "~/features/money/money";
import { unitPriceCents, type PriceTiers } from "./price-tiers";

export interface NextTier {
  /** units to add to reach the next cheaper tier */
  moreUnits: number;
  unitPriceCents: number;
}

/** The next tier that lowers the unit price, or null (no tiers, or already on the cheapest). */
export function nextTier(priceCents: number, tiers: PriceTiers | null, quantity: number): NextTier | null {
  if (!tiers) return null;
  const current = unitPriceCents(priceCents, tiers, quantity);
  const next = tiers.find((tier) => tier.minQuantity > quantity && tier.unitPriceCents < current);
  return next ? { moreUnits: next.minQuantity - quantity, unitPriceCents: next.unitPriceCents } : null;
}

/** "5 more for $4.75 each" */
export function nextTierHint(next: NextTier): string {
  return `${next.moreUnits} more for ${formatCents(next.unitPriceCents)} each`;
}
