import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyText, fcRuns } from "../fast-check";
import { CategoryNameSchema, CATEGORY_SLUG_EMPTY } from "../../app/features/admin/category-form";
import { SLUG_PATTERN, slugify, titleCaseSlug } from "../../app/features/catalogue/slug";

describe("slugify (a-z, 0-9 and single hyphens; accents transliterated, other characters dropped)", () => {
  it.each([
    ["Gelato Punch", "gelato-punch"],
    ["Branded   Exotics", "branded-exotics"],
    ["  New\tDrops  ", "new-drops"],
    ["Concentrates", "concentrates"],
    ["Pre-Rolls & More", "pre-rolls-more"],
    ["Crème Brûlée", "creme-brulee"],
    ["Straße Æther", "strasse-aether"],
    ["Ünïcödé  Stüff", "unicode-stuff"],
    ["--a--b--", "a-b"],
    ["THC/CBD 1:1", "thccbd-11"],
    ["🌿", ""],
    ["日本茶", ""],
  ])("%j -> %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("always gives a slug that follows the rule, or nothing (property: any text, long and non-Latin)", () => {
    fc.assert(
      fc.property(anyText({ maxLength: 120 }), (name) => {
        const slug = slugify(name);
        expect(slug === "" || SLUG_PATTERN.test(slug)).toBe(true);
        expect(slugify(slug)).toBe(slug);
      }),
      { numRuns: fcRuns(1000) },
    );
  }, 30_000);

  it("the category form refuses a name that gives no slug", () => {
    const result = CategoryNameSchema.safeParse({ name: "🌿🌿" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CATEGORY_SLUG_EMPTY);
    expect(CategoryNameSchema.safeParse({ name: "Crème" }).success).toBe(true);
  });
});

describe("titleCaseSlug", () => {
  it("turns product category slugs into names", () => {
    expect(titleCaseSlug("gelato-punch")).toBe("Gelato Punch");
    expect(titleCaseSlug("pens")).toBe("Pens");
    expect(titleCaseSlug("new--drops")).toBe("New Drops");
  });
});
