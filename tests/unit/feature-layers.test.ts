import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Features depend one way (docs/README.md, "Where code goes"): when two feature folders need the same
 * thing, it moves down into the lower one. The pairs listed here import each other today and are to be
 * removed; the list may only shrink.
 */
const KNOWN_TWO_WAY_PAIRS = [
  "admin ↔ catalogue",
  "age-gate ↔ site",
  "cart ↔ catalogue",
  "cart ↔ site",
  "catalogue ↔ deals",
  "catalogue ↔ site",
];

const FEATURES = join(__dirname, "../../app/features");

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** feature -> the other features it imports (static and dynamic imports, type imports included). */
function featureImports(): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  for (const file of sourceFiles(FEATURES)) {
    const feature = relative(FEATURES, file).split("/")[0] ?? "";
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:from|import\()\s*"~\/features\/([^/"]+)/g)) {
      const other = match[1];
      if (!other || other === feature) continue;
      const set = imports.get(feature) ?? new Set<string>();
      set.add(other);
      imports.set(feature, set);
    }
  }
  return imports;
}

describe("feature folders depend one way", () => {
  it("no two features import each other beyond the known pairs, and a pair that is gone leaves the list", () => {
    const imports = featureImports();
    const pairs: string[] = [];
    for (const [a, others] of imports) {
      for (const b of others) if (a < b && imports.get(b)?.has(a)) pairs.push(`${a} ↔ ${b}`);
    }
    expect(pairs.sort()).toEqual([...KNOWN_TWO_WAY_PAIRS].sort());
  });
});
