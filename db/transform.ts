import { storedCompareAt } from "../app/features/deals/deals";
import { splitEffects } from "../app/features/catalogue/effects";
import { parsePriceToCents } from "../app/features/catalogue/money";
import { parsePriceTiers, serializePriceTiers } from "../app/features/catalogue/stored-tiers";
import { normalizeStrainType } from "../app/features/catalogue/product";
import { slugify } from "../app/features/catalogue/slug";
import { normalizeThc, thcColumns } from "../app/features/catalogue/thc";
import { isRealIsoDate, LAB_BATCH_MAX, LAB_NAME_MAX, type LabResultColumns } from "../app/features/lab-reports/lab-report";
import { sampleLabReports } from "./sample-lab-reports";
import type { NewProductRow } from "./schema";

/**
 * The one transform from a catalogue entry (the database form the migration receives)
 * to a products row, with SPEC.md section 5 "Migration transform defaults":
 * name 'Unnamed Product', price '$0.00', category 'indoors', rating 5 and review count 0
 * when not numeric, a single effect wrapped into a list (and one string naming several, "Relaxed,
 * Happy", split into them), lab tested / in stock true unless
 * explicitly false, a compare-at price kept only when above the price. THC text is stored in the
 * normalised form the admin form stores (lib/thc.ts), so every catalogue product opens and saves
 * unchanged; text that is no THC shape is left out.
 * Used by the local seed and the admin migration alike.
 */
export const TRANSFORM_DEFAULTS = {
  name: "Unnamed Product",
  price: "$0.00",
  category: "indoors",
  rating: 5,
  reviewCount: 0,
} as const;

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

function numeric(value: unknown): number | null {
  const number = typeof value === "string" && value.trim() ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : null;
}

function stringList(value: unknown): string[] {
  if (typeof value === "string") return value.trim() ? [value.trim()] : [];
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === "string" && item.trim() !== "").map((s) => s.trim());
}

function thc(value: unknown): string | null {
  const raw = text(value);
  return raw === null ? null : normalizeThc(raw);
}

/** The spec's tier table ("$5.00" per key) as tiers-as-data JSON (decision 028), or null. */
function tiers(value: unknown, priceCents: number): string | null {
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  const keys = ["single", "tier100", "tier250", "tier500", "tier1000"] as const;
  const cents = keys.map((key) => parsePriceToCents(record[key]));
  if (cents.some((c) => c === null)) return null;
  return serializePriceTiers(parsePriceTiers(Object.fromEntries(keys.map((key, i) => [key, cents[i]])), priceCents));
}

function percent(value: unknown): number | null {
  const number = numeric(value);
  return number !== null && number >= 0 && number <= 100 ? Math.round(number * 100) / 100 : null;
}

/**
 * An entry's `lab_report` (issue 17): its facts, each kept only when valid, and the sample PDF the
 * migration puts into R2 under its key (db/sample-lab-reports.ts). No `lab_report`: all null.
 */
function labColumns(entry: Record<string, unknown>): LabResultColumns | Record<string, never> {
  const [sample] = sampleLabReports([entry]);
  if (!sample) return {};
  const report = entry.lab_report as Record<string, unknown>;
  const date = text(report.test_date);
  return {
    labReportKey: sample.key,
    labReportName: sample.name,
    labReportType: "application/pdf",
    labReportSize: sample.bytes.byteLength,
    labName: text(report.lab_name)?.slice(0, LAB_NAME_MAX) ?? null,
    labTestDate: date && isRealIsoDate(date) ? date : null,
    labBatch: text(report.batch)?.slice(0, LAB_BATCH_MAX) ?? null,
    labThcPercent: percent(report.thc_percent),
    labCbdPercent: percent(report.cbd_percent),
    labTotalCannabinoidsPercent: percent(report.total_cannabinoids_percent),
  };
}

export function catalogueEntryToRow(entry: unknown): NewProductRow {
  const e = (entry && typeof entry === "object" ? entry : {}) as Record<string, unknown>;
  const rating = numeric(e.rating);
  const reviewCount = numeric(e.review_count);
  const priceCents = parsePriceToCents(e.price) ?? parsePriceToCents(TRANSFORM_DEFAULTS.price)!;
  return {
    catalogueKey: text(e.key),
    name: text(e.name) ?? TRANSFORM_DEFAULTS.name,
    priceCents,
    // A sale's original price; one at or below the price (or no price at all) is no sale.
    compareAtCents: storedCompareAt(priceCents, parsePriceToCents(e.compare_at_price)),
    image: text(e.image),
    extraImages: JSON.stringify(stringList(e.extra_images)),
    video: text(e.video),
    description: text(e.description) ?? "",
    // Products store the category slug: "Gelato Punch" and "gelato-punch" are the same category.
    category: slugify(text(e.category) ?? TRANSFORM_DEFAULTS.category),
    strainType: normalizeStrainType(e.strain_type),
    thcContent: thc(e.thc_content),
    ...thcColumns(thc(e.thc_content)),
    effects: JSON.stringify(splitEffects(stringList(e.effects))),
    rating: rating === null ? TRANSFORM_DEFAULTS.rating : Math.min(5, Math.max(0, rating)),
    reviewCount: reviewCount === null ? TRANSFORM_DEFAULTS.reviewCount : Math.max(0, Math.round(reviewCount)),
    isLabTested: e.is_lab_tested !== false,
    inStock: e.in_stock !== false,
    active: e.active !== false,
    priceTiers: tiers(e.price_tiers, priceCents),
    bulkNote: text(e.bulk_note),
    ...labColumns(e),
  };
}
