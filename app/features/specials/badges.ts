import { clockText } from "~/features/settings/shop-hours";
import { applySpecials, couldTake } from "./apply";
import { nextSpecialChange, specialTiming } from "./schedule";
import type { Special } from "./special";

/**
 * What a shared page may say about specials: only those running now for every shopper (a special
 * behind a code is the code holder's, never badged on a page the page cache shares). A badge is
 * claimed only where the cart would apply the special to that product.
 */

/** What a badge is matched against: a product, and the sizes it sells when the page knows them. */
export interface BadgeTarget {
  productId: number;
  category: string;
  /** the product's sizes the page knows (null: none, so a special on chosen sizes only is not claimed) */
  sizeIds: number[] | null;
  /** true: `sizeIds` are all the product's sizes (its page); false: only some of them (a card) */
  sizesComplete: boolean;
}

/** "7 PM", "7:30 PM". */
function shortClock(minutes: number) {
  return clockText(minutes % 1440).replace(":00 ", " ");
}

export type BadgedSpecial = { special: Exclude<Special, { kind: "spend_save" }>; text: string };

/** The specials a shared page may badge right now, each with its text ("Happy hour −20% until 7 PM"). */
export function badgeSpecials(specials: Special[], now: Date, timeZone: string): BadgedSpecial[] {
  return specials.flatMap((special): BadgedSpecial[] => {
    if (special.code !== null || special.kind === "spend_save") return [];
    const timing = specialTiming(special, now, timeZone);
    if (!timing.active) return [];
    const until = timing.endsAtMinutes === null ? "" : ` until ${shortClock(timing.endsAtMinutes)}`;
    return [{ special, text: `${special.badge}${until}` }];
  });
}

/** Words after a badge whose special takes only some of the product's sizes (the card and the product page say the same). */
const SOME_SIZES = " · select sizes";

/** The badge's text for this product, or null when the special does not apply to it. */
function badgeText({ special, text }: BadgedSpecial, target: BadgeTarget): string | null {
  const takes = (sizeId: number) => couldTake(special, { productId: target.productId, category: target.category, sizeId });
  // Size 0 is no size: it matches the special's categories and products only.
  if (takes(0)) return text;
  const sizes = target.sizeIds ?? [];
  const taken = sizes.filter(takes).length;
  if (taken === 0) return null;
  // A card knows only the sizes the specials list, never all of a product's: it always says "select sizes".
  return target.sizesComplete && taken === sizes.length ? text : `${text}${SOME_SIZES}`;
}

/** The badge texts for one product, at most two (the card has room for two). */
export function badgesFor(badged: BadgedSpecial[], target: BadgeTarget): string[] {
  return badged.flatMap((entry) => badgeText(entry, target) ?? []).slice(0, 2);
}

/** When a shared page that lists specials must stop being served: the next start or end of one it could badge. */
export function nextBadgeChange(specials: Special[], now: Date, timeZone: string): number | null {
  return nextSpecialChange(
    specials.filter((special) => special.code === null && special.kind !== "spend_save"),
    now,
    timeZone,
  );
}

/**
 * Cards with the badges of the specials running now (a card with none is left as it was).
 * `sizeProducts` (size id → product id, from the layout's read) lets a special on chosen sizes badge
 * its product's card, marked as on select sizes.
 */
export function withSpecialBadges<T extends { id: number; category: string }>(
  cards: T[],
  specials: Special[],
  now: Date,
  timeZone: string,
  sizeProducts: ReadonlyMap<number, number> = new Map(),
): Array<T & { specials?: string[] }> {
  const badged = badgeSpecials(specials, now, timeZone);
  if (badged.length === 0) return cards;
  const sizesOf = new Map<number, number[]>();
  for (const [sizeId, productId] of sizeProducts) sizesOf.set(productId, [...(sizesOf.get(productId) ?? []), sizeId]);
  return cards.map((card) => {
    const sizeIds = sizesOf.get(card.id) ?? null;
    const texts = badgesFor(badged, { productId: card.id, category: card.category, sizeIds, sizesComplete: false });
    return texts.length > 0 ? { ...card, specials: texts } : card;
  });
}

/**
 * What the cart charges one unit with no code right now, and until when that price holds (the end of
 * the special that lowers it): the price a product page's structured data may state.
 */
export function singleUnitPrice(
  specials: Special[],
  line: { productId: number; sizeId: number; category: string; unitCents: number },
  now: Date,
  timeZone: string,
): { cents: number; until: number | null } {
  const result = applySpecials({ lines: [{ key: "one", quantity: 1, ...line }], specials, now, timeZone, code: null });
  const taken = result.lines[0]?.specialId ?? null;
  if (result.totalCents >= line.unitCents) return { cents: line.unitCents, until: null };
  const special =
    specials.find((candidate) => candidate.id === taken) ??
    specials.find((candidate) => result.applied.some((done) => done.id === candidate.id));
  return { cents: result.totalCents, until: special ? specialTiming(special, now, timeZone).endsAt : null };
}
