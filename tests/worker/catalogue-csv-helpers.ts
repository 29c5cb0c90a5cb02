import { expect } from "vitest";
import { CATALOGUE_CSV_COLUMNS } from "../../app/features/catalogue-csv/catalogue-csv";
import { csvLine, CSV_BOM, parseCsv } from "../../app/features/catalogue-csv/csv";
import { adminCookie, get, postForm } from "./helpers";
import { decodeHtml } from "./page-parts";

/** One row of the catalogue CSV, by column. */
export type Cells = Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>;

/** The catalogue CSV as an admin downloads it (the test admin's session unless a cookie is given). */
export async function exportCsv(cookie?: string): Promise<string> {
  const response = await get("/admin/catalogue.csv", { headers: { Cookie: cookie ?? (await adminCookie()) } });
  expect(response.status).toBe(200);
  return response.text();
}

/** A catalogue CSV's rows, each keyed by its header's columns. */
export function rowsOf(text: string): Cells[] {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.message);
  const [header, ...rows] = parsed.rows;
  return rows.map((cells) => Object.fromEntries(header!.map((column, i) => [column, cells[i]!])) as Cells);
}

export async function exportRows(cookie?: string): Promise<Cells[]> {
  return rowsOf(await exportCsv(cookie));
}

/** Rows as a catalogue CSV file (BOM and header first); a missing cell is empty. */
export function toCsv(rows: Partial<Cells>[], header: readonly string[] = CATALOGUE_CSV_COLUMNS): string {
  return CSV_BOM + csvLine(header) + rows.map((row) => csvLine(header.map((column) => row[column as keyof Cells] ?? ""))).join("");
}

/** Reads a response as the admin sees it: its status and its text with HTML entities and React's comments removed. */
export async function importAnswer(response: Response) {
  return { response, status: response.status, html: decodeHtml(await response.text()).replace(/<!-- -->/g, "") };
}

/** Uploads a file to Import catalogue for its preview (the test admin's session unless a cookie is given). */
export async function previewPost(
  text: string | Uint8Array<ArrayBuffer>,
  { fileName = "catalogue.csv", cookie, dateOrder }: { fileName?: string; cookie?: string; dateOrder?: string } = {},
) {
  const form = new FormData();
  form.append("file", new File([text], fileName, { type: "text/csv" }));
  if (dateOrder) form.append("dateOrder", dateOrder);
  return importAnswer(await postForm("/admin/catalogue-import", form, { headers: { Cookie: cookie ?? (await adminCookie()) } }));
}
