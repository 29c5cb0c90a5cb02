/** The spec's slug rule: lower-cased, runs of whitespace replaced by "-". */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}

/** "gelato-punch" -> "Gelato Punch" (categories derived from product slugs). */
export function titleCaseSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
