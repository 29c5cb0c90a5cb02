import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Features depend one way (docs/README.md, "Layers: dependencies point one way"): no two feature
 * folders import each other. When two need the same thing, it moves down into the lower one (or a
 * small folder of its own), or the piece that composes both moves up.
 */

const FEATURES = join(__dirname, "../../app/features");

/** Every module specifier in a source file: static, type, re-export, side-effect and dynamic imports. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

/** The feature a specifier in `file` (a path under app/features, `/`-separated) points into, if another one. */
function importedFeature(file: string, specifier: string): string | null {
  const own = file.split("/")[0]!;
  let target: string | null = null;
  if (specifier.startsWith("~/features/")) target = specifier.slice("~/features/".length);
  else if (specifier.startsWith(".")) {
    const resolved = posix.normalize(posix.join(posix.dirname(file), specifier));
    if (!resolved.startsWith("..")) target = resolved;
  }
  const feature = target?.split("/")[0];
  return feature && feature !== own ? feature : null;
}

/** feature -> imported feature -> the importing files (paths under app/features). */
type FeatureImports = Map<string, Map<string, string[]>>;

function featureImports(sources: Iterable<[file: string, text: string]>): FeatureImports {
  const imports: FeatureImports = new Map();
  for (const [file, text] of sources) {
    const feature = file.split("/")[0]!;
    for (const [, specifier] of text.matchAll(SPECIFIER)) {
      const other = importedFeature(file, specifier!);
      if (!other) continue;
      const byFeature = imports.get(feature) ?? new Map<string, string[]>();
      const files = byFeature.get(other) ?? [];
      if (!files.includes(file)) files.push(file);
      byFeature.set(other, files);
      imports.set(feature, byFeature);
    }
  }
  return imports;
}

/** One line per pair of features that import each other, naming the files on both sides; empty when none do. */
function twoWayPairs(imports: FeatureImports): string[] {
  const lines: string[] = [];
  for (const [a, others] of imports) {
    for (const [b, aFiles] of others) {
      const bFiles = imports.get(b)?.get(a);
      if (a < b && bFiles) lines.push(`${a} ↔ ${b}: ${a} imports ${b} in ${aFiles.join(", ")}; ${b} imports ${a} in ${bFiles.join(", ")}`);
    }
  }
  return lines.sort();
}

function* sourceFiles(dir: string): Generator<[string, string]> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield [relative(FEATURES, path).split(sep).join("/"), readFileSync(path, "utf8")];
  }
}

describe("feature folders depend one way", () => {
  it("names a pair of features that import each other, with the importing files on both sides", () => {
    const imports = featureImports([
      ["cart/cart-drawer.tsx", `import { CartLink } from "~/features/site/site-header";\nimport type { CartView } from "./cart-lines";`],
      ["site/shop-chrome.tsx", `import { EMPTY_CART_VIEW } from "~/features/cart/cart-lines";`],
      ["site/layout.server.ts", `const lines = () => import("~/features/cart/cart.server");`],
      ["site/content/home.ts", `export { POPULAR } from "../../cart/popular";`],
      ["deals/price.tsx", `import { formatCents } from "~/features/money/money";`],
      ["money/money.ts", `export const CENTS = 100;`],
    ]);
    expect(twoWayPairs(imports)).toEqual([
      "cart ↔ site: cart imports site in cart/cart-drawer.tsx; site imports cart in site/shop-chrome.tsx, site/layout.server.ts, site/content/home.ts",
    ]);
  });

  it("counts a side-effect or type import, and a relative path that climbs into another feature, but not one that stays home", () => {
    const imports = featureImports([
      ["age-gate/age-gate.ts", `import "../site/styles";`],
      ["site/site.ts", `import type { AgeAnswer } from "~/features/age-gate/age-gate";\nimport { Logo } from "./logo";`],
      ["site/content/home.ts", `import { SITE } from "../site";`],
    ]);
    expect(twoWayPairs(imports)).toEqual([
      "age-gate ↔ site: age-gate imports site in age-gate/age-gate.ts; site imports age-gate in site/site.ts",
    ]);
    expect(imports.get("site")?.has("site")).toBeFalsy();
  });

  it("finds a one-way import map clean", () => {
    const imports = featureImports([
      [
        "product-card/product-card.tsx",
        `import { Price } from "~/features/deals/price";\nimport { AddToCartButton } from "~/features/cart/add-to-cart-button";`,
      ],
      ["cart/cart-lines.ts", `import { parsePriceToCents } from "~/features/money/money";`],
      ["deals/price.tsx", `import { formatCents } from "~/features/money/money";`],
    ]);
    expect(twoWayPairs(imports)).toEqual([]);
  });

  it("holds for app/features: no two features import each other", () => {
    const imports = featureImports(sourceFiles(FEATURES));
    // The scan itself works: the tree has one-way feature imports to find.
    expect(imports.get("cart")?.get("money")?.length).toBeGreaterThan(0);
    expect(twoWayPairs(imports)).toEqual([]);
  });
});
