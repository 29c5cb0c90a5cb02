import { OG_SIZE, uploadedImageKey, variantUrl } from "~/features/photos/photo-variants";
import { packshotShareOf } from "~/features/packshots/packshot";
import { SHARE_IMAGE, type ShareImage } from "~/features/site/seo";

/**
 * A product's share image: the 1200x630 JPEG crop of its uploaded cover photo; for a product shown by
 * its packshot, the packshot's 1200x630 PNG (link previews show no SVG); the brand's card for art or
 * an outside image.
 */
export function productShareImage(cover: string | null | undefined, name: string): ShareImage {
  const key = uploadedImageKey(cover);
  if (key) return { path: variantUrl(key, "og"), type: "image/jpeg", ...OG_SIZE, alt: `Photo of ${name}` };
  const packshot = cover ? packshotShareOf(cover) : null;
  if (packshot) return { path: packshot, type: "image/png", ...OG_SIZE, alt: `Packshot of ${name}` };
  return SHARE_IMAGE;
}
