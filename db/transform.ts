import { storedCompareAt } from "../app/features/deals/deals";
import { splitEffects } from "../app/features/catalogue/effects";
import { parsePriceToCents } from "../app/features/money/money";
import { parsePriceTiers } from "../app/features/catalogue/stored-tiers";
import { normalizeStrainType } from "../app/features/catalogue/product";
import { slugify } from "../app/features/catalogue/slug";
import { normalizeThc, thcColumns } from "../app/features/catalogue/thc";
import { isRealIsoDate, LAB_BATCH_MAX, LAB_NAME_MAX, type LabReportColumns } from "../app/features/lab-reports/lab-report";
import { sampleLabReports } from "./sample-lab-reports";
import { derivedProductColumns, MAX_SIZES, type SizeInput } from "../app/features/catalogue/sizes";
import { isPriceTiers, type PriceTiers } from "../app/features/catalogue/price-tiers";
import { PRICE_MAX_CENTS, SIZE_LABEL_MAX, SKU_MAX, STOCK_MAX } from "../app/features/admin/product-form-schema";
import type { NewProductRow } from "./schema";

/**
 * The one transform from a catalogue entry (the database form the migration receives)
 * to a products row, with the migration transform's defaults:
 * name 'Unnamed Product', price '$0.00', category 'indoors', rating 5 and review count 0
 * when not numeric, a single effect wrapped into a list (and one string naming several, "Relaxed,
 * Happy", split into them), lab tested / in stock true unless
 * explicitly false, a compare-at price kept only when above the price. THC text is stored in the
 * normalised form the admin form stores (catalogue/thc.ts), so every catalogue product opens and saves
 * unchanged; text that is no THC shape is left out.
 * An entry may list `sizes` (decision 028: label, price, compare-at price, SKU, stock, bulk
 * prices); the products row's price columns are then its lowest-priced size's. An entry without them
 * (the product's single-price rows) is one unlabelled size from its own price and bulk prices.
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

/**
 * Bulk prices in either catalogue shape as tiers (decision 028), or null: the product's old table ("$5.00"
 * per key: single, tier100 … tier1000) or a list of `{ min_quantity, unit_price }` ("5", "$525"),
 * ascending. Anything else reads as no bulk prices.
 */
function tierList(value: unknown, priceCents: number): PriceTiers | null {
  if (Array.isArray(value)) {
    const list = value.map((tier: unknown) => {
      const record = (tier && typeof tier === "object" ? tier : {}) as Record<string, unknown>;
      return { minQuantity: numeric(record.min_quantity), unitPriceCents: parsePriceToCents(record.unit_price) };
    });
    return isPriceTiers(list) ? list : null;
  }
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  const keys = ["single", "tier100", "tier250", "tier500", "tier1000"] as const;
  const cents = keys.map((key) => parsePriceToCents(record[key]));
  if (cents.some((c) => c === null)) return null;
  return parsePriceTiers(Object.fromEntries(keys.map((key, i) => [key, cents[i]])), priceCents);
}

/** A price the shop accepts (the form's rule: at most $1,000,000), or null. */
function price(value: unknown): number | null {
  const cents = parsePriceToCents(value);
  return cents !== null && cents <= PRICE_MAX_CENTS ? cents : null;
}

/** Units on hand: a whole number 0..STOCK_MAX, else not tracked (null). */
function stock(value: unknown): number | null {
  const number = numeric(value);
  return number !== null && Number.isInteger(number) && number >= 0 && number <= STOCK_MAX ? number : null;
}

/**
 * An entry's `sizes` (decision 028), each kept only when it has a label (at most 40
 * characters, not the same as an earlier one, case and spaces aside) and a price; at most MAX_SIZES.
 * None valid (or no `sizes`): the product's one unlabelled size from its own price, as before sizes.
 */
function sizeList(entry: Record<string, unknown>, priceCents: number, compareAtCents: number | null): SizeInput[] {
  const sizes: SizeInput[] = [];
  const seen = new Set<string>();
  for (const item of Array.isArray(entry.sizes) ? entry.sizes : []) {
    const size = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
    const label = text(size.label);
    const cents = price(size.price);
    const same = label?.toLocaleLowerCase().replace(/\s+/g, " ");
    if (!label || !same || label.length > SIZE_LABEL_MAX || cents === null || seen.has(same) || sizes.length >= MAX_SIZES) continue;
    seen.add(same);
    sizes.push({
      label,
      priceCents: cents,
      compareAtCents: storedCompareAt(cents, price(size.compare_at_price)),
      sku: text(size.sku)?.slice(0, SKU_MAX) ?? null,
      stock: stock(size.stock),
      tiers: tierList(size.price_tiers, cents),
    });
  }
  if (sizes.length > 0) return sizes;
  return [{ label: "", priceCents, compareAtCents, sku: null, stock: null, tiers: tierList(entry.price_tiers, priceCents) }];
}

/** True for the one unlabelled size a products row's own columns describe (the insert trigger writes it). */
export function isPlainSize(sizes: readonly SizeInput[]): boolean {
  const [only] = sizes;
  return sizes.length === 1 && only!.label === "" && only!.sku === null && only!.stock === null;
}

function percent(value: unknown): number | null {
  const number = numeric(value);
  return number !== null && number >= 0 && number <= 100 ? Math.round(number * 100) / 100 : null;
}

/**
 * An entry's `lab_report`: its facts, each kept only when valid, and the sample PDF the
 * migration puts into R2 under its key (db/sample-lab-reports.ts). No `lab_report`: all null.
 */
function labColumns(entry: Record<string, unknown>): LabReportColumns | Record<string, never> {
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

/** A catalogue product: its products row and its sizes (at least one; the row's price columns follow them). */
export interface CatalogueProduct {
  row: NewProductRow;
  sizes: SizeInput[];
}

export function catalogueEntryToRow(entry: unknown): NewProductRow {
  return catalogueEntryToProduct(entry).row;
}

/** The transform with the entry's sizes (decision 028): a row whose price columns are its lowest size's. */
export function catalogueEntryToProduct(entry: unknown): CatalogueProduct {
  const e = (entry && typeof entry === "object" ? entry : {}) as Record<string, unknown>;
  const rating = numeric(e.rating);
  const reviewCount = numeric(e.review_count);
  const entryPrice = parsePriceToCents(e.price) ?? parsePriceToCents(TRANSFORM_DEFAULTS.price)!;
  // A sale's original price; one at or below the price (or no price at all) is no sale.
  const sizes = sizeList(e, entryPrice, storedCompareAt(entryPrice, price(e.compare_at_price)));
  const derived = derivedProductColumns(sizes);
  const row: NewProductRow = {
    catalogueKey: text(e.key),
    name: text(e.name) ?? TRANSFORM_DEFAULTS.name,
    priceCents: derived.priceCents,
    compareAtCents: derived.compareAtCents,
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
    priceTiers: derived.priceTiers,
    sizesPriceDiffers: derived.sizesPriceDiffers,
    bulkNote: text(e.bulk_note),
    ...labColumns(e),
  };
  return { row, sizes };
}
