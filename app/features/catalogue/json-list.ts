/** Parses JSON text defensively: anything that is not a list of strings reads as an empty list. */
export function parseStringList(value: unknown): string[] {
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
}
