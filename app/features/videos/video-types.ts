/**
 * What counts as a video we store: the allowed types, the 10GB limit,
 * the 10 MiB multipart part size and the container signatures. Pure: shared by the upload
 * routes and the browser's uploader.
 */
import type { MediaMessage } from "~/features/media/media-message";

export const VIDEO_MAX_BYTES = 10 * 1024 * 1024 * 1024;
/** R2 multipart parts: all but the last exactly this size (R2 needs 5 MiB to 5 GiB). */
export const VIDEO_PART_SIZE = 10 * 1024 * 1024;
/** Bytes needed to recognise a container from the start of the file. */
export const VIDEO_SIGNATURE_BYTES = 12;

/**
 * Allowed declared types: mp4, quicktime and mov variants, avi, webm, 3gpp, 3gpp2, mp4v-es, x-m4v.
 * The value is the content type the object is stored and served with.
 */
const ALLOWED: Record<string, { contentType: string; ext: string }> = {
  "video/mp4": { contentType: "video/mp4", ext: "mp4" },
  "video/quicktime": { contentType: "video/quicktime", ext: "mov" },
  "video/x-quicktime": { contentType: "video/quicktime", ext: "mov" },
  "video/mov": { contentType: "video/quicktime", ext: "mov" },
  "video/x-mov": { contentType: "video/quicktime", ext: "mov" },
  "video/avi": { contentType: "video/x-msvideo", ext: "avi" },
  "video/x-msvideo": { contentType: "video/x-msvideo", ext: "avi" },
  "video/msvideo": { contentType: "video/x-msvideo", ext: "avi" },
  "video/webm": { contentType: "video/webm", ext: "webm" },
  "video/3gpp": { contentType: "video/3gpp", ext: "3gp" },
  "video/3gpp2": { contentType: "video/3gpp2", ext: "3g2" },
  "video/mp4v-es": { contentType: "video/mp4v-es", ext: "m4v" },
  "video/x-m4v": { contentType: "video/x-m4v", ext: "m4v" },
};

/** Some systems give no type for a picked file; fall back to the extension of its name. */
const BY_EXTENSION: Record<string, string> = {
  mp4: "video/mp4",
  mov: "video/quicktime",
  qt: "video/quicktime",
  avi: "video/x-msvideo",
  webm: "video/webm",
  "3gp": "video/3gpp",
  "3g2": "video/3gpp2",
  m4v: "video/x-m4v",
};

export const VIDEO_ACCEPT = [...Object.keys(ALLOWED), ".mp4", ".mov", ".avi", ".webm", ".3gp", ".3g2", ".m4v"].join(",");

/** The declared type of a picked file, from its name when the browser gave none. */
export function declaredVideoType(file: { name: string; type: string }): string {
  const type = file.type.trim().toLowerCase();
  if (type) return type;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";
  return BY_EXTENSION[ext] ?? "";
}

function videoStorageType(declaredType: string): { contentType: string; ext: string } | null {
  return ALLOWED[declaredType.trim().toLowerCase()] ?? null;
}

/** "12.3" for 12.3 GB (binary gigabytes, one decimal), as in 'File size (12.3GB) exceeds 10GB limit.' */
function formatGigabytes(bytes: number): string {
  return (bytes / (1024 * 1024 * 1024)).toFixed(1);
}

export type VideoCheck = { ok: true; contentType: string; ext: string } | { ok: false; message: string };

/** The product's checks, type first, then size; the messages are the product's texts. */
export function checkVideoFile({ type, size }: { type: string; size: number }): VideoCheck {
  const allowed = videoStorageType(type);
  if (!allowed) return { ok: false, message: `File type "${type}" not supported. Please use MP4, MOV, AVI, or WebM.` };
  if (size > VIDEO_MAX_BYTES) return { ok: false, message: `File size (${formatGigabytes(size)}GB) exceeds 10GB limit.` };
  if (!Number.isSafeInteger(size) || size <= 0) return { ok: false, message: "The video file is empty." };
  return { ok: true, ...allowed };
}

/** Number of parts for a file, and the exact length of part n (1-based). */
export function partCount(size: number, partSize = VIDEO_PART_SIZE): number {
  return Math.max(1, Math.ceil(size / partSize));
}

export function expectedPartLength(size: number, partNumber: number, partSize = VIDEO_PART_SIZE): number {
  const count = partCount(size, partSize);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > count) return 0;
  return partNumber < count ? partSize : size - partSize * (count - 1);
}

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));
const matchesAt = (bytes: Uint8Array, signature: number[], offset: number) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

/** ISO base media (MP4, MOV, M4V, 3GP, 3G2) box types that may open a file. */
const ISO_BOXES = ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].map(ascii);

/**
 * True when the first bytes are those of a container we accept: ISO base media (MP4 / MOV /
 * M4V / 3GP), AVI (RIFF....AVI ), WebM / Matroska (EBML), or a raw MPEG-4 visual stream.
 */
export function looksLikeVideo(head: Uint8Array): boolean {
  if (ISO_BOXES.some((box) => matchesAt(head, box, 4))) return true;
  if (matchesAt(head, ascii("RIFF"), 0) && matchesAt(head, ascii("AVI "), 8)) return true;
  if (matchesAt(head, [0x1a, 0x45, 0xdf, 0xa3], 0)) return true;
  if (matchesAt(head, [0x00, 0x00, 0x01], 0) && head.length > 3) {
    const code = head[3]!;
    return code === 0xb0 || code === 0xb5 || code === 0xb6 || code <= 0x2f;
  }
  return false;
}

export const VIDEO_MESSAGES = {
  invalid: "Invalid video file",
  failedTitle: "Video upload failed",
  paused: "Upload paused",
  resumed: "Upload resumed",
  cancelled: "Upload cancelled",
  cancelledByUser: "Upload cancelled by user",
  removed: "Video removed",
  removeFailed: { title: "Remove failed", description: "Failed to remove video. Please try again." },
  uploadedTitle: "Video uploaded successfully!",
} as const satisfies Record<string, string | MediaMessage>;
