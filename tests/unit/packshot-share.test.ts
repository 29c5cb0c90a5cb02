import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { drawBrandShare, drawPackshotShare } from "../../app/features/packshots/share-cards.server";
import { drawPackshot } from "../../app/features/packshots/packshot.server";

const product = (name: string) => ({ id: 7, name, category: "indoor", strainType: "hybrid", thcContent: "24%" });

/** The text a renderer would draw: every element's text, tags removed and entities decoded. */
function drawnText(svg: string): string {
  return svg
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

describe("a packshot's share image, as SVG", () => {
  it("draws the packshot beside the name, category, size, strain and THC, 1200x630", () => {
    const svg = drawPackshotShare(product("Runtz (1/8 oz)"));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 630" width="1200" height="630">/);
    const text = drawnText(svg);
    for (const words of ["INDOOR", "Runtz", "1/8 oz · Hybrid", "THC 24%"]) expect(text).toContain(words);
    // The shop is not the maker: neither the card nor the packshot's label names it.
    expect(text).not.toContain("GREENLEAF");
    // The packshot itself, as its own route draws it (without its <svg> wrapper and title).
    const packshot = drawPackshot(product("Runtz (1/8 oz)"));
    expect(svg).toContain(packshot.slice(packshot.indexOf("</title>") + "</title>".length, -"</svg>".length));
  });

  it("keeps a long category on one line left of the picture", () => {
    const svg = drawPackshotShare({ ...product("Runtz"), category: "small-batch-craft-flower-from-the-northern-hills" });
    const lines = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((match) => match[1] ?? "");
    const eyebrow = lines.find((line) => line.startsWith("SMALL BATCH"));
    expect(eyebrow).toMatch(/^SMALL BATCH CRAFT.*…$/);
    expect(eyebrow).not.toContain("HILLS");
  });

  it("leaves out what the bundled font cannot draw (CJK, emoji) and keeps the rest of the name", () => {
    const text = drawnText(drawPackshotShare(product("北京烤鸭 🍓 Gummies")));
    expect(text).toContain("Gummies");
    expect(text.slice(text.indexOf("INDOOR"), text.indexOf("Gummies"))).not.toMatch(/北|🍓/);
  });

  it("is the same for the same facts, and well-formed for any name (long, non-Latin, markup)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.string({ unit: "grapheme", maxLength: 200 }),
          fc.constantFrom("<script>&amp;</script>", "Ультра ".repeat(60), "北京烤鸭".repeat(50), "\u0000\uFFFE\uD800 x"),
        ),
        (name) => {
          const svg = drawPackshotShare(product(name));
          expect(drawPackshotShare(product(name))).toBe(svg);
          expect(svg.endsWith("</svg>")).toBe(true);
          // Every < and > is a tag's: names are escaped, and controls XML forbids are gone.
          expect(svg.replace(/<[^<>]*>/g, "")).not.toMatch(/[<>\u0000-\u0008\uFFFE]/);
          expect(svg.split("<text").length).toBe(svg.split("</text>").length);
        },
      ),
      { numRuns: fcRuns(200) },
    );
  });
});

describe("the brand's share card", () => {
  it("draws the owner's trading name and tagline, and never the built-in name for a name the font cannot draw", () => {
    const card = drawnText(drawBrandShare({ tradingName: "Hill Farm", tagline: "Small-batch flower." }));
    expect(card).toContain("Hill Farm");
    expect(card).toContain("Small-batch flower.");
    const cjk = drawnText(drawBrandShare({ tradingName: "北京花园", tagline: "Small-batch flower." }));
    expect(cjk).toContain("Small-batch flower.");
    expect(cjk).not.toContain("Greenleaf");
  });
});
