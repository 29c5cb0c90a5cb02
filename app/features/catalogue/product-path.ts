import { slugify } from "./slug";

/**
 * Product URLs (decision 024): `/product/12-wild-berry-gummies` — the id, which never changes, then a
 * readable slug of the name. Only the id finds the product: a bare id or an old slug (the name changed)
 * is answered with a 301 to the canonical URL, so no link ever breaks. A name with no Latin letters or
 * digits ("草莓") has an empty slug, and its canonical URL is the bare id. Every internal link is built
 * here.
 */

/** Longest slug kept in a URL; cut at a word boundary. */
export const PRODUCT_SLUG_MAX = 60;

export function productSlug(name: string): string {
  const slug = slugify(name);
  if (slug.length <= PRODUCT_SLUG_MAX) return slug;
  const cut = slug.slice(0, PRODUCT_SLUG_MAX + 1);
  const boundary = cut.lastIndexOf("-");
  return (boundary > 0 ? cut.slice(0, boundary) : cut.slice(0, PRODUCT_SLUG_MAX)).replace(/-+$/, "");
}

/** The URL segment after /product/: "12-wild-berry-gummies", or "12" when the name gives no slug. */
export function productParam(product: { id: number; name: string }): string {
  const slug = productSlug(product.name);
  return slug ? `${product.id}-${slug}` : String(product.id);
}

/** The canonical path of a product page. */
export function productPath(product: { id: number; name: string }): string {
  return `/product/${productParam(product)}`;
}

const PARAM = /^([1-9]\d{0,14})(?:-|$)/;

/** The product id in a /product/ URL segment ("12", "12-any-old-slug"), or null for anything else. */
export function productIdFromParam(param: string | undefined): number | null {
  const match = param ? PARAM.exec(param) : null;
  return match ? Number(match[1]) : null;
}
