import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveVideo } from "~/features/media/serve.server";
import { plainText } from "~/server/plain-text";

/**
 * /videos/{key}: a product video streamed from R2 with HTTP Range support, so the player can
 * seek (206 with Content-Range, 416 when unsatisfiable), ETag and long caching.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  try {
    return await serveVideo(context.env, params.key, request);
  } catch (error) {
    console.error(`Serving video ${params.key} failed`, error);
    return plainText(503, "Video temporarily unavailable", { "Retry-After": "5" });
  }
}
