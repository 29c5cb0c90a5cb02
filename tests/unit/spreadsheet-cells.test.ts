import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToDecimalText, groupDigits, parsePriceToCents } from "../../app/features/money/money";
import { fileDateOrder, readSpreadsheetDate, readSpreadsheetPrice, todayIn } from "../../app/features/catalogue-csv/spreadsheet-cells";

/** Dates and prices as spreadsheets write them read back as the export wrote them; what reads two ways is never guessed. */

const day = fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true });
const isoOf = (date: Date) => date.toISOString().slice(0, 10);
const parts = (date: Date) => ({ y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() });
const pad = (n: number) => String(n).padStart(2, "0");

describe("dates", () => {
  it("reads ISO, US (month first), day-first slashes and dots, with or without leading zeros, as the same day", () => {
    fc.assert(
      fc.property(day, fc.boolean(), (date, zeros) => {
        const { y, m, d } = parts(date);
        const f = zeros ? pad : String;
        expect(readSpreadsheetDate(isoOf(date), null)).toEqual({ ok: true, value: isoOf(date) });
        expect(readSpreadsheetDate(`${f(m)}/${f(d)}/${y}`, "mdy")).toEqual({ ok: true, value: isoOf(date) });
        expect(readSpreadsheetDate(`${f(d)}/${f(m)}/${y}`, "dmy")).toEqual({ ok: true, value: isoOf(date) });
        // Dots are day first whatever the file's slash order.
        expect(readSpreadsheetDate(`${f(d)}.${f(m)}.${y}`, "mdy")).toEqual({ ok: true, value: isoOf(date) });
        expect(readSpreadsheetDate(`${f(d)}.${f(m)}.${y}`, null)).toEqual({ ok: true, value: isoOf(date) });
      }),
    );
  });

  it("never guesses: a slash date that fits both orders, with no order, is refused with both readings named", () => {
    const read = readSpreadsheetDate("3/4/2026", null);
    expect(read).toEqual({ ok: false, message: expect.stringContaining("4 March or 3 April") as string });
    // Unambiguous on its own, or the same day either way: read.
    expect(readSpreadsheetDate("10/14/2026", null)).toEqual({ ok: true, value: "2026-10-14" });
    expect(readSpreadsheetDate("14/10/2026", null)).toEqual({ ok: true, value: "2026-10-14" });
    expect(readSpreadsheetDate("5/5/2026", null)).toEqual({ ok: true, value: "2026-05-05" });
    // Impossible in the chosen order.
    expect(readSpreadsheetDate("14/10/2026", "mdy").ok).toBe(false);
    expect(readSpreadsheetDate("2/30/2026", "mdy").ok).toBe(false);
    expect(readSpreadsheetDate("31.02.2026", null).ok).toBe(false);
  });

  it("finds the file's order from its unambiguous rows, asks when there are none, and names both rows when they disagree", () => {
    expect(
      fileDateOrder(
        [
          { row: 2, text: "3/4/2026" },
          { row: 3, text: "10/14/2026" },
        ],
        "auto",
      ),
    ).toEqual({ order: "mdy", from: "file", row: 3 });
    expect(fileDateOrder([{ row: 2, text: "14/10/2026" }], "auto")).toEqual({ order: "dmy", from: "file", row: 2 });
    expect(fileDateOrder([{ row: 2, text: "3/4/2026" }], "auto")).toEqual({ order: null, from: "ask", rows: null });
    expect(
      fileDateOrder(
        [
          { row: 2, text: "2026-03-04" },
          { row: 3, text: "" },
        ],
        "auto",
      ),
    ).toEqual({ order: null, from: "none", rows: null });
    expect(
      fileDateOrder(
        [
          { row: 2, text: "10/14/2026" },
          { row: 5, text: "14/10/2026" },
        ],
        "auto",
      ),
    ).toEqual({
      order: null,
      from: "mixed",
      rows: [2, 5],
    });
    expect(fileDateOrder([{ row: 2, text: "3/4/2026" }], "dmy")).toEqual({ order: "dmy", from: "chosen", row: null });
  });

  it("any text gives a date, the text as written, or a message: never a throw (long and non-Latin included)", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: "grapheme", maxLength: 300 })),
        fc.constantFrom(null, "mdy" as const, "dmy" as const),
        (text, order) => {
          const read = readSpreadsheetDate(text, order);
          if (read.ok) expect(read.value === text.trim() || /^\d{4}-\d{2}-\d{2}$/.test(read.value)).toBe(true);
          else expect(read.message.length).toBeGreaterThan(0);
        },
      ),
    );
  });

  it("today is the shop's own date: late evening in New York is already tomorrow in UTC", () => {
    const now = new Date("2026-10-15T02:30:00Z");
    expect(todayIn("America/New_York", now)).toBe("2026-10-14");
    expect(todayIn("UTC", now)).toBe("2026-10-15");
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-10-15");
  });
});

describe("prices", () => {
  const cents = fc.integer({ min: 0, max: 100_000_000 });
  const us = (value: number) => `$${groupDigits(Math.floor(value / 100))}.${pad(value % 100)}`;
  const european = (value: number) => `${groupDigits(Math.floor(value / 100)).replace(/,/g, ".")},${pad(value % 100)} $`;

  it("reads $ signs, thousands separators and a decimal comma as the same cents", () => {
    fc.assert(
      fc.property(cents, (value) => {
        for (const written of [centsToDecimalText(value), us(value), us(value).slice(1), european(value), `USD ${us(value).slice(1)}`]) {
          expect(parsePriceToCents(readSpreadsheetPrice(written))).toBe(value);
        }
      }),
    );
  });

  it("leaves what reads two ways, and another currency, as written for the money rule to refuse", () => {
    expect(readSpreadsheetPrice("1.299")).toBe("1.299");
    expect(parsePriceToCents(readSpreadsheetPrice("1.299"))).toBeNull();
    expect(readSpreadsheetPrice("€45")).toBe("€45");
    expect(readSpreadsheetPrice("1,2,3")).toBe("1,2,3");
    expect(readSpreadsheetPrice("45,50")).toBe("45.50");
    expect(readSpreadsheetPrice("1,299")).toBe("1299");
  });

  it("any text gives a price text, never a throw", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        expect(typeof readSpreadsheetPrice(text)).toBe("string");
      }),
    );
  });
});
