import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveImage } from "~/features/media/serve.server";

/**
 * /images/{key}: an uploaded product image streamed from R2 with its stored type, ETag (304 on
 * If-None-Match) and a year of immutable caching; 404 for unknown or malformed keys.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  try {
    return await serveImage(context.env, params.key, request);
  } catch (error) {
    console.error(`Serving image ${params.key} failed`, error);
    return new Response("Image temporarily unavailable", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" },
    });
  }
}
