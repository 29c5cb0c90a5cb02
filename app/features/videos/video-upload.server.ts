/**
 * A product video's upload life in R2 (`product-videos`): multipart uploads in 10 MiB parts, every
 * upload and its parts recorded in D1 (`video_uploads`) so the browser can resume after a reload,
 * the hourly cron aborting uploads left untouched for 24 hours, and deleting a video no product
 * uses. Videos are served back with HTTP Range support (media/serve.server.ts) so the player can seek.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { products, videoUploads, type VideoUploadRow } from "~db/schema";
import { createDb, type Db } from "~/server/load-context";
import { lengthCheck, MEDIA_CACHE_CONTROL, MediaError, MediaKeySchema, peekStream, randomToken } from "~/features/media/media.server";
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

/** Uploads untouched for this long are aborted by the scheduled handler. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

function newVideoKey(ext: string, now = Date.now()) {
  return `video-${now}-${randomToken()}.${ext}`;
}

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
