import type { ProductRow } from "~db/schema";
import { centsToDecimalText } from "~/features/catalogue/money";
import { parseStringList } from "~/features/catalogue/json-list";

/**
 * The catalogue as a spreadsheet (decision 026): one row per product, every field the product form
 * has plus the stable key (the catalogue key, or empty for the owner's own products, which the `id`
 * column identifies). Issue 30 adds a `size` column (and stock) right after `key`; a row is then one
 * size of a product, identified by key (or id) and size.
 */
export const CATALOGUE_CSV_COLUMNS = [
  "id",
  "key",
  "name",
  "price",
  "compare_at_price",
  "category",
  "strain_type",
  "thc_content",
  "effects",
  "description",
  "image",
  "extra_images",
  "video",
  "rating",
  "review_count",
  "lab_tested",
  "in_stock",
  "active",
  "bulk_note",
  "price_tiers",
  "lab_report",
  "lab_name",
  "lab_test_date",
  "lab_batch",
  "lab_thc_percent",
  "lab_cbd_percent",
  "lab_total_cannabinoids_percent",
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** Lists in one cell: effects "Calm; Happy", extra images one URL after another separated by spaces. */
export const EFFECTS_SEPARATOR = "; ";

const yesNo = (value: boolean) => (value ? "yes" : "no");
const number = (value: number | null) => (value === null ? "" : String(value));

/** A product row as its CSV cells, in CATALOGUE_CSV_COLUMNS order. */
export function productCsvValues(row: ProductRow): string[] {
  const values: Record<CatalogueCsvColumn, string> = {
    id: String(row.id),
    key: row.catalogueKey ?? "",
    name: row.name,
    price: centsToDecimalText(row.priceCents),
    compare_at_price: row.compareAtCents === null ? "" : centsToDecimalText(row.compareAtCents),
    category: row.category,
    strain_type: row.strainType ?? "",
    thc_content: row.thcContent ?? "",
    effects: parseStringList(row.effects).join(EFFECTS_SEPARATOR),
    description: row.description,
    image: row.image ?? "",
    extra_images: parseStringList(row.extraImages).join(" "),
    video: row.video ?? "",
    rating: String(row.rating),
    review_count: String(row.reviewCount),
    lab_tested: yesNo(row.isLabTested),
    in_stock: yesNo(row.inStock),
    active: yesNo(row.active),
    bulk_note: row.bulkNote ?? "",
    price_tiers: row.priceTiers ?? "",
    lab_report: row.labReportKey ?? "",
    lab_name: row.labName ?? "",
    lab_test_date: row.labTestDate ?? "",
    lab_batch: row.labBatch ?? "",
    lab_thc_percent: number(row.labThcPercent),
    lab_cbd_percent: number(row.labCbdPercent),
    lab_total_cannabinoids_percent: number(row.labTotalCannabinoidsPercent),
  };
  return CATALOGUE_CSV_COLUMNS.map((column) => values[column]);
}
