import { LAB_REPORTS_PREFIX, percentText } from "../app/features/lab-reports/lab-report";

/**
 * The built-in catalogue's sample lab reports: original one-page PDFs written by hand
 * (PDF is text objects and a byte-offset table; no library), each marked 'SAMPLE — not a real lab
 * result'. Deterministic: the same entry gives the same bytes. The catalogue entries that carry a
 * `lab_report` get one; the migration (app/features/migration/migration-runs.server.ts) and the local seed (db/seed.ts)
 * put them into R2 before the rows that point at them. `npm run lab-reports:samples`
 * (scripts/sample-lab-reports.ts) writes the same bytes to db/lab-reports/ as reviewable fixtures.
 */

/** A catalogue entry's lab facts, in the database form (snake_case, numbers). */
export interface CatalogueLabReport {
  lab_name?: string;
  test_date?: string;
  batch?: string;
  thc_percent?: number;
  cbd_percent?: number;
  total_cannabinoids_percent?: number;
}

export interface SampleSource {
  key: string;
  name?: string;
  lab_report?: CatalogueLabReport | null;
}

export const SAMPLE_MARK = "SAMPLE \u2014 not a real lab result";

/** The R2 key (without the prefix) of a catalogue entry's sample report. */
export const sampleLabReportKey = (catalogueKey: string) => `sample-coa-${catalogueKey}.pdf`;
export const sampleLabReportName = (catalogueKey: string) => `sample-coa-${catalogueKey}.pdf`;

/**
 * Text in a PDF literal string, ( ) \ escaped and the em dash as an octal escape: 227 in the page
 * fonts' WinAnsiEncoding, 204 in PDFDocEncoding (the document info's title). Other non-ASCII: "?".
 */
function pdfText(text: string, encoding: "winansi" | "pdfdoc" = "winansi") {
  let out = "";
  for (const char of text) {
    if (char === "\u2014") out += encoding === "winansi" ? "\\227" : "\\204";
    else if (char === "(" || char === ")" || char === "\\") out += `\\${char}`;
    else if (char >= " " && char <= "~") out += char;
    else out += "?";
  }
  return `(${out})`;
}

function factLines(report: Record<string, unknown>): [string, string][] {
  const given = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : "Not given");
  const percent = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? `${percentText(value)}%` : "Not tested");
  return [
    ["Laboratory", given(report.lab_name)],
    ["Test date", given(report.test_date)],
    ["Batch", given(report.batch)],
    ["THC", percent(report.thc_percent)],
    ["CBD", percent(report.cbd_percent)],
    ["Total cannabinoids", percent(report.total_cannabinoids_percent)],
  ];
}

/** The page's drawing operators: a watermark, the sample banner, the title, the facts and a note. */
function pageContent(entry: SampleSource, report: Record<string, unknown>) {
  const ops: string[] = [];
  const text = (font: "F1" | "F2", size: number, x: number, y: number, value: string, rgb = "0.1 0.12 0.11") =>
    ops.push(`BT /${font} ${size} Tf ${rgb} rg ${x} ${y} Td ${pdfText(value)} Tj ET`);
  // A large, light diagonal SAMPLE across the page.
  ops.push(`BT /F2 110 Tf 0.93 0.91 0.86 rg 0.8 0.6 -0.6 0.8 120 180 Tm ${pdfText("SAMPLE")} Tj ET`);
  // Header band in the brand's forest green.
  ops.push("0.09 0.27 0.19 rg 0 712 612 80 re f");
  text("F2", 22, 48, 752, "Certificate of Analysis", "0.98 0.96 0.9");
  text("F1", 11, 48, 732, "Greenleaf Supply demo catalogue", "0.98 0.96 0.9");
  // The sample banner.
  ops.push("0.62 0.11 0.2 rg 48 652 516 40 re f");
  text("F2", 16, 62, 666, SAMPLE_MARK.toUpperCase(), "1 1 1");
  const name = typeof entry.name === "string" && entry.name.trim() ? entry.name.trim() : entry.key;
  text("F2", 16, 48, 612, name);
  text("F1", 10, 48, 596, `Catalogue entry: ${entry.key}`, "0.35 0.37 0.36");
  // The facts, one ruled row each.
  let y = 556;
  for (const [label, value] of factLines(report)) {
    ops.push(`0.85 0.84 0.8 RG 0.8 w 48 ${y - 8} m 564 ${y - 8} l S`);
    text("F1", 12, 48, y, label, "0.35 0.37 0.36");
    text("F2", 12, 300, y, value);
    y -= 30;
  }
  text("F1", 10, 48, y - 20, "This is a sample document made for the shop's demo catalogue. No laboratory tested this product;");
  text("F1", 10, 48, y - 34, "the numbers above are examples only. Replace it with the product's real certificate of analysis.");
  return ops.join("\n");
}

/** One valid single-page PDF (1.4): catalog, pages, page, two standard fonts, content, info; xref and trailer. */
export function sampleLabReportPdf(entry: SampleSource, report: Record<string, unknown>): Uint8Array {
  const content = pageContent(entry, report);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfText(`${SAMPLE_MARK}: ${typeof entry.name === "string" && entry.name.trim() ? entry.name.trim() : entry.key}`, "pdfdoc")} /Producer (Greenleaf Supply sample generator) >>`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character is ASCII (pdfText escapes the rest), so offsets in characters are offsets in bytes.
  return new TextEncoder().encode(pdf);
}

/** The entries of a catalogue that carry a sample report, with its key and bytes. */
export function sampleLabReports(entries: readonly unknown[]) {
  return entries.flatMap((entry) => {
    const source = entry as SampleSource | null;
    if (!source || typeof source.key !== "string" || !source.lab_report || typeof source.lab_report !== "object") return [];
    return [
      {
        key: sampleLabReportKey(source.key),
        name: sampleLabReportName(source.key),
        bytes: sampleLabReportPdf(source, source.lab_report as Record<string, unknown>),
      },
    ];
  });
}

/** A catalogue's sample reports as the R2 objects they are stored as: full key, bytes and metadata. */
export function sampleLabReportObjects(entries: readonly unknown[]) {
  return sampleLabReports(entries).map((report) => ({
    key: `${LAB_REPORTS_PREFIX}${report.key}`,
    bytes: report.bytes,
    options: { httpMetadata: { contentType: "application/pdf" }, customMetadata: { fileName: report.name } },
  }));
}

/** Puts a catalogue's sample reports into R2 (idempotent: the same key gets the same bytes). */
export async function putSampleLabReports(bucket: R2Bucket, entries: readonly unknown[]) {
  const objects = sampleLabReportObjects(entries);
  await Promise.all(objects.map((object) => bucket.put(object.key, object.bytes, object.options)));
  return objects.length;
}
