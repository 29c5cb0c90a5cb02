import type { Product } from "~/features/catalogue/product";
import { SITE } from "~/features/site/site";
import { galleryItems } from "./gallery-items";
import { categoryLabel, displayRating, productDescription } from "./product-page";

/*
 * A product page's schema.org JSON-LD, built by its loader: crawlers read it in the server's HTML, so
 * its code is not part of any page's JavaScript (the page renders the string it is given).
 */

/** An absolute URL for a site-relative path (images in JSON-LD and og:image must be absolute). */
function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** schema.org Product for a product page: name, images, description, offer, rating. */
function productJsonLd({
  origin,
  path,
  name,
  images,
  description,
  category,
  priceCents,
  inStock,
  rating,
  reviewCount,
}: {
  origin: string;
  path: string;
  name: string;
  images: string[];
  description: string;
  category: string;
  priceCents: number;
  inStock: boolean;
  rating: number;
  reviewCount: number;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    image: images.map((image) => absoluteUrl(origin, image)),
    description,
    category,
    url: `${origin}${path}`,
    brand: { "@type": "Brand", name: SITE.name },
    offers: {
      "@type": "Offer",
      url: `${origin}${path}`,
      price: (priceCents / 100).toFixed(2),
      priceCurrency: "USD",
      availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
    aggregateRating: { "@type": "AggregateRating", ratingValue: rating, reviewCount, bestRating: 5 },
  };
}

/** JSON for an inline <script>: "<" escaped so the text can never close the script element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The text of a product page's JSON-LD script: the product as the page shows it — its images (the
 * uploaded ones, or its packshot as `cover`), description, category, price, stock and rating.
 */
export function productJsonLdScript(product: Product, cover: string, origin: string): string {
  const { rating, reviewCount } = displayRating(product);
  return jsonForScript(
    productJsonLd({
      origin,
      path: `/product/${product.id}`,
      name: product.name,
      images: galleryItems({ ...product, image: cover })
        .filter((item) => item.kind === "image")
        .map((item) => item.src),
      description: productDescription(product),
      category: categoryLabel(product.category),
      priceCents: product.priceCents,
      inStock: product.inStock,
      rating,
      reviewCount,
    }),
  );
}
