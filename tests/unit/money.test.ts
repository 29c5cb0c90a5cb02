import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import {
  centsToDecimalText,
  formatCents,
  groupDigits,
  hasCentsAtMost,
  parsePrice,
  parsePriceToCents,
} from "../../app/features/money/money";

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
  });

  it("reads no price with more than 2 decimals (0.001 is not $0.00): any digits, any count of extra decimals", () => {
    expect(parsePriceToCents("0.001")).toBeNull();
    expect(parsePriceToCents("1.005")).toBeNull();
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.stringMatching(/^\d{3,12}$/), (whole, decimals) => {
        expect(parsePriceToCents(`${whole}.${decimals}`)).toBeNull();
        expect(hasCentsAtMost(`${whole}.${decimals}`)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.nat({ max: 100_000_000 }), (cents) => {
        const text = (cents / 100).toFixed(2);
        expect(hasCentsAtMost(text)).toBe(true);
        expect(parsePriceToCents(text)).toBe(cents);
      }),
    );
  });
});

describe("parsePrice (the product's rule: remove the $ and read a number)", () => {
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

  it("writes every amount exactly as Intl's en-US dollars do (it replaces them: no Intl at boot)", () => {
    const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000, max: 1_000_000 }),
          fc.maxSafeInteger().map((n) => Math.trunc(n / 1000) || 0),
        ),
        (cents) => {
          expect(formatCents(cents)).toBe(usd.format(cents / 100));
        },
      ),
      { numRuns: fcRuns(2000) },
    );
    expect(formatCents(-250)).toBe("-$2.50");
  });

  it("round-trips through the admin form's decimal text", () => {
    expect(centsToDecimalText(4500)).toBe("45");
    expect(centsToDecimalText(475)).toBe("4.75");
    expect(parsePriceToCents(centsToDecimalText(12345))).toBe(12345);
  });
});

describe("groupDigits", () => {
  it("groups whole numbers as en-US does", () => {
    expect(groupDigits(0)).toBe("0");
    expect(groupDigits(999)).toBe("999");
    expect(groupDigits(1000)).toBe("1,000");
    expect(groupDigits(1234567)).toBe("1,234,567");
    const en = new Intl.NumberFormat("en-US");
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(groupDigits(n)).toBe(en.format(n));
      }),
      { numRuns: fcRuns(2000) },
    );
  });
});
