import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clipDescription, META_DESCRIPTION_MAX, shopDescription } from "../../app/features/site/shop-description";
import { fcRuns } from "../fast-check";

describe("shopDescription (the owner's identity as the pages' description)", () => {
  it("reads the trading name, tagline and service area", () => {
    expect(
      shopDescription({ tradingName: "Greenleaf Supply", tagline: "Cannabis, delivered discreetly.", serviceArea: "Nationwide" }),
    ).toBe("Greenleaf Supply: Cannabis, delivered discreetly. Order in one Telegram message. Service area: Nationwide.");
    expect(shopDescription({ tradingName: "Hill Farm", tagline: "", serviceArea: "" })).toBe("Hill Farm. Order in one Telegram message.");
  });

  it("any identity the settings accept, long and in any script, gives a description within 160 characters that starts with the name", () => {
    const text = (max: number) =>
      fc.oneof(
        fc.string({ maxLength: max }),
        fc.string({ unit: "grapheme", maxLength: max }),
        fc.constantFrom("", "Зелёный лист ".repeat(12).slice(0, max), "緑の葉".repeat(40).slice(0, max), "x".repeat(max)),
      );
    fc.assert(
      fc.property(
        text(80).filter((name) => name.trim().length > 0),
        text(120),
        text(140),
        (tradingName, tagline, serviceArea) => {
          const description = shopDescription({ tradingName, tagline, serviceArea });
          expect(Array.from(description).length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
          expect(description.length).toBeGreaterThan(0);
          const name = Array.from(tradingName.trim());
          expect(Array.from(description).slice(0, Math.min(name.length, 40)).join("")).toBe(name.slice(0, 40).join(""));
        },
      ),
      { numRuns: fcRuns(300) },
    );
  });

  it("clips at a word with an ellipsis, and leaves a short text as it is", () => {
    expect(clipDescription("Short.")).toBe("Short.");
    const clipped = clipDescription(`${"word ".repeat(50)}end`);
    expect(clipped.endsWith("word…")).toBe(true);
    expect(Array.from(clipped).length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
  });
});
