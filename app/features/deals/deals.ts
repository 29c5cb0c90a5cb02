/**
 * Deals: a product may carry an original price, its "compare-at" price, above the price
 * it sells for. The rules live here once — whether a product is on sale, the saving a shopper reads,
 * and the admin form's rule — and are shared by the price display (price.tsx), the shop's On sale
 * filter (listings/listing-sql.server.ts, `compare_at_cents > price_cents`), the form schema and
 * the catalogue transform. Pure and free of zod: the price display is part of every first visit.
 */

export interface DealPrice {
  /** what the shopper is charged, cents */
  priceCents: number;
  /** the original price, cents; null when the product is not on sale */
  compareAtCents: number | null;
}

/** On sale: a compare-at price above the price. Anything else (none, equal, lower) is no sale. */
export function isOnSale({ priceCents, compareAtCents }: DealPrice): boolean {
  return compareAtCents !== null && Number.isSafeInteger(compareAtCents) && compareAtCents > priceCents;
}

/**
 * The saving as a whole percent of the original, rounded half up as shoppers expect ($20.00 → $15.00
 * is 25%, $30.00 → $20.00 is 33%). A sale always says at least 1%, and "100%" only when it is free.
 * Null when the product is not on sale.
 */
export function savePercent(price: DealPrice): number | null {
  const { priceCents, compareAtCents } = price;
  if (compareAtCents === null || !isOnSale(price)) return null;
  if (priceCents <= 0) return 100;
  // Integer arithmetic: (saving × 100 + half the original) ÷ original, floored, is round-half-up.
  const percent = Math.floor(((compareAtCents - priceCents) * 100 + compareAtCents / 2) / compareAtCents);
  return Math.min(99, Math.max(1, percent));
}

/** "Save 25%" */
export function saveLabel(percent: number): string {
  return `Save ${percent}%`;
}

/** The compare-at price of a sale: the price ÷ (1 − off), rounded to the cent ($45.00 at 25% off was $60.00). */
export function compareAtForPercentOff(priceCents: number, percentOff: number): number {
  return Math.round((priceCents * 100) / (100 - percentOff));
}

/**
 * The original price a cart line shows beside its unit price: the product's compare-at price while the
 * line is charged the product's price. A bulk tier's unit price is its own (lower) price, not the sale,
 * so a line at a tier shows no struck-through original.
 */
export function unitCompareAt(line: DealPrice & { unitPriceCents: number }): number | null {
  return line.unitPriceCents === line.priceCents && isOnSale(line) ? line.compareAtCents : null;
}

export const COMPARE_AT_MESSAGES = {
  format: "Compare-at price may contain only digits and an optional decimal point, like 60 or 59.99",
  tooHigh: "Compare-at price must be at most $1,000,000",
  notAbove: "Compare-at price must be higher than the price",
} as const;

/**
 * The admin form's rule once both prices are read: blank (null) means no sale; a compare-at price at
 * or below the price is refused with a message for the Compare-at field. Null when it is fine.
 */
export function compareAtProblem(priceCents: number, compareAtCents: number | null): string | null {
  if (compareAtCents === null) return null;
  return compareAtCents > priceCents ? null : COMPARE_AT_MESSAGES.notAbove;
}

/** A stored compare-at price as the app uses it: kept only when it makes a sale (a stray one reads as none). */
export function storedCompareAt(priceCents: number, compareAtCents: number | null | undefined): number | null {
  const value = compareAtCents ?? null;
  return isOnSale({ priceCents, compareAtCents: value }) ? value : null;
}

/**
 * Put on sale by N% off (the admin's bulk action): the original price — the compare-at price
 * of a sale already running, else the price — becomes (or stays) the compare-at price, and the price is
 * N% below it, to the cent. So a second sale never stacks on the first. Null when N% off would not
 * lower the price (a price of a cent or two), which the compare-at rule refuses.
 */
export function saleAtPercentOff(price: DealPrice, percentOff: number): DealPrice | null {
  const original = storedCompareAt(price.priceCents, price.compareAtCents) ?? price.priceCents;
  const priceCents = Math.round((original * (100 - percentOff)) / 100);
  return compareAtProblem(priceCents, original) === null ? { priceCents, compareAtCents: original } : null;
}

/** End a sale: the price goes back to the compare-at price, which is cleared. Null when the product is not on sale. */
export function endedSale(price: DealPrice): DealPrice | null {
  return isOnSale(price) ? { priceCents: price.compareAtCents!, compareAtCents: null } : null;
}
