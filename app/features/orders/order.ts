import { formatCents } from "~/features/money/money";
import type { CartItem, CartSpecials } from "~/features/cart/cart-lines";
import { specialsMessageLines } from "~/features/specials/message";
import {
  enabledDeliveryMethods,
  minimumOrderFor,
  shippingFeeCents,
  type Delivery,
  type DeliveryZone,
  type Settings,
} from "~/features/settings/settings";
import { openingClock, clockText } from "~/features/settings/shop-hours";
import { ASAP, ORDER_NOTE_MAX, SOLD_OUT_LABELS, windowLabel, type OrderChoices, type SoldOutChoice } from "./order-choices";

/**
 * The order, built in one place from the cart's current rows, the shop's settings, the shopper's
 * choices and the clock: its money (subtotal, delivery fee, total), the rules it must meet (the
 * minimum order, a delivery method the shop offers, a window it can keep), the message the owner
 * receives and the snapshot the order link signs. Pure: the checkout page, the drawer, the order
 * post and the reopened link all read the same answer.
 */

/** Telegram pre-fills (and sends) at most 4096 characters of text. */
export const TELEGRAM_MAX_TEXT_LENGTH = 4096;

/** The longest product name the admin form allows; longer names (from elsewhere) are shortened in the text. */
export const ORDER_NAME_MAX_LENGTH = 120;

/** The longest size label the admin form allows; longer ones (from elsewhere) are shortened in the text. */
const ORDER_SIZE_MAX_LENGTH = 40;

/** "name — size" is at most this long when the message has room: the size stays whole and a long name gives way. */
const ORDER_SIZED_NAME_MAX_LENGTH = ORDER_NAME_MAX_LENGTH + 20;

interface OrderLine {
  name: string;
  /** the line's size ('1/8 oz'); '' or none for a product sold in one size */
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
function orderLineText(line: OrderLine, sizedMax = ORDER_SIZED_NAME_MAX_LENGTH): string {
  return `• ${line.quantity} x ${orderName(line, sizedMax)} (${formatCents(line.unitPriceCents)} each = ${formatCents(line.lineTotalCents)})`;
}

/** A delivery choice as one form value: "shipping", "pickup" or "local:<zone name>". */
export type DeliveryOption =
  | { value: "shipping"; kind: "shipping"; label: string; feeCents: number; freeOverCents: number | null; estimate: string }
  | { value: string; kind: "local"; label: string; zone: DeliveryZone }
  | { value: "pickup"; kind: "pickup"; label: string; instruction: string };

function deliveryOptions(delivery: Delivery): DeliveryOption[] {
  return enabledDeliveryMethods(delivery).map((method): DeliveryOption => {
    if (method.kind === "shipping") {
      const { feeCents, freeOverCents, estimate } = method;
      return { value: "shipping", kind: "shipping", label: method.name, feeCents, freeOverCents, estimate };
    }
    if (method.kind === "local")
      return { value: `local:${method.zone.name}`, kind: "local", label: `${method.name} — ${method.zone.name}`, zone: method.zone };
    return { value: "pickup", kind: "pickup", label: method.name, instruction: method.instruction };
  });
}

/** The form value of a choice's delivery ("local:Downtown"), or "" when none is chosen. */
export function deliveryValue(choices: OrderChoices): string {
  if (!choices.method) return "";
  return choices.method === "local" ? `local:${choices.zone ?? ""}` : choices.method;
}

/** A form value back into the choices' method and zone. */
export function fromDeliveryValue(value: string): Pick<OrderChoices, "method" | "zone"> {
  if (value === "shipping" || value === "pickup") return { method: value };
  if (value.startsWith("local:") && value.length > 6) return { method: "local", zone: value.slice(6) };
  return {};
}

/** The fee for a delivery option at a subtotal: shipping is free at or over its threshold; a zone costs its fee; pickup is free. */
function deliveryFeeCents(option: DeliveryOption | undefined, subtotalCents: number): number {
  if (!option) return 0;
  if (option.kind === "shipping") return shippingFeeCents({ ...option, enabled: true, name: option.label }, subtotalCents);
  return option.kind === "local" ? option.zone.feeCents : 0;
}

/** The minimum order for an option: a zone's own, else the shop's. */
function minimumFor(settings: Pick<Settings, "minimumOrderCents">, option: DeliveryOption | undefined): number {
  return minimumOrderFor(settings, option?.kind === "local" ? option.zone : undefined);
}

/** 'Free delivery over $X — add $Y more' while shipping is not yet free; null otherwise. */
function freeDeliveryHint(option: DeliveryOption | undefined, subtotalCents: number): string | null {
  if (option?.kind !== "shipping" || option.freeOverCents === null || option.feeCents === 0) return null;
  if (subtotalCents >= option.freeOverCents) return null;
  return `Free delivery over ${formatCents(option.freeOverCents)} — add ${formatCents(option.freeOverCents - subtotalCents)} more`;
}

/** The slots offered: every whole hour the shop is open, from the next one on, over today and the next two days. */
const WINDOW_DAYS = 3;
const MAX_WINDOWS = 48;
const HOUR_MS = 3_600_000;

export interface DeliveryWindow {
  /** YYYY-MM-DDTHH:MM, the slot's start in the shop's time zone */
  value: string;
  label: string;
}

/**
 * The delivery or pickup windows the shop can keep, from its hours and closures in its time zone:
 * hour-long slots starting at each whole hour it is open, from the next whole hour to the end of
 * the day after tomorrow. A daylight-saving change moves the instants, never the wall-clock slots.
 */
export function deliveryWindows(hours: Settings["hours"], now: Date): DeliveryWindow[] {
  const clock = openingClock(hours, now);
  const first = clock(now.getTime()).at;
  const lastDate = new Date(Date.parse(`${first.date}T00:00:00Z`) + (WINDOW_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const minuteMs = 60_000;
  // The next whole hour of the shop's clock (zones a half hour off UTC included).
  let instant = now.getTime() - (now.getTime() % minuteMs) + (60 - (first.minutes % 60)) * minuteMs;
  const windows: DeliveryWindow[] = [];
  const seen = new Set<string>();
  for (let step = 0; step < WINDOW_DAYS * 24 + 2 && windows.length < MAX_WINDOWS; step++, instant += HOUR_MS) {
    const { open, at } = clock(instant);
    if (at.date > lastDate) break;
    if (!open) continue;
    const hh = String(Math.floor(at.minutes / 60)).padStart(2, "0");
    const mm = String(at.minutes % 60).padStart(2, "0");
    const value = `${at.date}T${hh}:${mm}`;
    // A fall-back hour repeats a wall-clock slot: it is offered once.
    if (seen.has(value)) continue;
    seen.add(value);
    windows.push({ value, label: `${windowLabel(value)} – ${clockText((at.minutes + 60) % 1440)}` });
  }
  return windows;
}

export interface OrderInput {
  items: readonly CartItem[];
  settings: Settings;
  choices: OrderChoices;
  note: string;
  now: Date;
  /** the specials the server applied to these items (specialsForCart through the cart), if any */
  specials?: CartSpecials | null;
}

export type OrderField = "delivery" | "window" | "payment" | "soldOut" | "note" | "minimum";

export interface BuiltOrder {
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
  minimumCents: number;
  /** how much more the cart needs to reach the minimum (0: none) */
  missingCents: number;
  option: DeliveryOption | undefined;
  options: DeliveryOption[];
  windows: DeliveryWindow[];
  /** the choices as they will be ordered (defaults filled in where the shop offers one way only) */
  choices: OrderChoices;
  note: string;
  freeDeliveryHint: string | null;
  /** the specials applied (null: none); the message lists each with its saving and the total after */
  specials: CartSpecials | null;
  /** what stops the order, by field, in the shop's words */
  errors: Partial<Record<OrderField, string>>;
  ok: boolean;
}

/** Notes keep their words but lose control characters; at most ORDER_NOTE_MAX characters (code points). */
function cleanNote(note: string): string {
  return note
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n]/gu, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const noteLength = (note: string) => Array.from(note).length;

function minimumMessage(minimumCents: number, missingCents: number, where: string | null): string {
  return `The minimum order${where ? ` for ${where}` : ""} is ${formatCents(minimumCents)} — add ${formatCents(missingCents)} more`;
}

export function buildOrder({ items, settings, choices, note, now, specials = null }: OrderInput): BuiltOrder {
  const subtotalCents = items.reduce((sum, item) => sum + item.lineTotalCents, 0);
  const options = deliveryOptions(settings.delivery);
  const errors: BuiltOrder["errors"] = {};

  const chosen = deliveryValue(choices);
  const option = options.find((candidate) => candidate.value === chosen) ?? (options.length === 1 ? options[0] : undefined);
  if (!option)
    errors.delivery =
      options.length === 0 ? "The shop takes no orders online right now. Message us on Telegram." : "Choose how to receive your order";

  const needsWindow = option?.kind === "local" || option?.kind === "pickup";
  const windows = needsWindow ? deliveryWindows(settings.hours, now) : [];
  let window = needsWindow ? (choices.window ?? ASAP) : undefined;
  if (window && window !== ASAP && !windows.some((candidate) => candidate.value === window)) {
    errors.window = "That time is no longer available — choose another";
    window = undefined;
  }

  const payments = settings.paymentMethods;
  const payment = choices.payment && payments.includes(choices.payment) ? choices.payment : payments.length === 1 ? payments[0] : undefined;
  if (!payment) errors.payment = "Choose how you will pay";

  const soldOut: SoldOutChoice = choices.soldOut ?? "call";

  const cleaned = cleanNote(note);
  if (noteLength(cleaned) > ORDER_NOTE_MAX) errors.note = `Keep the note to ${ORDER_NOTE_MAX} characters`;

  const applied = specials && specials.applied.length > 0 ? specials : null;
  // A spend-and-save special with free delivery waives the fee; the total to pay is after the specials.
  const feeCents = applied?.applied.some((special) => special.freeDelivery) ? 0 : deliveryFeeCents(option, subtotalCents);
  const minimumCents = minimumFor(settings, option);
  const missingCents = Math.max(0, minimumCents - subtotalCents);
  if (missingCents > 0) errors.minimum = minimumMessage(minimumCents, missingCents, option?.kind === "local" ? option.zone.name : null);
  if (items.length === 0) errors.minimum = "Your cart is empty";

  const finalChoices: OrderChoices = {
    ...(option ? { method: option.kind } : {}),
    ...(option?.kind === "local" ? { zone: option.zone.name } : {}),
    ...(window ? { window } : {}),
    ...(payment ? { payment } : {}),
    soldOut,
  };
  return {
    subtotalCents,
    feeCents,
    totalCents: (applied ? applied.totalCents : subtotalCents) + feeCents,
    minimumCents,
    missingCents,
    option,
    options,
    windows,
    choices: finalChoices,
    note: cleaned,
    freeDeliveryHint: freeDeliveryHint(option, subtotalCents),
    specials: applied,
    errors,
    ok: Object.keys(errors).length === 0,
  };
}

/** What the order link signs: ids, quantities, quoted unit cents, choices, the quoted fee, the time — nothing about the shopper. */
export function orderSnapshot(order: BuiltOrder, items: readonly CartItem[], now: Date) {
  return {
    at: Math.floor(now.getTime() / 1000),
    lines: items.map((item) => ({
      productId: item.id,
      ...(item.sizeId === undefined ? {} : { sizeId: item.sizeId }),
      quantity: item.quantity,
      unitCents: item.unitPriceCents,
    })),
    choices: order.choices,
    feeCents: order.feeCents,
    ...(order.specials ? { savedCents: order.specials.savingCents } : {}),
  };
}

const ORDER_MESSAGE_GREETING = "Hello, I would love to order:";

/** How the chosen delivery reads: "Local delivery — Downtown: $5.00, same day" or "In-town appointment (Meet at …)". */
function deliveryText(order: Pick<BuiltOrder, "option" | "feeCents">): string {
  const option = order.option;
  if (!option) return "Not chosen";
  const fee = order.feeCents === 0 ? "free" : formatCents(order.feeCents);
  if (option.kind === "shipping") return [`${option.label}: ${fee}`, option.estimate].filter(Boolean).join(", ");
  if (option.kind === "local") return [`${option.label}: ${fee}`, option.zone.estimate].filter(Boolean).join(", ");
  return option.label;
}

/** The longest "name — size" first; names give way until the whole message fits Telegram's limit. */
const NAME_BUDGETS = [140, 100, 70, 50, 36, 24, 16];

/**
 * The message the owner receives: every line, the money, how, when and how it will be paid, the
 * sold-out choice, the note, and the order's reference and link. Within Telegram's limit at every
 * bound: long names are shortened first, never the choices, the reference or the link.
 */
export function orderMessage(order: BuiltOrder, items: readonly CartItem[], link: { reference: string; url: string } | null): string {
  const tail = (budget: number) => [
    "",
    `Subtotal: ${formatCents(order.subtotalCents)}`,
    // Special names give way with the product names.
    ...(order.specials ? ["", ...specialsMessageLines(order.specials, Math.min(40, budget)), ""] : []),
    `Delivery: ${deliveryText(order)}`,
    `Total to pay: ${formatCents(order.totalCents)}`,
    `Payment: ${order.choices.payment ?? "Not chosen"}`,
    ...(order.choices.window ? [`When: ${windowLabel(order.choices.window)}`] : []),
    `If something is sold out: ${SOLD_OUT_LABELS[order.choices.soldOut ?? "call"]}`,
    ...(order.note ? ["", `Note: ${order.note}`] : []),
    ...(link ? ["", `Order ${link.reference}`, `Check or order again: ${link.url}`] : []),
    "",
    "Thank you!",
  ];
  let text = "";
  for (const budget of NAME_BUDGETS) {
    text = [ORDER_MESSAGE_GREETING, "", ...items.map((item) => orderLineText(item, budget)), ...tail(budget)].join("\n");
    if (text.length <= TELEGRAM_MAX_TEXT_LENGTH) return text;
  }
  // Still too long (the most specials at every bound): the specials shrink to one line of their saving.
  const last = NAME_BUDGETS[NAME_BUDGETS.length - 1]!;
  return [ORDER_MESSAGE_GREETING, "", ...items.map((item) => orderLineText(item, last)), ...tail(0)].join("\n");
}
