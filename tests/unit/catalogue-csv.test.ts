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
        expect(unquoted).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
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
