/**
 * Image URLs: where a product's stored image path points.
 * Pure rules, shared by cards, the gallery and the admin form.
 */

/** Uploaded images are served by the Worker from R2 under this prefix (key = image-{timestamp}-{random}.{ext}). */
export const UPLOADS_PREFIX = "/images/";
export const PLACEHOLDER_IMAGE = "/art/placeholder.svg";

/**
 * Product card image paths: http(s) URLs and values already under the uploads
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

// Sized URLs, srcset and sizes of uploaded photos: photo-variants.ts (docs/decisions/022).
