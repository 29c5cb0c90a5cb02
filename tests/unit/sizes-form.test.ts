/**
 * The product form's sizes under any input a stranger could post: long and non-Latin
 * labels, any price and stock text, any tiers. The one schema never throws; what it accepts saves as
 * valid sizes, and what it refuses is refused on the field with a message.
 */
import { parseWithZod } from "@conform-to/zod";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { productFormSchema, productFormToSizes, SIZE_LABEL_MAX, STOCK_MAX } from "../../app/features/admin/product-form-schema";
import { MAX_SIZES } from "../../app/features/catalogue/sizes";
import { isPriceTiers } from "../../app/features/catalogue/price-tiers";

const schema = productFormSchema(["indoors"]);
const BASE = { name: "Runtz", description: "Sweet.", category: "indoors", strainType: "hybrid", thcContent: "24%" };

const text = fc.oneof(
  fc.string({ maxLength: 250 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.constantFrom("", " ", "1/8 oz", "3,5 г", "七克", "🌿".repeat(30), "x".repeat(200), "-1", "1e3", "10", "0", "999999999999"),
);
const number = fc.oneof(text, fc.integer({ min: -5, max: 2_000_000 }).map(String));
const tier = fc.record({ minQuantity: number, price: number });
const size = fc.record({
  label: text,
  price: number,
  compareAt: fc.option(number, { nil: undefined }),
  stock: number,
  tiers: fc.array(tier, { maxLength: 3 }),
});

function formData(
  first: { label: string; price: string; stock: string },
  sizes: Array<typeof size extends fc.Arbitrary<infer T> ? T : never>,
) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...BASE, sizeLabel: first.label, price: first.price, stock: first.stock }))
    data.append(key, value);
  sizes.forEach((s, i) => {
    data.append(`sizes[${i}].label`, s.label);
    data.append(`sizes[${i}].price`, s.price);
    if (s.compareAt !== undefined) data.append(`sizes[${i}].compareAt`, s.compareAt);
    data.append(`sizes[${i}].stock`, s.stock);
    s.tiers.forEach((t, j) => {
      data.append(`sizes[${i}].tiers[${j}].minQuantity`, t.minQuantity);
      data.append(`sizes[${i}].tiers[${j}].price`, t.price);
    });
  });
  return data;
}

describe("the product form's sizes under any input", () => {
  it("accepts only sizes that save valid, and refuses the rest on a field with a message", () => {
    fc.assert(
      fc.property(fc.record({ label: text, price: number, stock: number }), fc.array(size, { maxLength: 4 }), (first, sizes) => {
        const submission = parseWithZod(formData(first, sizes), { schema });
        if (submission.status !== "success") {
          const errors = Object.entries(submission.error ?? {});
          expect(errors.length).toBeGreaterThan(0);
          for (const [, messages] of errors) expect((messages ?? []).every((m) => typeof m === "string" && m.length > 0)).toBe(true);
          return;
        }
        const saved = productFormToSizes(submission.value);
        expect(saved.length).toBe(sizes.length + 1);
        expect(saved.length).toBeLessThanOrEqual(MAX_SIZES);
        const labels = saved.map((s) => s.label.toLocaleLowerCase().replace(/\s+/g, " "));
        if (saved.length > 1) {
          expect(new Set(labels).size).toBe(labels.length);
          expect(labels.every((label) => label.length > 0)).toBe(true);
        } else expect(labels).toEqual([""]);
        for (const s of saved) {
          expect(s.label.length).toBeLessThanOrEqual(SIZE_LABEL_MAX);
          expect(Number.isSafeInteger(s.priceCents) && s.priceCents >= 0 && s.priceCents <= 100_000_000).toBe(true);
          expect(s.compareAtCents === null || s.compareAtCents > s.priceCents).toBe(true);
          expect(s.stock === null || (Number.isSafeInteger(s.stock) && s.stock >= 0 && s.stock <= STOCK_MAX)).toBe(true);
          expect(s.tiers === null || isPriceTiers(s.tiers)).toBe(true);
        }
      }),
      { numRuns: fcRuns(120) },
    );
  }, 60_000);
});
