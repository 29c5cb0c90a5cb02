import { z } from "zod";
import type { ShopDefaultsEnv, ShopDocument } from "~/features/shop-documents/shop-document";
import { NEW_SHOP_NAME, NEW_SHOP_TAGLINE } from "./shop-defaults";

/**
 * The shop's settings: one versioned document (app/features/shop-documents) the owner edits in
 * /admin/settings. This schema is their only definition: the stored value, the admin forms (each
 * form parses its part with the same field rules) and every reader go through it.
 */

/** Telegram's rule for a public username: 5–32 characters, letters, digits and underscores, not starting with a digit. */
export const telegramUsernameSchema = z
  .string({ required_error: "Enter the Telegram username orders go to." })
  .trim()
  .transform((value) => value.replace(/^@/, "").replace(/^https?:\/\/t\.me\//i, ""))
  .pipe(
    z
      .string()
      .min(5, "A Telegram username has at least 5 characters.")
      .max(32, "A Telegram username has at most 32 characters.")
      .regex(/^[A-Za-z0-9_]+$/, "Use only letters (a–z), digits and underscores.")
      .regex(/^[A-Za-z_]/, "A Telegram username cannot start with a digit."),
  );

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const timeSchema = z.string({ required_error: "Enter a time." }).trim().regex(TIME, "Enter a time as HH:MM (24-hour clock).");
export const dateSchema = z
  .string({ required_error: "Enter a date." })
  .trim()
  .regex(DATE, "Enter a date as YYYY-MM-DD.")
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "That date does not exist.",
  );

/** A time zone the runtime knows (an IANA name such as "America/New_York"). */
function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ required_error: "Choose the shop's time zone." })
  .trim()
  .refine(isTimeZone, "Choose a time zone from the list.");

/** Plain text on one line: no control characters, spaces collapsed. */
function line(max: number, what: string) {
  return z
    .string()
    .transform((value) =>
      value
        .replace(/\p{Cc}+/gu, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .pipe(z.string().max(max, `${what} can be at most ${max} characters.`));
}
function requiredLine(max: number, what: string) {
  return line(max, what).pipe(z.string().min(1, `Enter ${what.toLowerCase()}.`));
}

/** Monday first, as the owner's week is shown. */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export const dayHoursSchema = z
  .object({ open: z.boolean(), opens: timeSchema, closes: timeSchema })
  .refine((day) => !day.open || day.opens !== day.closes, { message: "Opening and closing time cannot be the same.", path: ["closes"] });
type DayHours = z.infer<typeof dayHoursSchema>;

export const MAX_CLOSURES = 20;
export const closureSchema = z
  .object({ from: dateSchema, to: dateSchema, note: line(140, "A closure's note") })
  .refine((closure) => closure.to >= closure.from, { message: "The last day cannot be before the first.", path: ["to"] });
const hoursSchema = z.object({
  timeZone: timeZoneSchema,
  week: z.array(dayHoursSchema).length(7),
  closures: z.array(closureSchema).max(MAX_CLOSURES, `At most ${MAX_CLOSURES} closures.`),
});
export type Hours = z.infer<typeof hoursSchema>;

export const ANNOUNCEMENT_MAX = 140;
export const announcementSchema = z.object({
  text: line(ANNOUNCEMENT_MAX, "The announcement"),
  /** shown until the end of this day in the shop's time zone; empty: until removed */
  until: z.union([z.literal(""), dateSchema]),
});

export const identitySchema = z.object({
  tradingName: requiredLine(80, "The trading name"),
  licence: line(80, "The licence number"),
  email: z.union([
    z.literal(""),
    z.string().trim().max(254, "An email address has at most 254 characters.").email("Enter an email address like name@example.com."),
  ]),
  serviceArea: line(140, "The service area"),
  /** the line under the name in every page's footer; empty: none. Versions saved without it read the original line. */
  tagline: line(120, "The tagline").default(NEW_SHOP_TAGLINE),
});

const cents = z.number().int().min(0).max(100_000_000);

export const MAX_ZONES = 20;
export const zoneSchema = z.object({
  name: requiredLine(80, "A zone's name"),
  feeCents: cents,
  /** this zone's own minimum order (overrides the shop's); null: the shop's */
  minimumCents: cents.nullable(),
  estimate: line(80, "A zone's estimate"),
});
export type DeliveryZone = z.infer<typeof zoneSchema>;

export const deliverySchema = z.object({
  shipping: z.object({
    enabled: z.boolean(),
    name: requiredLine(60, "The shipping option's name"),
    feeCents: cents,
    /** free at or over this subtotal; null: never free */
    freeOverCents: cents.nullable(),
    estimate: line(80, "The shipping estimate"),
  }),
  local: z.object({
    enabled: z.boolean(),
    name: requiredLine(60, "The local delivery option's name"),
    zones: z.array(zoneSchema).max(MAX_ZONES, `At most ${MAX_ZONES} zones.`),
  }),
  pickup: z.object({
    enabled: z.boolean(),
    name: requiredLine(60, "The pickup option's name"),
    instruction: line(200, "The pickup instruction"),
  }),
});
export type Delivery = z.infer<typeof deliverySchema>;

const MAX_PAYMENT_METHODS = 10;
export const paymentMethodsSchema = z
  .array(requiredLine(40, "A payment method"))
  .min(1, "List at least one way to pay.")
  .max(MAX_PAYMENT_METHODS, `At most ${MAX_PAYMENT_METHODS} ways to pay.`);

const settingsSchema = z.object({
  telegramUsername: telegramUsernameSchema,
  identity: identitySchema,
  hours: hoursSchema,
  announcement: announcementSchema,
  delivery: deliverySchema,
  /** the whole shop's minimum order (0: none); a zone's own minimum overrides it */
  minimumOrderCents: cents,
  paymentMethods: paymentMethodsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

const EVERY_DAY: DayHours = { open: true, opens: "09:00", closes: "23:00" };

/** A new shop: the texts the shop has always shown (every day 9:00 AM to 11:00 PM, nationwide in 1–3 business days). */
export function defaultSettings(env: ShopDefaultsEnv): Settings {
  return {
    telegramUsername: env.TELEGRAM_USERNAME,
    identity: { tradingName: NEW_SHOP_NAME, licence: "", email: "", serviceArea: "Nationwide", tagline: NEW_SHOP_TAGLINE },
    hours: { timeZone: "America/New_York", week: WEEKDAYS.map(() => ({ ...EVERY_DAY })), closures: [] },
    announcement: { text: "", until: "" },
    delivery: {
      shipping: { enabled: true, name: "Discreet nationwide delivery", feeCents: 0, freeOverCents: null, estimate: "1-3 business days" },
      local: { enabled: false, name: "Local delivery", zones: [] },
      pickup: { enabled: true, name: "In-town appointment", instruction: "Message us on Telegram to book a time and place." },
    },
    minimumOrderCents: 0,
    paymentMethods: ["Cash on delivery"],
  };
}

export const SETTINGS: ShopDocument<Settings> = {
  name: "settings",
  schema: settingsSchema,
  defaults: defaultSettings,
  labels: {
    telegramUsername: "Ordering account",
    identity: "Business identity",
    hours: "Hours",
    announcement: "Announcement",
    delivery: "Delivery",
    minimumOrderCents: "Minimum order",
    paymentMethods: "Payment methods",
  },
};

/** The delivery ways a shopper can choose now (the later order builder reads these). */
export function enabledDeliveryMethods(delivery: Delivery) {
  const methods: Array<
    | { kind: "shipping"; name: string; feeCents: number; freeOverCents: number | null; estimate: string }
    | { kind: "local"; name: string; zone: DeliveryZone }
    | { kind: "pickup"; name: string; instruction: string }
  > = [];
  if (delivery.shipping.enabled) {
    const { name, feeCents, freeOverCents, estimate } = delivery.shipping;
    methods.push({ kind: "shipping", name, feeCents, freeOverCents, estimate });
  }
  if (delivery.local.enabled) for (const zone of delivery.local.zones) methods.push({ kind: "local", name: delivery.local.name, zone });
  if (delivery.pickup.enabled) methods.push({ kind: "pickup", name: delivery.pickup.name, instruction: delivery.pickup.instruction });
  return methods;
}

/** The minimum order for a zone: its own, else the shop's (0: none). */
export function minimumOrderFor(settings: Pick<Settings, "minimumOrderCents">, zone?: Pick<DeliveryZone, "minimumCents">): number {
  return zone?.minimumCents ?? settings.minimumOrderCents;
}

/** The shipping fee for a subtotal: free at or over the threshold. */
export function shippingFeeCents(shipping: Delivery["shipping"], subtotalCents: number): number {
  return shipping.freeOverCents !== null && subtotalCents >= shipping.freeOverCents ? 0 : shipping.feeCents;
}
