import { describe, expect, it } from "vitest";
import { centsToDecimalText, formatCents, parsePrice, parsePriceToCents } from "../../app/lib/money";

describe("parsePriceToCents", () => {
  it.each([
    ["$45", 4500],
    ["45.50", 4550],
    ["$1,600", 160000],
    ["$4.75", 475],
    [" $0.00 ", 0],
    ["$3000", 300000],
    [9, 900],
    [4.75, 475],
  ])("reads %j as %i cents", (input, cents) => {
    expect(parsePriceToCents(input)).toBe(cents);
  });

  it.each([["junk"], [""], ["$"], ["-5"], ["4.5.6"], [null], [undefined], [{}], [Number.NaN], [-1]])("rejects %j", (input) => {
    expect(parsePriceToCents(input)).toBeNull();
  });

  it("never drifts on fractions", () => {
    expect(parsePriceToCents("0.29")).toBe(29);
    expect(parsePriceToCents("1.005")).toBe(101);
  });
});

describe("parsePrice (the spec's rule: remove the $ and read a number)", () => {
  it("reads dollars and treats junk as zero", () => {
    expect(parsePrice("$45")).toBe(45);
    expect(parsePrice("$1,600")).toBe(1600);
    expect(parsePrice("free")).toBe(0);
  });
});

describe("formatCents", () => {
  it("shows dollars with two decimals", () => {
    expect(formatCents(4500)).toBe("$45.00");
    expect(formatCents(475)).toBe("$4.75");
    expect(formatCents(160000)).toBe("$1,600.00");
    expect(formatCents(0)).toBe("$0.00");
  });

  it("round-trips through the admin form's decimal text", () => {
    expect(centsToDecimalText(4500)).toBe("45");
    expect(centsToDecimalText(475)).toBe("4.75");
    expect(parsePriceToCents(centsToDecimalText(12345))).toBe(12345);
  });
});
