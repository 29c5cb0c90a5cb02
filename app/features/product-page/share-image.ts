import { OG_SIZE, uploadedImageKey, variantUrl } from "~/features/media/image-variants";
import { SHARE_IMAGE, type ShareImage } from "~/features/site/seo";

/**
 * A product's share image: the 1200x630 JPEG crop of its uploaded cover photo; the brand's card for a
 * product shown by its packshot or art (SVG, which link previews do not show) or an outside image.
 */
export function productShareImage(cover: string | null | undefined, name: string): ShareImage {
  const key = uploadedImageKey(cover);
  if (!key) return SHARE_IMAGE;
  return { path: variantUrl(key, "og"), type: "image/jpeg", ...OG_SIZE, alt: `Photo of ${name}` };
}
