/**
 * The order message, built once on the server and sent through Telegram:
 *
 *   Hello, I would love to purchase:
 *
 *   • 2 x Runtz — 1/8 oz ($45.00 each = $90.00)
 *   • 100 x Wild Berry Gummies ($4.75 each = $475.00)
 *
 *   Total: $565.00
 *
 *   Please let me know about delivery details. Thank you!
 */
import { formatCents } from "~/features/catalogue/money";
import { specialsMessageLines } from "~/features/specials/message";
import type { CartSpecials } from "./cart";

/** Telegram pre-fills (and sends) at most 4096 characters of text. */
export const TELEGRAM_MAX_TEXT_LENGTH = 4096;

/** The longest product name the admin form allows; longer names (from elsewhere) are shortened in the text. */
export const ORDER_NAME_MAX_LENGTH = 120;

export const ORDER_GREETING = "Hello, I would love to purchase:";
export const ORDER_CLOSING = "Please let me know about delivery details. Thank you!";

/** The longest size label the admin form allows; longer ones (from elsewhere) are shortened in the text. */
export const ORDER_SIZE_MAX_LENGTH = 40;

export interface OrderLine {
  name: string;
  /** the line's size ('1/8 oz'); '' or none for a product sold in one size, whose line reads as before sizes */
  sizeLabel?: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** At most `max` characters (code points: an emoji is never cut in half, which no link could carry). */
function shortened(text: string, max: number): string {
  const chars = Array.from(text.trim().replace(/\s+/g, " "));
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}

/**
 * "name — size" is at most this long: the size is always whole (up to its 40 characters) and a long
 * name gives way, so 20 lines at every bound stay under Telegram's 4096 characters.
 */
export const ORDER_SIZED_NAME_MAX_LENGTH = ORDER_NAME_MAX_LENGTH + 20;

function orderName(line: OrderLine, sizedMax: number): string {
  // The size stays whole unless the message is so full that the name alone could not make room.
  const size = shortened(line.sizeLabel ?? "", Math.min(ORDER_SIZE_MAX_LENGTH, Math.max(4, sizedMax - 11)));
  if (!size) return shortened(line.name, Math.min(ORDER_NAME_MAX_LENGTH, sizedMax));
  const room = Math.max(8, Math.min(ORDER_NAME_MAX_LENGTH, sizedMax - Array.from(size).length - " — ".length));
  return `${shortened(line.name, room)} — ${size}`;
}

/**
 * One bullet: "quantity x name (unit price each = line total)", the name with its size: "Runtz — 1/8 oz".
 * `sizedMax` lets a message with more to say (choices, a note, the order link) give its names less room.
 */
export function orderLineText(line: OrderLine, sizedMax = ORDER_SIZED_NAME_MAX_LENGTH): string {
  return `• ${line.quantity} x ${orderName(line, sizedMax)} (${formatCents(line.unitPriceCents)} each = ${formatCents(line.lineTotalCents)})`;
}

/** The whole message (with the specials applied, if any); an empty cart has no order text. */
export function buildOrderText(cart: { items: readonly OrderLine[]; totalCents: number }, specials?: CartSpecials | null): string {
  if (cart.items.length === 0) return "";
  const saved = specialsMessageLines(specials, 40);
  return [
    ORDER_GREETING,
    "",
    ...cart.items.map((line) => orderLineText(line)),
    "",
    `Total: ${formatCents(cart.totalCents)}`,
    ...(saved.length > 0 ? ["", ...saved] : []),
    "",
    ORDER_CLOSING,
  ].join("\n");
}
