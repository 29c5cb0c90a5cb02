import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitEffects } from "../../app/features/catalogue/effects";

describe("splitEffects", () => {
  it("splits at commas, trims and drops blanks", () => {
    expect(splitEffects(["Relaxed, Happy"])).toEqual(["Relaxed", "Happy"]);
    expect(splitEffects(["Calm"])).toEqual(["Calm"]);
    expect(splitEffects([" Sleepy ,, ", "Hungry"])).toEqual(["Sleepy", "Hungry"]);
    expect(splitEffects([])).toEqual([]);
  });

  it("never yields a blank effect or one with a comma, and keeps every other character in order", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.string({ unit: "grapheme", maxLength: 200 }),
      fc.constantFrom("Расслабление, 幸せ", "😌,🌿"),
    );
    fc.assert(
      fc.property(fc.array(text, { maxLength: 20 }), (values) => {
        const effects = splitEffects(values);
        for (const effect of effects) {
          expect(effect).not.toContain(",");
          expect(effect).toBe(effect.trim());
          expect(effect).not.toBe("");
        }
        const squash = (list: string[]) => list.join("").replace(/[\s,]/g, "");
        expect(squash(effects)).toBe(squash(values));
      }),
    );
  });
});
