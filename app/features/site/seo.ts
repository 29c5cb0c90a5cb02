import type { MetaDescriptor } from "@remix-run/cloudflare";
import { SITE } from "./site";

/** The image a shared link previews with: a site path to a raster image, its type, size and alt text. */
export interface ShareImage {
  path: string;
  type: "image/png" | "image/jpeg" | "image/webp";
  width: number;
  height: number;
  alt: string;
}

/**
 * The brand's share card, drawn in the owner's name (public/share.png when it cannot be drawn): every page
 * without a picture of its own previews with it. seo() gives it alt text in the owner's name (brandCardAlt).
 */
export const SHARE_IMAGE: ShareImage = {
  path: "/share/brand.png",
  type: "image/png",
  width: 1200,
  height: 630,
  alt: brandCardAlt(SITE),
};

/** The shop as a page's meta names it: the owner's trading name and tagline, from the root loader's settings. */
export interface ShopName {
  name: string;
  tagline: string;
}

/** The brand card's alt text: the shop's name and its tagline, as the card shows them. */
function brandCardAlt({ name, tagline }: ShopName): string {
  const line = tagline.replace(/\.$/, "");
  return line ? `${name}: ${line}` : name;
}

/**
 * Title, description and canonical URL for a public page, in one place.
 *   export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches, location }) =>
 *     seo({ title: "Shop", description: "...", origin: rootOrigin(matches), shop: rootShop(matches), path: location.pathname });
 */
export function seo({
  title,
  description,
  origin,
  shop,
  path,
  image = SHARE_IMAGE,
  type = "website",
  noindex = false,
}: {
  /** the page's own title; the shop's name follows it (a title that is the name stands alone) */
  title: string;
  /** at most 160 characters (clipDescription); a page without words of its own gives rootDescription(matches) */
  description: string;
  origin: string;
  /** the owner's trading name and tagline (rootShop(matches)) */
  shop: ShopName;
  path: string;
  /** A raster image of 1200x630 (link previews such as Telegram's take JPEG, PNG or WebP, never SVG). */
  image?: ShareImage;
  type?: "website" | "product";
  noindex?: boolean;
}): MetaDescriptor[] {
  const fullTitle = title === shop.name ? title : `${title} | ${shop.name}`;
  const url = `${origin}${path}`;
  const imageAlt = image.path === SHARE_IMAGE.path ? brandCardAlt(shop) : image.alt;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: shop.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: type },
    { property: "og:image", content: `${origin}${image.path}` },
    { property: "og:image:type", content: image.type },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

type Matches = ReadonlyArray<{ id: string; data: unknown } | undefined>;

function rootData(matches: Matches) {
  // The parts of the root loader's data the meta functions read (Remix types a match's data as unknown).
  return matches.find((match) => match?.id === "root")?.data as
    | { origin?: string; shop?: { description?: string; hoursPhrase?: string; identity?: { tradingName?: string; tagline?: string } } }
    | undefined;
}

/** The site's origin from the root loader's data, for canonical URLs in meta functions. */
export function rootOrigin(matches: Matches): string {
  return rootData(matches)?.origin ?? "";
}

/** The shop described from the owner's identity (shopDescription), for pages without a description of their own. */
export function rootDescription(matches: Matches): string {
  return rootData(matches)?.shop?.description ?? "";
}

/** The owner's trading name and tagline, for seo() (the root's data is missing only when its loader failed). */
export function rootShop(matches: Matches): ShopName {
  const identity = rootData(matches)?.shop?.identity;
  return { name: identity?.tradingName ?? SITE.name, tagline: identity?.tagline ?? SITE.tagline };
}

/** The owner's trading name, for a meta description that names the shop. */
export function rootShopName(matches: Matches): string {
  return rootShop(matches).name;
}

/** A page kept out of search engines (the back office, a 404): its title, then the shop's name. */
export function noindexTitle(title: string, matches: Matches): MetaDescriptor[] {
  return [{ title: `${title} | ${rootShopName(matches)}` }, { name: "robots", content: "noindex" }];
}
