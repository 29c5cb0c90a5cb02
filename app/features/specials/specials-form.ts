import { z } from "zod";
import { centsToDecimalText, parsePriceToCents } from "~/features/money/money";
import { SPECIAL_KINDS, specialDataSchema, type Special, type SpecialData, type SpecialKind } from "./special";

/**
 * The admin form of a special: flat fields a plain HTML form posts (every kind's fields are on the
 * page with JavaScript off), turned into `SpecialData` and checked by `specialDataSchema`, the one
 * definition. Its errors come back beside the field the owner typed into.
 */

/** The Preview button's intent: the action answers the preview and saves nothing. */
export const INTENT_PREVIEW = "preview";

export const WEEKDAY_LABELS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** Kinds that apply to a selection of categories, products and sizes. */
export const SELECTION_KINDS: readonly SpecialKind[] = ["percent_off", "amount_off", "buy_x_get_y", "mix_match", "bundle"];

const text = z.string().max(2000, "That is too long.").optional();
const list = z.array(z.string().max(200)).max(2000).default([]);

const formFields = z.object({
  kind: z.enum(SPECIAL_KINDS, { errorMap: () => ({ message: "Choose what kind of special this is." }) }),
  name: text,
  badge: text,
  startsOn: text,
  endsOn: text,
  weekdays: list,
  windowStart: text,
  windowEnd: text,
  code: text,
  limitPerOrder: text,
  paused: z.boolean().optional(),
  categories: list,
  products: list,
  sizes: list,
  percentOff: text,
  amountOff: text,
  buy: text,
  get: text,
  getPercent: text,
  rewardCategories: list,
  rewardProducts: list,
  rewardSizes: list,
  mixCount: text,
  mixPrice: text,
  bundlePrice: text,
  spendMin: text,
  spendPercent: text,
  spendFreeDelivery: z.boolean().optional(),
});
export type SpecialFormFields = z.input<typeof formFields>;

/** Where an error of `specialDataSchema` is shown, per kind (the form has one field per kind's number). */
const FIELD_OF: Record<SpecialKind, Record<string, string>> = {
  percent_off: { percent: "percentOff" },
  amount_off: { amountCents: "amountOff" },
  buy_x_get_y: { percent: "getPercent", reward: "rewardCategories" },
  mix_match: { count: "mixCount", priceCents: "mixPrice" },
  bundle: { priceCents: "bundlePrice", items: "products" },
  spend_save: { minCents: "spendMin", percent: "spendPercent", freeDelivery: "spendFreeDelivery" },
};
const SELECTION_FIELD: Record<string, string> = { categories: "categories", products: "products", sizes: "sizes" };
const REWARD_FIELD: Record<string, string> = { categories: "rewardCategories", products: "rewardProducts", sizes: "rewardSizes" };

function fieldOf(kind: SpecialKind, path: Array<string | number>): string {
  const [head, next] = path;
  if (head === "selection") return SELECTION_FIELD[String(next)] ?? "categories";
  if (head === "reward") return REWARD_FIELD[String(next)] ?? "rewardCategories";
  if (typeof head !== "string") return "";
  return FIELD_OF[kind][head] ?? head;
}

/** zod's own words for a missing value or a too-long text, in the form's voice. */
function readable(issue: z.ZodIssue): string {
  if (issue.code === z.ZodIssueCode.invalid_type && issue.received === "undefined") return "Fill this in.";
  if (issue.code === z.ZodIssueCode.too_big && issue.type === "string" && issue.message.startsWith("String must")) {
    return `Keep it to ${Number(issue.maximum)} characters.`;
  }
  return issue.message;
}

const blank = (value: string | undefined) => (value ?? "").trim() === "";
const orNull = (value: string | undefined) => (value ?? "").trim() || null;
const ids = (values: string[]) => values.map(Number).filter((value) => Number.isSafeInteger(value) && value > 0);

/**
 * The form's schema. `sizeProduct` names a size's product (a bundle lists sizes with their product);
 * a size it does not know is refused, not guessed.
 */
export function specialFormSchema(sizeProduct: (sizeId: number) => number | undefined = () => undefined) {
  return formFields.transform((input, ctx): SpecialData => {
    const flagged = new Set<string>();
    const problem = (path: string, message: string) => {
      flagged.add(path);
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    };
    const whole = (path: string, value: string | undefined): number | undefined => {
      const text = (value ?? "").trim();
      if (text === "") return undefined;
      if (!/^\d{1,7}$/.test(text)) {
        problem(path, "Enter a whole number, like 3.");
        return undefined;
      }
      return Number(text);
    };
    const money = (path: string, value: string | undefined): number | undefined => {
      if (blank(value)) return undefined;
      const cents = parsePriceToCents(value);
      if (cents === null) problem(path, "Enter an amount like 5 or 4.99.");
      return cents ?? undefined;
    };
    const selection = { categories: input.categories, products: ids(input.products), sizes: ids(input.sizes) };
    const kind = input.kind;
    if (SELECTION_KINDS.includes(kind) && selection.categories.length + selection.products.length + selection.sizes.length === 0) {
      problem(
        "categories",
        kind === "bundle" ? "Choose the products or sizes in the bundle." : "Choose at least one category, product or size.",
      );
    }
    const reward = { categories: input.rewardCategories, products: ids(input.rewardProducts), sizes: ids(input.rewardSizes) };
    const rewardChosen = reward.categories.length + reward.products.length + reward.sizes.length > 0;
    let items: Array<{ productId: number; sizeId: number | null; quantity: number }> = [];
    if (kind === "bundle") {
      const unknown = selection.sizes.filter((sizeId) => sizeProduct(sizeId) === undefined);
      if (unknown.length > 0) problem("sizes", "A chosen size no longer exists: choose again.");
      items = [
        ...selection.products.map((productId) => ({ productId, sizeId: null, quantity: 1 })),
        ...selection.sizes.flatMap((sizeId) => {
          const productId = sizeProduct(sizeId);
          return productId === undefined ? [] : [{ productId, sizeId, quantity: 1 }];
        }),
      ];
    }
    const rules = {
      percent_off: { percent: whole("percentOff", input.percentOff), selection },
      amount_off: { amountCents: money("amountOff", input.amountOff), selection },
      buy_x_get_y: {
        buy: whole("buy", input.buy),
        get: whole("get", input.get),
        // Left empty, the Y items are free.
        percent: blank(input.getPercent) ? 100 : whole("getPercent", input.getPercent),
        selection,
        reward: rewardChosen ? reward : null,
      },
      mix_match: { count: whole("mixCount", input.mixCount), priceCents: money("mixPrice", input.mixPrice), selection },
      bundle: { items, priceCents: money("bundlePrice", input.bundlePrice) },
      spend_save: {
        minCents: money("spendMin", input.spendMin),
        percent: blank(input.spendPercent) ? 0 : whole("spendPercent", input.spendPercent),
        freeDelivery: input.spendFreeDelivery === true,
      },
    }[kind];
    if (kind === "spend_save" && blank(input.spendPercent) && input.spendFreeDelivery !== true) {
      problem("spendPercent", "Give a percent off, free delivery, or both.");
    }
    const parsed = specialDataSchema.safeParse({
      kind,
      ...rules,
      name: input.name ?? "",
      badge: input.badge ?? "",
      startsOn: orNull(input.startsOn),
      endsOn: orNull(input.endsOn),
      weekdays: [...new Set(input.weekdays.map(Number).filter((day) => Number.isInteger(day) && day >= 0 && day <= 6))].sort(),
      windowStart: orNull(input.windowStart),
      windowEnd: orNull(input.windowEnd),
      code: orNull(input.code),
      limitPerOrder: blank(input.limitPerOrder) ? null : (whole("limitPerOrder", input.limitPerOrder) ?? null),
      paused: input.paused === true,
    });
    if (!parsed.success) {
      const already = new Set(flagged);
      for (const issue of parsed.error.issues) {
        const field = fieldOf(kind, issue.path);
        // A number this form already refused (not a whole number, not an amount) reads as missing here: one message is enough.
        if (already.has(field)) continue;
        problem(field, readable(issue));
      }
      return z.NEVER;
    }
    return parsed.data;
  });
}

const money = (cents: number) => centsToDecimalText(cents);
const strings = (values: number[]) => values.map(String);

/** A stored special as the form's starting values (edit and duplicate). */
export function specialFormDefaults(special: SpecialData): SpecialFormFields {
  const base: SpecialFormFields = {
    kind: special.kind,
    name: special.name,
    badge: special.badge,
    startsOn: special.startsOn ?? "",
    endsOn: special.endsOn ?? "",
    weekdays: strings(special.weekdays),
    windowStart: special.windowStart ?? "",
    windowEnd: special.windowEnd ?? "",
    code: special.code ?? "",
    limitPerOrder: special.limitPerOrder === null ? "" : String(special.limitPerOrder),
    paused: special.paused,
  };
  const selected = (selection: { categories: string[]; products: number[]; sizes: number[] }) => ({
    categories: selection.categories,
    products: strings(selection.products),
    sizes: strings(selection.sizes),
  });
  switch (special.kind) {
    case "percent_off":
      return { ...base, ...selected(special.selection), percentOff: String(special.percent) };
    case "amount_off":
      return { ...base, ...selected(special.selection), amountOff: money(special.amountCents) };
    case "buy_x_get_y":
      return {
        ...base,
        ...selected(special.selection),
        buy: String(special.buy),
        get: String(special.get),
        getPercent: special.percent === 100 ? "" : String(special.percent),
        rewardCategories: special.reward?.categories ?? [],
        rewardProducts: strings(special.reward?.products ?? []),
        rewardSizes: strings(special.reward?.sizes ?? []),
      };
    case "mix_match":
      return { ...base, ...selected(special.selection), mixCount: String(special.count), mixPrice: money(special.priceCents) };
    case "bundle":
      return {
        ...base,
        products: strings(special.items.filter((item) => item.sizeId === null).map((item) => item.productId)),
        sizes: strings(special.items.flatMap((item) => (item.sizeId === null ? [] : [item.sizeId]))),
        bundlePrice: money(special.priceCents),
      };
    case "spend_save":
      return {
        ...base,
        spendMin: money(special.minCents),
        spendPercent: special.percent === 0 ? "" : String(special.percent),
        spendFreeDelivery: special.freeDelivery,
      };
  }
}

/** A copy to start from: '(copy)' after the name, no code (codes are unique), paused until the owner says. */
export function duplicateOf(special: Special): SpecialData {
  const { id: _id, ...data } = special;
  const suffix = " (copy)";
  return { ...data, name: `${data.name.slice(0, 80 - suffix.length)}${suffix}`, code: null, paused: true };
}
