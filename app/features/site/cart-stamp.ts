/**
 * The tokens a render for the page cache's shared copy writes in place of the cart badge's label
 * and count (app/features/site/cart-badge.tsx); random per copy, never sent (docs/decisions/027).
 */
export interface CartStampTokens {
  label: string;
  count: string;
}
