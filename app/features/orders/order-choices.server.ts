import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";
import { ASAP, ORDER_NOTE_MAX, SOLD_OUT_CHOICES, orderChoicesSchema, type OrderChoices } from "./order-choices";
import { fromDeliveryValue } from "./order";

/**
 * The shopper's checkout choices and note live beside the cart, in the `cannabis-order` cookie, never
 * on the server: they survive a reload, a visit to another page and a post without JavaScript, and
 * go when the order is sent.
 */
const ORDER_CHOICES_COOKIE_NAME = "cannabis-order";

const choicesCookie = (request: Request) =>
  createCookie(ORDER_CHOICES_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60 * 60 * 24 * 30,
    secure: new URL(request.url).protocol === "https:",
  });

export interface SavedChoices {
  choices: OrderChoices;
  note: string;
}

const EMPTY: SavedChoices = { choices: {}, note: "" };

/** Every field is read on its own: one stale or foreign value drops out, the others stay. */
const savedSchema = z.object({
  c: z
    .object({
      method: orderChoicesSchema.shape.method.catch(undefined),
      zone: orderChoicesSchema.shape.zone.catch(undefined),
      window: orderChoicesSchema.shape.window.catch(undefined),
      payment: orderChoicesSchema.shape.payment.catch(undefined),
      soldOut: orderChoicesSchema.shape.soldOut.catch(undefined),
    })
    .catch({}),
  n: z.string().catch(""),
});

function compact(choices: OrderChoices): OrderChoices {
  // Object.entries drops `undefined` from an optional field's type, but a field read as undefined is there.
  return Object.fromEntries(Object.entries(choices).filter(([, value]: [string, unknown]) => value !== undefined));
}

export async function readSavedChoices(request: Request): Promise<SavedChoices> {
  const raw: unknown = await choicesCookie(request).parse(request.headers.get("Cookie"));
  const parsed = savedSchema.safeParse(raw);
  if (!parsed.success) return EMPTY;
  return { choices: compact(parsed.data.c), note: Array.from(parsed.data.n).slice(0, ORDER_NOTE_MAX).join("") };
}

export async function savedChoicesHeader(request: Request, saved: SavedChoices): Promise<string> {
  return choicesCookie(request).serialize({ c: compact(saved.choices), n: Array.from(saved.note).slice(0, ORDER_NOTE_MAX).join("") });
}

/** A bound far above the note's limit: the builder says the note is too long; anything longer is not a shopper's note. */
const NOTE_INPUT_MAX = ORDER_NOTE_MAX * 8;

/** The checkout form's fields: `delivery`, `window`, `payment`, `soldOut`, `note`. Unknown values read as not chosen. */
export const checkoutFieldsSchema = z.object({
  delivery: z.string().max(100).optional().catch(undefined),
  window: z
    .union([z.literal(ASAP), orderChoicesSchema.shape.window.unwrap()])
    .optional()
    .catch(undefined),
  payment: z.string().trim().min(1).max(40).optional().catch(undefined),
  soldOut: z.enum(SOLD_OUT_CHOICES).optional().catch(undefined),
  note: z.string().max(NOTE_INPUT_MAX, `Keep the note to ${ORDER_NOTE_MAX} characters`).optional(),
});

/** The choices posted with the checkout form, when it carried them (`choices=1`). */
export function postedChoices(fields: z.infer<typeof checkoutFieldsSchema>): SavedChoices {
  return {
    choices: compact({
      ...(fields.delivery ? fromDeliveryValue(fields.delivery) : {}),
      window: fields.window,
      payment: fields.payment,
      soldOut: fields.soldOut,
    }),
    note: fields.note ?? "",
  };
}
