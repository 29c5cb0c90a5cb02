import type { CartItem, CartSpecials } from "~/features/cart/cart-lines";
import type { Settings } from "~/features/settings/settings";
import { buildOrder, orderMessage, orderSnapshot, type BuiltOrder } from "./order";
import { orderLinkPath, orderReference, readOrderLink, signOrderLink, type OrderSnapshot } from "./order-link.server";
import type { SavedChoices } from "./order-choices.server";

/** The absolute link to an order, on the origin the shopper used. */
function orderLinkUrl(request: Request, token: string): string {
  return new URL(orderLinkPath(token), new URL(request.url).origin).href;
}

export interface SentOrder {
  order: BuiltOrder;
  message: string;
  /** the signed order link's token (null: the shop has no secret to sign with) */
  token: string | null;
}

/** The order as it is sent: built, signed and written as the message (only when the order can be sent). */
export async function signedOrder(
  request: Request,
  secret: string | undefined,
  items: readonly CartItem[],
  settings: Settings,
  saved: SavedChoices,
  now: Date,
  specials: CartSpecials | null = null,
): Promise<SentOrder> {
  const order = buildOrder({ items, settings, choices: saved.choices, note: saved.note, now, specials });
  if (!order.ok) return { order, message: "", token: null };
  const token = await signOrderLink(secret, orderSnapshot(order, items, now));
  const link = token ? { reference: orderReference(token), url: orderLinkUrl(request, token) } : null;
  return { order, message: orderMessage(order, items, link), token };
}

/** Current lines with the prices the link quoted (names and sizes stay today's). */
function atQuotedPrices(items: readonly CartItem[], snapshot: OrderSnapshot): CartItem[] {
  return items.map((item) => {
    const quoted = snapshot.lines.find((line) => line.productId === item.id && (line.sizeId ?? item.sizeId) === item.sizeId);
    return quoted ? { ...item, unitPriceCents: quoted.unitCents, lineTotalCents: quoted.unitCents * item.quantity } : item;
  });
}

/**
 * The message of an order already sent, written again from its signed link (the quoted prices and
 * choices), the note kept beside it and the specials `specialsOf` applies to those lines; null when
 * the link no longer reads.
 */
export async function messageFromLink(
  request: Request,
  secret: string | undefined,
  token: string,
  items: readonly CartItem[],
  settings: Settings,
  note: string,
  specialsOf: (items: readonly CartItem[]) => CartSpecials | null = () => null,
): Promise<string | null> {
  const reading = await readOrderLink(secret, token);
  if (!reading.ok) return null;
  const quoted = atQuotedPrices(items, reading.order);
  const now = new Date(reading.order.at * 1000);
  const order = buildOrder({ items: quoted, settings, choices: reading.order.choices, note, now, specials: specialsOf(quoted) });
  return orderMessage(order, quoted, { reference: reading.reference, url: orderLinkUrl(request, token) });
}
