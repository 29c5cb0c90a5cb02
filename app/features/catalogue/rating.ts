import type { Product } from "./product";

/**
 * A product's own rating, or null when it has no reviews. The shop never shows or publishes a rating
 * it has no reviews for (an invented rating or count misleads shoppers and breaks review rules), so
 * cards, the product page and its structured data all read this one rule.
 */
export function ownRating({ rating, reviewCount }: Pick<Product, "rating" | "reviewCount">): { value: number; count: number } | null {
  return rating > 0 && reviewCount >= 1 ? { value: Math.min(5, rating), count: reviewCount } : null;
}

export const NO_REVIEWS_TEXT = "No reviews yet";
