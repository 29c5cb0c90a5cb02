/**
 * R2 media: product images in IMAGES (`product-images`) and
 * videos in VIDEOS (`product-videos`).
 *
 * - Images are streamed into R2 after their first bytes prove they are JPG, PNG, WEBP or GIF and
 *   while their size is counted against the 50MB limit; nothing is buffered whole and nothing
 *   half-written remains after a failure.
 * - Videos go up as R2 multipart uploads in 10 MiB parts; every upload and its parts are recorded
 *   in D1 (`video_uploads`) so the browser can resume after a reload, and the hourly cron aborts
 *   uploads left untouched for 24 hours.
 * - Both are served back through the Worker (serve.server.ts): images with long immutable caching
 *   and ETag, videos with HTTP Range support so the player can seek.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { products, videoUploads, type VideoUploadRow } from "~db/schema";
import { createDb, type Db } from "~/server/load-context";
import { plainText } from "~/server/plain-text";
import {
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  IMAGE_SIGNATURE_BYTES,
  detectImageType,
  uploadFailedMessage,
  type MediaMessage,
} from "./image-types";
import { UPLOADS_PREFIX } from "./images";
import {
  VIDEO_MESSAGES,
  VIDEO_PART_SIZE,
  VIDEO_SIGNATURE_BYTES,
  checkVideoFile,
  expectedPartLength,
  looksLikeVideo,
  partCount,
} from "./video-types";

const VIDEOS_PREFIX = "/videos/";
/** Keys never change content (a new upload gets a new key), so caches may keep them for a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Uploads untouched for this long are aborted by the scheduled handler. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** A refusal or failure with the product's title and text, and the HTTP status to answer with. */
export class MediaError extends Error {
  /** Why, in the owner's words, beside the product's title and text (e.g. which limit a photo is over). */
  detail: string | null = null;

  constructor(
    readonly status: number,
    readonly title: string,
    readonly description: string,
  ) {
    super(`${title}: ${description}`);
    this.name = "MediaError";
  }

  static of(status: number, message: MediaMessage) {
    return new MediaError(status, message.title, message.description);
  }

  withDetail(detail: string) {
    this.detail = detail;
    return this;
  }

  toJSON() {
    return { error: { title: this.title, description: this.description, ...(this.detail ? { detail: this.detail } : {}) } };
  }
}

/**
 * An upload route's refusal of the request itself (a method it does not take, input its schema
 * refused), in the same `{ error: { title, description } }` shape as every media error.
 */
export function uploadRefusal(status: 400 | 405, description: string, allow?: string): Response {
  const title = status === 405 ? "Method not allowed" : "Invalid request";
  return Response.json({ error: { title, description } }, { status, ...(allow ? { headers: { Allow: allow } } : {}) });
}

/** The JSON answer of the upload routes for an error: the product's texts, never a stack. */
export function mediaErrorResponse(error: unknown): Response {
  if (error instanceof MediaError) return Response.json(error.toJSON(), { status: error.status });
  console.error("Media request failed", error);
  const fallback = MediaError.of(500, uploadFailedMessage());
  return Response.json(fallback.toJSON(), { status: 500 });
}

// ---------------------------------------------------------------------------------------------
// Keys and URLs

/** Object keys: letters, digits, dot, dash, underscore; no path segments, no "..". */
export const MediaKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/)
  .refine((key) => !key.includes(".."));

export function randomToken(length = 10) {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

function newImageKey(ext: string, now = Date.now()) {
  return `image-${now}-${randomToken()}.${ext}`;
}

function newVideoKey(ext: string, now = Date.now()) {
  return `video-${now}-${randomToken()}.${ext}`;
}

const imageUrl = (key: string) => `${UPLOADS_PREFIX}${key}`;
const videoUrl = (key: string) => `${VIDEOS_PREFIX}${key}`;

/**
 * The object key behind one of our video URLs, in any form it is stored or sent: relative
 * ("/videos/k"), absolute ("https://shop.example/videos/k"), with a query or fragment, or with the
 * key percent-encoded. Null for anything else.
 */
export function videoKeyFromUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, "https://relative.invalid");
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  if (!parsed.pathname.startsWith(VIDEOS_PREFIX)) return null;
  let key: string;
  try {
    key = decodeURIComponent(parsed.pathname.slice(VIDEOS_PREFIX.length));
  } catch {
    return null;
  }
  const checked = MediaKeySchema.safeParse(key);
  return checked.success ? checked.data : null;
}

// ---------------------------------------------------------------------------------------------
// Streaming helpers

/**
 * Reads the first `headBytes` of a stream (to check its magic bytes) and gives back a stream of
 * the whole content. Every chunk is counted; `check(total, done)` may stop the stream with an
 * error (too large, longer or shorter than declared), which then fails the R2 write.
 */
async function peekStream(
  source: ReadableStream<Uint8Array>,
  headBytes: number,
  check: (total: number, done: boolean) => MediaError | null,
): Promise<{ head: Uint8Array; body: ReadableStream<Uint8Array>; failure: () => MediaError | null }> {
  const reader = source.getReader();
  // A client that goes away rejects `closed` too; the failure is reported through the stream.
  reader.closed.catch((error: unknown) => console.warn("Upload body closed with an error", error));
  const buffered: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  let failure: MediaError | null = null;

  while (total < headBytes) {
    const result = await reader.read();
    if (result.done) {
      ended = true;
      break;
    }
    buffered.push(result.value);
    total += result.value.byteLength;
  }
  failure = check(total, ended);
  if (failure) {
    await reader.cancel(failure.message);
    throw failure;
  }

  const head = new Uint8Array(Math.min(total, headBytes));
  let offset = 0;
  for (const chunk of buffered) {
    if (offset >= head.length) break;
    const slice = chunk.subarray(0, head.length - offset);
    head.set(slice, offset);
    offset += slice.length;
  }

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of buffered) controller.enqueue(chunk);
      if (ended) controller.close();
    },
    async pull(controller) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (error) {
        console.warn("Upload body failed while streaming", error);
        failure = MediaError.of(400, uploadFailedMessage("The upload was interrupted"));
        controller.error(failure);
        return;
      }
      if (!result.done) total += result.value.byteLength;
      failure = check(total, result.done);
      if (failure) {
        controller.error(failure);
        await reader.cancel(failure.message);
      } else if (result.done) {
        controller.close();
      } else {
        controller.enqueue(result.value);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { head, body, failure: () => failure };
}

/** The declared length must match the bytes that arrive; a mismatch stops the stream. */
function lengthCheck(declared: number, limit: number, tooLarge: MediaError) {
  return (total: number, done: boolean): MediaError | null => {
    if (total > limit) return tooLarge;
    if (total > declared) return MediaError.of(400, uploadFailedMessage("The file is larger than its declared size"));
    if (done && total < declared) return MediaError.of(400, uploadFailedMessage("The upload ended before the whole file arrived"));
    return null;
  };
}

async function deleteQuietly(bucket: R2Bucket, key: string) {
  try {
    await bucket.delete(key);
  } catch (error) {
    console.error(`Could not delete ${key} after a failed upload`, error);
  }
}

const ContentLengthSchema = z
  .string()
  .trim()
  .regex(/^\d{1,15}$/)
  .transform(Number);

/** Content-Length as an integer, or null when absent or malformed. */
export function declaredLength(headers: Headers): number | null {
  const parsed = ContentLengthSchema.safeParse(headers.get("Content-Length"));
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------
// Images

export interface StoredImage {
  key: string;
  url: string;
  contentType: string;
  size: number;
}

/** What one kind of checked upload is: its limit, how its first bytes are recognised, its refusals and its key. */
export interface CheckedUpload<T> {
  bucket: R2Bucket;
  maxBytes: number;
  signatureBytes: number;
  detect: (head: Uint8Array) => T | null;
  tooLarge: MediaMessage;
  invalidType: MediaMessage;
  key: (type: T) => string;
  contentType: (type: T) => string;
  customMetadata?: (type: T) => Record<string, string>;
}

/**
 * Streams one upload into R2 after its first bytes prove its type. Refused before anything is
 * written: no or oversized declared length (413), first bytes of no accepted type (415). While
 * streaming, the byte count is held to the declared length and the limit; on any failure the key
 * is deleted so nothing half-written remains. Returns the key and the detected type.
 */
export async function storeChecked<T>(upload: CheckedUpload<T>, body: ReadableStream<Uint8Array> | null, length: number | null) {
  if (length === null) throw MediaError.of(411, uploadFailedMessage("The upload did not say how large the file is"));
  if (length > upload.maxBytes) throw MediaError.of(413, upload.tooLarge);
  if (length === 0 || !body) throw MediaError.of(415, upload.invalidType);

  const tooLarge = MediaError.of(413, upload.tooLarge);
  const peeked = await peekStream(body, upload.signatureBytes, lengthCheck(length, upload.maxBytes, tooLarge));
  const type = upload.detect(peeked.head);
  if (!type) {
    await peeked.body.cancel("not an accepted type");
    throw MediaError.of(415, upload.invalidType);
  }

  const key = upload.key(type);
  try {
    await upload.bucket.put(key, peeked.body.pipeThrough(new FixedLengthStream(length)), {
      httpMetadata: { contentType: upload.contentType(type), cacheControl: MEDIA_CACHE_CONTROL },
      customMetadata: upload.customMetadata?.(type),
    });
  } catch (error) {
    await deleteQuietly(upload.bucket, key);
    const failure = peeked.failure();
    if (failure) throw failure;
    console.error("R2 upload failed", error);
    throw MediaError.of(503, uploadFailedMessage("Storage is unavailable right now"));
  }
  return { key, type };
}

/**
 * Streams one image into R2 (JPG, PNG, WEBP or GIF by its first bytes, at most 50MB): 413 'File
 * too large', 415 'Invalid file type', nothing half-written on failure (storeChecked).
 */
export async function storeImage(env: Env, body: ReadableStream<Uint8Array> | null, length: number | null): Promise<StoredImage> {
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

export function notFound() {
  return plainText(404, "Not found");
}

// ---------------------------------------------------------------------------------------------
// Videos: multipart uploads recorded in D1

export interface UploadedPart {
  partNumber: number;
  etag: string;
}

const PartListSchema = z.array(z.object({ partNumber: z.number().int().positive(), etag: z.string().min(1) }));

/** The recorded parts, one per part number (the latest upload of a part wins), in order. */
function recordedParts(row: Pick<VideoUploadRow, "parts">): UploadedPart[] {
  let raw: unknown;
  try {
    raw = JSON.parse(row.parts);
  } catch (error) {
    console.error("Unreadable parts list in video_uploads", error);
    return [];
  }
  const parsed = PartListSchema.safeParse(raw);
  if (!parsed.success) return [];
  const byNumber = new Map<number, UploadedPart>();
  for (const part of parsed.data) byNumber.set(part.partNumber, part);
  return [...byNumber.values()].sort((a, b) => a.partNumber - b.partNumber);
}

export interface VideoUploadStatus {
  uploadId: string;
  key: string;
  fileName: string;
  contentType: string;
  size: number;
  partSize: number;
  partCount: number;
  parts: UploadedPart[];
  status: string;
  url: string | null;
}

function toStatus(row: VideoUploadRow): VideoUploadStatus {
  return {
    uploadId: row.uploadId,
    key: row.key,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    partSize: row.partSize,
    partCount: partCount(row.size, row.partSize),
    parts: recordedParts(row),
    status: row.status,
    url: row.status === "complete" ? videoUrl(row.key) : null,
  };
}

/** Starts a multipart upload after the product's type and size checks; records it in D1. */
export async function createVideoUpload(
  env: Env,
  db: Db,
  input: { fileName: string; contentType: string; size: number },
  now = Date.now(),
): Promise<VideoUploadStatus> {
  const check = checkVideoFile({ type: input.contentType, size: input.size });
  if (!check.ok) throw new MediaError(check.message.includes("exceeds") ? 413 : 400, VIDEO_MESSAGES.invalid, check.message);
  const key = newVideoKey(check.ext, now);
  const upload = await env.VIDEOS.createMultipartUpload(key, {
    httpMetadata: { contentType: check.contentType, cacheControl: MEDIA_CACHE_CONTROL },
    customMetadata: { fileName: input.fileName },
  });
  const [row] = await db
    .insert(videoUploads)
    .values({
      uploadId: upload.uploadId,
      key,
      fileName: input.fileName,
      contentType: check.contentType,
      size: input.size,
      partSize: VIDEO_PART_SIZE,
      parts: "[]",
      status: "uploading",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toStatus(row!);
}

export async function getVideoUpload(db: Db, uploadId: string): Promise<VideoUploadStatus | null> {
  const [row] = await db.select().from(videoUploads).where(eq(videoUploads.uploadId, uploadId)).limit(1);
  return row ? toStatus(row) : null;
}

async function requireUploading(db: Db, uploadId: string): Promise<VideoUploadRow> {
  const [row] = await db.select().from(videoUploads).where(eq(videoUploads.uploadId, uploadId)).limit(1);
  if (!row) throw new MediaError(404, VIDEO_MESSAGES.failedTitle, "This upload was not found. Please choose the file again.");
  if (row.status !== "uploading") {
    throw new MediaError(409, VIDEO_MESSAGES.failedTitle, `This upload is ${row.status} and cannot take more parts.`);
  }
  return row;
}

/**
 * Streams one part straight into R2. The part must have exactly the expected length (10 MiB for
 * all but the last), and the first part must start like a video container; a first part that does
 * not aborts the whole upload, so nothing but allowed videos is ever stored.
 */
export async function uploadVideoPart(
  env: Env,
  db: Db,
  input: { uploadId: string; partNumber: number; body: ReadableStream<Uint8Array> | null; length: number | null },
  now = Date.now(),
): Promise<UploadedPart> {
  const row = await requireUploading(db, input.uploadId);
  const count = partCount(row.size, row.partSize);
  if (!Number.isInteger(input.partNumber) || input.partNumber < 1 || input.partNumber > count) {
    throw new MediaError(400, VIDEO_MESSAGES.failedTitle, `Part number must be between 1 and ${count}.`);
  }
  const expected = expectedPartLength(row.size, input.partNumber, row.partSize);
  if (input.length !== expected || !input.body) {
    throw new MediaError(
      400,
      VIDEO_MESSAGES.failedTitle,
      `Chunk ${input.partNumber} must be exactly ${expected} bytes (got ${input.length ?? "an unknown length"}).`,
    );
  }

  const mismatch = new MediaError(400, VIDEO_MESSAGES.failedTitle, `Chunk ${input.partNumber} is larger than ${expected} bytes.`);
  const peeked = await peekStream(
    input.body,
    input.partNumber === 1 ? VIDEO_SIGNATURE_BYTES : 0,
    lengthCheck(expected, expected, mismatch),
  );
  const upload = env.VIDEOS.resumeMultipartUpload(row.key, row.uploadId);
  if (input.partNumber === 1 && !looksLikeVideo(peeked.head)) {
    await peeked.body.cancel("not a video");
    await abortVideoUpload(env, db, row.uploadId, now);
    throw new MediaError(415, VIDEO_MESSAGES.invalid, "This file is not a video we can play (MP4, MOV, AVI, or WebM).");
  }

  let part: R2UploadedPart;
  try {
    part = await upload.uploadPart(input.partNumber, peeked.body.pipeThrough(new FixedLengthStream(expected)));
  } catch (error) {
    const failure = peeked.failure();
    if (failure) throw failure;
    console.error(`R2 uploadPart ${input.partNumber} failed`, error);
    throw new MediaError(503, VIDEO_MESSAGES.failedTitle, `Chunk ${input.partNumber} upload failed: storage is unavailable right now`);
  }

  const recorded: UploadedPart = { partNumber: part.partNumber, etag: part.etag };
  // Appended in one statement, so parts recorded concurrently never overwrite each other.
  await db
    .update(videoUploads)
    .set({ parts: sql`json_insert(${videoUploads.parts}, '$[#]', json(${JSON.stringify(recorded)}))`, updatedAt: now })
    .where(eq(videoUploads.uploadId, row.uploadId));
  return recorded;
}

/** Joins the recorded parts into the final object; every part must be there. */
export async function completeVideoUpload(env: Env, db: Db, uploadId: string, now = Date.now()): Promise<VideoUploadStatus> {
  const row = await requireUploading(db, uploadId);
  const parts = recordedParts(row);
  const count = partCount(row.size, row.partSize);
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((n) => !parts.some((part) => part.partNumber === n));
  if (missing.length > 0) {
    throw new MediaError(400, VIDEO_MESSAGES.failedTitle, `Failed to upload final video: chunks ${missing.join(", ")} are missing.`);
  }
  try {
    await env.VIDEOS.resumeMultipartUpload(row.key, row.uploadId).complete(parts);
  } catch (error) {
    console.error("R2 multipart complete failed", error);
    throw new MediaError(503, VIDEO_MESSAGES.failedTitle, "Failed to upload final video: storage is unavailable right now.");
  }
  const [updated] = await db
    .update(videoUploads)
    .set({ status: "complete", updatedAt: now })
    .where(eq(videoUploads.uploadId, uploadId))
    .returning();
  return toStatus(updated!);
}

/** Cancels an upload: R2 drops its parts, D1 marks it aborted. Aborting twice is harmless. */
export async function abortVideoUpload(env: Env, db: Db, uploadId: string, now = Date.now()): Promise<void> {
  const [row] = await db.select().from(videoUploads).where(eq(videoUploads.uploadId, uploadId)).limit(1);
  if (!row) throw new MediaError(404, VIDEO_MESSAGES.failedTitle, "This upload was not found.");
  if (row.status === "complete") throw new MediaError(409, VIDEO_MESSAGES.failedTitle, "This upload is already complete.");
  if (row.status === "aborted") return;
  await abortInR2(env, row);
  await db.update(videoUploads).set({ status: "aborted", updatedAt: now }).where(eq(videoUploads.uploadId, uploadId));
}

async function abortInR2(env: Env, row: Pick<VideoUploadRow, "key" | "uploadId">) {
  try {
    await env.VIDEOS.resumeMultipartUpload(row.key, row.uploadId).abort();
  } catch (error) {
    // R2 forgets uploads it already aborted or expired itself; the D1 record is closed either way.
    console.warn(`R2 abort of upload ${row.uploadId} failed`, error);
  }
}

/**
 * Scheduled maintenance: aborts uploads still open with no activity for 24 hours.
 * Returns how many were aborted.
 */
export async function abortStaleVideoUploads(env: Env, now = Date.now()): Promise<number> {
  const db = createDb(env.DB);
  const stale = await db
    .select({ uploadId: videoUploads.uploadId, key: videoUploads.key })
    .from(videoUploads)
    .where(and(eq(videoUploads.status, "uploading"), lt(videoUploads.updatedAt, now - STALE_UPLOAD_MS)));
  for (const row of stale) {
    await abortInR2(env, row);
    await db.update(videoUploads).set({ status: "aborted", updatedAt: now }).where(eq(videoUploads.uploadId, row.uploadId));
  }
  if (stale.length > 0) console.log(`Aborted ${stale.length} stale video upload(s)`);
  return stale.length;
}

/**
 * Is a saved product still showing this video, whatever form its URL takes? Every stored URL that
 * mentions /videos/ is read back to its key (few products have a video).
 */
async function isVideoInUse(db: Db, key: string) {
  const rows = await db
    .select({ video: products.video })
    .from(products)
    .where(sql`instr(lower(${products.video}), ${VIDEOS_PREFIX}) > 0`);
  return rows.some((row) => row.video !== null && videoKeyFromUrl(row.video) === key);
}

/**
 * Removes a video object after the admin took it off the form. A video a saved product still
 * shows is kept (removing it from the form does not change the product until it is saved, and a
 * cancelled edit must not leave the shop with a broken player).
 */
export async function deleteVideoObject(env: Env, db: Db, url: string): Promise<"deleted" | "in-use"> {
  const key = videoKeyFromUrl(url);
  if (!key) throw new MediaError(400, VIDEO_MESSAGES.removeFailed.title, VIDEO_MESSAGES.removeFailed.description);
  if (await isVideoInUse(db, key)) return "in-use";
  await env.VIDEOS.delete(key);
  return "deleted";
}
