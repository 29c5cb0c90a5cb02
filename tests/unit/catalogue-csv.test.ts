import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvLine, parseCsv } from "../../app/features/catalogue-csv/csv";

/** The catalogue CSV (decision 026): whatever a cell holds, it goes out safe for a spreadsheet and reads back unchanged. */

const tricky = fc.constantFrom(
  "",
  "plain",
  "comma, inside",
  'a "quoted" word',
  "line\nbreak",
  "crlf\r\nbreak",
  '=HYPERLINK("http://evil","click")',
  "+1",
  "-5",
  "@SUM(A1)",
  "'=already guarded",
  "''=twice",
  "草莓软糖 🌿",
  "x".repeat(200),
  "nul\0inside",
  "Kush;=2+3",
  "tab\t=1+1",
  "\uFF1D1+1",
  "\uFF0B1",
  "\uFF0D1",
  "\uFF20SUM(A1)",
  "'\uFF1Dguarded",
  "a;b",
);
const cell = fc.oneof(tricky, fc.string({ unit: "grapheme", maxLength: 200 }), fc.string({ unit: "binary", maxLength: 50 }));
// A row's first cell is never empty (it is the id), so no row reads as a blank line.
const row = fc.tuple(fc.string({ minLength: 1, maxLength: 10, unit: "grapheme-ascii" }), fc.array(cell, { minLength: 1, maxLength: 27 }));

describe("CSV", () => {
  it("round-trips any rows (long, non-Latin, commas, quotes, newlines, leading = + - @)", () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 20 }), (rows) => {
        const cells = rows.map(([first, rest]) => [first, ...rest]);
        const text = CSV_BOM + cells.map(csvLine).join("");
        expect(parseCsv(text)).toEqual({ ok: true, rows: cells });
      }),
    );
  });

  it("never exports a cell a spreadsheet would run as a formula", () => {
    fc.assert(
      fc.property(cell, (value) => {
        const out = csvCell(value);
        const unquoted = out.startsWith('"') ? out.slice(1) : out;
        expect(unquoted).not.toMatch(/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/);
      }),
    );
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("\uFF1D1+1")).toBe("'\uFF1D1+1");
  });

  it("quotes every cell holding a separator a spreadsheet may split on (comma, semicolon, TAB, line breaks)", () => {
    fc.assert(
      fc.property(cell, fc.constantFrom(",", ";", "\t", "\r", "\n"), cell, (before, separator, after) => {
        const out = csvCell(`${before}${separator}${after}`);
        // Quoted whole: a spreadsheet splitting on this separator keeps the cell in one piece.
        expect(out.startsWith('"') && out.endsWith('"')).toBe(true);
      }),
    );
    expect(csvCell("Kush;=2+3")).toBe('"Kush;=2+3"');
    expect(csvCell("Kush\t=2+3")).toBe('"Kush\t=2+3"');
  });

  it("stops reading at the first row past maxRows (trailing blank lines do not count)", () => {
    expect(parseCsv("h\n1\n2\n", { maxRows: 3 })).toEqual({ ok: true, rows: [["h"], ["1"], ["2"]] });
    expect(parseCsv("h\n1\n2\n\n\n\n", { maxRows: 3 })).toMatchObject({ ok: true });
    expect(parseCsv("h\n1\n2\n3\n", { maxRows: 3 })).toMatchObject({ ok: false, tooManyRows: true });
    expect(parseCsv("h\n1\n2\n3", { maxRows: 3 })).toMatchObject({ ok: false, tooManyRows: true });
  });

  it("reads LF files and refuses a quote never closed or bytes that are not text, with the line", () => {
    expect(parseCsv("a,b\nc,d\n\n")).toEqual({
      ok: true,
      rows: [
        ["a", "b"],
        ["c", "d"],
      ],
    });
    expect(parseCsv('a,b\n"open,\nstill open')).toEqual({ ok: false, message: "A quoted field is never closed", line: 2 });
    expect(parseCsv("a,b\n\0\0")).toMatchObject({ ok: false, line: 2 });
    expect(parseCsv('"a"b,c')).toMatchObject({ ok: false, line: 1 });
  });
});
