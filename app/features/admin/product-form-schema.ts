import { z } from "zod";
import { COMPARE_AT_MESSAGES, compareAtProblem } from "~/features/deals/deals";
import {
  labFactsToColumns,
  labResultsDefaults,
  labResultsShape,
  NO_LAB_REPORT,
  type LabReportFile,
} from "~/features/lab-reports/lab-report";
import { splitEffects } from "~/features/catalogue/effects";
import { centsToDecimalText, parsePriceToCents } from "~/features/catalogue/money";
import type { Product, StrainType } from "~/features/catalogue/product";
import { normalizeThc, THC_FORMAT_MESSAGE, THC_TEXT_MAX } from "~/features/catalogue/thc";

/**
 * The admin product form's one schema, used by conform in the browser and by the action
 * on the server (SPEC sections 2, 3 and 5; DESIGN.md "Admin product form").
 */
export const PRODUCT_NAME_MAX = 120;
export const DESCRIPTION_MAX = 5000;
export const EFFECT_MAX = 60;
export const EFFECTS_MAX = 20;
export const IMAGES_MAX = 20;
/** $1,000,000: a typo guard, far above the catalogue's largest bulk price. */
export const PRICE_MAX_CENTS = 100_000_000;

export const STRAIN_TYPES = [
  { value: "indica", label: "Indica" },
  { value: "sativa", label: "Sativa" },
  { value: "hybrid", label: "Hybrid" },
] as const satisfies ReadonlyArray<{ value: StrainType; label: string }>;
/** The strain select's option for products that are not a strain (gummies made from isolate, mushrooms): stored as null. */
export const NO_STRAIN_LABEL = "None (not a strain)";

/** What Duplicate appends to the copy's name. */
export const COPY_SUFFIX = " (copy)";

/**
 * The name of a product's copy: '{name} (copy)', within PRODUCT_NAME_MAX (the form's rule, so the copy
 * saves as it is). A long name loses its end, never half a character: the cut falls between grapheme
 * clusters (an emoji, a letter with its accents), and spaces before the suffix are dropped.
 */
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export function copyName(name: string): string {
  const base = name.trim();
  const budget = PRODUCT_NAME_MAX - COPY_SUFFIX.length;
  let kept = "";
  for (const { segment } of graphemes.segment(base)) {
    if (kept.length + segment.length > budget) break;
    kept += segment;
  }
  return `${kept.trimEnd()}${COPY_SUFFIX}`.trim();
}

/** Digits with an optional decimal point: "45", "45.5", "0.25". */
const DECIMAL = /^\d+(\.\d+)?$/;

export const PRODUCT_FORM_MESSAGES = {
  nameRequired: "Product name is required",
  nameTooLong: `Product name must be at most ${PRODUCT_NAME_MAX} characters`,
  priceRequired: "Price is required",
  priceFormat: "Price may contain only digits and an optional decimal point, like 45 or 45.50",
  priceTooHigh: "Price must be at most $1,000,000",
  compareAtFormat: COMPARE_AT_MESSAGES.format,
  compareAtTooHigh: COMPARE_AT_MESSAGES.tooHigh,
  compareAtNotAbove: COMPARE_AT_MESSAGES.notAbove,
  descriptionRequired: "Description is required",
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  categoryRequired: "Choose a category",
  categoryUnknown: "Choose a category from the list",
  strainRequired: "Choose a strain type",
  thcRequired: "THC content is required",
  thcFormat: THC_FORMAT_MESSAGE,
  effectTooLong: `Each effect must be at most ${EFFECT_MAX} characters`,
  tooManyEffects: `At most ${EFFECTS_MAX} effects`,
  tooManyImages: `At most ${IMAGES_MAX} images`,
  mediaUrl: "Media must be a link on this site or an http(s) URL",
} as const;

const M = PRODUCT_FORM_MESSAGES;

/** SPEC section 8 "Product form" and issue 9's refusal of a stale edit. */
export const SAVE_FAILED = "Failed to save product";
export const FETCH_FAILED = "Error fetching product: Failed to load product details.";
export const CONFLICT_MESSAGE =
  "This product was changed in another tab or by someone else since you opened it. Reload to see the latest version, then make your changes again.";

/** Our own paths (/images/..., /art/...) or absolute http(s) URLs; nothing else (no javascript:, data:). */
export function isMediaUrl(value: string) {
  if (value.length > 2048) return false;
  if (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) return true;
  return /^https?:\/\/[^\s/]+/i.test(value);
}

const mediaUrl = z.string().trim().refine(isMediaUrl, M.mediaUrl);

/** A price in the form's shape at most PRICE_MAX_CENTS; digits too many to read as cents are too high, never $0. */
const withinPriceMax = (text: string) => !DECIMAL.test(text) || (parsePriceToCents(text) ?? Infinity) <= PRICE_MAX_CENTS;

const isThc = (text: string) => text.length <= THC_TEXT_MAX && normalizeThc(text) !== null;

export interface ProductFormRules {
  /**
   * THC content is required (SPEC section 5), except when editing a product that was saved without
   * one (the catalogue's mushroom products): that product may stay without, so it saves unchanged.
   */
  thcRequired: boolean;
}

/** A new product, and any product that has THC content, must give one. */
export function productFormRules(product: Pick<Product, "thcContent"> | null): ProductFormRules {
  return { thcRequired: product === null || Boolean(product.thcContent) };
}

/**
 * Builds the schema for the categories that exist (their slugs). `version` is required when
 * editing: the update only lands on the version the form was opened with.
 */
export function productFormSchema(categorySlugs: readonly string[], rules: ProductFormRules = { thcRequired: true }) {
  const fields = z.object({
    name: z.string({ required_error: M.nameRequired }).trim().min(1, M.nameRequired).max(PRODUCT_NAME_MAX, M.nameTooLong),
    price: z.string({ required_error: M.priceRequired }).trim().regex(DECIMAL, M.priceFormat).refine(withinPriceMax, M.priceTooHigh),
    // Deals (issue 17): the original price, with the price's money rule; blank (or spaces) is no sale.
    compareAt: z
      .string()
      .trim()
      .refine((text) => text === "" || DECIMAL.test(text), M.compareAtFormat)
      .refine(withinPriceMax, M.compareAtTooHigh)
      .optional(),
    description: z
      .string({ required_error: M.descriptionRequired })
      .trim()
      .min(1, M.descriptionRequired)
      .max(DESCRIPTION_MAX, M.descriptionTooLong)
      // Browsers post a textarea's line breaks as CRLF: store them as they were shown.
      .transform((text) => text.replace(/\r\n?/g, "\n")),
    category: z.string({ required_error: M.categoryRequired }).refine((slug) => categorySlugs.includes(slug), M.categoryUnknown),
    // A blank choice ("None") posts nothing: the product has no strain type.
    strainType: z.enum(["indica", "sativa", "hybrid"], { errorMap: () => ({ message: M.strainRequired }) }).optional(),
    // One of the THC shapes of lib/thc.ts ("24", "22-26%", "90%+", "10mg per piece"); stored normalised.
    thcContent: rules.thcRequired
      ? z.string({ required_error: M.thcRequired }).trim().min(1, M.thcRequired).refine(isThc, M.thcFormat)
      : z.string().trim().refine(isThc, M.thcFormat).optional(),
    // Conform posts a blank input as a missing value; blank effects are dropped on save.
    // "Relaxed, Happy" in one field is two effects (splitEffects), counted after the split.
    effects: z
      .array(z.string().trim().max(EFFECT_MAX, M.effectTooLong).optional())
      .max(EFFECTS_MAX, M.tooManyEffects)
      .default([])
      .transform((list) => splitEffects(list.filter((effect): effect is string => Boolean(effect))))
      .refine((list) => list.length <= EFFECTS_MAX, M.tooManyEffects),
    video: mediaUrl.optional(),
    images: z.array(mediaUrl).max(IMAGES_MAX, M.tooManyImages).default([]),
    active: z.boolean().default(false),
    inStock: z.boolean().default(false),
    isLabTested: z.boolean().default(false),
    // Lab results (issue 17): the report's key and its facts, all optional (lib/lab-results.ts).
    ...labResultsShape(),
    version: z.number().int().min(1).optional(),
    returnTo: z.string().optional(),
  });
  // A compare-at price at or below the price is refused on its own field (lib/deals.ts).
  return fields.superRefine((values, context) => {
    const problem = compareAtProblem(parsePriceToCents(values.price) ?? 0, compareAtToCents(values.compareAt));
    if (problem) context.addIssue({ code: z.ZodIssueCode.custom, path: ["compareAt"], message: problem });
  });
}

/** The form's compare-at text as cents; blank is no sale (null). */
function compareAtToCents(value: string | undefined): number | null {
  return value ? parsePriceToCents(value) : null;
}

export type ProductFormSchema = ReturnType<typeof productFormSchema>;
export type ProductFormValues = z.output<ProductFormSchema>;

/**
 * THC as stored: the normalised text of lib/thc.ts ("24" → "24%", "22 – 26 %" → "22-26%",
 * "100 mg" → "100mg"), null when the product has none. The form shows the stored text as is, so
 * an unchanged edit stores exactly what was there.
 */
export function thcToStored(value: string | undefined): string | null {
  return value ? normalizeThc(value) : null;
}

/** The form's starting values: SPEC section 3's defaults for a new product, the product's own values when editing. */
export function productFormDefaults(product: Product | null, categorySlugs: readonly string[]) {
  if (!product) {
    return {
      name: "",
      price: "0",
      compareAt: "",
      description: "",
      category: categorySlugs[0] ?? "",
      strainType: STRAIN_TYPES[0].value as StrainType | "",
      thcContent: "0",
      effects: [""],
      video: "",
      images: [] as string[],
      active: true,
      inStock: true,
      isLabTested: true,
      ...labResultsDefaults(null),
    };
  }
  return {
    name: product.name,
    price: centsToDecimalText(product.priceCents),
    compareAt: product.compareAtCents === null ? "" : centsToDecimalText(product.compareAtCents),
    description: product.description,
    category: product.category,
    strainType: (product.strainType ?? "") as StrainType | "",
    thcContent: product.thcContent ?? "",
    effects: product.effects.length > 0 ? product.effects : [""],
    video: product.video ?? "",
    images: [product.image, ...product.extraImages].filter((url): url is string => Boolean(url)),
    active: product.active,
    inStock: product.inStock,
    isLabTested: product.isLabTested,
    ...labResultsDefaults(product),
    version: product.version,
  };
}

/**
 * Validated form values as the columns of a products row (images: the first is the cover). The
 * lab report's file columns come from storage (the action resolves them), the facts from the form.
 */
export function productFormToColumns(values: ProductFormValues, labReport: LabReportFile = NO_LAB_REPORT) {
  const [cover = null, ...extra] = values.images;
  return {
    name: values.name,
    priceCents: parsePriceToCents(values.price) ?? 0,
    compareAtCents: compareAtToCents(values.compareAt),
    description: values.description,
    category: values.category,
    strainType: values.strainType ?? null,
    thcContent: thcToStored(values.thcContent),
    effects: values.effects,
    image: cover,
    extraImages: extra,
    video: values.video || null,
    active: values.active,
    inStock: values.inStock,
    isLabTested: values.isLabTested,
    ...labReport,
    ...labFactsToColumns(values),
  };
}

export type ProductColumns = ReturnType<typeof productFormToColumns>;
