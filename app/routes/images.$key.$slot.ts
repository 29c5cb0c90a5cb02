import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveImageVariant } from "~/features/photos/photo-serving.server";

/**
 * /images/{key}/{slot}: one variant of an uploaded photo — w160 … w1920, og (the 1200x630 crop) or
 * lqip (the blurred placeholder) — as AVIF, WebP or JPEG by the browser's Accept header, from the
 * cache or R2; 404 for an unknown key or slot (docs/decisions/022).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return serveImageVariant(request, context.env, context.cloudflare.ctx, params.key, params.slot ?? "");
}
