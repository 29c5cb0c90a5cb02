import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { FEATURED_PRODUCTS } from "~/features/site/content/home";
import { packshotDataUrl } from "~/features/media/packshot.server";
import { loadLayoutData } from "~/features/site/layout.server";

/**
 * The home page's data. The category grid: the active categories the layout already reads (no
 * round trip of its own). The static featured cards get packshots drawn from their own facts.
 */
export async function loadHome(request: Request, context: AppLoadContext) {
  const { categories } = await loadLayoutData(request, context);
  if (!categories) throw data({ message: "We couldn't load the shop's categories." }, { status: 503 });
  const featured = FEATURED_PRODUCTS.map((product) => ({
    ...product,
    image: packshotDataUrl({ name: product.name, ...product.packshot }),
  }));
  return { categories, featured };
}
