import { z } from "zod";

/**
 * How a shopper wants an order handled, chosen at checkout. The delivery method, zone and payment
 * name entries of the shop's settings by their names, so an order reads in the owner's own words.
 * None of these say anything about who the shopper is; the note is the one free text, and it travels
 * only in the message, never in the order link.
 */
const DELIVERY_KINDS = ["shipping", "local", "pickup"] as const;
export const SOLD_OUT_CHOICES = ["replace", "call", "leave-out"] as const;
export type SoldOutChoice = (typeof SOLD_OUT_CHOICES)[number];

/** A delivery window: as soon as possible, or the local start time of a slot in the shop's time zone. */
export const ASAP = "asap";
const WINDOW = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

export const ORDER_NOTE_MAX = 300;

export const orderChoicesSchema = z.object({
  method: z.enum(DELIVERY_KINDS).optional(),
  /** a local delivery zone's name, as the settings call it */
  zone: z.string().min(1).max(80).optional(),
  window: z.union([z.literal(ASAP), z.string().regex(WINDOW)]).optional(),
  /** one of the settings' payment methods, by name */
  payment: z.string().min(1).max(40).optional(),
  soldOut: z.enum(SOLD_OUT_CHOICES).optional(),
});
export type OrderChoices = z.infer<typeof orderChoicesSchema>;

/** The sold-out choices as the shopper reads them at checkout and the owner reads them in the message. */
export const SOLD_OUT_LABELS: Record<SoldOutChoice, string> = {
  replace: "Replace it with something similar",
  call: "Contact me first",
  "leave-out": "Leave it out",
};

// Made once: a checkout labels dozens of windows, and each toLocale… call builds its formatter anew.
const WEEKDAY = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
const DAY_MONTH = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const CLOCK = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });

/** A window as words: "As soon as possible" or "Sat 28 Nov, 6:00 PM" (the slot's start, in the shop's time). */
export function windowLabel(window: string): string {
  if (window === ASAP) return "As soon as possible";
  const [date = "", time = ""] = window.split("T");
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const at = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0));
  return `${WEEKDAY.format(at)} ${DAY_MONTH.format(at)}, ${CLOCK.format(at)}`;
}
