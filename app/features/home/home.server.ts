import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { loadLayoutData } from "~/features/site/layout.server";
import { loadHomeContent } from "~/features/storefront/storefront.server";
import { homeTestimonials } from "~/features/storefront/reviews-content";
import { clipDescription } from "~/features/site/shop-description";

/**
 * The home page's data. The category grid: the active categories the layout already reads (no
 * round trip of its own). The owner's words, featured products and testimonials: the storefront's
 * documents, read beside it.
 */
export async function loadHome(request: Request, context: AppLoadContext) {
  const [{ categories }, { content, reviews, featured }] = await Promise.all([loadLayoutData(request, context), loadHomeContent(context)]);
  if (!categories) throw data({ message: "We couldn't load the shop's categories." }, { status: 503 });
  // The welcome's text is the page's description, clipped here so the browser carries no clipping code.
  const description = clipDescription(content.welcome.text);
  return { categories, content, featured, testimonials: homeTestimonials(reviews.entries), description };
}
