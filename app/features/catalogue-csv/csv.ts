/**
 * CSV as spreadsheets write it (RFC 4180): comma-separated, fields with a comma, quote or line break
 * in double quotes, quotes doubled. Pure; the export streams rows through `csvLine`, and `parseCsv`
 * reads a file back (decision 026).
 */

/** Spreadsheets open a UTF-8 file right only when it starts with a byte-order mark. */
export const CSV_BOM = "\uFEFF";

/**
 * A cell starting with one of these is a formula to a spreadsheet: exported with a leading apostrophe.
 * The full-width forms (＝ ＋ － ＠) count too: some spreadsheets fold them to their ASCII twins.
 */
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** Guarded text read back: one apostrophe before a formula character is the guard's. */
const GUARDED = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Characters a spreadsheet may split a line on (comma, semicolon, TAB, line breaks), a quote, or a NUL
 * (which the parser only accepts inside quotes): a cell holding one is quoted, so a spreadsheet that
 * splits on `;` or TAB keeps it whole and never starts a cell with what followed the separator.
 */
const MUST_QUOTE = /[",;\t\r\n\0]/;

/** One cell: formula-looking text neutralised (`'=…`), then quoted when it must be. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return MUST_QUOTE.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of cells, ended with CRLF as RFC 4180 says. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Undoes csvCell's formula guard: `'=x` reads back as `=x`, `''=x` as `'=x` (only before a formula character). */
function unguardCell(value: string): string {
  return GUARDED.test(value) ? value.slice(1) : value;
}

export type CsvParseResult =
  | { ok: true; rows: string[][] }
  /** `tooManyRows`: the text has more than `maxRows` rows, and reading stopped at `line` */
  | { ok: false; message: string; line: number; tooManyRows?: true };

const tooMany = (maxRows: number, line: number) =>
  ({ ok: false, message: `The file has more than ${maxRows} rows`, line, tooManyRows: true }) as const;

/**
 * Parses a whole CSV text (BOM, CRLF or LF, quoted fields over several lines); trailing empty lines are
 * dropped. With `maxRows`, reading stops at the first row past it, so an oversized file costs no more
 * than the rows allowed.
 */
export function parseCsv(input: string, { maxRows = Infinity }: { maxRows?: number } = {}): CsvParseResult {
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let cellStartLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          const next = text[i + 1];
          if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") {
            return { ok: false, message: "A quoted field must end at a comma or the end of the line", line };
          }
        }
      } else {
        if (char === "\n") line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === "") {
      quoted = true;
      cellStartLine = line;
    } else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      if (rows.length > maxRows && row.some((value) => value !== "")) return tooMany(maxRows, line);
      row = [];
      cell = "";
      line++;
    } else if (char === "\0") {
      return { ok: false, message: "The file is not text (it holds a NUL byte)", line };
    } else {
      cell += char;
    }
  }
  if (quoted) return { ok: false, message: "A quoted field is never closed", line: cellStartLine };
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  while (rows.length > 0 && rows[rows.length - 1]!.every((value) => value === "")) rows.pop();
  if (rows.length > maxRows) return tooMany(maxRows, line);
  return { ok: true, rows: rows.map((cells) => cells.map(unguardCell)) };
}
