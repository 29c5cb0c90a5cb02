import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { catalogue } from "../../db/catalogue";
import { normalizeThc, parseThc, THC_TEXT_MAX } from "../../app/features/catalogue/thc";

describe("parseThc", () => {
  it.each([
    ["24", "24%", "percent", 24, 24],
    ["24%", "24%", "percent", 24, 24],
    ["24.5%", "24.5%", "percent", 24.5, 24.5],
    [" 24.50 % ", "24.5%", "percent", 24.5, 24.5],
    ["0", "0%", "percent", 0, 0],
    ["22-26%", "22-26%", "percent", 22, 26],
    ["22–26 %", "22-26%", "percent", 22, 26],
    ["22 - 26", "22-26%", "percent", 22, 26],
    ["22%-26%", "22-26%", "percent", 22, 26],
    ["25-25%", "25%", "percent", 25, 25],
    ["90%+", "90%+", "percent", 90, 100],
    ["90+", "90%+", "percent", 90, 100],
    ["90 % +", "90%+", "percent", 90, 100],
    ["10mg", "10mg", "mg", 10, 10],
    ["100 mg", "100mg", "mg", 100, 100],
    ["10MG", "10mg", "mg", 10, 10],
    ["10mg per piece", "10mg per piece", "mg", 10, 10],
    ["10 mg  per   Piece", "10mg per piece", "mg", 10, 10],
    ["5-10mg", "5-10mg", "mg", 5, 10],
    ["5mg – 10mg per gummy", "5-10mg per gummy", "mg", 5, 10],
  ] as const)("reads %j as %j", (input, text, unit, min, max) => {
    expect(parseThc(input)).toEqual({ text, unit, min, max });
  });

  it.each([
    "",
    "  ",
    "abc",
    "24%%",
    "-5",
    "26-22%",
    "101%",
    "50-120%",
    "12 percent",
    "10mg per",
    "10 mg of love and more text",
    "1e3",
    "24,5%",
    "NaN",
    "Infinity",
    "二十%",
    "10mg per piece; DROP TABLE",
    "10001mg",
  ])("refuses %j", (input) => {
    expect(parseThc(input)).toBeNull();
  });

  it("parses every value of the built-in catalogue, keeping its text", () => {
    for (const entry of catalogue) {
      if (!entry.thc_content) continue;
      expect(normalizeThc(entry.thc_content), entry.key).toBe(entry.thc_content);
    }
  });

  it("normalised text reads back as itself, and never grows past the limit (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.string({ unit: "grapheme", maxLength: 60 }),
          fc.stringMatching(/^\d{1,3}(\.\d)? ?(%|mg)?( ?[-–] ?\d{1,3})?(%|\+| ?mg per piece)?$/),
        ),
        (input) => {
          const parsed = parseThc(input);
          if (!parsed) return;
          expect(parsed.text.length).toBeLessThanOrEqual(THC_TEXT_MAX);
          expect(parseThc(parsed.text)).toEqual(parsed);
          expect(parsed.min).toBeLessThanOrEqual(parsed.max);
        },
      ),
      { numRuns: fcRuns(2000) },
    );
  });
});
