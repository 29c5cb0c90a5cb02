import { specialTiming } from "./schedule";
import { specialCodeSchema, type Special } from "./special";

/**
 * A code a shopper brings (a deal link, or typed in the cart), checked against the live specials:
 * it is taken only while its special runs; otherwise the shopper is told why, in words. Pure: the
 * specials come from the page's own batch.
 */
export type CodeCheck =
  | { status: "applies"; code: string; special: Special }
  | { status: "invalid"; message: string }
  | { status: "unknown"; code: string }
  | { status: "not-running"; code: string; special: Special };

const CODE_MESSAGES = {
  unknown: "We don't know this code. Check its spelling, or see what's on in the shop.",
  notRunning: "This special is not running right now: it has ended, is paused, or has not started yet.",
} as const;

export function checkSpecialCode(specials: readonly Special[], raw: string, now: Date, timeZone: string): CodeCheck {
  const parsed = specialCodeSchema.safeParse(raw);
  if (!parsed.success) return { status: "invalid", message: parsed.error.issues[0]?.message ?? CODE_MESSAGES.unknown };
  const code = parsed.data;
  const special = specials.find((candidate) => candidate.code === code);
  if (!special) return { status: "unknown", code };
  if (!specialTiming(special, now, timeZone).active) return { status: "not-running", code, special };
  return { status: "applies", code, special };
}

/** Where a deal link lands: the special's one category, its one product, or the shop. */
export function dealLandingPath(special: Special, productPath: (id: number) => string): string {
  if (special.kind === "spend_save") return "/shop";
  const products = special.kind === "bundle" ? special.items.map((item) => item.productId) : special.selection.products;
  const categories = special.kind === "bundle" ? [] : special.selection.categories;
  if (categories.length === 1 && products.length === 0) return `/shop/${encodeURIComponent(categories[0]!)}`;
  if (categories.length === 0 && products.length === 1) return productPath(products[0]!);
  return "/shop";
}

/** The message a code check says to the shopper (null: it applies). */
export function codeCheckMessage(check: CodeCheck): string | null {
  if (check.status === "applies") return null;
  if (check.status === "invalid") return check.message;
  return check.status === "unknown" ? CODE_MESSAGES.unknown : CODE_MESSAGES.notRunning;
}
