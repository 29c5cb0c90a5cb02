import type { ProductRow } from "~db/schema";
import { storedCompareAt } from "~/features/deals/deals";
import type { LabReportColumns } from "~/features/lab-reports/lab-report-display";
import { parseStringList } from "./json-list";
import type { PriceTiers } from "./price-tiers";
import { parsePriceTiers } from "./stored-tiers";

export type StrainType = "indica" | "sativa" | "hybrid";

/** A product as the app uses it: lists parsed, flags real booleans, price in cents. */
export interface Product extends LabReportColumns {
  id: number;
  name: string;
  priceCents: number;
  /** the original price of a sale (deals/deals.ts), cents; null when not on sale */
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
    priceTiers: parsePriceTiers(row.priceTiers, row.priceCents),
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
