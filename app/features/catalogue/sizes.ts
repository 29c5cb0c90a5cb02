/**
 * Sizes (decision 028): a product is sold in one or more sizes — '1/8 oz', '5-pack', or ''
 * for a product sold in one size, which shows no picker and reads exactly as before sizes — each with
 * its own price, sale price, SKU, stock and bulk tiers. Pure: the shop, the cart, the admin form and
 * the writer (sizes.server.ts) share these rules.
 */
import type { ProductSizeRow } from "~db/schema";
import { storedCompareAt } from "~/features/deals/deals";
import type { PriceTiers } from "./price-tiers";
import { parsePriceTiers, serializePriceTiers } from "./stored-tiers";

/** The most sizes a product has (menus sell five or six; twenty leaves room for packs and weights). */
export const MAX_SIZES = 20;

export interface ProductSize {
  id: number;
  label: string;
  priceCents: number;
  /** the original price of this size's sale; null when this size is not on sale */
  compareAtCents: number | null;
  sku: string | null;
  /** units on hand; null = not tracked */
  stock: number | null;
  tiers: PriceTiers | null;
}

/** A size as written: an existing size keeps its id (so cart lines naming it stay valid), a new one has none. */
export type SizeInput = Omit<ProductSize, "id"> & { id?: number | null };

export function toProductSize(
  row: Pick<ProductSizeRow, "id" | "label" | "priceCents" | "compareAtCents" | "sku" | "stock" | "tiers">,
): ProductSize {
  return {
    id: row.id,
    label: row.label,
    priceCents: row.priceCents,
    compareAtCents: storedCompareAt(row.priceCents, row.compareAtCents),
    sku: row.sku,
    stock: row.stock,
    tiers: parsePriceTiers(row.tiers, row.priceCents),
  };
}

/** The size that sets the product's 'from' price: the lowest price, the first of equals. */
function lowestPricedSize<T extends Pick<ProductSize, "priceCents">>(sizes: readonly T[]): T | undefined {
  return sizes.reduce<T | undefined>((low, size) => (!low || size.priceCents < low.priceCents ? size : low), undefined);
}

/**
 * The products row's columns that follow its sizes: the lowest-priced size's price, compare-at price
 * and tiers, and whether the sizes' prices differ — what listings sort and filter on, on their indexes (decision 009), and what a product
 * sold in one size has always had there.
 */
export function derivedProductColumns(sizes: readonly SizeInput[]): {
  priceCents: number;
  compareAtCents: number | null;
  priceTiers: string | null;
  sizesPriceDiffers: boolean;
} {
  const low = lowestPricedSize(sizes);
  if (!low) throw new Error("A product has at least one size");
  return {
    priceCents: low.priceCents,
    compareAtCents: storedCompareAt(low.priceCents, low.compareAtCents),
    priceTiers: serializePriceTiers(low.tiers),
    // Cards say 'from $X' (the lowest price) when the sizes do not all cost the same.
    sizesPriceDiffers: pricesDiffer(sizes),
  };
}

/** True when the sizes do not all cost the same: cards then say 'from $X'. */
export function pricesDiffer(sizes: readonly Pick<ProductSize, "priceCents">[]): boolean {
  return sizes.some((size) => size.priceCents !== sizes[0]?.priceCents);
}
