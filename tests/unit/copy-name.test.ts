import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyText, fcRuns } from "../fast-check";
import { COPY_SUFFIX, copyName, PRODUCT_NAME_MAX } from "../../app/features/admin/product-form-schema";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("copyName (Duplicate)", () => {
  it("appends ' (copy)' to a short name", () => {
    expect(copyName("Runtz (1/8 oz)")).toBe("Runtz (1/8 oz) (copy)");
    expect(copyName("  Runtz  ")).toBe("Runtz (copy)");
    // Every form and load refuses a blank name; were one stored, its copy still saves.
    expect(copyName(" ")).toBe("(copy)");
  });

  it("cuts a long name so the suffix fits, never inside a character", () => {
    expect(copyName("a".repeat(200))).toBe(`${"a".repeat(PRODUCT_NAME_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`);
    const emoji = copyName("🌿".repeat(100));
    expect(emoji.length).toBeLessThanOrEqual(PRODUCT_NAME_MAX);
    expect(emoji).toBe(`${"🌿".repeat(56)}${COPY_SUFFIX}`);
    // A flag is two code points: kept or dropped whole.
    expect(copyName(`${"x".repeat(111)}🇯🇵`)).toBe(`${"x".repeat(111)}${COPY_SUFFIX}`);
  });

  it("for any name, is within the limit, ends with the suffix, and starts with the name's beginning", () => {
    fc.assert(
      fc.property(
        anyText({ minLength: 1, maxLength: 300 }).filter((name) => name.trim() !== ""),
        (name) => {
          const copy = copyName(name);
          expect(copy.length).toBeLessThanOrEqual(PRODUCT_NAME_MAX);
          expect(copy.endsWith(COPY_SUFFIX)).toBe(true);
          expect(name.trim().startsWith(copy.slice(0, -COPY_SUFFIX.length).trim())).toBe(true);
          // The cut never leaves half a character.
          if (!LONE_SURROGATE.test(name)) expect(copy).not.toMatch(LONE_SURROGATE);
          // The product form's name rule accepts the copy's name as it is.
          expect(copy.trim()).toBe(copy);
        },
      ),
      { numRuns: fcRuns(300) },
    );
    // Generating 300 long grapheme strings takes seconds on a busy machine.
  }, 30_000);
});
