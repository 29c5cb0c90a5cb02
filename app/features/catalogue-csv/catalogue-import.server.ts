import { z } from "zod";
import { listCategoryOptions } from "~/features/catalogue/categories.server";
import { LAB_REPORTS_PREFIX } from "~/features/lab-reports/lab-report-display";
import {
  CATALOGUE_FIELDS,
  FIELD_LABELS,
  planRow,
  shortHash,
  type CatalogueField,
  type CatalogueFields,
  type ExistingProduct,
} from "~/features/catalogue/catalogue-plan";
import { readExistingProducts } from "~/features/catalogue/existing-products.server";
import { readAllSizes } from "~/features/catalogue/sizes.server";
import { readCatalogueRevision } from "~/features/listings/counts-cache.server";
import { serializePriceTiers } from "~/features/catalogue/stored-tiers";
import { formatCents } from "~/features/money/money";
import type { ProductSize, SizeInput } from "~/features/catalogue/sizes";
import { trashedCatalogueProducts } from "~/features/trash/trash.server";
import type { Db } from "~/server/load-context";
import { ADMIN_SESSION_COOKIE } from "~/features/auth/auth.server";
import { checkRecord, fieldText, importSchemas, readCatalogueCsv, type RefusedCell } from "./catalogue-import";
import { fileDateOrder, SPREADSHEET_TEXT, todayIn, dateOrderSchema, type DateOrderChoice, type DatesOfFile } from "./spreadsheet-cells";

/**
 * 'Import catalogue' (decision 026), the server half: the uploaded file is staged in R2, planned
 * against the shop with the catalogue load's own rules (planRow, decision 024) and shown; the confirmed
 * plan runs through the migration Queue (migration-runs.server.ts, a run of kind 'import'), which plans the
 * staged file again, so the preview and the run read the same rows the same way.
 */

/** Staged files live in the IMAGES bucket under this prefix, which no route serves. */
export const IMPORT_PREFIX = "catalogue-imports/";
/** The preview lists at most this many rows of each kind (the counts are always whole). */
const PREVIEW_LIST_MAX = 200;

/**
 * A planned product. `sizes` (from a file with the size columns, decision 028): the sizes to write —
 * an existing size matched by its label keeps its id, so cart lines naming it stay valid; absent, the
 * product's sizes are left as they are.
 */
export type ImportStep =
  | { kind: "add"; row: number; key: string | null; fields: CatalogueFields; sizes?: SizeInput[] }
  | { kind: "update"; row: number; id: number; version: number; set: Partial<CatalogueFields>; sizes?: SizeInput[] }
  | { kind: "unchanged"; row: number; id: number };

interface ImportChange {
  row: number;
  id: number;
  name: string;
  changes: { field: CatalogueField | "sizes"; label: string; from: string; to: string }[];
}

export interface ImportPlan {
  /** the catalogue revision the plan was made against, read before the products */
  revision: number;
  /** the file's rows under its header */
  rows: number;
  steps: ImportStep[];
  /** the name of each step's product (the file's name for the row) */
  names: string[];
  refused: RefusedCell[];
  added: { row: number; name: string }[];
  changed: ImportChange[];
  unchanged: number;
  /** how the file's dates are read: the owner's order, the one its rows show, or a question */
  dates: DatesOfFile;
}

/** How a file is read: the owner's date order, and the shop's time zone (what "today" is). */
export interface ImportReading {
  dateOrder: DateOrderChoice;
  timeZone: string;
  now: Date;
}

export type PlanImportResult = { ok: true; plan: ImportPlan } | { ok: false; message: string };

/** Where a staged file is kept: `catalogue-imports/{upload}.csv`. */
export function importObjectKey(upload: string) {
  return `${IMPORT_PREFIX}${upload}.csv`;
}

/** Records checked between two turns of the event loop: a large file never holds the Worker's thread for long. */
const PLAN_SLICE_ROWS = 200;

/** Lets the Worker serve other requests between slices of a long plan. */
const yieldToOtherRequests = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Plans a file against the shop as it is now. Nothing is written. */
export async function planCatalogueImport(db: Db, bucket: R2Bucket, text: string, reading: ImportReading): Promise<PlanImportResult> {
  const read = readCatalogueCsv(text);
  if (!read.ok) return read;
  const dates = fileDateOrder(
    read.records.map((record) => ({ row: record.row, text: record.cells.lab_test_date })),
    reading.dateOrder,
  );
  // Read before the products: a write after it moves the revision, so a plan never outlives its shop.
  const revision = await readCatalogueRevision(db);
  const [existing, trashed, categories, existingSizes] = await Promise.all([
    readExistingProducts(db),
    trashedCatalogueProducts(db),
    listCategoryOptions(db),
    read.sized ? readAllSizes(db) : new Map<number, ProductSize[]>(),
  ]);
  const byKey = new Map(existing.filter((row) => row.catalogueKey).map((row) => [row.catalogueKey!, row]));
  const byId = new Map(existing.map((row) => [row.id, row]));
  const trashedKeys = new Set(trashed.map((entry) => entry.catalogueKey));
  const schemas = importSchemas(
    categories.map((category) => category.slug),
    todayIn(reading.timeZone, reading.now),
  );
  const plan: ImportPlan = {
    revision,
    rows: read.rowCount,
    steps: [],
    names: [],
    refused: [...read.refused],
    added: [],
    changed: [],
    unchanged: 0,
    dates,
  };
  // A file that writes dates both ways is never read one way silently.
  if (dates.from === "mixed" && dates.rows) {
    const [mdyRow, dmyRow] = dates.rows;
    const record = read.records.find((candidate) => candidate.row === dmyRow);
    plan.refused.push({
      row: dmyRow,
      column: "lab_test_date",
      value: record?.cells.lab_test_date ?? "",
      message: SPREADSHEET_TEXT.mixedOrders(mdyRow, dmyRow),
    });
  }
  const matchedRows = new Map<number, number>();

  for (const [index, record] of read.records.entries()) {
    if (index > 0 && index % PLAN_SLICE_ROWS === 0) await yieldToOtherRequests();
    const current: ExistingProduct | undefined =
      record.key !== null ? byKey.get(record.key) : record.id !== null ? byId.get(record.id) : undefined;
    if (!current && record.key !== null && trashedKeys.has(record.key)) {
      plan.refused.push({
        row: record.row,
        column: "key",
        value: record.cells.key,
        message: "The product with this key is in the trash: restore it from the trash first, or empty the key to add a new product",
      });
      continue;
    }
    if (current && matchedRows.has(current.id)) {
      plan.refused.push({
        row: record.row,
        column: record.key !== null ? "key" : "id",
        value: record.key ?? record.cells.id,
        message: `This row is the same product as row ${matchedRows.get(current.id)}: each product may appear once`,
      });
      continue;
    }
    // The form's rule: THC is required, except for a product saved without one (and catalogue rows without one, the mushrooms).
    const thcRequired = current ? Boolean(current.fields.thcContent) : record.key === null;
    const check = checkRecord(record, thcRequired ? schemas.thcRequired : schemas.thcOptional, read.sized, dates.order);
    if (!check.ok) {
      plan.refused.push(...check.refused);
      continue;
    }
    // The form schema read the key as text or nothing (a plan's fields are typed as any column's value).
    const labFile = await labReportFile(bucket, check.fields.labReportKey as string | null, current);
    if (!labFile) {
      plan.refused.push({
        row: record.row,
        column: "lab_report",
        value: record.cells.lab_report,
        message: "No lab report is stored under this name: upload it on the product form first",
      });
      continue;
    }
    const next: CatalogueFields = { ...check.fields, ...labFile };
    const name = String(next.name);
    if (current) matchedRows.set(current.id, record.row);
    // The file is the owner's own choice: every field it sets is written ('replace'), and the snapshot of the last catalogue load is left as it was.
    const planned = planRow(current, next, "replace");
    if (planned.plan.kind === "add" || !current) {
      plan.steps.push({ kind: "add", row: record.row, key: record.key, fields: next, ...(check.sizes ? { sizes: check.sizes } : {}) });
      plan.added.push({ row: record.row, name });
      plan.names.push(name);
      continue;
    }
    const before = existingSizes.get(current.id) ?? [];
    const sizes = check.sizes && sizesChanged(check.sizes, before) ? keepSizeIds(check.sizes, before) : undefined;
    const set = planned.plan.kind === "update" ? planned.plan.set : {};
    if (Object.keys(set).length > 0 || sizes) {
      plan.steps.push({ kind: "update", row: record.row, id: current.id, version: current.version, set, ...(sizes ? { sizes } : {}) });
      plan.changed.push({
        row: record.row,
        id: current.id,
        name: current.name,
        changes: [
          ...CATALOGUE_FIELDS.filter((field) => field in set).map((field) => ({
            field,
            label: FIELD_LABELS[field],
            from: fieldText(field, current.fields[field]),
            to: fieldText(field, set[field] ?? null),
          })),
          ...(sizes ? [{ field: "sizes" as const, label: "Sizes", from: sizesText(before), to: sizesText(sizes) }] : []),
        ],
      });
    } else {
      plan.steps.push({ kind: "unchanged", row: record.row, id: current.id });
      plan.unchanged += 1;
    }
    plan.names.push(name);
  }
  plan.refused.sort((a, b) => a.row - b.row);
  return { ok: true, plan };
}

/** Sizes as the preview shows them, and as compared: "1/8 oz $45.00 (was $60.00, SKU RZ-8, 3 on hand, bulk 5+ $40.00); …". */
function sizesText(sizes: readonly Omit<SizeInput, "id">[]): string {
  return sizes
    .map((size) => {
      const notes = [
        size.compareAtCents !== null ? `was ${formatCents(size.compareAtCents)}` : "",
        size.sku ? `SKU ${size.sku}` : "",
        size.stock !== null ? `${size.stock} on hand` : "",
        serializePriceTiers(size.tiers)
          ? `bulk ${size.tiers!.map((tier) => `${tier.minQuantity}+ ${formatCents(tier.unitPriceCents)}`).join(", ")}`
          : "",
      ].filter(Boolean);
      return `${size.label || "One size"} ${formatCents(size.priceCents)}${notes.length ? ` (${notes.join(", ")})` : ""}`;
    })
    .join("; ");
}

/** What makes two lists of sizes the same (ids aside). */
function sizesKey(sizes: readonly Omit<SizeInput, "id">[]): string {
  return JSON.stringify(
    sizes.map((size) => [size.label, size.priceCents, size.compareAtCents, size.sku, size.stock, serializePriceTiers(size.tiers)]),
  );
}

/**
 * Whether a file's sizes change the product's. One unlabelled size to one unlabelled size with the
 * same SKU and stock is no sizes change: its price, compare-at and bulk prices are the products row's
 * fields (listed and written as such; the trigger passes them to the size).
 */
export function sizesChanged(sizes: readonly SizeInput[], before: readonly ProductSize[]): boolean {
  const [file] = sizes;
  const [shop] = before;
  if (file && shop && sizes.length === 1 && before.length === 1 && file.label === "" && shop.label === "") {
    return file.sku !== shop.sku || file.stock !== shop.stock;
  }
  return sizesKey(sizes) !== sizesKey(before);
}

/** The file's sizes with the ids of the product's sizes of the same label (case and spaces aside; a one-size product's size is its own). */
export function keepSizeIds(sizes: readonly SizeInput[], existing: readonly ProductSize[]): SizeInput[] {
  const norm = (label: string) => label.toLocaleLowerCase().replace(/\s+/g, " ").trim();
  const byLabel = new Map(existing.map((size) => [norm(size.label), size.id]));
  const one = sizes.length === 1 && existing.length === 1 ? existing[0]!.id : undefined;
  return sizes.map((size) => ({ ...size, id: one ?? byLabel.get(norm(size.label)) ?? null }));
}

/** The lab report's file columns for a row: the product's own when the key is unchanged, else what R2 holds (null when nothing). */
async function labReportFile(bucket: R2Bucket, key: string | null, current: ExistingProduct | undefined) {
  if (key === null) return { labReportName: null, labReportType: null, labReportSize: null };
  if (current && current.fields.labReportKey === key) {
    const { labReportName, labReportType, labReportSize } = current.fields;
    return { labReportName, labReportType, labReportSize };
  }
  const head = await bucket.head(`${LAB_REPORTS_PREFIX}${key}`);
  const type = head?.httpMetadata?.contentType;
  if (!head || !type) return null;
  return { labReportName: head.customMetadata?.fileName ?? key, labReportType: type, labReportSize: head.size };
}

/**
 * The token a confirmation must send back: it binds the staged file, the state of the shop the plan
 * was made against (the catalogue revision: any product or size written since, keyless rows
 * included, makes it stale) and exactly what the plan does.
 */
function importToken(upload: string, plan: ImportPlan): string {
  return shortHash(
    JSON.stringify([
      upload,
      plan.revision,
      plan.refused.length,
      plan.steps.map((step) =>
        step.kind === "add"
          ? [step.row, step.key, step.fields, step.sizes ?? null]
          : step.kind === "update"
            ? [step.row, step.id, step.version, step.set, step.sizes ?? null]
            : [step.row, step.id],
      ),
    ]),
  );
}

/** What the preview page shows (lists capped at PREVIEW_LIST_MAX, counts whole). */
export interface ImportPreview {
  upload: string | null;
  fileName: string;
  token: string;
  rows: number;
  counts: { added: number; changed: number; unchanged: number; refused: number };
  added: ImportPlan["added"];
  changed: ImportChange[];
  refused: RefusedCell[];
  /** every refused cell (the list shows the first ones) */
  refusedCells: number;
  dates: DatesOfFile;
}

export function importPreview(upload: string | null, fileName: string, plan: ImportPlan): ImportPreview {
  const refusedRows = new Set(plan.refused.map((cell) => cell.row)).size;
  return {
    upload,
    fileName,
    token: upload ? importToken(upload, plan) : "",
    rows: plan.rows,
    counts: { added: plan.added.length, changed: plan.changed.length, unchanged: plan.unchanged, refused: refusedRows },
    added: plan.added.slice(0, PREVIEW_LIST_MAX),
    changed: plan.changed.slice(0, PREVIEW_LIST_MAX),
    refused: plan.refused.slice(0, PREVIEW_LIST_MAX * 2),
    refusedCells: plan.refused.length,
    dates: plan.dates,
  };
}

/** A plan the owner may confirm: no row refused, and something to do. */
export function isRunnable(plan: ImportPlan) {
  return plan.refused.length === 0 && plan.added.length + plan.changed.length > 0;
}

/** The staged file's text, or null when it is gone. */
export async function readStagedImport(bucket: R2Bucket, upload: string): Promise<string | null> {
  const object = await bucket.get(importObjectKey(upload));
  return object ? object.text() : null;
}

/** What a staged file carries beside its text: the preview's token, the revision it was planned at, its step count. */
const StagedMetadataSchema = z.object({
  token: z.string().min(1),
  revision: z.coerce.number().int(),
  steps: z.coerce.number().int().min(0),
  fileName: z.string().default(""),
  dateOrder: dateOrderSchema.default("auto"),
  timeZone: z.string().default("UTC"),
  /** the admin session that uploaded it (importHolder); only that session may read it again */
  holder: z.string().default(""),
});
export type StagedImport = z.infer<typeof StagedMetadataSchema>;

/** Stages a runnable plan's file in R2 with its token and revision; returns the upload's id. */
export async function stageImport(
  bucket: R2Bucket,
  text: string,
  fileName: string,
  plan: ImportPlan,
  reading: Pick<ImportReading, "dateOrder" | "timeZone">,
  { holder, runnable }: { holder: string; runnable: boolean },
): Promise<string> {
  const upload = crypto.randomUUID();
  await bucket.put(importObjectKey(upload), text, {
    httpMetadata: { contentType: "text/csv; charset=utf-8" },
    customMetadata: {
      fileName: fileName.slice(0, 200),
      // A file kept only to be read again (its dates' order asked) gets a token no page ever shows: it cannot be confirmed.
      token: runnable ? importToken(upload, plan) : crypto.randomUUID(),
      holder,
      revision: String(plan.revision),
      steps: String(plan.steps.length),
      // The run reads the file as its preview did.
      dateOrder: reading.dateOrder,
      timeZone: reading.timeZone,
    },
  });
  return upload;
}

/**
 * Who may read a kept file again: a hash of the admin session's cookie, so the file is tied to the
 * session that uploaded it and nothing about the session itself is stored beside it.
 */
export async function importHolder(request: Request): Promise<string> {
  const session = new RegExp(`(?:^|;\\s*)${ADMIN_SESSION_COOKIE}=([^;]+)`).exec(request.headers.get("Cookie") ?? "")?.[1] ?? "";
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`catalogue-import:${session}`)));
  return [...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The staged file's metadata (null when it is gone or was staged without it). Reads no text. */
export async function stagedImport(bucket: R2Bucket, upload: string): Promise<StagedImport | null> {
  const head = await bucket.head(importObjectKey(upload));
  const parsed = StagedMetadataSchema.safeParse(head?.customMetadata ?? {});
  return head && parsed.success ? parsed.data : null;
}

/**
 * Whether a staged preview may still run: the token is the one its preview gave, and no product or size
 * was written since it was planned. Nothing is planned again: the preview planned the file once, and
 * the run plans it for writing.
 */
export async function stagedImportIsCurrent(db: Db, staged: StagedImport, token: string): Promise<boolean> {
  return staged.token === token && (await readCatalogueRevision(db)) === staged.revision;
}

/** A staged file nobody confirmed within a day is deleted by the hourly cron (a confirmed one is deleted when its run ends). */
export const STAGED_IMPORT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export async function purgeStagedImports(bucket: R2Bucket, now: number): Promise<number> {
  const listed = await bucket.list({ prefix: IMPORT_PREFIX, limit: 1000 });
  const old = listed.objects.filter((object) => now - object.uploaded.getTime() > STAGED_IMPORT_MAX_AGE_MS).map((object) => object.key);
  if (old.length > 0) await bucket.delete(old);
  return old.length;
}
