import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveVideo } from "~/features/media/serve.server";

/**
 * /videos/{key}: a product video streamed from R2 with HTTP Range support, so the player can
 * seek (206 with Content-Range, 416 when unsatisfiable), ETag and long caching.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  try {
    return await serveVideo(context.env, params.key, request);
  } catch (error) {
    console.error(`Serving video ${params.key} failed`, error);
    return new Response("Video temporarily unavailable", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" },
    });
  }
}
