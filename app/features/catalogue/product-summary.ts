import { storedCompareAt } from "~/features/deals/deals";
import { packSize, productImageOrPackshot } from "~/features/packshots/packshot";
import { parseStringList } from "./json-list";
import { productPath } from "./product-path";
import { normalizeStrainType, type Product } from "./product";

/**
 * What a product card shows. `image` is what the card shows: the uploaded image, or the product's
 * packshot when it has none; `packSize` is the weight or pack size the label prints.
 */
export type ProductSummary = Pick<
  Product,
  | "id"
  | "name"
  | "priceCents"
  | "compareAtCents"
  | "category"
  | "strainType"
  | "thcContent"
  | "effects"
  | "rating"
  | "reviewCount"
  | "isLabTested"
  | "inStock"
  | "active"
> & {
  image: string;
  packSize: string | null;
  hasLabReport: boolean;
  /** its sizes' prices differ: the card says 'from' the price (the lowest); decision 028 */
  sizesPriceDiffers?: boolean;
  /** the canonical product path, built on the server (the slug rules stay out of the browser's code) */
  path: string;
  /** badges of the specials running for every shopper on this product, set on the server (absent: none) */
  specials?: string[];
};

/** The columns a card needs, as the database returns them. */
export interface ProductSummaryRow {
  id: number;
  name: string;
  priceCents: number;
  compareAtCents: number | null;
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
  /** A lab report is attached (the card's COA mark). */
  hasLabReport: boolean | number;
  sizesPriceDiffers?: boolean;
}

export function toProductSummary(row: ProductSummaryRow): ProductSummary {
  return {
    ...row,
    compareAtCents: storedCompareAt(row.priceCents, row.compareAtCents),
    image: productImageOrPackshot(row),
    packSize: packSize(row),
    strainType: normalizeStrainType(row.strainType),
    effects: parseStringList(row.effects),
    hasLabReport: Boolean(row.hasLabReport),
    path: productPath(row),
  };
}

/** The admin's counts on /shop and Indoor's debug banner. */
export interface CatalogueStats {
  total: number;
  active: number;
  inactive: number;
}
