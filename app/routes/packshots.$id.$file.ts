import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { packshotHash, packshotPath, PACKSHOT_HASH_PATTERN } from "~/features/media/packshot";
import { MEDIA_CACHE_CONTROL } from "~/features/media/media.server";
import { drawPackshot } from "~/features/media/packshot.server";
import { etagMatches } from "~/features/media/serve.server";
import { getPackshotSource } from "~/features/catalogue/product.server";
import { RESOURCE_CSP } from "~/server/security.server";
import { plainText } from "~/server/plain-text";

const ParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number),
  file: z
    .string()
    .regex(/^[0-9a-z]+\.svg$/)
    .transform((file) => file.slice(0, -".svg".length))
    .refine((hash) => PACKSHOT_HASH_PATTERN.test(hash)),
});

/**
 * /packshots/{id}/{hash}.svg: the product's packshot (app/features/media/packshot.server.ts), drawn from its
 * current row. The hash names the facts it was drawn from, so the answer never changes and is
 * cached for a year; a URL drawn from older facts (the product was renamed since) is sent on to
 * the current one, or 404 for an inactive product. A malformed address is a 400, an unknown id a
 * 404. Served as an image with nothing allowed to run (sandboxing CSP, nosniff).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) return plainText(400, "Bad packshot address: expected /packshots/{product id}/{11-character hash}.svg");
  const { id, file: hash } = parsed.data;

  let product: Awaited<ReturnType<typeof getPackshotSource>>;
  try {
    product = await getPackshotSource(context.db, id);
  } catch (error) {
    console.error(`Packshot ${id} could not be read`, error);
    return plainText(503, "Packshot temporarily unavailable", { "Retry-After": "5" });
  }
  if (!product) return plainText(404, "No such product");

  const current = packshotHash(product);
  if (current !== hash) {
    if (!product.active) return plainText(404, "No such packshot");
    return new Response(null, { status: 302, headers: { Location: packshotPath(product), "Cache-Control": "no-cache" } });
  }

  const etag = `"${current}"`;
  const headers = new Headers({
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": MEDIA_CACHE_CONTROL,
    ETag: etag,
    "Content-Security-Policy": RESOURCE_CSP,
    "X-Content-Type-Options": "nosniff",
  });
  if (etagMatches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(drawPackshot(product), { headers });
}
