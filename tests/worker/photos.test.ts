import { createMessageBatch, env, getQueueResult, SELF, createExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "../../app/server/load-context";
import {
  getBackfillState,
  getImageStatus,
  IMAGE_DLQ_NAME,
  IMAGE_QUEUE_NAME,
  makeVariants,
  outputFacts,
  processPhoto,
  registerPhoto,
  retryPhoto,
  runBackfillPage,
  startBackfill,
  type ImageMessage,
} from "../../app/features/photos/photo-pipeline.server";
import { readImageFacts } from "../../app/features/photos/photo-container";
import { OG_SIZE, planVariants, VARIANT_WIDTHS, variantPrefix, type VariantFormat } from "../../app/features/photos/photo-variants";
import type { ImageStatus } from "../../app/features/photos/photo-status";
import worker from "../../workers/app";
import { ORIGIN, adminCookie, get } from "./helpers";
import { metadataIn, pngPixels } from "./image-bytes";
import { PRIVATE_TOKENS } from "./photo-names";
import { photo } from "./photos";

/**
 * The photo pipeline against the real Worker (docs/decisions/022): real uploads through the admin
 * route, the real Queue delivering to the Worker's queue handler, the Images binding (wrangler's
 * local engine, sharp), R2 and D1. Test photos are made with ImageMagick and exiftool
 * (photos.global.ts).
 */

const db = createDb(env.DB);
let cookie = "";
beforeAll(async () => {
  cookie = await adminCookie();
});

const ACCEPT: Record<VariantFormat, string> = {
  avif: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8",
  webp: "image/webp,image/*,*/*;q=0.8",
  jpeg: "image/jpeg,image/png;q=0.9,*/*;q=0.5",
};

interface UploadBody {
  key: string;
  url: string;
  width: number | null;
  height: number | null;
  status: ImageStatus;
}
interface ErrorBody {
  error: { title: string; description: string; detail?: string };
}

function upload(bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}/admin/uploads/image`, {
    method: "PUT",
    body: bytes,
    headers: { Origin: ORIGIN, Accept: "application/json", Cookie: cookie, "Content-Length": String(bytes.length), ...headers },
  });
}

async function uploaded(bytes: Uint8Array<ArrayBuffer>): Promise<UploadBody> {
  const response = await upload(bytes);
  expect(response.status).toBe(201);
  return response.json<UploadBody>();
}

/** Waits for the Queue's consumer to settle a photo (ready or failed), as the product form's polling does. */
async function settled(key: string, timeoutMs = 60_000): Promise<ImageStatus> {
  const started = Date.now();
  for (;;) {
    const status = await getImageStatus(db, key);
    if (status && (status.status === "ready" || status.status === "failed")) return status;
    if (Date.now() - started > timeoutMs) throw new Error(`${key} still ${status?.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function variantKeys(key: string) {
  const listed = await env.IMAGES.list({ prefix: variantPrefix(key) });
  return listed.objects.map((object) => object.key);
}

async function fetchBytes(path: string, format: VariantFormat = "avif") {
  const response = await get(path, { headers: { Accept: ACCEPT[format] } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("a phone photo with GPS: every variant, upright and stripped", () => {
  it("makes every width in AVIF, WebP and JPEG, the og crop and the placeholder, with none of the metadata", async () => {
    const original = photo("privacy");
    // The fixture really carries what a phone writes.
    const text = new TextDecoder("latin1").decode(original);
    for (const token of [PRIVATE_TOKENS.make, PRIVATE_TOKENS.artist, "Exif\0\0", "http://ns.adobe.com/xap"]) expect(text).toContain(token);

    const body = await uploaded(original);
    // The answer already knows the upright size (EXIF orientation 6: 4000x3000 stored, 3000x4000 seen).
    expect(body).toMatchObject({ width: 3000, height: 4000, status: { status: "queued", size: original.length } });
    const status = await settled(body.key, 170_000);
    expect(status).toMatchObject({ status: "ready", width: 3000, height: 4000, error: null });

    // The plan for a 1920x2560 working copy: which format answers each slot.
    const jobs = planVariants({ width: 1920, height: 2560 });
    const served: Array<{ path: string; bytes: Uint8Array }> = [];
    for (const width of VARIANT_WIDTHS) {
      for (const format of ["avif", "webp", "jpeg"] as const) {
        const path = `/images/${body.key}/w${width}`;
        const { response, bytes } = await fetchBytes(path, format);
        expect(response.status, `${path} ${format}`).toBe(200);
        const job = jobs.find((candidate) => candidate.outputs.some((output) => output.slot === `w${width}` && output.format === format))!;
        expect(response.headers.get("Content-Type"), `${path} ${format}`).toBe(`image/${job.format}`);
        expect(response.headers.get("Vary")).toBe("Accept");
        expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
        const facts = outputFacts(bytes)!;
        // Upright (portrait) and exactly as wide as the slot.
        expect({ width: facts.width, portrait: facts.height > facts.width }).toEqual({ width: Math.min(width, 1920), portrait: true });
        served.push({ path: `${path} (${format})`, bytes });
      }
    }
    const og = await fetchBytes(`/images/${body.key}/og`);
    expect(og.response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(outputFacts(og.bytes)).toMatchObject({ format: "jpeg", width: OG_SIZE.width, height: OG_SIZE.height });
    const placeholder = await fetchBytes(`/images/${body.key}/lqip`);
    expect(placeholder.response.headers.get("Content-Type")).toBe("image/webp");
    expect(placeholder.bytes.length).toBeLessThan(1024);
    // The URL the product stores is the largest variant, never the original.
    const stored = await fetchBytes(body.url);
    expect(stored.response.status).toBe(200);
    expect(stored.bytes.length).not.toBe(original.length);
    served.push({ path: "og", bytes: og.bytes }, { path: "lqip", bytes: placeholder.bytes }, { path: body.url, bytes: stored.bytes });

    // The proof: parse every served body; no EXIF, GPS, XMP, IPTC, comment or any of the phone's words.
    for (const { path, bytes } of served) expect(metadataIn(bytes), path).toEqual([]);
    // The original is kept, metadata and all, but only in R2.
    const kept = await env.IMAGES.get(body.key);
    expect(new TextDecoder("latin1").decode(await kept!.arrayBuffer())).toContain(PRIVATE_TOKENS.artist);
  }, 200_000);

  it("answers 304 to a browser that has the variant, and knows each format apart", async () => {
    const body = await uploaded(photo("small"));
    await settled(body.key);
    const first = await get(`/images/${body.key}/w320`, { headers: { Accept: ACCEPT.webp } });
    const etag = first.headers.get("ETag")!;
    await first.arrayBuffer();
    const again = await get(`/images/${body.key}/w320`, { headers: { Accept: ACCEPT.webp, "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const avif = await get(`/images/${body.key}/w320`, { headers: { Accept: ACCEPT.avif, "If-None-Match": etag } });
    expect(avif.status).toBe(200);
    expect(avif.headers.get("Content-Type")).toBe("image/avif");
    await avif.arrayBuffer();
  }, 60_000);
});

describe("orientation", () => {
  /** The colours of a served variant's top and bottom halves, read through the binding as a 1x2 PNG. */
  async function topAndBottom(path: string) {
    const { bytes } = await fetchBytes(path, "jpeg");
    const png = await env.IMAGE_TRANSFORMS.input(new Blob([bytes]).stream())
      .transform({ width: 1, height: 2 })
      .output({ format: "image/png" });
    const { pixels } = await pngPixels(new Uint8Array(await new Response(png.image()).arrayBuffer()));
    const colour = ([r, , b]: [number, number, number]) => (r > b ? "red" : "blue");
    return { size: outputFacts(bytes), top: colour(pixels[0]!), bottom: colour(pixels[1]!) };
  }

  it.each([
    // Stored 64x32, red left, blue right. 6: turn 90° clockwise (red on top); 8: 270° (blue on top).
    ["orientation6", "red", "blue"],
    ["orientation8", "blue", "red"],
  ] as const)(
    "%s is served upright",
    async (fixture, top, bottom) => {
      const body = await uploaded(photo(fixture));
      expect(body).toMatchObject({ width: 32, height: 64 });
      expect(await settled(body.key)).toMatchObject({ status: "ready" });
      const seen = await topAndBottom(`/images/${body.key}/w160`);
      expect(seen).toMatchObject({ size: { width: 32, height: 64 }, top, bottom });
    },
    60_000,
  );
});

describe("bad input: refused with the product's texts, or made, never a 5xx and never stuck", () => {
  async function r2Keys() {
    return (await env.IMAGES.list({ prefix: "image-" })).objects.map((object) => object.key).sort();
  }

  it.each([
    ["HEIC (an iPhone original)", "heic", "Please select a valid image file (JPG, PNG, WEBP, or GIF)", null],
    [
      "a 20,000 x 20,000 decompression bomb",
      "bomb",
      "Please select a valid image file (JPG, PNG, WEBP, or GIF)",
      /400000000|100 megapixels/,
    ],
  ] as const)("refuses %s before anything is kept", async (_name, fixture, description, detail) => {
    const before = await r2Keys();
    const response = await upload(photo(fixture));
    expect(response.status).toBe(415);
    const body = await response.json<ErrorBody>();
    expect(body.error).toMatchObject({ title: "Invalid file type", description });
    if (detail) expect(body.error.detail).toMatch(detail);
    expect(await r2Keys()).toEqual(before);
  });

  it("refuses a photo over the 20MB the Images binding reads, before reading it", async () => {
    const response = await SELF.fetch(`${ORIGIN}/admin/uploads/image`, {
      method: "PUT",
      body: new Uint8Array(21 * 1024 * 1024),
      headers: { Origin: ORIGIN, Cookie: cookie, "Content-Length": String(21 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect((await response.json<ErrorBody>()).error).toMatchObject({
      title: "Upload failed",
      description: expect.stringContaining("20MB"),
    });
  });

  it.each(["corruptJpeg", "truncatedJpeg"] as const)(
    "%s: stored, then failed with a reason, no variant kept, shoppers get a 404",
    async (fixture) => {
      const body = await uploaded(photo(fixture));
      const status = await settled(body.key);
      expect(status).toMatchObject({ status: "failed", error: expect.stringMatching(/could not be decoded/) });
      expect(await variantKeys(body.key)).toEqual([]);
      for (const slot of ["w640", "og", "lqip"]) {
        const response = await get(`/images/${body.key}/${slot}`);
        expect(response.status).toBe(404);
        await response.arrayBuffer();
      }
      // The owner can try again: queued once more, and settled again (the same reason).
      const retried = await SELF.fetch(`${ORIGIN}/admin/uploads/image/${body.key}`, {
        method: "POST",
        headers: { Origin: ORIGIN, Cookie: cookie },
      });
      expect((await retried.json<ImageStatus>()).status).toBe("queued");
      expect(await settled(body.key)).toMatchObject({ status: "failed" });
    },
    60_000,
  );

  it.each([
    "animatedGif",
    "animatedWebp",
    "cmyk",
    "deepPng",
    "hugeItxt",
    "truncatedPng",
    "metadataPng",
    "metadataWebp",
    "metadataGif",
  ] as const)(
    "%s is made: every variant served, still, stripped",
    async (fixture) => {
      const body = await uploaded(photo(fixture));
      const status = await settled(body.key);
      expect(status.status, status.error ?? "").toBe("ready");
      if (fixture.startsWith("animated")) expect(status.animated).toBe(true);
      for (const format of ["avif", "webp", "jpeg"] as const) {
        const { response, bytes } = await fetchBytes(`/images/${body.key}/w640`, format);
        expect(response.status).toBe(200);
        // Stills (no ANIM chunk), no metadata, no trace of the 2 MB iTXt.
        expect(metadataIn(bytes), `${fixture} ${format}`).toEqual([]);
        expect(bytes.length).toBeLessThan(64 * 1024);
      }
    },
    60_000,
  );
});

describe("never a half-made set", () => {
  /** The real binding, failing on its nth call. */
  function failingOn(n: number, message = "Images binding: simulated outage") {
    let calls = 0;
    const binding: ImagesBinding = {
      info: (stream, options) => env.IMAGE_TRANSFORMS.info(stream, options),
      input(stream, options) {
        if (++calls === n) throw new Error(message);
        return env.IMAGE_TRANSFORMS.input(stream, options);
      },
      hosted: env.IMAGE_TRANSFORMS.hosted,
    };
    return { IMAGES: env.IMAGES, IMAGE_TRANSFORMS: binding };
  }

  /** A photo registered with a queue that only records (the test delivers). */
  async function registered(fixture: "small" | "metadataPng") {
    const sent: ImageMessage[] = [];
    const queue = { send: async (message: ImageMessage) => void sent.push(message), sendBatch: async () => undefined };
    const key = `image-${Date.now()}-halfmade${Math.random().toString(36).slice(2, 8)}.jpg`;
    await env.IMAGES.put(key, photo(fixture), { httpMetadata: { contentType: "image/jpeg" } });
    await registerPhoto({ IMAGE_QUEUE: queue as unknown as Queue }, db, { key, contentType: "image/jpeg", size: 1, facts: null });
    expect(sent).toEqual([{ kind: "variants", key }]);
    return key;
  }

  it("writes nothing when a transform fails midway, retries, and the dead-letter queue marks it failed", async () => {
    const key = await registered("small");
    await expect(makeVariants(failingOn(6), key)).rejects.toThrow("simulated outage");
    expect(await variantKeys(key)).toEqual([]);

    expect(await processPhoto(failingOn(5), db, key, 1)).toBe("retry");
    expect(await getImageStatus(db, key)).toMatchObject({ status: "queued", error: "Attempt 1 failed: Images binding: simulated outage" });
    expect(await variantKeys(key)).toEqual([]);

    // After the last retry the Queue hands the message to the dead-letter queue.
    const batch = createMessageBatch(IMAGE_DLQ_NAME, [
      { id: "dlq-1", timestamp: new Date(), attempts: 4, body: { kind: "variants", key } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["dlq-1"]);
    expect(await getImageStatus(db, key)).toMatchObject({ status: "failed", error: expect.stringContaining("simulated outage") });

    // Queued again by the owner, it is made whole.
    await retryPhoto({ IMAGE_QUEUE: { send: async () => undefined } as unknown as Queue }, db, key);
    expect(await processPhoto(env, db, key, 1)).toBe("done");
    expect(await getImageStatus(db, key)).toMatchObject({ status: "ready", attempts: 1 });
    expect((await variantKeys(key)).length).toBe(VARIANT_WIDTHS.length * 3 + 3);
  }, 60_000);

  it("an overloaded Images service is retried quietly: one warning line for a burst of photos and attempts, no error logged", async () => {
    const errors = vi.spyOn(console, "error");
    const warnings = vi.spyOn(console, "warn");
    try {
      const keys = [await registered("small"), await registered("small"), await registered("small")];
      for (const key of keys) {
        for (const attempt of [1, 2]) {
          const overloaded = failingOn(1, "overloaded: connect(): Connection timed out");
          expect(await processPhoto(overloaded, db, key, attempt)).toBe("retry");
        }
      }
      expect(errors).not.toHaveBeenCalled();
      const said = warnings.mock.calls.filter(([message]) => String(message).includes("overloaded"));
      expect(said).toHaveLength(1);
      expect(String(said[0]?.[0])).not.toContain("\n");
      // Once the service answers again the photo is made.
      expect(await processPhoto(env, db, keys[0] ?? "", 3)).toBe("done");
      expect(await getImageStatus(db, keys[0] ?? "")).toMatchObject({ status: "ready" });
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it("answers a photo whose set is not made yet with a variant made on request, cached briefly and never stored", async () => {
    const key = await registered("metadataPng");
    const { response, bytes } = await fetchBytes(`/images/${key}/w320`, "webp");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(metadataIn(bytes)).toEqual([]);
    // Upright: the PNG's eXIf orientation 6 turns 96x64 into 64x96.
    expect(outputFacts(bytes)).toMatchObject({ width: 64, height: 96 });
    expect(await variantKeys(key)).toEqual([]);
  }, 60_000);

  it("a redelivered message for a ready photo changes nothing", async () => {
    const body = await uploaded(photo("small"));
    await settled(body.key);
    const before = await getImageStatus(db, body.key);
    const batch = createMessageBatch(IMAGE_QUEUE_NAME, [
      { id: "again", timestamp: new Date(), attempts: 1, body: { kind: "variants", key: body.key } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["again"]);
    expect(await getImageStatus(db, body.key)).toEqual(before);
  }, 60_000);

  it("reads every ladder width from the stored objects' own bytes", async () => {
    const body = await uploaded(photo("small"));
    await settled(body.key);
    const object = await env.IMAGES.get(`${variantPrefix(body.key)}w160.jpg`);
    const facts = readImageFacts(new Uint8Array(await object!.arrayBuffer()));
    expect(facts).toMatchObject({ ok: true, facts: { width: 160, height: 120 } });
  }, 60_000);
});

describe("the owner's status route", () => {
  it("needs an admin session and answers 404 for unknown photos", async () => {
    const anonymous = await get("/admin/uploads/image/image-1-nothere.jpg");
    expect(anonymous.status).not.toBe(200);
    await anonymous.arrayBuffer();
    const unknown = await get("/admin/uploads/image/image-1-nothere.jpg", { headers: { Cookie: cookie } });
    expect(unknown.status).toBe(404);
    await unknown.arrayBuffer();
  });
});

describe("uploads from before the pipeline", () => {
  /** An original put straight into R2, as decision 007 stored it: no row in image_uploads. */
  async function legacyOriginal(fixture: "small" | "metadataPng") {
    const key = `image-${Date.now()}-legacy${Math.random().toString(36).slice(2, 8)}.jpg`;
    await env.IMAGES.put(key, photo(fixture), { httpMetadata: { contentType: "image/jpeg" } });
    return key;
  }

  it("the first shopper's request is answered stripped and queues the set, once", async () => {
    const key = await legacyOriginal("metadataPng");
    const { response, bytes } = await fetchBytes(`/images/${key}/w320`, "webp");
    expect(response.status).toBe(200);
    expect(metadataIn(bytes)).toEqual([]);
    const again = await fetchBytes(`/images/${key}/w640`, "webp");
    expect(again.response.status).toBe(200);
    expect(await settled(key)).toMatchObject({ status: "ready", attempts: 1 });
    expect((await variantKeys(key)).length).toBeGreaterThan(0);
  }, 60_000);

  it("the backfill registers every unknown original, is safe to repeat, and says when it is done", async () => {
    const keys = [await legacyOriginal("small"), await legacyOriginal("small")];
    const sent: ImageMessage[] = [];
    const queue = {
      send: async (message: ImageMessage) => void sent.push(message),
      sendBatch: async (messages: Iterable<MessageSendRequest<ImageMessage>>) =>
        void sent.push(...[...messages].map((message) => message.body)),
    } as unknown as Queue;
    const recording = { IMAGES: env.IMAGES, IMAGE_QUEUE: queue };

    await startBackfill(recording, db);
    expect(sent).toEqual([{ kind: "backfill" }]);
    // Pages of one original: the walk goes on through cursors until the bucket ends.
    let page = await runBackfillPage(recording, db, undefined, 1);
    while (page.more) {
      const next = sent.findLast((message) => message.kind === "backfill" && message.cursor);
      page = await runBackfillPage(recording, db, next?.kind === "backfill" ? next.cursor : undefined, 1000);
    }
    for (const key of keys) expect(sent).toContainEqual({ kind: "variants", key });
    expect(await getBackfillState(db)).toMatchObject({ state: "done", finishedAt: expect.any(Number) });

    for (const key of keys) expect(await processPhoto(env, db, key, 1)).toBe("done");
    const ready = await Promise.all(keys.map((key) => getImageStatus(db, key)));

    // Again, from the start: nothing ready is queued or changed.
    sent.length = 0;
    await runBackfillPage(recording, db, undefined, 1000);
    for (const key of keys) expect(sent).not.toContainEqual({ kind: "variants", key });
    expect(await Promise.all(keys.map((key) => getImageStatus(db, key)))).toEqual(ready);
  }, 60_000);
});
