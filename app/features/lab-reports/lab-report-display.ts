import type { ProductRow } from "~db/schema";

/**
 * A lab report as the shop shows it: where the report is served, and its facts as text.
 * Free of zod on purpose: the product page imports it, and its first-visit JavaScript stays small.
 * The rules (what may be stored) are in lab-report.ts.
 */

/** R2 key prefix in the IMAGES bucket; also the URL path the reports are served under. */
export const LAB_REPORTS_PREFIX = "lab-reports/";
const LAB_REPORTS_PATH = `/${LAB_REPORTS_PREFIX}`;

export const labReportUrl = (key: string) => `${LAB_REPORTS_PATH}${key}`;

/** The product's lab columns (the row's own names). */
export type LabReportColumns = Pick<
  ProductRow,
  | "labReportKey"
  | "labReportName"
  | "labReportType"
  | "labReportSize"
  | "labName"
  | "labTestDate"
  | "labBatch"
  | "labThcPercent"
  | "labCbdPercent"
  | "labTotalCannabinoidsPercent"
>;
export type LabReportFile = Pick<LabReportColumns, "labReportKey" | "labReportName" | "labReportType" | "labReportSize">;
export type LabFacts = Omit<LabReportColumns, keyof LabReportFile>;

/** "21.5" for 21.5, "0" for 0: the stored number as the form shows it, so an unchanged edit stores the same. */
export function percentText(value: number | null | undefined) {
  return value === null || value === undefined ? "" : String(Number(value.toFixed(2)));
}

export const LAB_PERCENT_FIELDS = [
  { name: "labThcPercent", label: "THC %" },
  { name: "labCbdPercent", label: "CBD %" },
  { name: "labTotalCannabinoidsPercent", label: "Total cannabinoids %" },
] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date that exists (no 2026-02-30). */
export function isRealIsoDate(text: string) {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** "14 March 2026" for the product page (the date is a calendar date: read in UTC). */
function formatTestDate(iso: string) {
  return isRealIsoDate(iso)
    ? new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" })
    : iso;
}

/** The facts the product page lists, in order, leaving out the ones not given. */
export function labFactRows(product: LabFacts): { label: string; value: string; dateTime?: string }[] {
  const rows: { label: string; value: string; dateTime?: string }[] = [];
  if (product.labName) rows.push({ label: "Lab", value: product.labName });
  if (product.labTestDate) rows.push({ label: "Test date", value: formatTestDate(product.labTestDate), dateTime: product.labTestDate });
  if (product.labBatch) rows.push({ label: "Batch", value: product.labBatch });
  for (const field of LAB_PERCENT_FIELDS) {
    const value = product[field.name];
    if (value !== null) rows.push({ label: field.label.replace(/ %$/, ""), value: `${percentText(value)}%` });
  }
  return rows;
}

/** "1.2 MB" / "340 KB" for the report link. */
function formatFileSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function labReportKindLabel(contentType: string | null | undefined) {
  if (contentType === "application/pdf") return "PDF";
  if (contentType === "image/jpeg") return "JPG";
  if (contentType === "image/png") return "PNG";
  if (contentType === "image/webp") return "WEBP";
  return "File";
}

/** What a sample report is labelled wherever it shows: it is an example, not a test of what is sold. */
export const SAMPLE_LAB_REPORT_LABEL = "Sample — not a real lab result";

/** Where the owner reviews and removes every sample report at once. */
export const SAMPLE_LAB_REPORTS_ROUTE = "/admin/sample-lab-reports";

/** The dashboard's line about the sample reports shoppers see. */
export function sampleReportsText(count: number) {
  return `${count} ${count === 1 ? "product shows a sample lab report" : "products show a sample lab report"}, not a real lab result.`;
}

/**
 * Whether a product's lab report is one of the built-in catalogue's samples: their batch numbers start
 * with "SAMPLE-" and their lab is named "... (sample)". Decided from the data, so an owner's real report
 * (any other lab and batch) is never labelled.
 */
export function isSampleLabReport(product: Pick<LabFacts, "labName" | "labBatch">): boolean {
  return /^SAMPLE-/i.test(product.labBatch ?? "") || /\(sample\)\s*$/i.test(product.labName ?? "");
}

/** What the product page's Lab report section shows, computed in the loader (so none of this module ships to the browser). */
export interface LabReportView {
  facts: { label: string; value: string; dateTime?: string }[];
  report: { href: string; detail: string } | null;
  /** the label of the built-in catalogue's sample report, or null for a real one */
  sample: string | null;
}

export function labReportView(product: LabReportColumns): LabReportView {
  const key = product.labReportKey;
  const size = product.labReportSize ? `, ${formatFileSize(product.labReportSize)}` : "";
  return {
    facts: labFactRows(product),
    report: key ? { href: labReportUrl(key), detail: `${labReportKindLabel(product.labReportType)}${size}` } : null,
    sample: isSampleLabReport(product) ? SAMPLE_LAB_REPORT_LABEL : null,
  };
}
