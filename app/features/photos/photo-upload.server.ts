/**
 * A product photo upload (docs/decisions/007, 022): the file streams into R2 (storeImage:
 * its first bytes prove its type, its size is held to the limit), then its first megabyte is read
 * back for what the container says — size, orientation, frames — and a photo the pipeline cannot
 * make (over 100 megapixels, over 12,000 px on a side, no readable header) is refused at once and
 * deleted. Otherwise it is registered and its variants are queued; the answer says how large the
 * photo is and where its variants stand.
 */
import type { Db } from "~/server/load-context";
import { uploadFailedMessage } from "~/features/media/media-message";
import { MediaError, randomToken, storeChecked } from "~/features/media/media.server";
import { readImageFacts, uprightSize, type ImageFacts } from "./photo-container";
import { forgetPhotos, registerPhoto } from "./photo-pipeline.server";
import type { ImageStatus } from "./photo-status";
import { detectImageType, IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_SIGNATURE_BYTES } from "./photo-types";
import { PROCESSABLE_MAX_BYTES, refusalReason } from "./photo-variants";
import { UPLOADS_PREFIX } from "./photo-urls";

/** Enough of a file to find its size: PNG, GIF and WebP say it in their first bytes, a JPEG after its metadata. */
const HEAD_BYTES = 1024 * 1024;

interface StoredImage {
  key: string;
  url: string;
  contentType: string;
  size: number;
}

function newImageKey(ext: string, now = Date.now()) {
  return `image-${now}-${randomToken()}.${ext}`;
}

const imageUrl = (key: string) => `${UPLOADS_PREFIX}${key}`;

/**
 * Streams one image into R2 (JPG, PNG, WEBP or GIF by its first bytes, at most 50MB): 413 'File
 * too large', 415 'Invalid file type', nothing half-written on failure (storeChecked).
 */
async function storeImage(env: Env, body: ReadableStream<Uint8Array> | null, length: number | null): Promise<StoredImage> {
  const { key, type } = await storeChecked(
    {
      bucket: env.IMAGES,
      maxBytes: IMAGE_MAX_BYTES,
      signatureBytes: IMAGE_SIGNATURE_BYTES,
      detect: detectImageType,
      tooLarge: IMAGE_MESSAGES.tooLarge,
      invalidType: IMAGE_MESSAGES.invalidType,
      key: (image) => newImageKey(image.ext),
      contentType: (image) => image.contentType,
    },
    body,
    length,
  );
  return { key, url: imageUrl(key), contentType: type.contentType, size: length! };
}

export interface StoredPhoto extends StoredImage {
  width: number | null;
  height: number | null;
  status: ImageStatus;
}

async function deleteQuietly(bucket: R2Bucket, key: string) {
  try {
    await bucket.delete(key);
  } catch (error) {
    console.error(`Could not delete ${key} after refusing it`, error);
  }
}

/** What the stored file's first bytes say, or a refusal (the product's 'Invalid file type' with the reason). */
async function readStoredFacts(env: Env, key: string, size: number): Promise<ImageFacts | null> {
  const head = await env.IMAGES.get(key, { range: { offset: 0, length: Math.min(size, HEAD_BYTES) } });
  if (!head) throw MediaError.of(503, uploadFailedMessage("Storage is unavailable right now"));
  const bytes = new Uint8Array(await head.arrayBuffer());
  const read = readImageFacts(bytes);
  if (!read.ok) {
    // A JPEG whose metadata runs past the first megabyte: the Queue reads the whole file.
    if (bytes.length < size) return null;
    throw MediaError.of(415, IMAGE_MESSAGES.invalidType).withDetail(read.reason);
  }
  const refusal = refusalReason(read.facts);
  if (refusal) throw MediaError.of(415, IMAGE_MESSAGES.invalidType).withDetail(refusal);
  return read.facts;
}

/**
 * Stores one photo and queues its variants: 413 'File too large' over 50MB, 413 'Upload failed'
 * over the 20MB the Images binding reads, 415 'Invalid file type' for anything not a JPG, PNG,
 * WEBP or GIF or that the pipeline refuses. Nothing stays in R2 after a refusal.
 */
export async function storePhoto(env: Env, db: Db, body: ReadableStream<Uint8Array> | null, length: number | null): Promise<StoredPhoto> {
  if (length !== null && length <= IMAGE_MAX_BYTES && length > PROCESSABLE_MAX_BYTES) {
    await body?.cancel("over the processing limit");
    throw MediaError.of(413, uploadFailedMessage("Photos over 20MB cannot be prepared for the shop; save a smaller copy and upload that"));
  }
  const stored = await storeImage(env, body, length);
  let facts: ImageFacts | null;
  try {
    facts = await readStoredFacts(env, stored.key, stored.size);
  } catch (error) {
    await deleteQuietly(env.IMAGES, stored.key);
    throw error;
  }
  const status = await registerPhoto(env, db, { key: stored.key, contentType: stored.contentType, size: stored.size, facts });
  const upright = facts ? uprightSize(facts) : null;
  return { ...stored, width: upright?.width ?? null, height: upright?.height ?? null, status };
}

export type StoreFormImagesResult = { ok: true; urls: string[] } | { ok: false; status: number; title: string; description: string };

/**
 * The product form's no-JavaScript path: stores the posted `imageFiles` in order. All or nothing:
 * when one file is refused, the ones already stored by this call are deleted again (and forgotten: their
 * queued messages then find neither a record nor an original, and are skipped).
 */
export async function tryStoreFormImages(env: Env, db: Db, files: FormDataEntryValue[]): Promise<StoreFormImagesResult> {
  // An empty file input still posts one nameless, empty file.
  const picked = files.filter((file): file is File => typeof file !== "string" && file.size > 0);
  const oversized = picked.find((file) => file.size > IMAGE_MAX_BYTES);
  if (oversized) return { ok: false, status: 413, ...IMAGE_MESSAGES.tooLarge };

  const stored: StoredPhoto[] = [];
  try {
    for (const file of picked) stored.push(await storePhoto(env, db, file.stream(), file.size));
  } catch (error) {
    await Promise.all(stored.map((image) => deleteQuietly(env.IMAGES, image.key)));
    await forgetPhotos(
      db,
      stored.map((image) => image.key),
    );
    const failure = error instanceof MediaError ? error : MediaError.of(500, uploadFailedMessage());
    if (!(error instanceof MediaError)) console.error("Storing form images failed", error);
    return { ok: false, status: failure.status, title: failure.title, description: failure.description };
  }
  return { ok: true, urls: stored.map((image) => image.url) };
}
