/**
 * Why shoppers cannot see (or cannot buy) a saved product, each with what the owner can do about it:
 * the notice at the top of its edit page, so a product filed where no shopper finds it is never a
 * silent surprise. Pure: the loader gathers the facts.
 */
export interface HiddenReason {
  reason: string;
  fix: string;
}

export interface VisibilityFacts {
  active: boolean;
  inStock: boolean;
  /** Each size's stock on hand; null when the size does not track it. */
  sizeStocks: readonly (number | null)[];
  /** The product's category as shoppers meet it: its name, and whether its page only says 'Coming Soon'. */
  category: { name: string; comingSoon: boolean };
}

export const HIDDEN_NOTICE_TITLE = "Shoppers can't see this product:";

export function hiddenReasons(facts: VisibilityFacts): HiddenReason[] {
  const reasons: HiddenReason[] = [];
  if (facts.category.comingSoon) {
    reasons.push({
      reason: `its category, ${facts.category.name}, always shows 'Coming Soon' instead of products.`,
      fix: "Choose another category under Category & Strain, then save.",
    });
  }
  if (!facts.active) {
    reasons.push({ reason: "it is switched off (Active is not ticked).", fix: "Tick Active under Status, then save." });
  }
  if (!facts.inStock) {
    reasons.push({
      reason: "it is marked out of stock (In Stock is not ticked), so it can't be added to the cart.",
      fix: "Tick In Stock under Status, then save.",
    });
  } else if (facts.sizeStocks.length > 0 && facts.sizeStocks.every((stock) => stock === 0)) {
    reasons.push({
      reason: "every size has 0 in stock, so it can't be added to the cart.",
      fix: "Enter the stock on hand for a size under Sizes and stock, then save.",
    });
  }
  return reasons;
}
