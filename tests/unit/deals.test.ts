import { parseWithZod } from "@conform-to/zod";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareAtForPercentOff,
  compareAtProblem,
  isOnSale,
  saveLabel,
  savePercent,
  storedCompareAt,
} from "../../app/features/deals/deals";
import type { Product } from "../../app/features/catalogue/product";
import {
  PRODUCT_FORM_MESSAGES as M,
  productFormDefaults,
  productFormSchema,
  productFormToColumns,
} from "../../app/features/admin/product-form-schema";
import { NO_LAB_REPORT_COLUMNS } from "../../app/features/lab-reports/lab-report";

const schema = productFormSchema(["indoors"]);
const valid = { name: "Runtz (1/8 oz)", price: "15", description: "Sweet.", category: "indoors", strainType: "hybrid", thcContent: "24" };

function submit(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return parseWithZod(data, { schema });
}

describe("deal rules (app/features/deals/deals.ts)", () => {
  it("a product is on sale only with a compare-at price above its price", () => {
    expect(isOnSale({ priceCents: 1500, compareAtCents: 2000 })).toBe(true);
    expect(isOnSale({ priceCents: 1500, compareAtCents: 1500 })).toBe(false);
    expect(isOnSale({ priceCents: 1500, compareAtCents: 1000 })).toBe(false);
    expect(isOnSale({ priceCents: 1500, compareAtCents: null })).toBe(false);
  });

  it("the saving is a whole percent rounded as shoppers expect", () => {
    expect(savePercent({ priceCents: 1500, compareAtCents: 2000 })).toBe(25);
    expect(savePercent({ priceCents: 2000, compareAtCents: 3000 })).toBe(33);
    expect(savePercent({ priceCents: 1000, compareAtCents: 3000 })).toBe(67);
    expect(savePercent({ priceCents: 4500, compareAtCents: 6000 })).toBe(25);
    expect(savePercent({ priceCents: 1750, compareAtCents: 2000 })).toBe(13); // 12.5 rounds half up
    expect(savePercent({ priceCents: 9999, compareAtCents: 10000 })).toBe(1); // a sale never says 0%
    expect(savePercent({ priceCents: 1, compareAtCents: 100000 })).toBe(99); // nor 100% unless free
    expect(savePercent({ priceCents: 0, compareAtCents: 100 })).toBe(100);
    expect(savePercent({ priceCents: 1500, compareAtCents: 1500 })).toBeNull();
    expect(saveLabel(25)).toBe("Save 25%");
  });

  it("a 25% sale's compare-at price is the price ÷ 0.75 to the cent, and reads back as 25%", () => {
    expect(compareAtForPercentOff(4500, 25)).toBe(6000);
    expect(compareAtForPercentOff(999, 25)).toBe(1332);
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100_000_000 }), (priceCents) => {
        expect(savePercent({ priceCents, compareAtCents: compareAtForPercentOff(priceCents, 25) })).toBe(25);
      }),
    );
  });

  it("savePercent is always 1–100 for a sale and null otherwise", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.option(fc.integer({ min: 0, max: 100_000_000 })),
        (priceCents, compareAtCents) => {
          const percent = savePercent({ priceCents, compareAtCents });
          if (compareAtCents === null || compareAtCents <= priceCents) expect(percent).toBeNull();
          else {
            expect(percent).toBeGreaterThanOrEqual(1);
            expect(percent).toBeLessThanOrEqual(100);
          }
        },
      ),
    );
  });

  it("a stray stored compare-at price (at or below the price) reads as no sale", () => {
    expect(storedCompareAt(1500, 1500)).toBeNull();
    expect(storedCompareAt(1500, null)).toBeNull();
    expect(storedCompareAt(1500, 2000)).toBe(2000);
    expect(compareAtProblem(1500, 1500)).toBe(M.compareAtNotAbove);
    expect(compareAtProblem(1500, null)).toBeNull();
  });
});

describe("the product form's Compare-at price", () => {
  it("blank means no sale", () => {
    for (const compareAt of [undefined, "", "   "]) {
      const submission = submit(compareAt === undefined ? valid : { ...valid, compareAt });
      if (submission.status !== "success") throw new Error(`expected a valid form for ${JSON.stringify(compareAt)}`);
      expect(productFormToColumns(submission.value).compareAtCents).toBeNull();
    }
  });

  it("a price above the price is stored in cents", () => {
    const submission = submit({ ...valid, compareAt: "20" });
    if (submission.status !== "success") throw new Error("expected a valid form");
    expect(productFormToColumns(submission.value)).toMatchObject({ priceCents: 1500, compareAtCents: 2000 });
  });

  it.each([
    ["15", M.compareAtNotAbove],
    ["15.00", M.compareAtNotAbove],
    ["14.99", M.compareAtNotAbove],
    ["0", M.compareAtNotAbove],
    ["20a", M.compareAtFormat],
    ["$20", M.compareAtFormat],
    ["-20", M.compareAtFormat],
    ["２０", M.compareAtFormat],
    ["1000000.01", M.compareAtTooHigh],
    ["99999999999999999999", M.compareAtTooHigh],
  ])("refuses %j with a message on its own field", (compareAt, message) => {
    const submission = submit({ ...valid, compareAt });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" ? submission.error?.compareAt : null).toEqual([message]);
  });

  it("the edit form shows the stored compare-at price as the price's decimal text, so an unchanged save keeps it", () => {
    expect(productFormDefaults(null).compareAt).toBe("");
    const product = {
      ...productFormDefaults(null),
      ...NO_LAB_REPORT_COLUMNS,
      id: 1,
      priceCents: 4500,
      compareAtCents: 6000,
      image: null,
      extraImages: [],
      video: null,
      effects: [],
      strainType: null,
      thcContent: "24%",
      version: 2,
    };
    const shown = productFormDefaults(product as unknown as Product);
    expect(shown).toMatchObject({ price: "45", compareAt: "60" });
    const submission = submit({ ...valid, price: shown.price, compareAt: shown.compareAt });
    if (submission.status !== "success") throw new Error("expected a valid form");
    expect(productFormToColumns(submission.value)).toMatchObject({ priceCents: 4500, compareAtCents: 6000 });
  });
});
