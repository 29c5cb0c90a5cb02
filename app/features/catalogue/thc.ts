/**
 * THC content. One parser serves the
 * admin form (what is accepted and how it is stored), the catalogue transform and the numeric
 * potency columns the shop filters and sorts on. Pure; shared by browser and server.
 *
 * Accepted shapes, with their stored text:
 *   24 · 24% · 24.5 %        → "24%", "24.5%"     (a bare number is a percentage)
 *   22-26% · 22–26 % · 22-26 → "22-26%"           (a range, either dash, low to high)
 *   90%+ · 90+ · 90 %+       → "90%+"             (at least; the range runs up to 100)
 *   10mg · 100 mg            → "10mg", "100mg"    (an mg dose never gets a %)
 *   5-10mg                   → "5-10mg"
 *   10mg per piece           → "10mg per piece"   (a short "per …" unit may follow)
 */

type ThcUnit = "percent" | "mg";

export interface Thc {
  /** The normalised text that is stored and shown. */
  text: string;
  unit: ThcUnit;
  /** Lower and upper bound in the unit; equal for a single value. "90%+" is 90 to 100. */
  min: number;
  max: number;
}

export const THC_TEXT_MAX = 40;
/** The largest mg dose accepted: a typo guard far above any edible's per-piece dose. */
const THC_MG_MAX = 10_000;

export const THC_EXAMPLES = ["24%", "22-26%", "90%+", "10mg", "10mg per piece"] as const;
export const THC_FORMAT_MESSAGE = `THC content must be a percentage, a percentage range or an mg amount, for example ${THC_EXAMPLES.join(", ")}`;

const NUMBER = String.raw`\d{1,5}(?:\.\d{1,2})?`;
const DASH = String.raw`\s*[-–—]\s*`;
const PERCENT = new RegExp(String.raw`^(${NUMBER})\s*%?$`);
const PERCENT_RANGE = new RegExp(String.raw`^(${NUMBER})\s*%?${DASH}(${NUMBER})\s*%?$`);
const PERCENT_PLUS = new RegExp(String.raw`^(${NUMBER})\s*(?:%\s*\+|\+\s*%?)$`);
const MG = new RegExp(String.raw`^(${NUMBER})(?:\s*(?:mg)?${DASH}(${NUMBER}))?\s*mg(?:\s+(per\s+[a-z]+(?:\s+[a-z]+)?))?$`, "i");

/** "24.50" → "24.5", "007" → "7": the number as it reads best. */
function numberText(value: number) {
  return String(value);
}

function percent(min: number, max: number, text: string): Thc | null {
  if (min > max || max > 100) return null;
  return { text, unit: "percent", min, max };
}

/** Reads THC text in one of the accepted shapes; null for anything else. */
export function parseThc(input: string): Thc | null {
  const value = input.trim().replace(/\s+/g, " ");
  if (!value || value.length > THC_TEXT_MAX) return null;

  let match = PERCENT.exec(value);
  if (match) {
    const n = Number(match[1]);
    return percent(n, n, `${numberText(n)}%`);
  }
  match = PERCENT_RANGE.exec(value);
  if (match) {
    const low = Number(match[1]);
    const high = Number(match[2]);
    return low === high ? percent(low, high, `${numberText(low)}%`) : percent(low, high, `${numberText(low)}-${numberText(high)}%`);
  }
  match = PERCENT_PLUS.exec(value);
  if (match) {
    const n = Number(match[1]);
    return percent(n, 100, `${numberText(n)}%+`);
  }
  match = MG.exec(value);
  if (match) {
    const low = Number(match[1]);
    const high = match[2] === undefined ? low : Number(match[2]);
    if (low > high || high > THC_MG_MAX) return null;
    const amount = low === high ? `${numberText(low)}mg` : `${numberText(low)}-${numberText(high)}mg`;
    const per = match[3] ? ` ${match[3].toLowerCase()}` : "";
    return { text: `${amount}${per}`, unit: "mg", min: low, max: high };
  }
  return null;
}

/** The normalised text of valid THC input, or null. */
export function normalizeThc(input: string): string | null {
  return parseThc(input)?.text ?? null;
}

/** The numeric potency columns stored beside the THC text (thc_unit, thc_min, thc_max). */
export interface ThcColumns {
  thcUnit: ThcUnit | null;
  thcMin: number | null;
  thcMax: number | null;
}

/**
 * The potency columns for a THC text: what the shop filters and sorts on. Every write of a product
 * row computes them from the text here, so the text and the numbers never disagree; text in no
 * accepted shape (or none) stores nulls, and such a product matches no potency filter.
 */
export function thcColumns(text: string | null | undefined): ThcColumns {
  const thc = text ? parseThc(text) : null;
  return thc ? { thcUnit: thc.unit, thcMin: thc.min, thcMax: thc.max } : { thcUnit: null, thcMin: null, thcMax: null };
}
