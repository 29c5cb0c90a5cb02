import { z } from "zod";
import { COMPARE_AT_MESSAGES, compareAtProblem } from "~/features/deals/deals";
import { labFactsToColumns, labReportDefaults, labReportShape, NO_LAB_REPORT, type LabReportFile } from "~/features/lab-reports/lab-report";
import { splitEffects } from "~/features/catalogue/effects";
import { centsToDecimalText, hasCentsAtMost, MONEY_DECIMALS_MESSAGE, parsePriceToCents } from "~/features/money/money";
import type { Product, StrainType } from "~/features/catalogue/product";
import { normalizeThc, THC_FORMAT_MESSAGE, THC_TEXT_MAX } from "~/features/catalogue/thc";
import { MAX_TIERS, type PriceTiers } from "~/features/catalogue/price-tiers";
import { MAX_SIZES, type ProductSize, type SizeInput } from "~/features/catalogue/sizes";

/**
 * The admin product form's one schema, used by conform in the browser and by the action
 * on the server.
 */
export const PRODUCT_NAME_MAX = 120;
export const DESCRIPTION_MAX = 5000;
const EFFECT_MAX = 60;
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
  sizeLabelRequired: "Every size needs a label, like 1/8 oz or 5-pack",
  sizeLabelTooLong: `A size label must be at most ${40} characters`,
  sizeLabelTaken: "Two sizes cannot have the same label",
  tooManySizes: `At most ${MAX_SIZES} sizes`,
  skuTooLong: "SKU must be at most 64 characters",
  stockFormat: "Stock must be blank (not tracked) or a whole number from 0 to 1,000,000",
  tooManyTiers: `At most ${MAX_TIERS} bulk prices per size`,
  tierQuantityFormat: "Minimum quantity must be a whole number from 2 to 1,000",
  tierQuantityOrder: "Each bulk price needs a larger minimum quantity than the one before",
  tierPriceRequired: "Bulk price is required",
} as const;

export const SIZE_LABEL_MAX = 40;
export const SKU_MAX = 64;
/** A typo guard for units on hand (10^12 is refused): far above any shop's shelf. */
export const STOCK_MAX = 1_000_000;
/** A bulk price's minimum quantity: 2 up to the cart's most of one line (a tier beyond it could never apply). */
const TIER_QUANTITY_MAX = 1000;

const M = PRODUCT_FORM_MESSAGES;

/** The product form's messages, and the refusal of an edit based on a version saved meanwhile. */
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
const withinPriceMax = (text: string) =>
  !DECIMAL.test(text) || !hasCentsAtMost(text) || (parsePriceToCents(text) ?? Infinity) <= PRICE_MAX_CENTS;

const isThc = (text: string) => text.length <= THC_TEXT_MAX && normalizeThc(text) !== null;

export interface ProductFormRules {
  /**
   * THC content is required, except when editing a product that was saved without
   * one (the catalogue's mushroom products): that product may stay without, so it saves unchanged.
   */
  thcRequired: boolean;
  /** The latest test date accepted (`YYYY-MM-DD`, today in the shop's time zone); absent, today wherever it is today. */
  latestTestDate?: string;
}

/** A new product, and any product that has THC content, must give one. */
export function productFormRules(product: Pick<Product, "thcContent"> | null): ProductFormRules {
  return { thcRequired: product === null || Boolean(product.thcContent) };
}

/** The form's money rule: digits with an optional decimal point, at most 2 decimals, at most $1,000,000. */
const money = (required: string, format: string, tooHigh: string) =>
  z
    .string({ required_error: required })
    .trim()
    .regex(DECIMAL, format)
    .refine(hasCentsAtMost, MONEY_DECIMALS_MESSAGE)
    .refine(withinPriceMax, tooHigh);
const optionalMoney = z
  .string()
  .trim()
  .refine((text) => text === "" || DECIMAL.test(text), M.compareAtFormat)
  .refine(hasCentsAtMost, MONEY_DECIMALS_MESSAGE)
  .refine(withinPriceMax, M.compareAtTooHigh)
  .optional();

/** A bulk price: from `minQuantity` units, `price` each. */
const tierShape = z.object({
  minQuantity: z
    .string({ required_error: M.tierQuantityFormat })
    .trim()
    .regex(/^\d{1,4}$/, M.tierQuantityFormat)
    .refine((text) => Number(text) >= 2 && Number(text) <= TIER_QUANTITY_MAX, M.tierQuantityFormat),
  price: money(M.tierPriceRequired, M.priceFormat, M.priceTooHigh),
});
const tiersShape = z.array(tierShape).max(MAX_TIERS, M.tooManyTiers).default([]);

/** Units on hand: blank is "not tracked". */
const stockShape = z
  .string()
  .trim()
  .refine((text) => text === "" || (/^\d{1,7}$/.test(text) && Number(text) <= STOCK_MAX), M.stockFormat)
  .optional();
const skuShape = z.string().trim().max(SKU_MAX, M.skuTooLong).optional();
const sizeLabelShape = z.string().trim().max(SIZE_LABEL_MAX, M.sizeLabelTooLong).optional();

/** A size after the first (the first size's price and compare-at price are the form's Price fields). */
const sizeShape = z.object({
  id: z.number().int().min(1).optional(),
  label: sizeLabelShape,
  price: money(M.priceRequired, M.priceFormat, M.priceTooHigh),
  compareAt: optionalMoney,
  sku: skuShape,
  stock: stockShape,
  tiers: tiersShape,
});

type TierValues = z.output<typeof tierShape>;

/** Field issues of one size's rules: a sale above the price, bulk prices in ascending minimums. */
function sizeIssues(
  size: { price: string; compareAt?: string; tiers: TierValues[] },
  path: (string | number)[],
  context: z.RefinementCtx,
  compareAtPath = [...path, "compareAt"],
) {
  const problem = compareAtProblem(parsePriceToCents(size.price) ?? 0, compareAtToCents(size.compareAt));
  if (problem) context.addIssue({ code: z.ZodIssueCode.custom, path: compareAtPath, message: problem });
  size.tiers.forEach((tier, i) => {
    if (i > 0 && Number(tier.minQuantity) <= Number(size.tiers[i - 1]!.minQuantity)) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: [...path, "tiers", i, "minQuantity"], message: M.tierQuantityOrder });
    }
  });
}

/**
 * Builds the schema for the categories that exist (their slugs). `version` is required when
 * editing: the update only lands on the version the form was opened with.
 */
export function productFormSchema(categorySlugs: readonly string[], rules: ProductFormRules = { thcRequired: true }) {
  const fields = z.object({
    name: z.string({ required_error: M.nameRequired }).trim().min(1, M.nameRequired).max(PRODUCT_NAME_MAX, M.nameTooLong),
    price: money(M.priceRequired, M.priceFormat, M.priceTooHigh),
    // Deals: the original price, with the price's money rule; blank (or spaces) is no sale.
    compareAt: optionalMoney,
    // Sizes (decision 028): the first size is the Price fields above with these; `sizes`
    // are the others. A product sold in one size has no label and no other sizes.
    sizeId: z.number().int().min(1).optional(),
    sizeLabel: sizeLabelShape,
    sku: skuShape,
    stock: stockShape,
    tiers: tiersShape,
    sizes: z
      .array(sizeShape)
      .max(MAX_SIZES - 1, M.tooManySizes)
      .default([]),
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
    // One of the THC shapes of catalogue/thc.ts ("24", "22-26%", "90%+", "10mg per piece"); stored normalised.
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
    // Lab report: the report's key and its facts, all optional (lab-report.ts).
    ...labReportShape(new Date(), rules.latestTestDate),
    version: z.number().int().min(1).optional(),
    returnTo: z.string().optional(),
  });
  // A compare-at price at or below the price is refused on its own field (deals/deals.ts).
  return fields.superRefine((values, context) => {
    sizeIssues(values, [], context, ["compareAt"]);
    values.sizes.forEach((size, i) => sizeIssues(size, ["sizes", i], context));
    if (values.sizes.length === 0) return;
    // Several sizes: each has a label, and no two the same (case and spaces aside).
    const labels = [
      { label: values.sizeLabel ?? "", path: ["sizeLabel"] },
      ...values.sizes.map((size, i) => ({ label: size.label ?? "", path: ["sizes", i, "label"] })),
    ];
    const seen = new Set<string>();
    for (const { label, path } of labels) {
      const key = label.toLocaleLowerCase().replace(/\s+/g, " ");
      if (!label) context.addIssue({ code: z.ZodIssueCode.custom, path, message: M.sizeLabelRequired });
      else if (seen.has(key)) context.addIssue({ code: z.ZodIssueCode.custom, path, message: M.sizeLabelTaken });
      seen.add(key);
    }
  });
}

/** The form's compare-at text as cents; blank is no sale (null). */
function compareAtToCents(value: string | undefined): number | null {
  return value ? parsePriceToCents(value) : null;
}

export type ProductFormSchema = ReturnType<typeof productFormSchema>;
export type ProductFormValues = z.output<ProductFormSchema>;

/**
 * THC as stored: the normalised text of catalogue/thc.ts ("24" → "24%", "22 – 26 %" → "22-26%",
 * "100 mg" → "100mg"), null when the product has none. The form shows the stored text as is, so
 * an unchanged edit stores exactly what was there.
 */
export function thcToStored(value: string | undefined): string | null {
  return value ? normalizeThc(value) : null;
}

/** The form's starting values, as text fields show them (the form's default values). */
export type ProductFormDefaultValue = {
  name: string;
  price: string;
  compareAt: string;
  sizeId?: number;
  sizeLabel: string;
  sku: string;
  stock: string;
  tiers: TierDefaults[];
  sizes: SizeDefaults[];
  description: string;
  category: string;
  strainType: StrainType | "";
  thcContent: string;
  effects: string[];
  video: string;
  images: string[];
  active: boolean;
  inStock: boolean;
  isLabTested: boolean;
  version?: number;
} & ReturnType<typeof labReportDefaults>;

/** The form's starting values: a new product's defaults, the product's own values when editing. */
export function productFormDefaults(product: Product | null, sizes: readonly ProductSize[] = []): ProductFormDefaultValue {
  if (!product) {
    return {
      name: "",
      price: "0",
      compareAt: "",
      sizeLabel: "",
      sku: "",
      stock: "",
      tiers: [],
      sizes: [],
      description: "",
      // No default: the owner chooses where the product is listed (the first category may be one shoppers never see).
      category: "",
      strainType: STRAIN_TYPES[0].value,
      thcContent: "0",
      effects: [""],
      video: "",
      images: [],
      active: true,
      inStock: true,
      isLabTested: true,
      ...labReportDefaults(null),
    };
  }
  // The first size is the Price fields (a product from before sizes reads as its own one size).
  const [first, ...more] = sizes.map(sizeDefaults);
  return {
    name: product.name,
    price: first?.price ?? centsToDecimalText(product.priceCents),
    compareAt: first ? first.compareAt : product.compareAtCents === null ? "" : centsToDecimalText(product.compareAtCents),
    sizeId: first?.id,
    sizeLabel: first?.label ?? "",
    sku: first?.sku ?? "",
    stock: first?.stock ?? "",
    tiers: first?.tiers ?? [],
    sizes: more,
    description: product.description,
    category: product.category,
    strainType: product.strainType ?? "",
    thcContent: product.thcContent ?? "",
    effects: product.effects.length > 0 ? product.effects : [""],
    video: product.video ?? "",
    images: [product.image, ...product.extraImages].filter((url): url is string => Boolean(url)),
    active: product.active,
    inStock: product.inStock,
    isLabTested: product.isLabTested,
    ...labReportDefaults(product),
    version: product.version,
  };
}

/** A bulk price and a size as the form shows them (text fields; the form's default values). */
export type TierDefaults = { minQuantity: string; price: string };
export type SizeDefaults = {
  id: number;
  label: string;
  price: string;
  compareAt: string;
  sku: string;
  stock: string;
  tiers: TierDefaults[];
};

function sizeDefaults(size: ProductSize): SizeDefaults {
  return {
    id: size.id,
    label: size.label,
    price: centsToDecimalText(size.priceCents),
    compareAt: size.compareAtCents === null ? "" : centsToDecimalText(size.compareAtCents),
    sku: size.sku ?? "",
    stock: size.stock === null ? "" : String(size.stock),
    tiers: (size.tiers ?? []).map((tier) => ({ minQuantity: String(tier.minQuantity), price: centsToDecimalText(tier.unitPriceCents) })),
  };
}

function tiersFromForm(tiers: readonly TierValues[]): PriceTiers | null {
  return tiers.length > 0
    ? tiers.map((tier) => ({ minQuantity: Number(tier.minQuantity), unitPriceCents: parsePriceToCents(tier.price) ?? 0 }))
    : null;
}

/**
 * The sizes a validated form saves, in order: the first is the Price fields with the first size's
 * label, SKU, stock and bulk prices (label '' when the product is sold in one size).
 */
export function productFormToSizes(values: ProductFormValues): SizeInput[] {
  const one = values.sizes.length === 0;
  const size = (fields: {
    id?: number;
    label?: string;
    price: string;
    compareAt?: string;
    sku?: string;
    stock?: string;
    tiers: TierValues[];
  }) => ({
    id: fields.id ?? null,
    label: one ? "" : (fields.label ?? ""),
    priceCents: parsePriceToCents(fields.price) ?? 0,
    compareAtCents: compareAtToCents(fields.compareAt),
    sku: fields.sku || null,
    stock: fields.stock ? Number(fields.stock) : null,
    tiers: tiersFromForm(fields.tiers),
  });
  return [size({ ...values, id: values.sizeId, label: values.sizeLabel }), ...values.sizes.map(size)];
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
