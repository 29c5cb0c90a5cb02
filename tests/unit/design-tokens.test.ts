import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One set of colour tokens (docs/design.md): components use the theme's colours from
 * app/tailwind.css, never Tailwind's default palette (red-50, emerald-700...), so the shop keeps
 * one look and a merged branch cannot bring a second palette in unnoticed.
 */
const css = readFileSync("app/tailwind.css", "utf8");
const theme = /@theme\s*{([\s\S]*?)\n}/.exec(css)?.[1] ?? "";
const tokens = new Set([...theme.matchAll(/--color-([a-z]+-\d+):/g)].map((match) => match[1]!));

function sources(dir = "app"): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(tsx?|css)$/.test(name) ? [path] : [];
  });
}

const COLOUR_UTILITY =
  /(?<![\w-])(?:[a-z0-9-]+:)*(?:bg|text|border(?:-[trblxy])?|ring|ring-offset|from|via|to|fill|stroke|outline|divide|placeholder|decoration|accent|caret|shadow)-([a-z]+-\d{2,3})(?:\/\d+)?(?![\w-])/g;

describe("design tokens", () => {
  it("defines the palette, one type scale, the two faces and the spacing tokens in the theme", () => {
    expect(tokens.size).toBeGreaterThan(15);
    for (const size of ["xs", "sm", "base", "lg", "xl", "2xl", "3xl", "4xl", "5xl", "6xl"]) expect(theme).toContain(`--text-${size}:`);
    expect(theme).toMatch(/--font-display: "Fraunces", "Fraunces Fallback"/);
    expect(theme).toMatch(/--font-sans: "Inter", "Inter Fallback"/);
    for (const name of ["gutter", "section"]) expect(theme).toContain(`--spacing-${name}:`);
  });

  it("every colour utility in app/ is a theme token", () => {
    const offenders = sources().flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(COLOUR_UTILITY)]
        .filter((match) => !tokens.has(match[1]!))
        .map((match) => `${file}: ${match[0]}`),
    );
    expect(offenders).toEqual([]);
  });

  it("eyebrows use the one eyebrow utility (no hand-made letter-spaced caps in another colour)", () => {
    const offenders = sources().filter(
      (file) =>
        file.endsWith(".tsx") &&
        /tracking-(?:widest|wider|\[0\.2em\])[^"]*uppercase|uppercase[^"]*tracking-(?:widest|wider|\[0\.2em\])/.test(
          readFileSync(file, "utf8"),
        ),
    );
    // The category table's column heads are the one exception: table headers, not eyebrows.
    expect(offenders.filter((file) => !file.endsWith("admin/category-list.tsx"))).toEqual([]);
  });
});
