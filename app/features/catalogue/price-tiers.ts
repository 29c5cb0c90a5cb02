/**
 * Tier prices:
 * the unit price of a cart line follows its quantity. A size's tiers are data — a list of
 * { minQuantity, unitPriceCents }, ascending — stored as JSON on the size (decision 028). Pure, shared
 * by the drawer, the checkout page, the order text, the product page and the admin form. Reading and
 * writing the stored text is stored-tiers.ts (the server's and the admin's), so this module, which
 * every page loads with the cart, stays small.
 */

/** From `minQuantity` units on, each unit costs `unitPriceCents`. */
interface PriceTier {
  minQuantity: number;
  unitPriceCents: number;
}

/** A size's tiers, ascending by minQuantity (no two equal); never empty (no tiers is null). */
export type PriceTiers = readonly PriceTier[];

/** The most tiers a size has (the built-in catalogue's gummies have four). */
export const MAX_TIERS = 10;

/** A non-negative whole number of cents. */
export const isCents = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

function isTier(value: unknown): value is PriceTier {
  if (!value || typeof value !== "object" || !("minQuantity" in value) || !("unitPriceCents" in value)) return false;
  return isCents(value.minQuantity) && value.minQuantity >= 1 && isCents(value.unitPriceCents);
}

/** True for a non-empty list of tiers of integer cents, strictly ascending by minimum quantity. */
export function isPriceTiers(value: unknown): value is PriceTiers {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TIERS) return false;
  let below = 0;
  for (const tier of value) {
    if (!isTier(tier) || tier.minQuantity <= below) return false;
    below = tier.minQuantity;
  }
  return true;
}

/** Unit price in cents for `quantity` units: the tier with the highest minimum reached, else the price. */
export function unitPriceCents(priceCents: number, tiers: PriceTiers | null, quantity: number): number {
  if (!tiers) return priceCents;
  let unit = priceCents;
  for (const tier of tiers) if (quantity >= tier.minQuantity) unit = tier.unitPriceCents;
  return unit;
}
