/**
 * Image URLs: where a product's stored image path points, and how to ask for a sized copy.
 * Pure rules (SPEC section 7), shared by cards, the gallery and the admin form.
 */

/** Uploaded images are served by the Worker from R2 under this prefix (key = image-{timestamp}-{random}.{ext}). */
export const UPLOADS_PREFIX = "/images/";
export const PLACEHOLDER_IMAGE = "/art/placeholder.svg";

/**
 * SPEC section 7, product card image paths: http(s) URLs and values already under the uploads
 * prefix are used as is; the 'public/' form of that prefix is rewritten; a bare file name gets
 * the prefix. Site-relative paths (our own /art/...) are used as is.
 */
export function productImagePath(value: string | null | undefined): string {
  const path = value?.trim();
  if (!path) return PLACEHOLDER_IMAGE;
  if (/^https?:\/\//i.test(path)) return path;
  if (path.startsWith(UPLOADS_PREFIX)) return path;
  if (path.startsWith(`public${UPLOADS_PREFIX}`)) return path.slice("public".length);
  if (path.startsWith(`public/`)) return path.slice("public".length);
  if (path.startsWith("/")) return path;
  return `${UPLOADS_PREFIX}${path}`;
}

/** SPEC section 7 sizing rule: 400 below 300 wide, 800 up to 600 wide, else the requested size. */
export function resizedWidth(requested: number): number {
  if (requested < 300) return 400;
  if (requested <= 600) return 800;
  return Math.round(requested);
}

export const IMAGE_QUALITY = 85;

/**
 * A sized URL for an image: through Cloudflare Image Resizing (/cdn-cgi/image/...) when it is on,
 * the original otherwise. SVG art is never resized (it is already resolution-independent).
 */
export function sizedImageUrl(value: string | null | undefined, requestedWidth: number, resizing: boolean): string {
  const path = productImagePath(value);
  if (!resizing || path.endsWith(".svg")) return path;
  const width = resizedWidth(requestedWidth);
  return `/cdn-cgi/image/width=${width},quality=${IMAGE_QUALITY},format=webp/${path.replace(/^\//, "")}`;
}

/** srcset for responsive images; empty when resizing is off (the original serves every width). */
export function imageSrcSet(value: string | null | undefined, widths: number[], resizing: boolean): string | undefined {
  const path = productImagePath(value);
  if (!resizing || path.endsWith(".svg")) return undefined;
  return widths.map((w) => `${sizedImageUrl(path, w, true)} ${resizedWidth(w)}w`).join(", ");
}
