import { describe, expect, it } from "vitest";
import { slugify, titleCaseSlug } from "../../app/lib/slug";

describe("slugify (name lower-cased, whitespace runs to '-')", () => {
  it.each([
    ["Gelato Punch", "gelato-punch"],
    ["Branded   Exotics", "branded-exotics"],
    ["  New\tDrops  ", "new-drops"],
    ["Concentrates", "concentrates"],
    ["Pre-Rolls & More", "pre-rolls-&-more"],
  ])("%j -> %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe("titleCaseSlug", () => {
  it("turns product category slugs into names", () => {
    expect(titleCaseSlug("gelato-punch")).toBe("Gelato Punch");
    expect(titleCaseSlug("pens")).toBe("Pens");
    expect(titleCaseSlug("new--drops")).toBe("New Drops");
  });
});
