import { z } from "zod";
import { ascii, startsWith } from "~/features/media/file-bytes";
import { detectImageType } from "~/features/photos/photo-types";
import { type MediaMessage } from "~/features/media/media-message";
import { isRealIsoDate, percentText, type LabFacts, type LabReportFile, type LabReportColumns } from "./lab-report-display";

// The display helpers (zod-free, for the product page) are part of this module's surface.
export * from "./lab-report-display";

/**
 * Lab reports (docs/decisions/019): the one module of rules for a product's lab report
 * (certificate of analysis) and its facts. Pure, so the admin form checks a file and the fields in
 * the browser with the same code the server runs. How the shop shows them: lab-report-display.ts.
 *
 * - The file: PDF, JPG, PNG or WEBP up to 20 MB, decided by its first bytes (the image signatures of
 *   app/features/photos/photo-types.ts plus `%PDF-`), never by its name or declared type.
 * - The facts: lab name, test date, batch, THC %, CBD %, total cannabinoids %; all optional.
 */

export const LAB_REPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Bytes needed to recognise every accepted format (WEBP needs 12). */
export const LAB_REPORT_SIGNATURE_BYTES = 12;
/** The file input's name in the form posted without JavaScript. */
export const LAB_REPORT_FILE_FIELD = "labReportFile";
export const LAB_REPORT_ACCEPT = "application/pdf,image/jpeg,image/png,image/webp";

export const LAB_NAME_MAX = 120;
export const LAB_BATCH_MAX = 60;
const LAB_FILE_NAME_MAX = 100;

const LAB_REPORT_KINDS = ["pdf", "jpg", "png", "webp"] as const;
export type LabReportKind = (typeof LAB_REPORT_KINDS)[number];

/** The kind a stored key's extension names (keys end in the extension the bytes proved); pdf for any other. */
export function labReportKindOf(key: string): LabReportKind {
  const ext = key.split(".").pop();
  return LAB_REPORT_KINDS.find((kind) => kind === ext) ?? "pdf";
}

export interface LabReportType {
  kind: LabReportKind;
  ext: LabReportKind;
  contentType: string;
}

const PDF: LabReportType = { kind: "pdf", ext: "pdf", contentType: "application/pdf" };
const PDF_SIGNATURE = ascii("%PDF-");

/** The report's format from its first bytes, or null when it is not one we accept (GIF is an image, not a report). */
export function detectLabReportType(head: Uint8Array): LabReportType | null {
  if (startsWith(head, PDF_SIGNATURE)) return PDF;
  const image = detectImageType(head);
  if (!image || image.kind === "gif") return null;
  const kind = image.kind;
  return { kind, ext: kind, contentType: image.contentType };
}

export const LAB_REPORT_MESSAGES = {
  tooLarge: { title: "File too large", description: "Please select a lab report smaller than 20MB" },
  invalidType: {
    title: "Invalid file type",
    description: "Please select a lab report that really is a PDF, JPG, PNG or WEBP file (its contents are checked, not its name)",
  },
  uploaded: { title: "Lab report uploaded", description: "Save the product to attach it" },
  removed: { title: "Lab report removed", description: "Lab report removed from form (file preserved in storage)" },
  missing: { title: "Lab report not found", description: "The uploaded lab report could not be found. Please upload it again" },
} as const satisfies Record<string, MediaMessage>;

/** Object keys under the prefix: letters, digits, dot, dash, underscore (no path, no ".."). */
const LAB_REPORT_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
export const isLabReportKey = (key: string) => LAB_REPORT_KEY.test(key) && !key.includes("..");

/**
 * The name the report is served with (`Content-Disposition: inline; filename="..."`): the uploaded
 * name's last segment reduced to letters, digits, dot, dash and underscore, with the extension its
 * bytes proved. Nothing a header or a file system could misread survives.
 */
export function safeLabReportName(original: string | null | undefined, ext: LabReportKind): string {
  const last = (original ?? "").split(/[\\/]/).pop() ?? "";
  const stem = last
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/[-.]{2,}/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "")
    .slice(0, LAB_FILE_NAME_MAX - ext.length - 1)
    .replace(/[-._]+$/, "");
  return `${stem || "lab-report"}.${ext}`;
}

// ---------------------------------------------------------------------------------------------
// The facts

export const LAB_MESSAGES = {
  nameTooLong: `Lab name must be at most ${LAB_NAME_MAX} characters`,
  batchTooLong: `Batch number must be at most ${LAB_BATCH_MAX} characters`,
  dateFormat: "Test date must be a real date, like 2026-03-14",
  dateFuture: "Test date cannot be in the future",
  percentFormat: (label: string) => `${label} must be a number like 21.5 (digits and an optional decimal point)`,
  percentDecimals: (label: string) => `${label} may have at most 2 decimals`,
  percentRange: (label: string) => `${label} must be between 0 and 100`,
  reportKey: "The lab report reference is not valid. Remove it and upload the file again",
} as const;

/**
 * The latest test date accepted: today where the day starts first (UTC+14), so an owner anywhere
 * can enter today's date, and tomorrow is refused everywhere.
 */
export function latestTestDate(now: Date) {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

function percent(label: string) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d+)?$/, LAB_MESSAGES.percentFormat(label))
    .refine((text) => !/\.\d{3,}$/.test(text), LAB_MESSAGES.percentDecimals(label))
    .refine((text) => Number(text) <= 100, LAB_MESSAGES.percentRange(label))
    .optional();
}

/** The form's lab fields, spread into the product form's schema. `now` decides what "the future" is. */
export function labReportShape(now = new Date(), latest = latestTestDate(now)) {
  return {
    labReportKey: z.string().trim().refine(isLabReportKey, LAB_MESSAGES.reportKey).optional(),
    labName: optionalText(LAB_NAME_MAX, LAB_MESSAGES.nameTooLong),
    labTestDate: z
      .string()
      .trim()
      .refine(isRealIsoDate, LAB_MESSAGES.dateFormat)
      .refine((text) => text <= latest, LAB_MESSAGES.dateFuture)
      .optional(),
    labBatch: optionalText(LAB_BATCH_MAX, LAB_MESSAGES.batchTooLong),
    labThcPercent: percent("THC %"),
    labCbdPercent: percent("CBD %"),
    labTotalCannabinoidsPercent: percent("Total cannabinoids %"),
  };
}

export type LabReportFields = { [K in keyof ReturnType<typeof labReportShape>]?: string };

export const NO_LAB_REPORT: LabReportFile = { labReportKey: null, labReportName: null, labReportType: null, labReportSize: null };
/** A product with no lab report and no facts. */
export const NO_LAB_REPORT_COLUMNS: LabReportColumns = {
  ...NO_LAB_REPORT,
  labName: null,
  labTestDate: null,
  labBatch: null,
  labThcPercent: null,
  labCbdPercent: null,
  labTotalCannabinoidsPercent: null,
};

const toNumber = (text: string | undefined) => (text ? Number(text) : null);

/** Validated fields as the facts' columns (blank is null). */
export function labFactsToColumns(values: LabReportFields): LabFacts {
  return {
    labName: values.labName || null,
    labTestDate: values.labTestDate || null,
    labBatch: values.labBatch || null,
    labThcPercent: toNumber(values.labThcPercent),
    labCbdPercent: toNumber(values.labCbdPercent),
    labTotalCannabinoidsPercent: toNumber(values.labTotalCannabinoidsPercent),
  };
}

/** The form's starting values for the lab fields (labReportName is shown, never posted). */
export function labReportDefaults(product: Partial<LabReportColumns> | null) {
  return {
    labReportKey: product?.labReportKey ?? "",
    labReportName: product?.labReportName ?? "",
    labName: product?.labName ?? "",
    labTestDate: product?.labTestDate ?? "",
    labBatch: product?.labBatch ?? "",
    labThcPercent: percentText(product?.labThcPercent),
    labCbdPercent: percentText(product?.labCbdPercent),
    labTotalCannabinoidsPercent: percentText(product?.labTotalCannabinoidsPercent),
  };
}
