import { formatCents } from "~/features/money/money";
import type { CartSpecials } from "~/features/cart/cart-lines";

/**
 * How the specials read in the order message, so the owner can honour them: each special with its
 * saving, then the total after them. Names give way (as product names do) when the message is full.
 */
const SPECIAL_NAME_MAX_LENGTH = 80;

function shortName(name: string, max: number) {
  const chars = Array.from(name.trim().replace(/\s+/g, " "));
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}

/** The lines of the specials section (none when no special applies). */
export function specialsMessageLines(specials: CartSpecials | null | undefined, nameMax = SPECIAL_NAME_MAX_LENGTH): string[] {
  if (!specials || specials.applied.length === 0) return [];
  // nameMax 0: the shortest form, for a message already at Telegram's limit.
  if (nameMax <= 0) {
    return [
      `Specials: ${specials.applied.length} applied, saving ${formatCents(specials.savingCents)}`,
      `Total after specials: ${formatCents(specials.totalCents)}`,
    ];
  }
  return [
    "Specials:",
    ...specials.applied.map((special) => {
      const name = shortName(special.name, Math.min(SPECIAL_NAME_MAX_LENGTH, nameMax));
      const saving = special.savingCents > 0 ? `saves ${formatCents(special.savingCents)}` : "";
      const delivery = special.freeDelivery ? "free delivery" : "";
      return `• ${name}: ${[saving, delivery].filter(Boolean).join(", ")}`;
    }),
    `Total after specials: ${formatCents(specials.totalCents)}`,
  ];
}
