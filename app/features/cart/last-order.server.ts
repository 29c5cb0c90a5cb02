import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";
import { normalizeCartLines, savedLine, type CartLine } from "./cart-lines";

/**
 * The order last sent from this browser, kept for half an hour after the cart is emptied: the ids and
 * quantities only (like the cart cookie), so the checkout page can say the order was sent and offer to
 * open Telegram again with the same text. `open` is set by the order itself and cleared by the first
 * page that shows it: that page opens Telegram once (the no-JavaScript order, see decision 014).
 */
export const LAST_ORDER_COOKIE_NAME = "last-order";

const lastOrderCookie = (request: Request) =>
  createCookie(LAST_ORDER_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60 * 30,
    secure: new URL(request.url).protocol === "https:",
  });

const LastOrderSchema = z.object({
  lines: z.array(z.object({ id: z.number(), quantity: z.number(), sizeId: z.number().optional() })),
  open: z.boolean(),
  token: z.string().max(4000).optional().catch(undefined),
  note: z.string().max(2400).optional().catch(undefined),
});

export interface LastOrder {
  lines: CartLine[];
  /** Telegram has not been opened for it yet (the order was placed without JavaScript) */
  open: boolean;
  /** the order link's token, so the same message (choices, quoted prices, link) can be opened again */
  token?: string;
  /** the order's note, which the link never carries */
  note?: string;
}

export async function readLastOrder(request: Request): Promise<LastOrder | null> {
  const raw: unknown = await lastOrderCookie(request).parse(request.headers.get("Cookie"));
  const parsed = LastOrderSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { lines } = normalizeCartLines(parsed.data.lines);
  const { token, note } = parsed.data;
  return lines.length > 0 ? { lines, open: parsed.data.open, ...(token ? { token } : {}), ...(note ? { note } : {}) } : null;
}

/** A browser keeps a cookie of at most 4096 bytes: a note that would pass it is left out (the link still reopens the order). */
const COOKIE_ROOM = 3900;

export async function lastOrderCookieHeader(request: Request, order: LastOrder): Promise<string> {
  const value = { lines: order.lines.map(savedLine), open: order.open, ...(order.token ? { token: order.token } : {}) };
  if (order.note) {
    const withNote = await lastOrderCookie(request).serialize({ ...value, note: order.note });
    if (withNote.length <= COOKIE_ROOM) return withNote;
  }
  return lastOrderCookie(request).serialize(value);
}
