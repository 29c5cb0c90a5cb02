import { parseStringList } from "./json-list";
import { normalizeStrainType, type Product } from "./product";

/**
 * What a product card shows (SPEC section 2: id, name, price, image, strainType, thcContent,
 * effects, rating, reviewCount, isLabTested, inStock, plus category and active for the badges
 * and admin controls). A full Product is also a ProductSummary.
 */
export type ProductSummary = Pick<
  Product,
  | "id"
  | "name"
  | "priceCents"
  | "image"
  | "category"
  | "strainType"
  | "thcContent"
  | "effects"
  | "rating"
  | "reviewCount"
  | "isLabTested"
  | "inStock"
  | "active"
>;

/** The columns a card needs, as the database returns them. */
export interface ProductSummaryRow {
  id: number;
  name: string;
  priceCents: number;
  image: string | null;
  category: string;
  strainType: string | null;
  thcContent: string | null;
  effects: string;
  rating: number;
  reviewCount: number;
  isLabTested: boolean;
  inStock: boolean;
  active: boolean;
}

export function toProductSummary(row: ProductSummaryRow): ProductSummary {
  return {
    ...row,
    strainType: normalizeStrainType(row.strainType),
    effects: parseStringList(row.effects),
  };
}
