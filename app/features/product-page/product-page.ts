import type { Product } from "~/features/catalogue/product";

/** "gelato-punch" -> "gelato punch" (the details list shows the category with hyphens as spaces). */
export function categoryLabel(category: string): string {
  return category.replace(/-/g, " ");
}

/** The product's description, or, when it has none, a plain line that claims nothing the data does not say. */
export function productDescription(product: Pick<Product, "name" | "description" | "category">): string {
  const own = product.description.trim();
  if (own) return own;
  return `${product.name} from our ${categoryLabel(product.category)} collection.`;
}
