/**
 * Category slugs: only `a-z`, `0-9` and single hyphens. The product's rule (lower-cased, runs of
 * whitespace to "-") with accents transliterated ("Crème Brûlée" → "creme-brulee") and every other
 * character dropped ("Pre-Rolls & More" → "pre-rolls-more"). A name may give an empty slug ("🌿"):
 * such a name is refused by the category form. migrations/*_fix_category_slugs.sql applies the same
 * rule to slugs stored before it.
 */

/** Letters that Unicode does not decompose into a base letter and an accent. */
const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  ł: "l",
  Ł: "l",
  þ: "th",
  Þ: "th",
  ı: "i",
  ħ: "h",
  Ħ: "h",
  ŀ: "l",
  Ŀ: "l",
  ŋ: "n",
  Ŋ: "n",
  ĸ: "k",
  ŧ: "t",
  Ŧ: "t",
};
const SPECIAL = new RegExp(`[${Object.keys(TRANSLITERATIONS).join("")}]`, "g");

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function slugify(name: string): string {
  return name
    .replace(SPECIAL, (letter) => TRANSLITERATIONS[letter] ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
}

/** "gelato-punch" -> "Gelato Punch" (categories derived from product slugs). */
export function titleCaseSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
