import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { responsiveImage } from "~/features/photos/photo-variants";
import { fromPrice } from "~/features/money/money";
import { normalizeStrainType } from "~/features/catalogue/product";
import { productImageOrPackshot } from "~/features/packshots/packshot";
import { characterCount, normalizeSearch, SUGGEST_MIN_CHARS, type Suggestions } from "~/features/search/search";
import { serializeShopQuery } from "~/features/shop-filters/shop-links";
import { loadSuggestions } from "~/features/search/search.server";
import { serverTimingHeader } from "~/server/server-timing.server";
import { productPath } from "~/features/catalogue/product-path";

/**
 * GET /search?q=… — suggestions as the shopper types (the header and home search boxes): up to
 * 6 products and 3 categories in one D1 round trip, as JSON. Any q is fine: it is normalised
 * like every search (app/features/search/search.ts); under 2 characters there is nothing to suggest. The
 * answer is the same for everyone (active products only), so browsers and the edge keep it briefly.
 */

const SuggestQuerySchema = z.object({ q: z.string().catch("") });

const CACHE_SECONDS = 60;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { q } = SuggestQuerySchema.parse({ q: new URL(request.url).searchParams.get("q") ?? "" });
  const { term } = normalizeSearch(q);
  const suggestions: Suggestions = { term, products: [], categories: [], searchHref: `/shop${serializeShopQuery({ search: term })}` };
  const headers = (cache: string) => ({ "Cache-Control": cache, "Server-Timing": serverTimingHeader(context.timing, 0) });

  if (characterCount(term) < SUGGEST_MIN_CHARS) return Response.json(suggestions, { headers: headers(`public, max-age=${CACHE_SECONDS}`) });
  try {
    const found = await loadSuggestions(context.db, term);
    suggestions.products = found.products.map((product) => ({
      id: product.id,
      name: product.name,
      price: fromPrice(product.priceCents, product.sizesPriceDiffers),
      image: responsiveImage(productImageOrPackshot(product), "suggestion").src,
      strainType: normalizeStrainType(product.strainType),
      href: productPath(product),
    }));
    suggestions.categories = found.categories.map((category) => ({ name: category.name, href: `/shop/${category.slug}` }));
    return Response.json(suggestions, { headers: headers(`public, max-age=${CACHE_SECONDS}`) });
  } catch (error) {
    console.error("Suggestions could not be loaded", error);
    return Response.json({ message: "Suggestions are unavailable right now." }, { status: 503, headers: headers("no-store") });
  }
}
