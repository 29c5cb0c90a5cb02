/**
 * Tier prices (SPEC section 3 "priceTiers", section 9 gummy tiers): the unit price of a cart line
 * follows its quantity. Pure, shared by the drawer, the checkout page and the order text.
 */
import { formatCents } from "./money";
import type { PriceTiers } from "./product";

/** Quantity thresholds, cheapest first: tier1000 from 1000 units, ..., tier100 from 100. */
export const TIER_STEPS = [
  { key: "tier1000", minQuantity: 1000 },
  { key: "tier500", minQuantity: 500 },
  { key: "tier250", minQuantity: 250 },
  { key: "tier100", minQuantity: 100 },
] as const satisfies ReadonlyArray<{ key: keyof PriceTiers; minQuantity: number }>;

const TIER_KEYS = ["single", "tier100", "tier250", "tier500", "tier1000"] as const;

/** True for a complete tier table of non-negative integer cents (anything else reads as "no tiers"). */
export function isPriceTiers(value: unknown): value is PriceTiers {
  if (!value || typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  return TIER_KEYS.every((key) => Number.isSafeInteger(record[key]) && (record[key] as number) >= 0);
}

/**
 * Unit price in cents for a line of `quantity` units: the product's price when it has no tiers;
 * otherwise `single` below 100, tier100 from 100, tier250 from 250, tier500 from 500, tier1000 from 1000.
 */
export function unitPriceCents(priceCents: number, tiers: PriceTiers | null, quantity: number): number {
  if (!tiers) return priceCents;
  const step = TIER_STEPS.find((s) => quantity >= s.minQuantity);
  return step ? tiers[step.key] : tiers.single;
}

export interface NextTier {
  /** units to add to reach the next cheaper tier */
  moreUnits: number;
  unitPriceCents: number;
}

/** The next tier that lowers the unit price, or null (no tiers, or already on the cheapest). */
export function nextTier(priceCents: number, tiers: PriceTiers | null, quantity: number): NextTier | null {
  if (!tiers) return null;
  const current = unitPriceCents(priceCents, tiers, quantity);
  const ascending = [...TIER_STEPS].reverse();
  const next = ascending.find((s) => s.minQuantity > quantity && tiers[s.key] < current);
  return next ? { moreUnits: next.minQuantity - quantity, unitPriceCents: tiers[next.key] } : null;
}

/** "5 more for $4.75 each" */
export function nextTierHint(next: NextTier): string {
  return `${next.moreUnits} more for ${formatCents(next.unitPriceCents)} each`;
}
