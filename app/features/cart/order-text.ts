/**
 * The order message (SPEC section 7), built once on the server and sent through Telegram:
 *
 *   Hello, I would love to purchase:
 *
 *   • 2 x Runtz (1/8 oz) ($45.00 each = $90.00)
 *   • 100 x Wild Berry Gummies ($4.75 each = $475.00)
 *
 *   Total: $565.00
 *
 *   Please let me know about delivery details. Thank you!
 */
import { formatCents } from "~/features/catalogue/money";

/** Telegram pre-fills (and sends) at most 4096 characters of text. */
export const TELEGRAM_MAX_TEXT_LENGTH = 4096;

/** The longest product name the admin form allows; longer names (from elsewhere) are shortened in the text. */
export const ORDER_NAME_MAX_LENGTH = 120;

export const ORDER_GREETING = "Hello, I would love to purchase:";
export const ORDER_CLOSING = "Please let me know about delivery details. Thank you!";

export interface OrderLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

function orderName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, " ");
  return trimmed.length > ORDER_NAME_MAX_LENGTH ? `${trimmed.slice(0, ORDER_NAME_MAX_LENGTH - 1)}…` : trimmed;
}

/** One bullet: "quantity x name (unit price each = line total)". */
export function orderLineText(line: OrderLine): string {
  return `• ${line.quantity} x ${orderName(line.name)} (${formatCents(line.unitPriceCents)} each = ${formatCents(line.lineTotalCents)})`;
}

/** The whole message; an empty cart has no order text. */
export function buildOrderText(cart: { items: readonly OrderLine[]; totalCents: number }): string {
  if (cart.items.length === 0) return "";
  return [ORDER_GREETING, "", ...cart.items.map(orderLineText), "", `Total: ${formatCents(cart.totalCents)}`, "", ORDER_CLOSING].join("\n");
}
