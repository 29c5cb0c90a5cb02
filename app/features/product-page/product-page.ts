import type { Product } from "~/features/catalogue/product";
import { SITE } from "~/features/site/site";

/** "gelato-punch" -> "gelato punch" (the details list shows the category with hyphens as spaces). */
export function categoryLabel(category: string): string {
  return category.replace(/-/g, " ");
}

/** The product's description, or a generated one when it has none. */
export function productDescription(product: Pick<Product, "name" | "description" | "category" | "isLabTested">): string {
  const own = product.description.trim();
  if (own) return own;
  const tested = product.isLabTested ? " Every batch is lab tested for potency and purity, and it" : " It";
  return `${product.name} from our ${categoryLabel(product.category)} collection, hand-picked by the ${SITE.name} team.${tested} ships discreetly nationwide in ${SITE.delivery}.`;
}
