import { productImagePath } from "~/features/photos/photo-urls";

/** One entry of the product gallery: the cover, then extra images, then an optional video. */
export type GalleryItem = { kind: "image"; src: string } | { kind: "video"; src: string };

export function galleryItems(product: { image: string | null; extraImages: string[]; video: string | null }): GalleryItem[] {
  const images = [product.image, ...product.extraImages]
    .map((value) => value?.trim() ?? "")
    .filter((value, index) => value !== "" || index === 0)
    .map((value): GalleryItem => ({ kind: "image", src: productImagePath(value) }));
  const video = product.video?.trim();
  return video ? [...images, { kind: "video", src: video }] : images;
}

/** Previous / next wrap around: from the last item to the first and back. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}
