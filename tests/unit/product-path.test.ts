import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyText } from "../fast-check";
import { PRODUCT_SLUG_MAX, productIdFromParam, productParam, productPath, productSlug } from "../../app/features/catalogue/product-path";

/** Product URLs (decision 024): any name gives a safe, bounded, canonical path whose id is read back exactly. */

// The route reads up to 15 digits, as it did before slugs.
const id = fc.integer({ min: 1, max: 999_999_999_999_999 });
const name = fc.oneof(
  anyText({ maxLength: 300 }),
  fc.constantFrom(
    "Wild Berry Gummies",
    "Crème Brûlée Kush",
    "草莓软糖",
    "🌿🌿",
    "Ünïcödé — “quoted”, commas, and\nnewlines",
    "a".repeat(200),
  ),
);

describe("product URLs", () => {
  it("reads the id back from any product's canonical segment, and the segment is only a-z, 0-9 and single hyphens", () => {
    fc.assert(
      fc.property(id, name, (productId, productName) => {
        const param = productParam({ id: productId, name: productName });
        expect(productIdFromParam(param)).toBe(productId);
        expect(param).toMatch(/^[1-9]\d*(?:-[a-z0-9]+)*$/);
        expect(productSlug(productName).length).toBeLessThanOrEqual(PRODUCT_SLUG_MAX);
        expect(productPath({ id: productId, name: productName })).toBe(`/product/${param}`);
      }),
    );
  });

  it("finds the id behind any old slug, and nothing in a segment that does not start with an id", () => {
    fc.assert(
      fc.property(id, fc.string({ unit: "grapheme", maxLength: 200 }), (productId, old) => {
        expect(productIdFromParam(`${productId}-${old}`)).toBe(productId);
        expect(productIdFromParam(`x${productId}`)).toBeNull();
      }),
    );
  });

  it.each([
    [{ id: 12, name: "Wild Berry Gummies" }, "/product/12-wild-berry-gummies"],
    [{ id: 3, name: "Crème Brûlée (1/8 oz)" }, "/product/3-creme-brulee-18-oz"],
    [{ id: 7, name: "草莓软糖" }, "/product/7"],
  ])("%o is at %s", (product, path) => {
    expect(productPath(product)).toBe(path);
  });

  it.each(["", "0", "01", "abc", "12abc", "1e3", "-12", "1234567890123456"])("refuses %j", (param) => {
    expect(productIdFromParam(param)).toBeNull();
  });

  it("cuts a long slug at a word boundary", () => {
    const slug = productSlug(`${"word ".repeat(30)}end`);
    expect(slug.length).toBeLessThanOrEqual(PRODUCT_SLUG_MAX);
    expect(slug).toMatch(/^(word-)*word$/);
  });
});
