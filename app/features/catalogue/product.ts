import type { ProductRow } from "~db/schema";
import { storedCompareAt } from "~/features/deals/deals";
import type { LabResultColumns } from "~/features/lab-reports/lab-report-display";
import { parseStringList } from "./json-list";

export type StrainType = "indica" | "sativa" | "hybrid";

/** Tier unit prices in cents (SPEC: edibles single / 100 / 250 / 500 / 1000 units). */
export interface PriceTiers {
  single: number;
  tier100: number;
  tier250: number;
  tier500: number;
  tier1000: number;
}

/** A product as the app uses it: lists parsed, flags real booleans, price in cents. */
export interface Product extends LabResultColumns {
  id: number;
  name: string;
  priceCents: number;
  /** the original price of a sale (lib/deals.ts), cents; null when not on sale */
  compareAtCents: number | null;
  image: string | null;
  extraImages: string[];
  video: string | null;
  description: string;
  category: string;
  strainType: StrainType | null;
  thcContent: string | null;
  effects: string[];
  rating: number;
  reviewCount: number;
  isLabTested: boolean;
  inStock: boolean;
  active: boolean;
  priceTiers: PriceTiers | null;
  bulkNote: string | null;
  version: number;
  updatedAt: string;
}

const TIER_KEYS = ["single", "tier100", "tier250", "tier500", "tier1000"] as const;

export function parsePriceTiers(value: unknown): PriceTiers | null {
  if (typeof value !== "string" || !value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== "object") return null;
    const record = parsed as Record<string, unknown>;
    if (!TIER_KEYS.every((key) => Number.isInteger(record[key]) && (record[key] as number) >= 0)) return null;
    return {
      single: record.single as number,
      tier100: record.tier100 as number,
      tier250: record.tier250 as number,
      tier500: record.tier500 as number,
      tier1000: record.tier1000 as number,
    };
  } catch {
    return null;
  }
}

export function normalizeStrainType(value: unknown): StrainType | null {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  return text === "indica" || text === "sativa" || text === "hybrid" ? text : null;
}

/** Accepts a full row or a partial selection; missing list columns read as empty. */
export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    priceCents: row.priceCents,
    compareAtCents: storedCompareAt(row.priceCents, row.compareAtCents),
    image: row.image,
    extraImages: parseStringList(row.extraImages),
    video: row.video,
    description: row.description,
    category: row.category,
    strainType: normalizeStrainType(row.strainType),
    thcContent: row.thcContent,
    effects: parseStringList(row.effects),
    rating: row.rating,
    reviewCount: row.reviewCount,
    isLabTested: row.isLabTested,
    inStock: row.inStock,
    active: row.active,
    priceTiers: parsePriceTiers(row.priceTiers),
    bulkNote: row.bulkNote,
    version: row.version,
    updatedAt: row.updatedAt,
    labReportKey: row.labReportKey,
    labReportName: row.labReportName,
    labReportType: row.labReportType,
    labReportSize: row.labReportSize,
    labName: row.labName,
    labTestDate: row.labTestDate,
    labBatch: row.labBatch,
    labThcPercent: row.labThcPercent,
    labCbdPercent: row.labCbdPercent,
    labTotalCannabinoidsPercent: row.labTotalCannabinoidsPercent,
  };
}
