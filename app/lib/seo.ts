import type { MetaDescriptor } from "@remix-run/cloudflare";
import { SITE } from "./site";

/**
 * Title, description and canonical URL for a public page, in one place.
 *   export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches, location }) =>
 *     seo({ title: "Shop", description: "...", origin: rootOrigin(matches), path: location.pathname });
 */
export function seo({
  title,
  description = SITE.description,
  origin,
  path,
  image = "/art/hero.svg",
  noindex = false,
}: {
  title: string;
  description?: string;
  origin: string;
  path: string;
  image?: string;
  noindex?: boolean;
}): MetaDescriptor[] {
  const fullTitle = title === SITE.name ? title : `${title} | ${SITE.name}`;
  const url = `${origin}${path}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${origin}${image}` },
    { name: "twitter:card", content: "summary_large_image" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** The site's origin from the root loader's data, for canonical URLs in meta functions. */
export function rootOrigin(matches: ReadonlyArray<{ id: string; data: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** An absolute URL for a site-relative path (images in JSON-LD and og:image must be absolute). */
export function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** schema.org Product for a product page: name, images, description, offer, rating. */
export function productJsonLd({
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
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
