import { SELF, createScheduledController, env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "../../app/server/load-context";
import { abortStaleVideoUploads, deleteVideoObject } from "../../app/features/videos/video-upload.server";
import { getImageStatus } from "../../app/features/photos/photo-pipeline.server";
import { tryStoreFormImages } from "../../app/features/photos/photo-upload.server";
import { VIDEO_PART_SIZE } from "../../app/features/videos/video-types";
import worker from "../../workers/app";
import { ORIGIN, adminCookie, expectAnswer, expectStatus, get } from "./helpers";

const MB = 1024 * 1024;

/** Tiny real images (2x2, made with ffmpeg; the GIF is the classic 1x1). */
const IMAGES = {
  jpg: "/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABMAAEBAAAAAAAAAAAAAAAAAAAABgEBAQAAAAAAAAAAAAAAAAAABAUQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAACAAIDASIAAhEAAxEA/9oADAMBAAIRAxEAPwCTAARX/9k=",
  png: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAEElEQVR4nGPQy7IAIgYIBQAWpgNBHeK0zgAAAABJRU5ErkJggg==",
  gif: "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
  webp: "UklGRjIAAABXRUJQVlA4ICYAAACQAQCdASoCAAIAAgA0JZACdLoAA5gA/u/9wwT1LlH61MjHz7gAAA==",
} as const;

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const text = (value: string) => new TextEncoder().encode(value);

let cookie = "";
beforeAll(async () => {
  cookie = await adminCookie();
});

function upload(path: string, body: BodyInit, headers: Record<string, string> = {}, method = "PUT") {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method,
    body,
    redirect: "manual",
    headers: { Origin: ORIGIN, Accept: "application/json", Cookie: cookie, ...headers },
  });
}

function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return upload(path, JSON.stringify(body), { "Content-Type": "application/json", ...headers }, "POST");
}

/** What uploads stored: the variants (variants/…) are left out, since the queue consumer makes them in the background for earlier tests' photos. */
async function imageKeys() {
  const listed = await env.IMAGES.list();
  return listed.objects
    .map((object) => object.key)
    .filter((key) => !key.startsWith("variants/"))
    .sort();
}

interface ErrorBody {
  error: { title: string; description: string };
}

describe("image upload", () => {
  it.each([
    ["jpg", "image/jpeg"],
    ["png", "image/png"],
    ["gif", "image/gif"],
    ["webp", "image/webp"],
  ] as const)("stores a real %s under image-{timestamp}-{random} with its detected type", async (ext, contentType) => {
    const bytes = fromBase64(IMAGES[ext]);
    // The declared type is wrong on purpose: only the bytes count.
    const response = await upload("/admin/uploads/image", bytes, {
      "Content-Type": "application/octet-stream",
      "X-File-Name": `photo.${ext}`,
    });
    expect(response.status).toBe(201);
    const body = await response.json<{ url: string; key: string; contentType: string; size: number }>();
    expect(body.key).toMatch(new RegExp(`^image-\\d{13}-[a-z0-9]{10}\\.${ext}$`));
    expect(body).toMatchObject({ url: `/images/${body.key}`, contentType, size: bytes.length });

    const stored = await env.IMAGES.get(body.key);
    expect(stored?.httpMetadata?.contentType).toBe(contentType);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes);
  });

  it.each([
    ["a text file named .png", text("just some notes, not a picture at all"), "image/png"],
    ["an SVG", text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), "image/svg+xml"],
    ["an executable declared as an image", Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]), "image/jpeg"],
  ])("refuses %s with 'Invalid file type' and stores nothing", async (_name, bytes, contentType) => {
    const before = await imageKeys();
    const response = await upload("/admin/uploads/image", bytes, { "Content-Type": contentType, "X-File-Name": "evil.png" });
    expect(response.status).toBe(415);
    expect(await response.json<ErrorBody>()).toEqual({
      error: { title: "Invalid file type", description: "Please select a valid image file (JPG, PNG, WEBP, or GIF)" },
    });
    expect(await imageKeys()).toEqual(before);
  });

  it("refuses an upload declared over 50MB before reading it, and stores nothing", async () => {
    const before = await imageKeys();
    const { readable, writable } = new FixedLengthStream(50 * MB + 1);
    const writer = writable.getWriter();
    // The first bytes are a real PNG header: the size alone must refuse it.
    const sending = writer.write(fromBase64(IMAGES.png));
    const response = await upload("/admin/uploads/image", readable, { "Content-Type": "image/png" });
    expect(response.status).toBe(413);
    expect(await response.json<ErrorBody>()).toEqual({
      error: { title: "File too large", description: "Please select an image smaller than 50MB" },
    });
    expect(await imageKeys()).toEqual(before);
    await sending;
    await writer.abort("test done");
  });

  it("leaves nothing behind when the body stops short of its declared length", async () => {
    const before = await imageKeys();
    const png = fromBase64(IMAGES.png);
    const { readable, writable } = new FixedLengthStream(png.length + 10_000);
    const writer = writable.getWriter();
    const sending = writer
      .write(png)
      .then(() => writer.write(new Uint8Array(100)))
      .then(() => writer.abort(new Error("the connection dropped")));
    const outcome = await upload("/admin/uploads/image", readable, { "Content-Type": "image/png" }).then(
      async (response) => {
        await response.text();
        return response.status;
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    await sending;
    expect(outcome).not.toBe(201);
    expect(await imageKeys()).toEqual(before);
  });

  it("refuses uploads without an admin session and stores nothing", async () => {
    const before = await imageKeys();
    const png = fromBase64(IMAGES.png);
    const json = await upload("/admin/uploads/image", png, { Cookie: "", "Content-Type": "image/png" });
    expect(json.status).toBe(401);
    expect(await json.json()).toEqual({ error: "Admin authentication required" });
    const page = await upload("/admin/uploads/image", png, { Cookie: "", Accept: "text/html", "Content-Type": "image/png" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin");
    const forged = await upload("/admin/uploads/image", png, { Cookie: "adminSession=forged", "Content-Type": "image/png" });
    expect(forged.status).toBe(401);
    await Promise.all([page.text(), forged.text()]);
    expect(await imageKeys()).toEqual(before);

    const video = await postJson(
      "/admin/uploads/video",
      { intent: "create", fileName: "a.mp4", contentType: "video/mp4", size: 10 },
      { Cookie: "" },
    );
    expect(video.status).toBe(401);
    await video.text();
    await expectStatus(upload("/admin/uploads/video/part?uploadId=x&partNumber=1", new Uint8Array(10), { Cookie: "" }), 401);
  });
});

describe("image serving", () => {
  it("serves a variant, never the upload itself: its type by Accept, a year of immutable caching, ETag and nosniff; 304 on If-None-Match", async () => {
    const bytes = fromBase64(IMAGES.png);
    const created = await upload("/admin/uploads/image", bytes, { "Content-Type": "image/png" });
    const { url, key } = await created.json<{ url: string; key: string }>();
    // The Queue makes the set (docs/decisions/022); once it is ready the answers are stable.
    for (let waited = 0; (await getImageStatus(createDb(env.DB), key))?.status !== "ready"; waited += 250) {
      if (waited > 30_000) throw new Error(`${key} not ready`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const response = await get(url, { headers: { Accept: "image/webp,*/*" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Vary")).toBe("Accept");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(new Uint8Array(await response.arrayBuffer())).not.toEqual(bytes);

    const cached = await get(url, { headers: { Accept: "image/webp,*/*", "If-None-Match": etag! } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("ETag")).toBe(etag);
    expect(await cached.text()).toBe("");

    const changed = await get(url, { headers: { Accept: "image/webp,*/*", "If-None-Match": '"something-else"' } });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
  });

  it("answers 404 for an unknown or malformed key", async () => {
    for (const path of [
      "/images/image-1-nothere.png",
      "/images/..%2F..%2Fwrangler.toml",
      "/images/.env",
      "/images/bad%20key.png",
      "/videos/video-1-nothere.mp4",
      "/videos/..%2Fsecret",
    ]) {
      await expectAnswer(path, 404);
    }
  });
});

describe("tryStoreFormImages (the product form without JavaScript)", () => {
  it("stores real images in order and skips the empty file an unused input posts", async () => {
    const files = [
      new File([fromBase64(IMAGES.jpg)], "first.jpg", { type: "image/jpeg" }),
      new File([], "", { type: "application/octet-stream" }),
      new File([fromBase64(IMAGES.webp)], "second.webp", { type: "image/webp" }),
    ];
    const result = await tryStoreFormImages(env, createDb(env.DB), files);
    if (!result.ok) throw new Error(result.description);
    const { urls } = result;
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^\/images\/image-\d+-[a-z0-9]+\.jpg$/);
    expect(urls[1]).toMatch(/^\/images\/image-\d+-[a-z0-9]+\.webp$/);
    const response = await get(urls[1]!, { headers: { Accept: "image/webp,*/*" } });
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    await response.arrayBuffer();
  });

  it("refuses a fake image with a 415 and keeps nothing from the same submit", async () => {
    const before = await imageKeys();
    const files = [
      new File([fromBase64(IMAGES.png)], "real.png", { type: "image/png" }),
      new File([text("<?php echo 'hi'; ?>")], "fake.png", { type: "image/png" }),
    ];
    const result = await tryStoreFormImages(env, createDb(env.DB), files);
    expect(result).toEqual({
      ok: false,
      status: 415,
      title: "Invalid file type",
      description: "Please select a valid image file (JPG, PNG, WEBP, or GIF)",
    });
    expect(await imageKeys()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Video

/** A video-looking file: an ISO base media "ftyp" box, then filler. */
function videoBytes(size: number) {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 0x20, ...text("ftypisom")]);
  for (let i = 12; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

interface UploadStatusBody {
  uploadId: string;
  key: string;
  partSize: number;
  partCount: number;
  parts: { partNumber: number; etag: string }[];
  status: string;
  url: string | null;
}

async function createUpload(size: number, contentType = "video/mp4") {
  const response = await postJson("/admin/uploads/video", { intent: "create", fileName: "demo.mp4", contentType, size });
  expect(response.status).toBe(201);
  return response.json<UploadStatusBody>();
}

function putPart(uploadId: string, partNumber: number, body: Uint8Array<ArrayBuffer>) {
  return upload(`/admin/uploads/video/part?uploadId=${encodeURIComponent(uploadId)}&partNumber=${partNumber}`, body, {
    "Content-Type": "application/octet-stream",
  });
}

describe("video multipart upload", () => {
  const size = VIDEO_PART_SIZE + 4321;
  const file = videoBytes(size);
  let videoUrl = "";

  it("refuses a type or size the product does not allow, before creating anything", async () => {
    const type = await postJson("/admin/uploads/video", { intent: "create", fileName: "a.txt", contentType: "text/plain", size: 10 });
    expect(type.status).toBe(400);
    expect(await type.json<ErrorBody>()).toEqual({
      error: { title: "Invalid video file", description: 'File type "text/plain" not supported. Please use MP4, MOV, AVI, or WebM.' },
    });
    const big = await postJson("/admin/uploads/video", {
      intent: "create",
      fileName: "a.mp4",
      contentType: "video/mp4",
      size: 11 * 1024 * MB,
    });
    expect(big.status).toBe(413);
    expect((await big.json<ErrorBody>()).error.description).toBe("File size (11.0GB) exceeds 10GB limit.");
    await expectStatus(postJson("/admin/uploads/video", { intent: "launch" }), 400);
  });

  it("creates, takes 10 MiB parts, refuses a wrong part size, resumes from the recorded parts and completes", async () => {
    const created = await createUpload(size);
    expect(created).toMatchObject({ partSize: VIDEO_PART_SIZE, partCount: 2, parts: [], status: "uploading" });
    expect(created.key).toMatch(/^video-\d+-[a-z0-9]+\.mp4$/);

    const first = await putPart(created.uploadId, 1, file.subarray(0, VIDEO_PART_SIZE));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ partNumber: 1, etag: expect.any(String) });

    // The last part must be exactly the rest of the file.
    const wrong = await putPart(created.uploadId, 2, file.subarray(VIDEO_PART_SIZE, size - 1));
    expect(wrong.status).toBe(400);
    expect((await wrong.json<ErrorBody>()).error.description).toBe(`Chunk 2 must be exactly 4321 bytes (got 4320).`);
    await expectStatus(putPart(created.uploadId, 1, file.subarray(0, 5 * MB)), 400);
    await expectStatus(putPart(created.uploadId, 3, new Uint8Array(10)), 400);

    // "Reload": the browser only has the upload id and asks what the server recorded.
    const status = await get(`/admin/uploads/video?uploadId=${encodeURIComponent(created.uploadId)}`, {
      headers: { Cookie: cookie, Accept: "application/json" },
    });
    expect(status.status).toBe(200);
    const recorded = await status.json<UploadStatusBody>();
    expect(recorded.parts.map((part) => part.partNumber)).toEqual([1]);
    expect(recorded.status).toBe("uploading");

    // Completing before every part is there is refused.
    const early = await postJson("/admin/uploads/video", { intent: "complete", uploadId: created.uploadId });
    expect(early.status).toBe(400);
    expect((await early.json<ErrorBody>()).error.description).toContain("chunks 2 are missing");

    const last = await putPart(created.uploadId, 2, file.subarray(VIDEO_PART_SIZE));
    expect(last.status).toBe(200);
    await last.json();
    const complete = await postJson("/admin/uploads/video", { intent: "complete", uploadId: created.uploadId });
    expect(complete.status).toBe(200);
    const done = await complete.json<UploadStatusBody>();
    expect(done).toMatchObject({ status: "complete", url: `/videos/${created.key}` });
    videoUrl = done.url!;

    const object = await env.VIDEOS.head(created.key);
    expect(object?.size).toBe(size);
    expect(object?.httpMetadata?.contentType).toBe("video/mp4");
    await expectStatus(putPart(created.uploadId, 2, file.subarray(VIDEO_PART_SIZE)), 409);
  });

  it("serves the video whole with Accept-Ranges, and byte ranges for seeking", async () => {
    const whole = await get(videoUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect(whole.headers.get("Content-Type")).toBe("video/mp4");
    expect(whole.headers.get("Content-Length")).toBe(String(size));
    expect(whole.headers.get("Cache-Control")).toContain("max-age=31536000");
    expect(whole.headers.get("ETag")).toBeTruthy();
    expect((await whole.arrayBuffer()).byteLength).toBe(size);

    const cases: [string, number, number][] = [
      ["bytes=0-15", 0, 15],
      [`bytes=${VIDEO_PART_SIZE - 10}-${VIDEO_PART_SIZE + 9}`, VIDEO_PART_SIZE - 10, VIDEO_PART_SIZE + 9],
      ["bytes=-100", size - 100, size - 1],
      [`bytes=${size - 50}-`, size - 50, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await get(videoUrl, { headers: { Range: range } });
      expect(response.status, range).toBe(206);
      expect(response.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get("Content-Length")).toBe(String(end - start + 1));
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(file.subarray(start, end + 1));
    }

    const unsatisfiable = await get(videoUrl, { headers: { Range: `bytes=${size}-` } });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get("Content-Range")).toBe(`bytes */${size}`);
    expect((await unsatisfiable.arrayBuffer()).byteLength).toBe(0);

    const etag = whole.headers.get("ETag")!;
    const cached = await get(videoUrl, { headers: { "If-None-Match": etag } });
    expect(cached.status).toBe(304);
    expect((await cached.arrayBuffer()).byteLength).toBe(0);
  });

  it("aborts: R2 drops the parts and the upload takes no more", async () => {
    const created = await createUpload(2000);
    await expectStatus(putPart(created.uploadId, 1, videoBytes(2000)), 200);
    await expectStatus(postJson("/admin/uploads/video", { intent: "abort", uploadId: created.uploadId }), 200);
    await expectStatus(putPart(created.uploadId, 1, videoBytes(2000)), 409);
    await expectStatus(postJson("/admin/uploads/video", { intent: "complete", uploadId: created.uploadId }), 409);
    expect(await env.VIDEOS.head(created.key)).toBeNull();
  });

  it("refuses a first part that is not a video and aborts the upload", async () => {
    const created = await createUpload(3000);
    const exe = new Uint8Array(3000);
    exe.set(text("MZ not a video at all"));
    const response = await putPart(created.uploadId, 1, exe);
    expect(response.status).toBe(415);
    expect((await response.json<ErrorBody>()).error.title).toBe("Invalid video file");
    const status = await get(`/admin/uploads/video?uploadId=${encodeURIComponent(created.uploadId)}`, {
      headers: { Cookie: cookie, Accept: "application/json" },
    });
    expect((await status.json<UploadStatusBody>()).status).toBe("aborted");
    expect(await env.VIDEOS.head(created.key)).toBeNull();
  });

  it("removes a video in the background, but keeps one a saved product still shows", async () => {
    const make = async () => {
      const created = await createUpload(1000);
      await (await putPart(created.uploadId, 1, videoBytes(1000))).text();
      return (await (await postJson("/admin/uploads/video", { intent: "complete", uploadId: created.uploadId })).json<UploadStatusBody>())
        .key;
    };
    const loose = await make();
    await expectStatus(postJson("/admin/uploads/video", { intent: "delete", url: `/videos/${loose}` }), 202);
    await vi.waitFor(async () => expect(await env.VIDEOS.head(loose)).toBeNull());

    const shown = await make();
    await env.DB.prepare("UPDATE products SET video = ? WHERE id = (SELECT MIN(id) FROM products)").bind(`/videos/${shown}`).run();
    // The route hands this to ctx.waitUntil; the same call, awaited here, keeps the object.
    expect(await deleteVideoObject(env, createDb(env.DB), `/videos/${shown}`)).toBe("in-use");
    expect(await env.VIDEOS.head(shown)).not.toBeNull();
    await env.DB.prepare("UPDATE products SET video = NULL WHERE video = ?").bind(`/videos/${shown}`).run();

    const bad = await postJson("/admin/uploads/video", { intent: "delete", url: "/images/../secret" });
    expect(bad.status).toBe(400);
    expect(await bad.json<ErrorBody>()).toEqual({
      error: { title: "Remove failed", description: "Failed to remove video. Please try again." },
    });
  });
});

describe("video ranges and conditional requests (R2 reads the request's headers)", () => {
  const size = 1000;
  const bytes = Uint8Array.from({ length: size }, (_, index) => index % 251);
  const url = "/videos/video-range-probe.mp4";
  let etag = "";

  beforeAll(async () => {
    const stored = await env.VIDEOS.put("video-range-probe.mp4", bytes, { httpMetadata: { contentType: "video/mp4" } });
    etag = stored!.httpEtag;
  });

  const ranged = (range: string) => get(url, { headers: { Range: range } });

  it("answers a single byte range (a-b, a-, the suffix -n) with 206, clamping an end past the file or a suffix longer than it", async () => {
    for (const [range, start, end] of [
      ["bytes=0-99", 0, 99],
      ["bytes=500-", 500, 999],
      ["bytes=-100", 900, 999],
      ["bytes=900-5000", 900, 999],
      ["bytes=-5000", 0, 999],
      ["bytes=0-", 0, 999],
    ] as const) {
      const response = await ranged(range);
      expect(response.status, range).toBe(206);
      expect(response.headers.get("Content-Range"), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get("Content-Length"), range).toBe(String(end - start + 1));
      expect(new Uint8Array(await response.arrayBuffer()), range).toEqual(bytes.subarray(start, end + 1));
    }
  });

  it("answers a range starting at or past the end, or an empty suffix, with 416 naming the size", async () => {
    for (const range of [`bytes=${size}-`, "bytes=2000-3000", "bytes=-0"]) {
      const response = await ranged(range);
      expect(response.status, range).toBe(416);
      expect(response.headers.get("Content-Range"), range).toBe(`bytes */${size}`);
      expect((await response.arrayBuffer()).byteLength, range).toBe(0);
    }
  });

  it("ignores an empty, malformed, reversed or multi-range header and serves the whole file", async () => {
    for (const range of ["", "bytes=", "bytes=-", "items=0-5", "bytes=5-1", "bytes=0-1,5-6", "bytes=a-b"]) {
      const response = await ranged(range);
      expect(response.status, range).toBe(200);
      expect(response.headers.get("Content-Range"), range).toBeNull();
      expect(new Uint8Array(await response.arrayBuffer()), range).toEqual(bytes);
    }
  });

  it("answers 304 when If-None-Match names its ETag (strong, weak, in a list, or *), even with a Range", async () => {
    for (const tag of [etag, `W/${etag}`, `"x", ${etag}`, "*"]) {
      const response = await get(url, { headers: { "If-None-Match": tag, Range: "bytes=0-9" } });
      expect(response.status, tag).toBe(304);
      expect(response.headers.get("ETag"), tag).toBe(etag);
      expect((await response.arrayBuffer()).byteLength, tag).toBe(0);
    }
  });

  it("serves the file when If-None-Match names another tag, or one that cannot be read", async () => {
    for (const tag of ['"abd"', "unquoted", '"unclosed']) {
      const response = await get(url, { headers: { "If-None-Match": tag } });
      expect(response.status, tag).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer()), tag).toEqual(bytes);
    }
  });
});

describe("stale upload cleanup", () => {
  it("aborts an upload untouched for 25 hours and keeps a fresh one", async () => {
    const now = Date.now();
    const stale = await env.VIDEOS.createMultipartUpload("video-stale-test.mp4");
    const fresh = await env.VIDEOS.createMultipartUpload("video-fresh-test.mp4");
    const insert = env.DB.prepare(
      "INSERT INTO video_uploads (upload_id, key, file_name, content_type, size, part_size, parts, status, created_at, updated_at) VALUES (?, ?, 'x.mp4', 'video/mp4', 100, ?, '[]', 'uploading', ?, ?)",
    );
    const hours = (n: number) => now - n * 60 * 60 * 1000;
    await env.DB.batch([
      insert.bind(stale.uploadId, stale.key, VIDEO_PART_SIZE, hours(26), hours(25)),
      insert.bind(fresh.uploadId, fresh.key, VIDEO_PART_SIZE, hours(2), hours(1)),
    ]);

    const aborted = await abortStaleVideoUploads(env, now);
    expect(aborted).toBeGreaterThanOrEqual(1);
    const statusOf = async (uploadId: string) =>
      (await env.DB.prepare("SELECT status FROM video_uploads WHERE upload_id = ?").bind(uploadId).first<{ status: string }>())?.status;
    expect(await statusOf(stale.uploadId)).toBe("aborted");
    expect(await statusOf(fresh.uploadId)).toBe("uploading");
    await expect(env.VIDEOS.resumeMultipartUpload(stale.key, stale.uploadId).uploadPart(1, "late part")).rejects.toThrow();
    const stillOpen = await env.VIDEOS.resumeMultipartUpload(fresh.key, fresh.uploadId).uploadPart(1, "on time");
    expect(stillOpen.etag).toBeTruthy();

    // The Worker's hourly cron runs the same cleanup: 25 hours later the fresh one goes too.
    const controller = createScheduledController({ scheduledTime: new Date(now + 25 * 60 * 60 * 1000), cron: "17 * * * *" });
    await worker.scheduled(controller, env);
    expect(await statusOf(fresh.uploadId)).toBe("aborted");
  });
});
