import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { RESOURCE_CSP } from "~/server/security.server";
import { plainText } from "~/server/plain-text";
import { MEDIA_CACHE_CONTROL } from "~/features/media/media.server";
import { etagMatches } from "~/features/media/serve.server";
import { packshotHash, PACKSHOT_HASH_PATTERN, type PackshotSource } from "./packshot";

/**
 * The rules the packshot's addresses share — /packshots/{id}/{hash}.svg and its share image
 * /share/packshots/{id}/{hash}.png: the hash names the facts drawn, so an answer never changes and is
 * cached for a year. A malformed address is a 400, an unknown id a 404; a hash drawn from older facts
 * (the product was renamed since) is sent on to the current one, or 404 for an inactive product, so
 * an old link cannot learn its current name. Served as an image nothing may run in (sandbox, nosniff).
 */

function addressSchema(extension: "svg" | "png") {
  return z.object({
    id: z
      .string()
      .regex(/^[1-9]\d{0,14}$/)
      .transform(Number),
    file: z
      .string()
      .refine((file) => file.endsWith(`.${extension}`))
      .transform((file) => file.slice(0, -`.${extension}`.length))
      .refine((hash) => PACKSHOT_HASH_PATTERN.test(hash)),
  });
}

const SCHEMAS = { svg: addressSchema("svg"), png: addressSchema("png") };

interface PackshotAddress {
  extension: "svg" | "png";
  /** what a malformed address is told */
  expected: string;
  /** the current address of a product's picture of this kind */
  pathOf: (product: PackshotSource) => string;
  contentType: string;
}

/** The product a packshot address names at its current hash, with the headers to answer with; or the answer itself. */
export async function readPackshotAddress(
  params: LoaderFunctionArgs["params"],
  request: Request,
  /** the product's drawn facts by id (the catalogue's getPackshotSource), null when there is none */
  read: (id: number) => Promise<(PackshotSource & { active: boolean }) | null>,
  address: PackshotAddress,
): Promise<Response | { product: PackshotSource; headers: Headers }> {
  const parsed = SCHEMAS[address.extension].safeParse(params);
  if (!parsed.success) return plainText(400, `Bad packshot address: expected ${address.expected}`);
  const { id, file: hash } = parsed.data;

  let product: Awaited<ReturnType<typeof read>>;
  try {
    product = await read(id);
  } catch (error) {
    console.error(`Packshot ${id} could not be read`, error);
    return plainText(503, "Packshot temporarily unavailable", { "Retry-After": "5" });
  }
  if (!product) return plainText(404, "No such product");

  const current = packshotHash(product);
  if (current !== hash) {
    if (!product.active) return plainText(404, "No such packshot");
    return new Response(null, { status: 302, headers: { Location: address.pathOf(product), "Cache-Control": "no-cache" } });
  }

  const etag = `"${current}"`;
  const headers = new Headers({
    "Content-Type": address.contentType,
    "Cache-Control": MEDIA_CACHE_CONTROL,
    ETag: etag,
    "Content-Security-Policy": RESOURCE_CSP,
    "X-Content-Type-Options": "nosniff",
  });
  if (etagMatches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return { product, headers };
}
