import { z } from "zod";
import { productFormSchema, productFormToColumns, productFormToSizes, type ProductFormSchema } from "~/features/admin/product-form-schema";
import { derivedProductColumns, type SizeInput } from "~/features/catalogue/sizes";
import { formatCents, groupDigits } from "~/features/money/money";
import { parseStringList } from "~/features/catalogue/json-list";
import { parsePriceTiers } from "~/features/catalogue/stored-tiers";
import { NO_LAB_REPORT } from "~/features/lab-reports/lab-report";
import { catalogueFields, type CatalogueField, type CatalogueFields, type FieldValue } from "~/features/catalogue/catalogue-plan";
import { CATALOGUE_CSV_COLUMNS, EFFECTS_SEPARATOR, SIZE_CSV_COLUMNS, SIZE_ROW_COLUMNS, type CatalogueCsvColumn } from "./catalogue-csv";
import { parseCsv } from "./csv";
import { readSpreadsheetDate, readSpreadsheetPrice, type DateOrder } from "./spreadsheet-cells";

/**
 * 'Import catalogue' (decision 026), the pure half: a CSV file read against the export's header, each
 * row checked with the product form's own schema (its messages, e.g. the THC shapes) and turned into
 * the catalogue fields the load's planner compares (decision 024). No I/O here.
 */

export const CATALOGUE_IMPORT_ROUTE = "/admin/catalogue-import";
/** The largest file accepted: 10,000 rows with long descriptions fit. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The most rows a file may have under its header. A catalogue is thousands of rows; a file of hundreds
 * of thousands would hold the Worker's one thread for seconds while shoppers wait, so it is refused
 * before any row is checked.
 */
export const IMPORT_MAX_ROWS = 20_000;
/** The form field of the file. */
export const IMPORT_FILE_FIELD = "file";
/** Rows per atomic D1 batch when the import runs. */
export const IMPORT_BATCH_ROWS = 50;
const KEY_MAX = 200;
const BULK_NOTE_MAX = 200;

export const IMPORT_TEXT = {
  title: "Import the catalogue?",
  pickFile: "Choose a CSV file to import.",
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files and import them one after another.`,
  tooManyRows: `The file has more than ${groupDigits(IMPORT_MAX_ROWS)} rows under its header: an import reads at most ${groupDigits(IMPORT_MAX_ROWS)}. Split it into smaller files and import them one after another.`,
  empty: "The file is empty. Export the catalogue to see the columns an import needs.",
  notText: "This file is not a CSV: it is not UTF-8 text. Save it from your spreadsheet as “CSV UTF-8” and try again.",
  notCsv: (message: string, line: number) => `This file is not a CSV the shop can read: ${message} (line ${line}).`,
  wrongHeader: (missing: string[], unknown: string[]) =>
    `The first row is not the catalogue's header.${missing.length ? ` Missing columns: ${missing.join(", ")}.` : ""}${
      unknown.length ? ` Unknown columns: ${unknown.join(", ")}.` : ""
    } Export the catalogue to see the header an import needs.`,
  noRows: "The file has the header but no products.",
  refusedTitle: "Nothing can be imported until every row is accepted",
  refused: "Fix the refused rows in your spreadsheet and upload the file again: an import runs whole or not at all.",
  nothingToDo: "Every row matches the shop already: importing this file would change nothing.",
  confirmLabel: "Import the catalogue",
  confirmFirstTitle: "Confirm the import",
  confirmFirst: "Nothing was changed. Upload the file and check the preview, then confirm it.",
  planChangedTitle: "The shop changed",
  planChanged: "Nothing was changed: the products or the file changed since this preview was shown. Upload the file again.",
  fileGone: "The previewed file is no longer stored. Upload it again.",
  shopChangedBeforeRun:
    "Nothing was imported: the products changed between the preview and the start of the import. Upload the file again.",
} as const;

/** A row the import refuses: its spreadsheet row number (the header is row 1), the column and the form's message. */
export interface RefusedCell {
  row: number;
  column: CatalogueCsvColumn | "";
  value: string;
  message: string;
}

/** A row as the file gives it, before it is matched to the shop's products. */
interface CsvRecord {
  row: number;
  cells: Record<CatalogueCsvColumn, string>;
  key: string | null;
  id: number | null;
}

/** A product as the file gives it: its first row (its details and first size) and its further size rows. */
export interface CsvProduct extends CsvRecord {
  sizeRows: CsvRecord[];
}

export type ReadCsvResult =
  | {
      ok: true;
      records: CsvProduct[];
      refused: RefusedCell[];
      /** the file has the size columns (decision 028): its rows are the products' sizes */
      sized: boolean;
      /** the file's rows under its header (a product in sizes is several) */
      rowCount: number;
    }
  | { ok: false; message: string };

/**
 * Reads the file's text: header, cell counts, keys and ids, and which rows are sizes of one product
 * (decision 028): rows with the same key (or, without one, the same id) are one product's sizes, in
 * file order; a row with no key, id or name is a further size of the product on the row above. A file
 * without the size columns (exported before sizes) is read as before: one row per product.
 */
export function readCatalogueCsv(text: string): ReadCsvResult {
  if (text.replace(/^\uFEFF/, "").trim() === "") return { ok: false, message: IMPORT_TEXT.empty };
  // The header is one more row than the products.
  const parsed = parseCsv(text, { maxRows: IMPORT_MAX_ROWS + 1 });
  if (!parsed.ok) {
    return { ok: false, message: parsed.tooManyRows ? IMPORT_TEXT.tooManyRows : IMPORT_TEXT.notCsv(parsed.message, parsed.line) };
  }
  const [header = [], ...rows] = parsed.rows;
  const names = header.map((cell) => cell.trim());
  const sized = SIZE_CSV_COLUMNS.some((column) => names.includes(column));
  const optional: readonly string[] = sized ? [] : SIZE_CSV_COLUMNS;
  const missing = CATALOGUE_CSV_COLUMNS.filter((column) => !names.includes(column) && !optional.includes(column));
  const known: readonly string[] = CATALOGUE_CSV_COLUMNS;
  const unknown = names.filter((name) => !known.includes(name));
  if (missing.length > 0 || unknown.length > 0 || new Set(names).size !== names.length) {
    return { ok: false, message: IMPORT_TEXT.wrongHeader(missing, unknown) };
  }
  if (rows.length === 0) return { ok: false, message: IMPORT_TEXT.noRows };
  const records: CsvProduct[] = [];
  const refused: RefusedCell[] = [];
  const keys = new Map<string, CsvProduct>();
  const ids = new Map<number, CsvProduct>();
  let previous: CsvProduct | null = null;
  rows.forEach((cellsInOrder, index) => {
    const row = index + 2;
    if (cellsInOrder.length !== names.length) {
      refused.push({
        row,
        column: "",
        value: "",
        message: `This row has ${cellsInOrder.length} cells; the header has ${names.length}. A cell with a comma or line break must be in quotes.`,
      });
      previous = null;
      return;
    }
    const given = Object.fromEntries(names.map((name, i) => [name, cellsInOrder[i]!]));
    // One entry per column (Object.fromEntries types any keys as string).
    const cells = Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((column) => [column, given[column] ?? ""])) as Record<
      CatalogueCsvColumn,
      string
    >;
    const key = cells.key.trim() || null;
    const idText = cells.id.trim();
    let problem: RefusedCell | null = null;
    let id: number | null = null;
    if (idText !== "") {
      id = /^\d{1,15}$/.test(idText) && Number(idText) > 0 ? Number(idText) : null;
      if (id === null)
        problem = { row, column: "id", value: cells.id, message: "The id must be a whole number, as the export writes it, or empty" };
    }
    const product = key !== null ? keys.get(key) : id !== null ? ids.get(id) : cells.name.trim() === "" ? previous : undefined;
    if (key !== null && (key.length > KEY_MAX || [...key].some((char) => char < " "))) {
      problem = { row, column: "key", value: cells.key, message: `The key must be at most ${KEY_MAX} characters on one line` };
    } else if (product && !sized) {
      problem =
        key !== null
          ? { row, column: "key", value: cells.key, message: `The key is also on row ${product.row}: each product may appear once` }
          : { row, column: "id", value: cells.id, message: `The id is also on row ${product.row}: each product may appear once` };
    } else if (product === null) {
      problem = {
        row,
        column: "name",
        value: "",
        message: "Product name is required (a row without one is a further size of the product above)",
      };
    }
    if (problem) {
      refused.push(problem);
      return;
    }
    const record = { row, cells, key, id };
    if (product) {
      product.sizeRows.push(record);
      return;
    }
    const first: CsvProduct = { ...record, sizeRows: [] };
    if (key !== null) keys.set(key, first);
    else if (id !== null) ids.set(id, first);
    records.push(first);
    previous = first;
  });
  return { ok: true, records, refused, sized, rowCount: rows.length };
}

/** Which CSV column each of the product form's fields comes from (for the form's messages). */
const FORM_FIELD_COLUMN: Record<string, CatalogueCsvColumn> = {
  name: "name",
  price: "price",
  compareAt: "compare_at_price",
  sizeLabel: "size",
  sku: "size_sku",
  stock: "size_stock",
  description: "description",
  category: "category",
  strainType: "strain_type",
  thcContent: "thc_content",
  effects: "effects",
  video: "video",
  labReportKey: "lab_report",
  labName: "lab_name",
  labTestDate: "lab_test_date",
  labBatch: "lab_batch",
  labThcPercent: "lab_thc_percent",
  labCbdPercent: "lab_cbd_percent",
  labTotalCannabinoidsPercent: "lab_total_cannabinoids_percent",
};

const YES_NO = z.enum(["yes", "no"], { errorMap: () => ({ message: "Write yes or no" }) });
const EXTRA_COLUMNS = z.object({
  rating: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, "The rating must be a number from 0 to 5, like 4.8")
    .transform(Number)
    .refine((value) => value <= 5, "The rating must be a number from 0 to 5, like 4.8"),
  review_count: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, "The review count must be a whole number, like 120")
    .transform(Number),
  lab_tested: YES_NO,
  in_stock: YES_NO,
  active: YES_NO,
  bulk_note: z.string().trim().max(BULK_NOTE_MAX, `The bulk note must be at most ${BULK_NOTE_MAX} characters`),
  price_tiers: z
    .string()
    .trim()
    .refine(
      (text) => text === "" || parsePriceTiers(text) !== null,
      'Bulk prices must be empty or as the export writes them: [{"minQuantity":100,"unitPriceCents":475},{"minQuantity":250,"unitPriceCents":450}] (cents, ascending; the older {"single":500,"tier100":475,...} is read too)',
    ),
});

/** The two form schemas an import checks with (THC required or not), built once per file. */
export interface ImportSchemas {
  thcRequired: ProductFormSchema;
  thcOptional: ProductFormSchema;
}

/** `latestTestDate`: today in the shop's time zone, so "in the future" is the owner's own tomorrow. */
export function importSchemas(categorySlugs: readonly string[], latestTestDate?: string): ImportSchemas {
  return {
    thcRequired: productFormSchema(categorySlugs, { thcRequired: true, latestTestDate }),
    thcOptional: productFormSchema(categorySlugs, { thcRequired: false, latestTestDate }),
  };
}

const blankToUndefined = (text: string) => (text.trim() === "" ? undefined : text);

/** The lab report's file columns (name, type, size): filled in by the server, which knows what R2 holds. */
type ImportedFields = Omit<CatalogueFields, "labReportName" | "labReportType" | "labReportSize">;

/** A checked product: its fields and, from a file with the size columns, its sizes in order. */
export type RowCheck = { ok: true; fields: ImportedFields; sizes: SizeInput[] | null } | { ok: false; refused: RefusedCell[] };

/** A size row's form fields (the form's `sizes[i]`). */
const SIZE_FIELD_COLUMN: Record<string, CatalogueCsvColumn> = {
  label: "size",
  price: "price",
  compareAt: "compare_at_price",
  sku: "size_sku",
  stock: "size_stock",
};

const TIERS_CELL = EXTRA_COLUMNS.shape.price_tiers;

/**
 * Checks one product — its first row with the product form's schema (and the export's own columns),
 * its size rows as the form's further sizes (each row's bulk prices with the export's rule) — and
 * returns its catalogue fields, the row's price columns following its lowest size (decision 028).
 */
export function checkRecord(record: CsvProduct, schema: ProductFormSchema, sized = false, dateOrder: DateOrder | null = null): RowCheck {
  const { cells, row } = record;
  // What a spreadsheet writes (US dates, "$1,299.00") read as the export wrote it; messages show the cell as written.
  const price = (text: string) => readSpreadsheetPrice(text);
  const testDate = readSpreadsheetDate(cells.lab_test_date, dateOrder);
  const image = cells.image.trim();
  const extraImages = cells.extra_images.split(/\s+/).filter(Boolean);
  const formInput = {
    name: cells.name,
    price: price(cells.price),
    compareAt: price(cells.compare_at_price),
    sizeLabel: cells.size,
    sku: blankToUndefined(cells.size_sku),
    stock: cells.size_stock,
    sizes: record.sizeRows.map((size) => ({
      label: size.cells.size,
      price: price(size.cells.price),
      compareAt: price(size.cells.compare_at_price),
      sku: blankToUndefined(size.cells.size_sku),
      stock: size.cells.size_stock,
    })),
    description: cells.description,
    category: cells.category.trim(),
    strainType: blankToUndefined(cells.strain_type.trim().toLowerCase()),
    thcContent: blankToUndefined(cells.thc_content),
    effects: cells.effects.split(";").map((effect) => effect.trim()),
    video: blankToUndefined(cells.video),
    images: image ? [image, ...extraImages] : extraImages,
    labReportKey: blankToUndefined(cells.lab_report),
    labName: blankToUndefined(cells.lab_name),
    labTestDate: testDate.ok ? blankToUndefined(testDate.value) : undefined,
    labBatch: blankToUndefined(cells.lab_batch),
    labThcPercent: blankToUndefined(cells.lab_thc_percent),
    labCbdPercent: blankToUndefined(cells.lab_cbd_percent),
    labTotalCannabinoidsPercent: blankToUndefined(cells.lab_total_cannabinoids_percent),
  };
  const form = schema.safeParse(formInput);
  const extra = EXTRA_COLUMNS.safeParse(cells);
  const refused: RefusedCell[] = [];
  if (!testDate.ok) refused.push({ row, column: "lab_test_date", value: cells.lab_test_date, message: testDate.message });
  if (!form.success) {
    for (const issue of form.error.issues) {
      const [field, index, sizeField] = issue.path;
      if (field === "sizes" && typeof index === "number" && record.sizeRows[index]) {
        const sizeRow = record.sizeRows[index];
        const column = SIZE_FIELD_COLUMN[String(sizeField)] ?? "size";
        refused.push({ row: sizeRow.row, column, value: sizeRow.cells[column], message: issue.message });
        continue;
      }
      const column =
        field === "images"
          ? image && index === 0
            ? "image"
            : "extra_images"
          : field === "sizes"
            ? "size"
            : (FORM_FIELD_COLUMN[String(field)] ?? ("" as const));
      refused.push({ row, column, value: column ? cells[column] : "", message: issue.message });
    }
  }
  if (!extra.success) {
    for (const issue of extra.error.issues) {
      // The extra schema's fields are columns, by their names.
      const column = issue.path[0] as CatalogueCsvColumn;
      refused.push({ row, column, value: cells[column], message: issue.message });
    }
  }
  // A size row's own cells only: the product's details are read from its first row.
  for (const size of record.sizeRows) {
    const tiers = TIERS_CELL.safeParse(size.cells.price_tiers);
    if (!tiers.success)
      refused.push({ row: size.row, column: "price_tiers", value: size.cells.price_tiers, message: tiers.error.issues[0]!.message });
    for (const column of CATALOGUE_CSV_COLUMNS) {
      const value = size.cells[column].trim();
      if (SIZE_ROW_COLUMNS.has(column) || value === "" || value === cells[column].trim()) continue;
      refused.push({
        row: size.row,
        column,
        value: size.cells[column],
        message:
          column === "name"
            ? `Rows with the same key or id are one product's sizes: this row names another product than row ${row}`
            : `A product's details are read from its first row (row ${row}): leave this cell empty on its other sizes`,
      });
    }
  }
  if (!form.success || !extra.success || refused.length > 0) return { ok: false, refused: dedupe(refused) };
  const columns = productFormToColumns(form.data, NO_LAB_REPORT);
  // Each size's bulk prices as the file wrote them (either stored shape), checked above.
  const tierCells = [cells.price_tiers, ...record.sizeRows.map((size) => size.cells.price_tiers)];
  const sizes = productFormToSizes(form.data).map((size, i) => ({
    ...size,
    tiers: parsePriceTiers(tierCells[i]!.trim(), size.priceCents),
  }));
  const derived = derivedProductColumns(sizes);
  const fields = catalogueFields({
    ...columns,
    effects: JSON.stringify(columns.effects),
    // The cover and the additional images exactly as the file gives them.
    image: image || null,
    extraImages: JSON.stringify(extraImages),
    rating: extra.data.rating,
    reviewCount: extra.data.review_count,
    isLabTested: extra.data.lab_tested === "yes",
    inStock: extra.data.in_stock === "yes",
    active: extra.data.active === "yes",
    bulkNote: extra.data.bulk_note || null,
    // The products row's price columns follow the lowest size; bulk prices stored as tiers-as-data
    // (decision 028), whichever of the two shapes the file wrote.
    priceCents: derived.priceCents,
    compareAtCents: derived.compareAtCents,
    priceTiers: derived.priceTiers,
    labReportKey: form.data.labReportKey || null,
  });
  const { labReportName: _n, labReportType: _t, labReportSize: _s, ...imported } = fields;
  return { ok: true, fields: imported, sizes: sized ? sizes : null };
}

function dedupe(refused: RefusedCell[]) {
  const seen = new Set<string>();
  return refused.filter((cell) => {
    const id = `${cell.row}|${cell.column}|${cell.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** A field's value as the preview shows it ("$45.00", "yes", "Calm; Happy", "—" for none). */
export function fieldText(field: CatalogueField, value: FieldValue): string {
  if (value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if ((field === "priceCents" || field === "compareAtCents") && typeof value === "number") return formatCents(value);
  if (field === "effects") return parseStringList(value).join(EFFECTS_SEPARATOR) || "—";
  if (field === "extraImages") return parseStringList(value).join(" ") || "—";
  const text = String(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
