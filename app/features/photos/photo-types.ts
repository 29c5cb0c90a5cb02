/**
 * What counts as an image we store: JPG, PNG, WEBP or GIF, decided by the
 * file's first bytes ("magic bytes"), never by its declared type or name. Pure: used by the upload
 * routes on the server and by the admin form to refuse a file before sending it.
 */
import { ascii, startsWith } from "~/features/media/file-bytes";
import type { MediaMessage } from "~/features/media/media-message";

export const IMAGE_MAX_BYTES = 50 * 1024 * 1024;

/** Bytes needed to recognise every supported format (WEBP: "RIFF" + size + "WEBP"). */
export const IMAGE_SIGNATURE_BYTES = 12;

type ImageKind = "jpg" | "png" | "gif" | "webp";

export interface ImageType {
  kind: ImageKind;
  /** File extension used in storage keys. */
  ext: ImageKind;
  contentType: `image/${string}`;
}

const TYPES: Record<ImageKind, ImageType> = {
  jpg: { kind: "jpg", ext: "jpg", contentType: "image/jpeg" },
  png: { kind: "png", ext: "png", contentType: "image/png" },
  gif: { kind: "gif", ext: "gif", contentType: "image/gif" },
  webp: { kind: "webp", ext: "webp", contentType: "image/webp" },
};

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87A = ascii("GIF87a");
const GIF89A = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");

/** The image format of a file from its first bytes, or null when it is not one we accept. */
export function detectImageType(head: Uint8Array): ImageType | null {
  if (startsWith(head, JPEG)) return TYPES.jpg;
  if (startsWith(head, PNG)) return TYPES.png;
  if (startsWith(head, GIF87A) || startsWith(head, GIF89A)) return TYPES.gif;
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return TYPES.webp;
  return null;
}

export const IMAGE_MESSAGES = {
  tooLarge: { title: "File too large", description: "Please select an image smaller than 50MB" },
  invalidType: { title: "Invalid file type", description: "Please select a valid image file (JPG, PNG, WEBP, or GIF)" },
  uploaded: (isCover: boolean): MediaMessage => ({
    title: "Image uploaded successfully!",
    description: isCover ? "Cover image has been updated" : "Extra image has been added",
  }),
  removed: { title: "Image removed!", description: "Image removed from form (file preserved in storage)" },
} as const satisfies Record<string, MediaMessage | ((isCover: boolean) => MediaMessage)>;

/** Accept list for file inputs (a hint for the picker; the bytes decide). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";
