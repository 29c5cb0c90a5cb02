/**
 * The photo pipeline (docs/decisions/022): every uploaded image is registered in D1 and sent to the
 * IMAGE_QUEUE; its consumer reads the private original from R2, leaves its metadata out
 * (photo-container.ts), turns it upright and makes the whole set of variants through the Images
 * binding, writes them to R2 beside the original, and only then marks the photo ready.
 *
 * - A set is made whole or not at all: every transform runs before the first write, and a set that
 *   failed its retries is deleted again. A photo the pipeline refuses (damaged, too many pixels)
 *   is `failed` at once with the reason, never retried; the owner can queue it again.
 * - Delivery is at least once: a ready photo is never made twice, and remaking one writes the same
 *   objects under the same keys.
 * - The backfill walks the bucket's originals one page per message, registering and queueing each
 *   photo it does not know yet; a redelivered page changes nothing.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { rememberedInIsolate } from "~/server/isolate-memory.server";
import { imageUploads, settings, type ImageUploadRow } from "~db/schema";
import { createDb, type Db } from "~/server/load-context";
import { validMessages } from "~/server/queue-messages";
import { containerFormat, readImageFacts, uprightSize, withoutMetadata, type ImageFacts } from "./photo-container";
import { isSettled, type ImageStatus, type VariantSizes } from "./photo-status";
import {
  FORMAT_TYPES,
  LARGEST_WIDTH,
  OG_SIZE,
  planVariants,
  refusalReason,
  uprightTransforms,
  VARIANT_QUALITY,
  variantObjectKey,
  variantPrefix,
  type VariantFormat,
  type VariantOutput,
  type VariantSlot,
  uploadedImageKey,
} from "./photo-variants";

export const IMAGE_QUEUE_NAME = "image-variants";
export const IMAGE_DLQ_NAME = "image-variants-dlq";
const RETRY_DELAY_SECONDS = 5;
/** Transforms in flight at once for one photo. */
const CONCURRENCY = 3;
/** Originals listed per backfill message (a Queue batch holds at most 100 messages). */
const BACKFILL_PAGE = 100;
const BACKFILL_ROWS_PER_STATEMENT = 10;
const SETTING_BACKFILL = "image_backfill";
/** A photo still queued or processing this long after its last change is offered a retry. */
const STALLED_AFTER_MS = 15 * 60 * 1000;

const ImageMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("variants"), key: z.string().min(1).max(200) }).strict(),
  z.object({ kind: z.literal("backfill"), cursor: z.string().max(1024).optional() }).strict(),
]);
export type ImageMessage = z.infer<typeof ImageMessageSchema>;
/** A photo the pipeline will not make: the reason is for the owner, and retrying the same bytes cannot help. */
export class PhotoRefused extends Error {
  override name = "PhotoRefused";
}

// ---------------------------------------------------------------------------------------------
// Status

function toStatus(row: ImageUploadRow): ImageStatus {
  let variants: VariantSizes = {};
  try {
    const parsed: unknown = JSON.parse(row.variants);
    if (parsed && typeof parsed === "object") variants = parsed;
  } catch (error) {
    console.error(`Unreadable variants of ${row.key}`, error);
  }
  return {
    key: row.key,
    status: row.status,
    size: row.size,
    width: row.width,
    height: row.height,
    animated: row.animated,
    variants,
    error: row.error,
    attempts: row.attempts,
  };
}

export async function getImageStatus(db: Db, key: string): Promise<ImageStatus | null> {
  const [row] = await db.select().from(imageUploads).where(eq(imageUploads.key, key)).limit(1);
  return row ? toStatus(row) : null;
}

/** Statuses of several photos (the product form's images), by key; unknown keys are left out. */
async function getImageStatuses(db: Db, keys: string[]): Promise<Record<string, ImageStatus>> {
  if (keys.length === 0) return {};
  const rows = await db
    .select()
    .from(imageUploads)
    .where(inArray(imageUploads.key, keys.slice(0, 90)));
  return Object.fromEntries(rows.map((row) => [row.key, toStatus(row)]));
}

/**
 * The uploaded photos among `urls` whose files are gone (an upload no product used, cleaned up by the
 * hourly cron): neither registered nor in R2. A photo from before the pipeline is in R2 and passes.
 */
export async function missingPhotos(env: Pick<Env, "IMAGES">, db: Db, urls: readonly string[]): Promise<string[]> {
  const keys = [...new Set(urls.map(uploadedImageKey).filter((key): key is string => key !== null))];
  if (keys.length === 0) return [];
  const known = await getImageStatuses(db, keys);
  const unknown = keys.filter((key) => !(key in known));
  const stored = await Promise.all(unknown.map(async (key) => (await env.IMAGES.head(key)) !== null));
  return unknown.filter((_, index) => !stored[index]);
}

// ---------------------------------------------------------------------------------------------
// Registering an upload

/**
 * Records a stored original and queues its variants. `facts` come from the upload's first bytes
 * when they held the image's size. If the Queue cannot take the message, the photo is marked
 * failed with a reason the owner can retry from, never left waiting for a message that was not sent.
 */
export async function registerPhoto(
  env: Pick<Env, "IMAGE_QUEUE">,
  db: Db,
  input: { key: string; contentType: string; size: number; facts: ImageFacts | null },
  now = Date.now(),
): Promise<ImageStatus> {
  const upright = input.facts ? uprightSize(input.facts) : null;
  const [row] = await db
    .insert(imageUploads)
    .values({
      key: input.key,
      status: "queued",
      contentType: input.contentType,
      size: input.size,
      width: upright?.width ?? null,
      height: upright?.height ?? null,
      animated: input.facts?.animated ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: imageUploads.key, set: { updatedAt: now } })
    .returning();
  return queuePhoto(env, db, row!, now);
}

/**
 * An upload from before the pipeline, first asked for by a shopper: registered from its R2 object
 * and queued, once (the row is inserted only if absent, and only the request that inserted it
 * sends). The backfill walk does the same for the whole bucket; this makes a visited product's
 * photos ready without waiting for it. Returns whether it queued.
 */
export async function queueUnknownPhoto(env: Pick<Env, "IMAGES" | "IMAGE_QUEUE">, db: Db, key: string, now = Date.now()): Promise<boolean> {
  const inserted = await registerFromStorage(env, db, key, now);
  if (!inserted) return false;
  await queuePhoto(env, db, inserted, now);
  return true;
}

/** Records an original found in R2 but never registered: the new row, or null when it is not in R2 or was already known. */
async function registerFromStorage(env: Pick<Env, "IMAGES">, db: Db, key: string, now = Date.now()): Promise<ImageUploadRow | null> {
  const head = await env.IMAGES.head(key);
  if (!head) return null;
  const [inserted] = await db
    .insert(imageUploads)
    .values({
      key,
      status: "queued",
      contentType: head.httpMetadata?.contentType ?? "application/octet-stream",
      size: head.size,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

/** Forgets photos whose originals were deleted again (an all-or-nothing form post that was refused). */
export async function forgetPhotos(db: Db, keys: string[]) {
  if (keys.length > 0) await db.delete(imageUploads).where(inArray(imageUploads.key, keys));
}

async function queuePhoto(env: Pick<Env, "IMAGE_QUEUE">, db: Db, row: ImageUploadRow, now: number): Promise<ImageStatus> {
  try {
    await env.IMAGE_QUEUE.send({ kind: "variants", key: row.key } satisfies ImageMessage);
    return toStatus(row);
  } catch (error) {
    console.error(`Could not queue the variants of ${row.key}`, error);
    const [failed] = await db
      .update(imageUploads)
      .set({ status: "failed", error: "The image service could not be reached; try again in a moment", updatedAt: now })
      .where(eq(imageUploads.key, row.key))
      .returning();
    return toStatus(failed!);
  }
}

/**
 * Queues a photo again: a failed one, or one stalled in the queue (no change for 15 minutes).
 * A ready photo, or one being made right now, is left as it is.
 */
export async function retryPhoto(env: Pick<Env, "IMAGE_QUEUE">, db: Db, key: string, now = Date.now()): Promise<ImageStatus | null> {
  const [row] = await db.select().from(imageUploads).where(eq(imageUploads.key, key)).limit(1);
  if (!row) return null;
  const stalled = !isSettled(row.status) && now - row.updatedAt > STALLED_AFTER_MS;
  if (row.status !== "failed" && !stalled) return toStatus(row);
  const [queued] = await db
    .update(imageUploads)
    .set({ status: "queued", error: null, attempts: 0, updatedAt: now })
    .where(eq(imageUploads.key, key))
    .returning();
  return queuePhoto(env, db, queued!, now);
}

// ---------------------------------------------------------------------------------------------
// The Images binding

type Transform = Parameters<ImageTransformer["transform"]>[0];

function streamOf(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/** Format and size of a made image, from its own bytes (AVIF: its `ispe` property). */
export function outputFacts(bytes: Uint8Array): { format: VariantFormat | "png"; width: number; height: number } | null {
  const container = containerFormat(bytes);
  if (container === "jpeg" || container === "webp" || container === "png") {
    const facts = readImageFacts(bytes);
    return facts.ok ? { format: container, width: facts.facts.width, height: facts.facts.height } : null;
  }
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, Math.min(bytes.length, 4096)));
  if (head.slice(4, 8) !== "ftyp" || !/avif|avis/.test(head.slice(8, 32))) return null;
  const at = head.indexOf("ispe");
  if (at < 0 || at + 16 > bytes.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset + at + 8, 8);
  return { format: "avif", width: view.getUint32(0), height: view.getUint32(4) };
}

interface Made {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  width: number;
  height: number;
}

/**
 * One call to the Images binding. The result is checked from its bytes: a decoder that gave up
 * midway (the local engine then answers with an empty body) or an image of another size is a
 * refusal, never stored.
 */
async function transform(
  env: Pick<Env, "IMAGE_TRANSFORMS">,
  input: Uint8Array[],
  steps: Transform[],
  output: { format: VariantFormat | "png"; quality?: number },
  expectWidth: number,
): Promise<Made> {
  let chain = env.IMAGE_TRANSFORMS.input(streamOf(input));
  for (const step of steps) chain = chain.transform(step);
  const type = output.format === "png" ? "image/png" : FORMAT_TYPES[output.format];
  const result = await chain.output({ format: type, quality: output.quality, anim: false });
  const bytes = new Uint8Array(await new Response(result.image()).arrayBuffer());
  const facts = outputFacts(bytes);
  if (!facts) throw new PhotoRefused("The photo could not be decoded (the file may be damaged or cut short)");
  if (Math.abs(facts.width - expectWidth) > 1) {
    throw new Error(`The image service made ${facts.width} px instead of ${expectWidth} px`);
  }
  const contentType = facts.format === "png" ? "image/png" : FORMAT_TYPES[facts.format];
  return { bytes, contentType, width: facts.width, height: facts.height };
}

/** Mirror, then rotate: the EXIF orientation as explicit steps (the metadata itself never reaches the binding). */
function uprightSteps(facts: ImageFacts): Transform[] {
  const upright = uprightTransforms(facts.orientation);
  const steps: Transform[] = [];
  if (upright.flip) steps.push({ flip: upright.flip });
  if (upright.rotate) steps.push({ rotate: upright.rotate });
  return steps;
}

/** The original, read and checked: its facts, and its bytes without metadata. */
async function readOriginal(env: Pick<Env, "IMAGES">, key: string): Promise<{ facts: ImageFacts; parts: Uint8Array[] }> {
  const object = await env.IMAGES.get(key);
  if (!object) throw new PhotoRefused("The original file is no longer in storage");
  const bytes = new Uint8Array(await object.arrayBuffer());
  const read = readImageFacts(bytes);
  if (!read.ok) throw new PhotoRefused(read.reason);
  const refusal = refusalReason(read.facts);
  if (refusal) throw new PhotoRefused(refusal);
  const parts = withoutMetadata(bytes);
  if (!parts) throw new PhotoRefused("The file is not a JPG, PNG, WEBP or GIF image");
  return { facts: read.facts, parts };
}

/**
 * The upright working copy every variant is made from: the original without its metadata, turned
 * by its orientation, at most 1920 px wide, as lossless PNG. Decoding a phone photo once instead of
 * thirty times, and one place where orientation and animation are settled.
 */
async function workingCopy(env: Pick<Env, "IMAGE_TRANSFORMS">, facts: ImageFacts, parts: Uint8Array[]): Promise<Made> {
  const upright = uprightSize(facts);
  const width = Math.min(LARGEST_WIDTH, upright.width);
  return transform(env, parts, [...uprightSteps(facts), { width }], { format: "png" }, width);
}

async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(runners);
  return results;
}

export interface MadeSet {
  width: number;
  height: number;
  animated: boolean;
  variants: VariantSizes;
}

/**
 * Makes every variant of one photo and stores them in R2. Throws PhotoRefused for a photo that
 * cannot be made (the reason is the owner's), anything else for a failure worth retrying.
 */
export async function makeVariants(env: Pick<Env, "IMAGES" | "IMAGE_TRANSFORMS">, key: string): Promise<MadeSet> {
  const { facts, parts } = await readOriginal(env, key);
  const upright = uprightSize(facts);
  const copy = await workingCopy(env, facts, parts);
  const source = [copy.bytes];

  const jobs = planVariants({ width: copy.width, height: copy.height });
  const made = await inPool(jobs, CONCURRENCY, async (job) => ({
    outputs: job.outputs,
    image: await transform(env, source, [{ width: job.width }], { format: job.format, quality: VARIANT_QUALITY[job.format] }, job.width),
  }));
  const og = await transform(
    env,
    source,
    [{ width: OG_SIZE.width, height: OG_SIZE.height, fit: "cover", gravity: "auto" }],
    { format: "jpeg", quality: VARIANT_QUALITY.jpeg },
    OG_SIZE.width,
  );
  made.push({ outputs: [{ slot: "og", format: "jpeg" }], image: og });

  // Every transform succeeded: now, and only now, the set is written.
  const writes = made.flatMap(({ outputs, image }) => outputs.map((output) => ({ output, image })));
  await inPool(writes, 6, ({ output, image }) =>
    env.IMAGES.put(variantObjectKey(key, output.slot, output.format), image.bytes, {
      httpMetadata: { contentType: image.contentType, cacheControl: "public, max-age=31536000, immutable" },
    }),
  );

  const variants: VariantSizes = {};
  for (const { output, image } of writes) {
    const slot = (variants[output.slot] ??= {});
    slot[output.format] = image.bytes.length;
  }
  return { width: upright.width, height: upright.height, animated: facts.animated, variants };
}

/**
 * One variant made on request, for a photo whose set is not ready yet (just uploaded, or from
 * before this pipeline and not yet backfilled): straight from the original, never stored, so the
 * set the Queue writes stays the only one in R2.
 */
export async function makeOneVariant(
  env: Pick<Env, "IMAGES" | "IMAGE_TRANSFORMS">,
  key: string,
  slot: VariantSlot,
  format: VariantFormat,
): Promise<Made> {
  const { facts, parts } = await readOriginal(env, key);
  const upright = uprightSize(facts);
  const steps = uprightSteps(facts);
  if (slot === "og") {
    steps.push({ width: OG_SIZE.width, height: OG_SIZE.height, fit: "cover", gravity: "auto" });
    return transform(env, parts, steps, { format: "jpeg", quality: VARIANT_QUALITY.jpeg }, OG_SIZE.width);
  }
  const job = planVariants(upright).find((candidate) =>
    candidate.outputs.some((output: VariantOutput) => output.slot === slot && output.format === format),
  );
  const width = job?.width ?? Math.min(upright.width, slot === "lqip" ? 24 : Number(slot.slice(1)));
  const made = job?.format ?? format;
  steps.push({ width });
  return transform(env, parts, steps, { format: made, quality: VARIANT_QUALITY[made] }, width);
}

/** Removes whatever part of a set is in R2 (after a set failed for good). */
export async function deleteVariants(env: Pick<Env, "IMAGES">, key: string) {
  let cursor: string | undefined;
  do {
    const listed = await env.IMAGES.list({ prefix: variantPrefix(key), cursor });
    if (listed.objects.length > 0) await env.IMAGES.delete(listed.objects.map((object) => object.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}

// ---------------------------------------------------------------------------------------------
// The consumer

/** A short, safe reason for the owner (no stack, no internals beyond the message). */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").slice(0, 300) || "Unknown error";
}

/** The Images service refusing work for now (locally, under load: "overloaded: connect(): Connection timed out"). */
const OVERLOADED = /\boverloaded\b|connection timed out/i;
/**
 * An overloaded Images service is expected under a burst of uploads and the Queue retries it: said
 * once, in one line, until a photo is made again (not one stack per photo and attempt).
 */
let overloadReported = false;
rememberedInIsolate(() => {
  overloadReported = false;
});

function reportFailedAttempt(key: string, attempt: number, error: unknown) {
  const reason = reasonOf(error);
  if (!OVERLOADED.test(reason)) {
    console.error(`Variants of ${key} failed on attempt ${attempt}; it will be retried`, error);
    return;
  }
  if (overloadReported) return;
  overloadReported = true;
  console.warn(`The Images service is overloaded (${reason}); photo variants are retried quietly until it answers again.`);
}

async function markFailed(env: Pick<Env, "IMAGES">, db: Db, key: string, reason: string) {
  await db.update(imageUploads).set({ status: "failed", error: reason, updatedAt: Date.now() }).where(eq(imageUploads.key, key));
  try {
    await deleteVariants(env, key);
  } catch (error) {
    console.error(`Could not delete the partial variants of ${key}`, error);
  }
}

/** The row for a key, registered from R2 when the original exists but was never recorded (an upload from before the pipeline). */
async function rowFor(env: Pick<Env, "IMAGES">, db: Db, key: string): Promise<ImageUploadRow | null> {
  const [row] = await db.select().from(imageUploads).where(eq(imageUploads.key, key)).limit(1);
  if (row) return row;
  const inserted = await registerFromStorage(env, db, key);
  return inserted ?? (await db.select().from(imageUploads).where(eq(imageUploads.key, key)).limit(1))[0] ?? null;
}

/**
 * Makes one photo's set. Returns "retry" when a failure is worth another attempt (the caller
 * retries the message; the dead-letter queue marks the photo failed after the last one).
 */
export async function processPhoto(
  env: Pick<Env, "IMAGES" | "IMAGE_TRANSFORMS">,
  db: Db,
  key: string,
  attempt = 1,
): Promise<"done" | "retry"> {
  const row = await rowFor(env, db, key);
  if (!row) {
    console.warn(`No original for ${key}: nothing to make`);
    return "done";
  }
  if (row.status === "ready") return "done";
  await db
    .update(imageUploads)
    .set({ status: "processing", attempts: sql`${imageUploads.attempts} + 1`, updatedAt: Date.now() })
    .where(eq(imageUploads.key, key));
  try {
    const set = await makeVariants(env, key);
    const now = Date.now();
    await db
      .update(imageUploads)
      .set({
        status: "ready",
        width: set.width,
        height: set.height,
        animated: set.animated,
        variants: JSON.stringify(set.variants),
        error: null,
        updatedAt: now,
        readyAt: now,
      })
      .where(eq(imageUploads.key, key));
    overloadReported = false;
    return "done";
  } catch (error) {
    if (error instanceof PhotoRefused) {
      console.warn(`Photo ${key} refused: ${error.message}`);
      await markFailed(env, db, key, error.message);
      return "done";
    }
    reportFailedAttempt(key, attempt, error);
    await db
      .update(imageUploads)
      .set({ status: "queued", error: `Attempt ${attempt} failed: ${reasonOf(error)}`, updatedAt: Date.now() })
      .where(eq(imageUploads.key, key));
    return "retry";
  }
}

// ---------------------------------------------------------------------------------------------
// Backfill: originals uploaded before the pipeline

export interface BackfillState {
  state: "running" | "done";
  listed: number;
  startedAt: number;
  finishedAt: number | null;
}

const BackfillStateSchema = z.object({
  state: z.enum(["running", "done"]),
  listed: z.number().int().nonnegative(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
});

async function writeBackfillState(db: Db, state: BackfillState) {
  const value = JSON.stringify(state);
  await db.insert(settings).values({ key: SETTING_BACKFILL, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

export async function getBackfillState(db: Db): Promise<BackfillState | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTING_BACKFILL)).limit(1);
  if (!row) return null;
  try {
    const parsed = BackfillStateSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : null;
  } catch (error) {
    console.error("Unreadable image backfill state", error);
    return null;
  }
}

/** Starts (or restarts) the walk over the bucket's originals. */
export async function startBackfill(env: Pick<Env, "IMAGE_QUEUE">, db: Db, now = Date.now()) {
  await writeBackfillState(db, { state: "running", listed: 0, startedAt: now, finishedAt: null });
  await env.IMAGE_QUEUE.send({ kind: "backfill" } satisfies ImageMessage);
}

/**
 * One page of the walk: registers every original of the page the pipeline does not know yet and
 * queues it (photos already known keep their state: ready stays ready, a failed one waits for the
 * owner), then queues the next page. Safe to repeat: registering is INSERT OR IGNORE.
 */
export async function runBackfillPage(env: Pick<Env, "IMAGES" | "IMAGE_QUEUE">, db: Db, cursor?: string, pageSize = BACKFILL_PAGE) {
  const listed = await env.IMAGES.list({ prefix: "image-", cursor, limit: pageSize });
  const now = Date.now();
  const originals = listed.objects.filter((object) => !object.key.includes("/"));
  const queued: string[] = [];
  // D1 binds at most 100 values per statement: a row here binds 9, so ten rows at a time.
  for (let at = 0; at < originals.length; at += BACKFILL_ROWS_PER_STATEMENT) {
    const chunk = originals.slice(at, at + BACKFILL_ROWS_PER_STATEMENT);
    const keys = chunk.map((object) => object.key);
    const inserted = await db
      .insert(imageUploads)
      .values(
        chunk.map((object) => ({
          key: object.key,
          status: "queued" as const,
          contentType: object.httpMetadata?.contentType ?? "application/octet-stream",
          size: object.size,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ key: imageUploads.key });
    // Rows from a delivery of this page that stopped before sending are still queued: send them too.
    const pending = await db
      .select({ key: imageUploads.key })
      .from(imageUploads)
      .where(and(inArray(imageUploads.key, keys), eq(imageUploads.status, "queued"), eq(imageUploads.attempts, 0)));
    queued.push(...new Set([...inserted.map((row) => row.key), ...pending.map((row) => row.key)]));
  }
  if (queued.length > 0) await env.IMAGE_QUEUE.sendBatch(queued.map((key) => ({ body: { kind: "variants", key } satisfies ImageMessage })));
  const state = (await getBackfillState(db)) ?? { state: "running" as const, listed: 0, startedAt: now, finishedAt: null };
  if (listed.truncated) {
    await env.IMAGE_QUEUE.send({ kind: "backfill", cursor: listed.cursor } satisfies ImageMessage);
    await writeBackfillState(db, { ...state, state: "running", listed: state.listed + originals.length });
  } else {
    await writeBackfillState(db, { ...state, state: "done", listed: state.listed + originals.length, finishedAt: now });
  }
  return { listed: originals.length, queued: queued.length, more: listed.truncated };
}

export interface PhotoOverview {
  counts: Record<ImageStatus["status"], number>;
  total: number;
  backfill: BackfillState | null;
}

/** How many photos stand where, and the backfill's progress: the dashboard's panel. */
export async function getPhotoOverview(db: Db): Promise<PhotoOverview> {
  const [rows, backfill] = await Promise.all([
    db.select({ status: imageUploads.status, n: count() }).from(imageUploads).groupBy(imageUploads.status),
    getBackfillState(db),
  ]);
  const counts = { queued: 0, processing: 0, ready: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return { counts, total: rows.reduce((sum, row) => sum + row.n, 0), backfill };
}

/** The most recent failed photos with the reason, for the owner's Photos page. */
export async function listFailedPhotos(db: Db, limit = 20) {
  return db
    .select({ key: imageUploads.key, error: imageUploads.error, updatedAt: imageUploads.updatedAt })
    .from(imageUploads)
    .where(eq(imageUploads.status, "failed"))
    .orderBy(desc(imageUploads.updatedAt))
    .limit(limit);
}

/** Queues every failed photo again (the Photos page's "Retry failed photos"), up to 100 at a time. Returns how many. */
export async function retryFailedPhotos(env: Pick<Env, "IMAGE_QUEUE">, db: Db, now = Date.now()): Promise<number> {
  const failed = await db.select({ key: imageUploads.key }).from(imageUploads).where(eq(imageUploads.status, "failed")).limit(100);
  for (const { key } of failed) await retryPhoto(env, db, key, now);
  return failed.length;
}

/**
 * Queue consumer for IMAGE_QUEUE and its dead-letter queue (told apart by `batch.queue`). A message
 * of unknown shape is logged and acknowledged; a failure worth retrying is retried, and after the
 * last attempt the dead-letter queue marks the photo failed and removes any partial set.
 */
export async function handleImageBatch(batch: MessageBatch<unknown>, env: Env) {
  const db = createDb(env.DB);
  const deadLetters = batch.queue === IMAGE_DLQ_NAME;
  for (const [message, body] of validMessages(batch, ImageMessageSchema)) {
    try {
      if (body.kind === "backfill") {
        if (deadLetters) console.error(`The image backfill page ${body.cursor ?? "(first)"} failed after its retries`);
        else await runBackfillPage(env, db, body.cursor);
        message.ack();
        continue;
      }
      if (deadLetters) {
        const row = await getImageStatus(db, body.key);
        await markFailed(env, db, body.key, `Could not be prepared after several attempts. ${row?.error ?? ""}`.trim());
        message.ack();
        continue;
      }
      const outcome = await processPhoto(env, db, body.key, message.attempts);
      if (outcome === "retry") message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
      else message.ack();
    } catch (error) {
      console.error(`Image message failed on ${batch.queue}; it will be retried`, error);
      message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
    }
  }
}
