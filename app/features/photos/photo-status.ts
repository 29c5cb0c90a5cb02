/**
 * How an uploaded photo's variants stand, as the owner sees it in the product form and on the
 * dashboard (docs/decisions/022). Pure: the status routes send it as JSON, the form and the
 * dashboard render it.
 */
import { SMALL_PHOTO_WIDTH, type VariantFormat, type VariantSlot } from "./photo-variants";

export type ImageState = "queued" | "processing" | "ready" | "failed";

/** Bytes of each made variant: { slot: { format: bytes } }. */
export type VariantSizes = Partial<Record<VariantSlot, Partial<Record<VariantFormat, number>>>>;

export interface ImageStatus {
  key: string;
  status: ImageState;
  /** The original's bytes and upright size (null until read). */
  size: number;
  width: number | null;
  height: number | null;
  animated: boolean;
  variants: VariantSizes;
  error: string | null;
  attempts: number;
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** What a shopper downloads of this photo, in the places that matter: a card, the product page, the zoom. */
function shopperDownloads(variants: VariantSizes): { card: number; page: number; zoom: number } | null {
  const card = variants.w400?.avif ?? variants.w400?.webp;
  const page = variants.w1200?.avif ?? variants.w1200?.webp;
  const zoom = variants.w1920?.avif ?? variants.w1920?.webp;
  return card && page && zoom ? { card, page, zoom } : null;
}

/** One line for the owner: where the photo stands and what it costs a shopper. */
export function imageStatusText(status: ImageStatus): string {
  const original = `${status.width && status.height ? `${status.width}×${status.height}, ` : ""}${formatBytes(status.size)}`;
  switch (status.status) {
    case "queued":
    case "processing":
      return `Original ${original}. Preparing sizes for shoppers…`;
    case "failed":
      return `Could not be prepared for shoppers: ${status.error ?? "unknown error"}`;
    case "ready": {
      const downloads = shopperDownloads(status.variants);
      const shopper = downloads
        ? `Shoppers download ${formatBytes(downloads.card)} on a card, ${formatBytes(downloads.page)} on the product page, ${formatBytes(downloads.zoom)} zoomed in.`
        : "Ready for shoppers.";
      return `Original ${original}. ${shopper}`;
    }
  }
}

/** A gentle note for photos that will look soft on large screens, or null. */
export function smallPhotoWarning(status: Pick<ImageStatus, "width">): string | null {
  if (status.width === null || status.width >= SMALL_PHOTO_WIDTH) return null;
  return `This photo is ${status.width} px wide; at least ${SMALL_PHOTO_WIDTH} px looks sharp on large screens.`;
}

export const isSettled = (status: ImageState) => status === "ready" || status === "failed";
