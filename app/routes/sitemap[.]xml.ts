import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { activeCategoriesQuery } from "~/features/catalogue/categories.server";
import { FIXED_CATEGORY_PAGES } from "~/features/category-pages/category-pages.server";
import { listSitemapProducts, readCatalogue } from "~/features/catalogue/product.server";
import { productPath } from "~/features/catalogue/product-path";
import { POLICY_LINKS } from "~/features/site/policy-links";

/** Public pages of the route table (checkout and admin are not for search engines). */
const SITEMAP_PAGES = [
  "/",
  "/shop",
  "/about",
  "/contact",
  "/reviews",
  "/faq",
  "/account",
  ...POLICY_LINKS.map((link) => `/${link.slug}`),
] as const;

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);
}

function urlEntry(loc: string, lastmod?: string) {
  const date = lastmod && /^\d{4}-\d{2}-\d{2}/.test(lastmod) ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : "";
  return `  <url><loc>${escapeXml(loc)}</loc>${date}</url>`;
}

/** /sitemap.xml: the public pages, every category page (fixed and active) and every active product. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { origin } = new URL(request.url);
  const [categories, products] = await readCatalogue(() =>
    Promise.all([activeCategoriesQuery(context.db), listSitemapProducts(context.db)]),
  );
  const categorySlugs = [...new Set([...Object.keys(FIXED_CATEGORY_PAGES), ...categories.map((category) => category.slug)])];
  const entries = [
    ...SITEMAP_PAGES.map((path) => urlEntry(`${origin}${path}`)),
    ...categorySlugs.map((slug) => urlEntry(`${origin}/shop/${encodeURIComponent(slug)}`)),
    ...products.map((product) => urlEntry(`${origin}${productPath(product)}`, product.updatedAt)),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
