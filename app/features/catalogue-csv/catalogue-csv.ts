import type { ProductRow } from "~db/schema";
import { centsToDecimalText } from "~/features/money/money";
import { parseStringList } from "~/features/catalogue/json-list";
import type { ProductSize } from "~/features/catalogue/sizes";
import { serializePriceTiers } from "~/features/catalogue/stored-tiers";

/**
 * The catalogue as a spreadsheet (decision 026): a row per size of each product (decision 028), every
 * field the product form has plus the stable key (the catalogue key, or empty for the owner's own
 * products, which the `id` column identifies). A product's first row carries its details and its
 * first size; each further size is a row of its own with the same id and key, the size's columns
 * (`size`, `price`, `compare_at_price`, `size_sku`, `size_stock`, `price_tiers`) filled and the
 * product's other columns left empty. A product sold in one size is one row with an empty `size`.
 */
export const CATALOGUE_CSV_COLUMNS = [
  "id",
  "key",
  "name",
  "size",
  "price",
  "compare_at_price",
  "size_sku",
  "size_stock",
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

/** The columns of a size: a file exported before them still imports (its rows are one size each). */
export const SIZE_CSV_COLUMNS = ["size", "size_sku", "size_stock"] as const satisfies readonly CatalogueCsvColumn[];

/** The columns a size row fills in; the others belong to the product and are read from its first row. */
export const SIZE_ROW_COLUMNS: ReadonlySet<CatalogueCsvColumn> = new Set([
  "id",
  "key",
  "size",
  "price",
  "compare_at_price",
  "size_sku",
  "size_stock",
  "price_tiers",
]);

/** Lists in one cell: effects "Calm; Happy", extra images one URL after another separated by spaces. */
export const EFFECTS_SEPARATOR = "; ";

const yesNo = (value: boolean) => (value ? "yes" : "no");
const number = (value: number | null) => (value === null ? "" : String(value));

/** A size's own cells. */
function sizeCells(size: Pick<ProductSize, "label" | "priceCents" | "compareAtCents" | "sku" | "stock" | "tiers">) {
  return {
    size: size.label,
    price: centsToDecimalText(size.priceCents),
    compare_at_price: size.compareAtCents === null ? "" : centsToDecimalText(size.compareAtCents),
    size_sku: size.sku ?? "",
    size_stock: number(size.stock),
    price_tiers: serializePriceTiers(size.tiers) ?? "",
  };
}

/**
 * A product as its CSV rows, in CATALOGUE_CSV_COLUMNS order: one per size, the product's details on
 * the first. Without sizes (none read), one row from the products row's own price columns.
 */
export function productCsvRows(row: ProductRow, sizes: readonly ProductSize[] = []): string[][] {
  const product: Record<CatalogueCsvColumn, string> = {
    id: String(row.id),
    key: row.catalogueKey ?? "",
    name: row.name,
    size: "",
    price: centsToDecimalText(row.priceCents),
    compare_at_price: row.compareAtCents === null ? "" : centsToDecimalText(row.compareAtCents),
    size_sku: "",
    size_stock: "",
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
  if (sizes.length === 0) return [CATALOGUE_CSV_COLUMNS.map((column) => product[column])];
  return sizes.map((size, index) => {
    const cells: Record<CatalogueCsvColumn, string> = { ...product, ...sizeCells(size) };
    return CATALOGUE_CSV_COLUMNS.map((column) => (index === 0 || SIZE_ROW_COLUMNS.has(column) ? cells[column] : ""));
  });
}
