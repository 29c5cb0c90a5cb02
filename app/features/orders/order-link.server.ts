/**
 * The order link: `/o/<payload>.<signature>`, made when an order message is built and put in it.
 * The payload is what reopens the cart (product and size ids, quantities, the unit prices the shop
 * quoted, the checkout choices, the quoted delivery fee, the time); no name, note or anything else
 * about the shopper. The signature is an HMAC keyed from SESSION_SECRET (HKDF, so the key signs
 * nothing else), which lets the owner trust the prices the link shows: a message whose text was edited
 * no longer matches its link. Nothing is stored: the link is the order's only record.
 */
import { z } from "zod";
import { timingSafeEqual } from "~/features/auth/password";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/features/cart/cart-lines";
import { orderChoicesSchema, type OrderChoices } from "./order-choices";
import { referenceFromBytes } from "./reference";

const ORDER_LINK_PATH = "/o/";
/** An owner checks an order within weeks; a link older than this reads as expired. */
export const ORDER_LINK_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Clocks differ a little between isolates; a link from further ahead than this was not made here. */
const CLOCK_SKEW_SECONDS = 5 * 60;
/** 128 bits of HMAC-SHA256: far beyond guessing, and 22 characters in the link. */
const SIGNATURE_BYTES = 16;
/** A payload at every bound (20 lines, the longest non-Latin choices) is under 1,700 characters; anything far longer is not ours. */
const MAX_TOKEN_LENGTH = 4000;

export interface OrderLinkLine {
  productId: number;
  /** the size ordered; none for a product sold in one size */
  sizeId?: number;
  quantity: number;
  /** the unit price the shop quoted for this quantity, in cents */
  unitCents: number;
}

export interface OrderSnapshot {
  /** when the order message was made, in seconds since the epoch */
  at: number;
  lines: OrderLinkLine[];
  choices: OrderChoices;
  /** the delivery fee quoted with the order, in cents (none: no method chosen) */
  feeCents?: number;
  /** what the specials took off the quoted lines, in cents (none: no special applied) */
  savedCents?: number;
}

const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 31);
const cents = z.number().int().min(0).max(100_000_000);

/** The wire form: short keys, lines as [product, size (0: none), quantity, unit cents]. */
const wireSchema = z.object({
  t: z.number().int().positive(),
  l: z
    .array(z.tuple([id, z.union([z.literal(0), id]), z.number().int().min(1).max(MAX_LINE_QUANTITY), cents]))
    .min(1)
    .max(MAX_CART_LINES),
  c: orderChoicesSchema,
  f: cents.optional(),
  s: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
type Wire = z.infer<typeof wireSchema>;

function toWire(order: OrderSnapshot): Wire {
  return {
    t: order.at,
    l: order.lines.map((line) => [line.productId, line.sizeId ?? 0, line.quantity, line.unitCents]),
    c: order.choices,
    ...(order.feeCents === undefined ? {} : { f: order.feeCents }),
    ...(order.savedCents ? { s: order.savedCents } : {}),
  };
}

function fromWire(wire: Wire): OrderSnapshot {
  return {
    at: wire.t,
    lines: wire.l.map(([productId, sizeId, quantity, unitCents]) =>
      sizeId ? { productId, sizeId, quantity, unitCents } : { productId, quantity, unitCents },
    ),
    choices: wire.c,
    ...(wire.f === undefined ? {} : { feeCents: wire.f }),
    ...(wire.s === undefined ? {} : { savedCents: wire.s }),
  };
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

const keys = new Map<string, Promise<CryptoKey>>();

/** The link's own HMAC key, derived from the session secret (memoised per isolate). */
function signingKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const encoder = new TextEncoder();
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("greenleaf order link v1") },
          base,
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign"],
        ),
      );
    keys.set(secret, key);
  }
  return key;
}

async function signature(secret: string, payload: string): Promise<Uint8Array> {
  const mac = await crypto.subtle.sign("HMAC", await signingKey(secret), new TextEncoder().encode(payload));
  return new Uint8Array(mac).slice(0, SIGNATURE_BYTES);
}

/** The order's reference, read from its signature (reference.ts): unique enough to key stock movements by. */
export function orderReference(token: string): string {
  return referenceFromBytes(fromBase64url(token.slice(token.lastIndexOf(".") + 1)) ?? new Uint8Array(0));
}

/** The token for an order (`payload.signature`), or null when the shop has no session secret to sign with. */
export async function signOrderLink(secret: string | undefined, order: OrderSnapshot): Promise<string | null> {
  if (!secret) return null;
  const payload = base64url(new TextEncoder().encode(JSON.stringify(toWire(order))));
  return `${payload}.${base64url(await signature(secret, payload))}`;
}

export type OrderLinkReading = { ok: true; order: OrderSnapshot; reference: string } | { ok: false; reason: "invalid" | "expired" };

/**
 * What a token says, if this shop signed it and it has not expired. Anything else (a flipped bit, a
 * changed quantity, another shop's secret, a malformed payload) reads as invalid, never as an error.
 */
export async function readOrderLink(
  secret: string | undefined,
  token: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<OrderLinkReading> {
  const dot = token.indexOf(".");
  if (!secret || token.length > MAX_TOKEN_LENGTH || dot < 1 || dot !== token.lastIndexOf(".")) return { ok: false, reason: "invalid" };
  const payload = token.slice(0, dot);
  const given = fromBase64url(token.slice(dot + 1));
  if (!given || !timingSafeEqual(given, await signature(secret, payload))) return { ok: false, reason: "invalid" };
  const bytes = fromBase64url(payload);
  let json: unknown;
  try {
    json = bytes ? JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) : null;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const wire = wireSchema.safeParse(json);
  if (!wire.success || wire.data.t > nowSeconds + CLOCK_SKEW_SECONDS) return { ok: false, reason: "invalid" };
  if (nowSeconds - wire.data.t > ORDER_LINK_MAX_AGE_SECONDS) return { ok: false, reason: "expired" };
  return { ok: true, order: fromWire(wire.data), reference: orderReference(token) };
}

/** The link's path for a token. */
export function orderLinkPath(token: string): string {
  return `${ORDER_LINK_PATH}${token}`;
}
