import { z } from "zod";
import { dateSchema } from "~/features/settings/settings";

/**
 * A special (an offer the owner runs): this schema is its one definition — the stored row's data,
 * the admin form and the engine all read it. Money is integer cents; weekdays are 0 = Monday … 6 = Sunday;
 * dates and times are wall-clock values in the shop's time zone.
 */

export const SPECIAL_KINDS = ["percent_off", "amount_off", "buy_x_get_y", "mix_match", "bundle", "spend_save"] as const;
export type SpecialKind = (typeof SPECIAL_KINDS)[number];

export const KIND_LABELS: Record<SpecialKind, string> = {
  percent_off: "Percent off",
  amount_off: "Amount off",
  buy_x_get_y: "Buy X get Y",
  mix_match: "Mix and match",
  bundle: "Bundle",
  spend_save: "Spend and save",
};

/** The stacking rule, written once: the admin form shows it beside the fields and the docs quote it. */
export const STACKING_RULE =
  "Each cart line takes at most one special: the one that saves the shopper the most. Spend-and-save then applies to what is left after line specials. Bulk prices and sale (compare-at) prices stay as they are; specials start from them.";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const id = z.number().int().positive();

/** What a special applies to: a line matches when its category, product or size is listed. */
const selectionSchema = z.object({
  categories: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
  products: z.array(id).max(500).default([]),
  sizes: z.array(id).max(1000).default([]),
});
export type Selection = z.infer<typeof selectionSchema>;

const percent = z.number().int().min(1, "At least 1%.").max(100, "At most 100%.");
const cents = z.number().int().min(1, "Enter an amount above $0.").max(10_000_000);
const count = z.number().int().min(1).max(50);

const rules = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("percent_off"), percent, selection: selectionSchema }),
  /** Off each unit, never below zero. */
  z.object({ kind: z.literal("amount_off"), amountCents: cents, selection: selectionSchema }),
  /** Buy `buy` units of the selection, get `get` units of the reward selection (the same when null) `percent` off (100 = free). */
  z.object({
    kind: z.literal("buy_x_get_y"),
    buy: count,
    get: count,
    percent,
    selection: selectionSchema,
    reward: selectionSchema.nullable().default(null),
  }),
  z.object({ kind: z.literal("mix_match"), count: z.number().int().min(2).max(50), priceCents: cents, selection: selectionSchema }),
  z.object({
    kind: z.literal("bundle"),
    items: z
      .array(z.object({ productId: id, sizeId: id.nullable().default(null), quantity: count }))
      .min(2, "A bundle has at least 2 products.")
      .max(20),
    priceCents: cents,
  }),
  /** A cart at or over `minCents` (after line specials) gets `percent` off and/or free delivery. */
  z.object({
    kind: z.literal("spend_save"),
    minCents: z.number().int().min(0).max(10_000_000),
    percent: z.number().int().min(0).max(100),
    freeDelivery: z.boolean(),
  }),
]);

export const specialCodeSchema = z
  .string()
  .trim()
  .min(3, "A code has at least 3 characters.")
  .max(32, "A code has at most 32 characters.")
  .regex(/^[A-Za-z0-9_-]+$/, "Use letters, digits, - and _ only.")
  .transform((value) => value.toUpperCase());

const schedule = z
  .object({
    name: z.string().trim().min(1, "Give the special a name shoppers see.").max(80),
    badge: z.string().trim().min(1, "Write the badge text.").max(32, "Keep the badge to 32 characters."),
    startsOn: dateSchema.nullable().default(null),
    endsOn: dateSchema.nullable().default(null),
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    windowStart: z.string().regex(TIME).nullable().default(null),
    windowEnd: z.string().regex(TIME).nullable().default(null),
    code: specialCodeSchema.nullable().default(null),
    limitPerOrder: z.number().int().min(1).max(100).nullable().default(null),
    paused: z.boolean().default(false),
  })
  .refine((value) => (value.windowStart === null) === (value.windowEnd === null), {
    message: "Give the time window both a start and an end, or neither.",
    path: ["windowEnd"],
  })
  .refine((value) => value.windowStart === null || value.windowStart !== value.windowEnd, {
    message: "The window's end must differ from its start.",
    path: ["windowEnd"],
  })
  .refine((value) => !value.startsOn || !value.endsOn || value.startsOn <= value.endsOn, {
    message: "The end date is before the start date.",
    path: ["endsOn"],
  });

export const specialDataSchema = z.intersection(schedule, rules);
export type SpecialData = z.infer<typeof specialDataSchema>;
export type Special = SpecialData & { id: number };

/** Whether a cart line (or a product's size) falls in a selection. */
export function inSelection(selection: Selection, line: { productId: number; sizeId: number; category: string }): boolean {
  return (
    selection.categories.includes(line.category) || selection.products.includes(line.productId) || selection.sizes.includes(line.sizeId)
  );
}
