import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveImageVariant } from "~/features/photos/photo-serving.server";
import { widthSlot, LARGEST_WIDTH } from "~/features/photos/photo-variants";

/**
 * /images/{key}: an uploaded photo's URL as the product stores it. Never the original (which keeps
 * the phone's metadata and stays private in R2): the largest variant, stripped and upright, in the
 * best format the browser accepts (docs/decisions/022).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return serveImageVariant(request, context.env, context.cloudflare.ctx, params.key, widthSlot(LARGEST_WIDTH));
}
