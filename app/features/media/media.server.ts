/**
 * What photo, video and lab report uploads share in R2: object keys, the errors an upload answers
 * with (MediaError, uploadRefusal), and storeChecked, which streams one upload into R2 after its
 * first bytes prove its type while its size is counted against the limit; nothing is buffered
 * whole and nothing half-written remains after a failure. Serving them back is serve.server.ts.
 */
import { z } from "zod";
import { plainText } from "~/server/plain-text";
import { uploadFailedMessage, type MediaMessage } from "./media-message";

/** Keys never change content (a new upload gets a new key), so caches may keep them for a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

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
// Keys

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

// ---------------------------------------------------------------------------------------------
// Streaming helpers

/**
 * Reads the first `headBytes` of a stream (to check its magic bytes) and gives back a stream of
 * the whole content. Every chunk is counted; `check(total, done)` may stop the stream with an
 * error (too large, longer or shorter than declared), which then fails the R2 write.
 */
export async function peekStream(
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
export function lengthCheck(declared: number, limit: number, tooLarge: MediaError) {
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
// Checked uploads

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

export function notFound() {
  return plainText(404, "Not found");
}
