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
