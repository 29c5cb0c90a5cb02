import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyText, fcRuns } from "../fast-check";
import { drawPackshot, wrapText, xmlText } from "../../app/features/packshots/packshot.server";
import {
  hslToHex,
  LABEL_COLOURS,
  packshotColours,
  packshotHash,
  packshotLabel,
  packshotPalette,
  packshotPath,
  packshotShape,
  packSize,
  productImageOrPackshot,
  type PackshotSource,
} from "../../app/features/packshots/packshot";
import { catalogue } from "../../db/catalogue";
import { catalogueEntryToRow } from "../../db/transform";

/** The built-in catalogue as rows (the same transform the seed and the migration use), with ids. */
const products: Array<PackshotSource & { image: string | null }> = catalogue.map((entry, index) => {
  const row = catalogueEntryToRow(entry);
  return {
    id: index + 1,
    name: row.name!,
    category: row.category!,
    strainType: row.strainType ?? null,
    thcContent: row.thcContent ?? null,
    image: row.image ?? null,
  };
});

// WCAG 2 contrast of two #rrggbb colours.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * A small XML well-formedness check (there is no XML parser in Node): every tag is one of ours with
 * quoted attributes free of markup, tags nest and close, and text holds only escaped markup and
 * characters XML allows.
 */
function assertWellFormedSvg(svg: string) {
  const stack: string[] = [];
  const tag = /<(\/?)([a-z]+)((?:\s+[a-zA-Z:-]+="[^"<&]*")*)\s*(\/?)>/gy;
  let index = 0;
  while (index < svg.length) {
    if (svg[index] === "<") {
      tag.lastIndex = index;
      const match = tag.exec(svg);
      if (!match) throw new Error(`malformed tag at ${index}: ${svg.slice(index, index + 40)}`);
      const [whole, closing, name, , selfClosing] = match;
      if (closing) {
        if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`);
      } else if (!selfClosing) stack.push(name!);
      index += whole.length;
    } else {
      const end = svg.indexOf("<", index);
      const text = svg.slice(index, end === -1 ? svg.length : end);
      if (/[>]/.test(text) || /&(?!(amp|lt|gt|quot|#39);)/.test(text)) throw new Error(`unescaped text: ${text}`);
      if (/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(text))
        throw new Error("character XML does not allow");
      index = end === -1 ? svg.length : end;
    }
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join("><")}>`);
}

describe("packshots of the built-in catalogue", () => {
  it("gives every catalogue product a distinct packshot (no two with the same SVG or URL)", () => {
    const svgs = products.map(drawPackshot);
    expect(new Set(svgs).size).toBe(products.length);
    expect(new Set(products.map(packshotPath)).size).toBe(products.length);
    // None of them uses an uploaded or shared image: each shows its own packshot.
    for (const product of products) expect(productImageOrPackshot(product)).toBe(packshotPath(product));
  });

  it("tells products of the same packaging apart by colour or backdrop", () => {
    const byShape = new Map<string, typeof products>();
    for (const product of products) byShape.set(packshotShape(product), [...(byShape.get(packshotShape(product)) ?? []), product]);
    for (const [shape, group] of byShape) {
      for (const [i, a] of group.entries()) {
        for (const b of group.slice(i + 1)) {
          const pa = packshotPalette(a);
          const pb = packshotPalette(b);
          const hueGap = Math.min(Math.abs(pa.hue - pb.hue), 360 - Math.abs(pa.hue - pb.hue));
          expect(hueGap >= 20 || pa.pattern !== pb.pattern, `${shape}: "${a.name}" and "${b.name}" look alike`).toBe(true);
        }
      }
    }
  });

  it("prints the weight or pack size, strain type and THC on every label (and the card shows the same size)", () => {
    // A strain sold in several sizes names none of them on its label: its name carries no size.
    const sized = new Set(catalogue.filter((entry) => entry.sizes).map((entry) => entry.name));
    for (const product of products) {
      const label = packshotLabel(product);
      const svg = drawPackshot(product);
      if (sized.has(product.name)) {
        expect(label.size, product.name).toBeNull();
        continue;
      }
      expect(label.size, product.name).not.toBeNull();
      expect(svg).toContain(`>${xmlText(label.size!)}</text>`);
      if (product.strainType) expect(svg).toContain(`>${xmlText(label.strain!)}</text>`);
      if (product.thcContent) expect(svg).toContain(`>${xmlText(`THC ${product.thcContent}`)}</text>`);
    }
  });

  it("draws packaging by category and name: jars, cartridges, pouches, slabs, crystal jars, wrappers, 5-packs", () => {
    const shapeOf = (name: string) => packshotShape(products.find((product) => product.name === name)!);
    expect(shapeOf("Runtz")).toBe("jar");
    expect(shapeOf("Blue Dream 2G Disposable")).toBe("cartridge");
    expect(shapeOf("Wild Berry Gummies")).toBe("pouch");
    expect(shapeOf("Girl Scout Cookies Shatter (1lb)")).toBe("slab");
    expect(shapeOf("OG Kush Crumble (1lb)")).toBe("slab");
    expect(shapeOf("Gelato 41 Diamonds (1lb)")).toBe("crystal-jar");
    expect(shapeOf("Dark Chocolate Mushroom Bar")).toBe("wrapper");
    expect(shapeOf("Pala Runtz")).toBe("five-pack");
    expect(shapeOf("Gelato Punch AAAA Exotic")).toBe("five-pack");
  });

  it("keeps every label's text at WCAG AA contrast, whatever the product's colour", () => {
    for (let hue = 0; hue < 360; hue++) {
      const colours = packshotColours({ hue, accentHue: (hue + 180) % 360, pattern: 0 });
      expect(contrast(LABEL_COLOURS.paper, colours.pill), `size pill at hue ${hue}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(LABEL_COLOURS.ink, LABEL_COLOURS.paper)).toBeGreaterThanOrEqual(7);
    expect(contrast(LABEL_COLOURS.muted, LABEL_COLOURS.paper)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("packshot rules", () => {
  it("reads the pack size from the name, else from the packaging", () => {
    const size = (name: string, category = "indoors") => packSize({ name, category });
    expect(size("Runtz (1/8 oz)")).toBe("1/8 oz");
    expect(size("House Lows Indica Blend (1 lb)")).toBe("1 lb");
    expect(size("House Lows Sativa Blend (QP)")).toBe("1/4 lb");
    expect(size("Gorilla Glue #4 Crumble (1lb)")).toBe("1 lb");
    expect(size("THCA Isolate Powder (1kg)")).toBe("1 kg");
    expect(size("Blue Dream 2G Disposable", "pens")).toBe("2 g");
    expect(size("Purple Punch Pre-Roll 2-Pack")).toBe("2-pack");
    expect(size("Mushroom Capsules (30 ct)", "mushrooms")).toBe("30 ct");
    expect(size("Gelato 41 Diamonds (1lb)", "concentrates")).toBe("1 lb");
    expect(size("Pala Runtz", "pala")).toBe("5-pack");
    expect(size("Wild Berry Gummies", "edibles")).toBe("1 piece");
    expect(size("Milk Chocolate Mushroom Bar", "mushrooms")).toBe("1 bar");
    expect(size("Mystery Flower")).toBeNull();
  });

  it("is deterministic, and a changed name, strain or THC draws a new packshot at a new URL", () => {
    const base = { id: 7, name: "Runtz (1/8 oz)", category: "indoors", strainType: "hybrid", thcContent: "24-27%" };
    expect(drawPackshot(base)).toBe(drawPackshot({ ...base }));
    expect(packshotPath(base)).toBe(`/packshots/7/${packshotHash(base)}.svg`);
    for (const change of [{ name: "Runtz (1/4 oz)" }, { strainType: "indica" }, { thcContent: "25%" }, { category: "deps" }]) {
      const changed = { ...base, ...change };
      expect(packshotPath(changed)).not.toBe(packshotPath(base));
      expect(drawPackshot(changed)).not.toBe(drawPackshot(base));
    }
  });

  it("lets an uploaded image win over the packshot", () => {
    const product = { id: 3, name: "X", category: "indoors", strainType: null, thcContent: null };
    expect(productImageOrPackshot({ ...product, image: "/images/image-1-a.png" })).toBe("/images/image-1-a.png");
    expect(productImageOrPackshot({ ...product, image: "  " })).toBe(packshotPath(product));
  });

  it("converts hsl the usual way", () => {
    expect(hslToHex(0, 100, 50)).toBe("#ff0000");
    expect(hslToHex(120, 100, 25)).toBe("#008000");
    expect(hslToHex(0, 0, 100)).toBe("#ffffff");
  });

  it("wraps long names into the lines it may use, ellipsizing the rest", () => {
    expect(wrapText("Lemon Cherry Gelato", 40, 320, 3).lines).toEqual(["Lemon Cherry", "Gelato"]);
    const long = wrapText("A very long product name that cannot possibly fit on three short label lines", 40, 200, 3);
    expect(long.lines).toHaveLength(3);
    expect(long.clipped).toBe(true);
    expect(long.lines[2]!.endsWith("…")).toBe(true);
  });
});

describe("packshots of names a stranger typed (property-based)", () => {
  const typed = fc.oneof(
    anyText({ maxLength: 300 }),
    fc.constantFrom(
      "<script>alert(1)</script>",
      "&amp; \" ' ]]> <!--",
      "\u0000\u0008\uFFFE\uD800",
      "草莓糖果 🍓".repeat(40),
      "مزيج الحشيش",
    ),
  );
  const source = fc.record({
    id: fc.integer({ min: 1, max: 2 ** 31 }),
    name: typed,
    category: fc.oneof(fc.constantFrom("indoors", "pens", "edibles", "concentrates", "pala", "mushrooms"), fc.string({ maxLength: 60 })),
    strainType: fc.option(typed, { nil: null }),
    thcContent: fc.option(typed, { nil: null }),
  });

  it("always draws well-formed, bounded SVG with the same bytes for the same data", () => {
    fc.assert(
      fc.property(source, (product) => {
        const svg = drawPackshot(product);
        assertWellFormedSvg(svg);
        expect(svg.length).toBeLessThan(12_000);
        expect(drawPackshot({ ...product })).toBe(svg);
        expect(packshotPath(product)).toMatch(/^\/packshots\/\d+\/[0-9a-z]{11}\.svg$/);
      }),
      { numRuns: fcRuns(300) },
    );
  }, 30_000);
});
