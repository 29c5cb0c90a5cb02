/**
 * A product's effects as separate labels: catalogue data and owners sometimes write
 * several in one value ("Relaxed, Happy"), which would otherwise become one effect with a comma in
 * the filters and on cards. Each value is split at commas and trimmed; blanks are dropped. The same
 * rule fixed the stored rows (migrations/0011_split_effects.sql).
 */
export function splitEffects(values: readonly string[]): string[] {
  return values.flatMap((value) => value.split(",")).flatMap((part) => (part.trim() ? [part.trim()] : []));
}
