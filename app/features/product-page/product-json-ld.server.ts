import type { Product } from "~/features/catalogue/product";
import type { ProductSize } from "~/features/catalogue/sizes";
import { productPath } from "~/features/catalogue/product-path";
import { ownRating } from "~/features/catalogue/rating";
import { jsonForScript } from "~/server/json-for-script";
import { packshotShareOf } from "~/features/packshots/packshot";
import { galleryItems } from "./gallery-items";
import { categoryLabel, productDescription } from "./product-page";

/*
 * A product page's schema.org JSON-LD, built by its loader: crawlers read it in the server's HTML, so
 * its code is not part of any page's JavaScript (the page renders the string it is given).
 */

/** An absolute URL for a site-relative path (images in JSON-LD and og:image must be absolute). */
function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith("/") ? "" : "/"}${path}`;
}

/**
 * schema.org Product for a product page: name, images, description, offer, and the rating when it has
 * one. No `brand`: the shop sells other makers' products, and the catalogue does not record who made one.
 */
function productJsonLd({
  origin,
  path,
  name,
  images,
  description,
  category,
  offers,
  rating,
}: {
  origin: string;
  path: string;
  name: string;
  images: string[];
  description: string;
  category: string;
  offers: Record<string, unknown>;
  rating: { value: number; count: number } | null;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    image: images.map((image) => absoluteUrl(origin, image)),
    description,
    category,
    url: `${origin}${path}`,
    offers,
    ...(rating
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: rating.value, reviewCount: rating.count, bestRating: 5 } }
      : {}),
  };
}

const price = (cents: number) => (cents / 100).toFixed(2);

/**
 * What the product is offered at: one Offer per size — its price, SKU and availability
 * (the product's In Stock switch, and the size's stock when tracked: 0 is OutOfStock) — and, for
 * several sizes, an AggregateOffer over them (lowest and highest price, count). A product sold in
 * one size has one Offer, as before sizes.
 */
/** One unit's price as the cart charges it now with no code (a running special may lower it, until a time). */
export type UnitPrice = (size: { id: number | null; priceCents: number }) => { cents: number; until: number | null };

const listPrice: UnitPrice = (size) => ({ cents: size.priceCents, until: null });

function productOffers(url: string, product: Pick<Product, "priceCents" | "inStock">, sizes: readonly ProductSize[], unitPrice: UnitPrice) {
  const offer = (size: Pick<ProductSize, "priceCents" | "stock"> & Partial<Pick<ProductSize, "id" | "label" | "sku">>) => {
    const charged = unitPrice({ id: size.id ?? null, priceCents: size.priceCents });
    return {
      "@type": "Offer",
      ...(size.label ? { name: size.label } : {}),
      ...(size.sku ? { sku: size.sku } : {}),
      url,
      price: price(charged.cents),
      ...(charged.until !== null ? { priceValidUntil: new Date(charged.until).toISOString().slice(0, 10) } : {}),
      priceCurrency: "USD",
      availability: product.inStock && size.stock !== 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    };
  };
  if (sizes.length <= 1) return offer(sizes[0] ?? { priceCents: product.priceCents, stock: null });
  const prices = sizes.map((size) => unitPrice({ id: size.id, priceCents: size.priceCents }).cents);
  return {
    "@type": "AggregateOffer",
    url,
    priceCurrency: "USD",
    lowPrice: price(Math.min(...prices)),
    highPrice: price(Math.max(...prices)),
    offerCount: sizes.length,
    offers: sizes.map(offer),
  };
}

/**
 * The text of a product page's JSON-LD script: the product as the page shows it — its images (the
 * uploaded ones, or its packshot as `cover`), description, category, price, stock and rating.
 */
export function productJsonLdScript(
  product: Product,
  cover: string,
  origin: string,
  sizes: readonly ProductSize[] = [],
  unitPrice: UnitPrice = listPrice,
): string {
  return jsonForScript(
    productJsonLd({
      origin,
      path: productPath(product),
      name: product.name,
      // A packshot is listed as drawn (SVG) and as its PNG: rich results read raster formats.
      images: [
        ...galleryItems({ ...product, image: cover })
          .filter((item) => item.kind === "image")
          .map((item) => item.src),
        ...[packshotShareOf(cover)].filter((path) => path !== null),
      ],
      description: productDescription(product),
      category: categoryLabel(product.category),
      offers: productOffers(`${origin}${productPath(product)}`, product, sizes, unitPrice),
      rating: ownRating(product),
    }),
  );
}
