import { z } from "zod";
import { formatCents, parsePriceToCents } from "~/features/money/money";
import {
  announcementSchema,
  closureSchema,
  dayHoursSchema,
  deliverySchema,
  identitySchema,
  MAX_CLOSURES,
  MAX_ZONES,
  paymentMethodsSchema,
  telegramUsernameSchema,
  timeZoneSchema,
  type Settings,
  zoneSchema,
} from "./settings";

/**
 * The settings screen's four forms, each one part of the settings document. Their fields are the
 * settings schema's own rules (settings.ts); these schemas only turn the form's text into values —
 * "12.50" into cents, a ticked box into true, one payment method per line into a list, a row left
 * blank into nothing — so every rule has one definition and every message sits beside its field.
 */

export const SETTINGS_PATH = "/admin/settings";
export const SETTINGS_SECTIONS = ["ordering", "hours", "announcement", "delivery"] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** Blank rows the screen offers for a new zone or closure (without JavaScript, a new row needs an empty one). */
export const BLANK_ROWS = 2;

/** A form's text: a missing or blank field reads as "". */
function text<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((value) => (value === undefined || value === null ? "" : value), schema);
}

/** A checkbox: ticked ("on") is true, absent is false. */
const flag = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

/** Money typed as "$12.50", "12.5" or "12": cents. */
function money(what: string) {
  return text(z.string()).transform((value, ctx) => {
    const cents = parsePriceToCents(value.length > 200 ? "x" : value);
    if (cents === null || cents > 100_000_000) {
      ctx.addIssue({ code: "custom", message: `Enter ${what} as an amount like 12.50.` });
      return z.NEVER;
    }
    return cents;
  });
}

/** Money that may be left blank (null). */
function optionalMoney(what: string) {
  return text(z.string()).transform((value, ctx) => {
    if (value.trim() === "") return null;
    const cents = parsePriceToCents(value.length > 200 ? "x" : value);
    if (cents === null || cents > 100_000_000) {
      ctx.addIssue({ code: "custom", message: `Enter ${what} as an amount like 12.50, or leave it blank.` });
      return z.NEVER;
    }
    return cents;
  });
}

/** Array.isArray as a guard that says what is really known of the items: nothing yet. */
const isList = (value: unknown): value is unknown[] => Array.isArray(value);

function isBlankRow(row: unknown, keys: readonly string[]): boolean {
  if (typeof row !== "object" || row === null) return row === undefined || row === null || row === "";
  return keys.every((key) => {
    const value: unknown = Reflect.get(row, key);
    return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
  });
}

/**
 * Rows the owner may add to (zones, closures): a row left wholly blank is dropped; each other row is
 * checked by `row`, its messages kept at its own index so they show beside its fields.
 */
function rows<Row>(row: z.ZodType<Row, z.ZodTypeDef, unknown>, keys: readonly string[], max: number, what: string) {
  return z
    .preprocess((value) => (isList(value) ? value : value === undefined ? [] : [value]), z.array(z.unknown()))
    .superRefine((items, ctx) => {
      const filled = items.filter((item) => !isBlankRow(item, keys));
      if (filled.length > max) ctx.addIssue({ code: "custom", message: `At most ${max} ${what}.` });
      items.forEach((item, index) => {
        if (isBlankRow(item, keys)) return;
        const result = row.safeParse(item);
        if (!result.success)
          for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [index, ...issue.path] });
      });
    })
    .transform((items): Row[] => items.filter((item) => !isBlankRow(item, keys)).map((item) => row.parse(item)));
}

export const orderingForm = z.object({
  telegramUsername: text(telegramUsernameSchema),
  identity: z.object({
    tradingName: text(identitySchema.shape.tradingName),
    licence: text(identitySchema.shape.licence),
    email: text(identitySchema.shape.email),
    serviceArea: text(identitySchema.shape.serviceArea),
    tagline: text(identitySchema.shape.tagline),
  }),
});

const dayForm = z.preprocess((value) => {
  const row = typeof value === "object" && value !== null ? value : {};
  const open = flag.parse(Reflect.get(row, "open"));
  const opens: unknown = Reflect.get(row, "opens");
  const closes: unknown = Reflect.get(row, "closes");
  // A closed day keeps whatever times it had; blank ones are not asked for.
  return {
    open,
    opens: !open && (typeof opens !== "string" || opens === "") ? "09:00" : (opens ?? ""),
    closes: !open && (typeof closes !== "string" || closes === "") ? "17:00" : (closes ?? ""),
  };
}, dayHoursSchema);

const closureForm = z.preprocess((value) => {
  const row = typeof value === "object" && value !== null ? value : {};
  const from: unknown = Reflect.get(row, "from") ?? "";
  const to: unknown = Reflect.get(row, "to");
  // One day: the last day may be left blank.
  const note: unknown = Reflect.get(row, "note");
  return { from, to: to === undefined || to === "" ? from : to, note: note ?? "" };
}, closureSchema);

export const hoursForm = z.object({
  timeZone: text(timeZoneSchema),
  week: z.preprocess((value) => (isList(value) ? value : []), z.array(dayForm).length(7, "Give the hours of all seven days.")),
  closures: rows(closureForm, ["from", "to", "note"], MAX_CLOSURES, "closures"),
});

export const announcementForm = z.object({
  text: text(announcementSchema.shape.text),
  until: text(announcementSchema.shape.until),
});

const zoneForm = z
  .object({
    name: text(z.string()),
    fee: money("the zone's fee"),
    minimum: optionalMoney("the zone's minimum order"),
    estimate: text(z.string()),
  })
  .transform(({ name, fee, minimum, estimate }) => ({ name, feeCents: fee, minimumCents: minimum, estimate }))
  .pipe(zoneSchema);

const shippingShape = deliverySchema.shape.shipping.shape;

export const deliveryForm = z.object({
  shipping: z.object({
    enabled: flag,
    name: text(shippingShape.name),
    fee: money("the shipping fee"),
    freeOver: optionalMoney("the free-shipping threshold"),
    estimate: text(shippingShape.estimate),
  }),
  local: z.object({
    enabled: flag,
    name: text(deliverySchema.shape.local.shape.name),
    zones: rows(zoneForm, ["name", "fee", "minimum", "estimate"], MAX_ZONES, "zones"),
  }),
  pickup: z.object({
    enabled: flag,
    name: text(deliverySchema.shape.pickup.shape.name),
    instruction: text(deliverySchema.shape.pickup.shape.instruction),
  }),
  minimumOrder: money("the minimum order"),
  paymentMethods: text(z.string()).transform((value, ctx) => {
    const methods = value
      .split(/\r?\n/)
      .map((method) => method.trim())
      .filter(Boolean);
    const result = paymentMethodsSchema.safeParse(methods);
    if (!result.success) {
      for (const message of new Set(result.error.issues.map((issue) => issue.message))) ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return result.data;
  }),
});

/** The form's values as the owner sees them (money as "12.50", payment methods one per line). */
export function settingsFormValues(settings: Settings) {
  const amount = (cents: number | null) => (cents === null ? "" : formatCents(cents).replace(/^\$/, "").replace(/,/g, ""));
  const { shipping, local, pickup } = settings.delivery;
  return {
    ordering: { telegramUsername: settings.telegramUsername, identity: settings.identity },
    hours: {
      timeZone: settings.hours.timeZone,
      week: settings.hours.week.map((day) => ({ open: day.open ? "on" : "", opens: day.opens, closes: day.closes })),
      closures: settings.hours.closures.map((closure) => ({ ...closure })),
    },
    announcement: settings.announcement,
    delivery: {
      shipping: {
        enabled: shipping.enabled ? "on" : "",
        name: shipping.name,
        fee: amount(shipping.feeCents),
        freeOver: amount(shipping.freeOverCents),
        estimate: shipping.estimate,
      },
      local: {
        enabled: local.enabled ? "on" : "",
        name: local.name,
        zones: local.zones.map((zone) => ({
          name: zone.name,
          fee: amount(zone.feeCents),
          minimum: amount(zone.minimumCents),
          estimate: zone.estimate,
        })),
      },
      pickup: { enabled: pickup.enabled ? "on" : "", name: pickup.name, instruction: pickup.instruction },
      minimumOrder: amount(settings.minimumOrderCents),
      paymentMethods: settings.paymentMethods.join("\n"),
    },
  };
}

/** One form's parsed values, by section. */
export type SectionValue =
  | { section: "ordering"; value: z.output<typeof orderingForm> }
  | { section: "hours"; value: z.output<typeof hoursForm> }
  | { section: "announcement"; value: z.output<typeof announcementForm> }
  | { section: "delivery"; value: z.output<typeof deliveryForm> };

/** The settings with one form's values put in. */
export function withSection(settings: Settings, { section, value }: SectionValue): Settings {
  switch (section) {
    case "ordering":
      return { ...settings, telegramUsername: value.telegramUsername, identity: value.identity };
    case "hours":
      return { ...settings, hours: value };
    case "announcement":
      return { ...settings, announcement: value };
    case "delivery": {
      const { shipping } = value;
      return {
        ...settings,
        delivery: {
          shipping: {
            enabled: shipping.enabled,
            name: shipping.name,
            feeCents: shipping.fee,
            freeOverCents: shipping.freeOver,
            estimate: shipping.estimate,
          },
          local: value.local,
          pickup: value.pickup,
        },
        minimumOrderCents: value.minimumOrder,
        paymentMethods: value.paymentMethods,
      };
    }
  }
}
