/**
 * Money is integer cents everywhere; text like "$45", "45.50" or "$1,600" is parsed once, here.
 */

/** A price is whole cents: "0.001" is not a price (it would save as $0.00), whichever form it comes from. */
export const MONEY_DECIMALS_MESSAGE = "Use at most 2 decimals, like 45.99";

/** Whether decimal text has at most 2 digits after its point ("45", "45.5", "45.99"; not "0.001"). */
export function hasCentsAtMost(text: string): boolean {
  return !/\.\d{3,}$/.test(text.trim());
}

/** Parses "$45", "45.50", "$1,600.00" into cents; null when the text is not a price (more than 2 decimals included). */
export function parsePriceToCents(value: unknown): number | null {
  if (typeof value === "number") {
    return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
  }
  if (typeof value !== "string") return null;
  const text = value.trim().replace(/^\$/, "").replace(/,/g, "").trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Math.round(Number(`0.${fraction || "0"}`) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Parses price text as docs/product.md says ("remove the $ and read a number"): junk reads as 0. */
export function parsePrice(value: unknown): number {
  return (parsePriceToCents(value) ?? 0) / 100;
}

/**
 * A whole number with its digits grouped as en-US writes them: 1000 -> "1,000". Written by hand, not
 * with Intl: a browser builds its first Intl formatter by loading locale data — 25 ms of main thread
 * on this machine's CPU slowed 4x as a phone's (measured) — and every page writes prices as it boots.
 */
export function groupDigits(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** 4500 -> "$45.00"; 160000 -> "$1,600.00"; -250 -> "-$2.50" (what Intl's en-US dollars write). */
export function formatCents(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}$${groupDigits(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}

/** A card's price: "from $35.00" when the product's sizes do not all cost the same (the lowest of them), else "$35.00". */
export function fromPrice(cents: number, from: boolean): string {
  return `${from ? "from " : ""}${formatCents(cents)}`;
}

/** Cents as the plain decimal the admin form edits: 4500 -> "45", 475 -> "4.75" */
export function centsToDecimalText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
