import { afterEach, describe, expect, it, vi } from "vitest";
import { VIDEO_PART_SIZE } from "../../app/features/videos/video-types";
import {
  STAGES,
  VideoUploader,
  formatSpeed,
  formatTimeLeft,
  pendingUploads,
  uploadEventToast,
  uploadStorageKey,
  type UploadEvent,
  type UploadState,
  type UploaderDeps,
} from "../../app/features/videos/video-upload";

const MB = 1024 * 1024;

describe("speed and time-left formatters", () => {
  it("shows MB/s from a megabyte per second, KB/s below", () => {
    expect(formatSpeed(2.5 * MB)).toBe("2.5 MB/s");
    expect(formatSpeed(MB)).toBe("1.0 MB/s");
    expect(formatSpeed(512 * 1024)).toBe("512.0 KB/s");
    expect(formatSpeed(100)).toBe("0.1 KB/s");
  });

  it("shows seconds under a minute, minutes under an hour, else hours", () => {
    expect(formatTimeLeft(0)).toBe("0s");
    expect(formatTimeLeft(44.2)).toBe("45s");
    expect(formatTimeLeft(60)).toBe("1m");
    expect(formatTimeLeft(125)).toBe("3m");
    expect(formatTimeLeft(3600)).toBe("1.0h");
    expect(formatTimeLeft(5400)).toBe("1.5h");
  });
});

describe("upload toasts", () => {
  it("uses the product's titles, durations and success details", () => {
    expect(uploadEventToast({ type: "paused" })?.title).toBe("Upload paused");
    expect(uploadEventToast({ type: "resumed" })?.title).toBe("Upload resumed");
    expect(uploadEventToast({ type: "cancelled" })).toMatchObject({ title: "Upload cancelled", description: "Upload cancelled by user" });
    expect(uploadEventToast({ type: "failed", message: "Chunk 2 failed after 4 attempts: boom" })).toEqual({
      title: "Video upload failed",
      description: "Chunk 2 failed after 4 attempts: boom",
      variant: "destructive",
      duration: 10_000,
    });
    expect(
      uploadEventToast({ type: "complete", url: "/videos/v.mp4", fileName: "clip.mp4", size: 25 * MB, seconds: 12, chunkCount: 3 }),
    ).toEqual({
      title: "Video uploaded successfully!",
      description: "clip.mp4 (25.00 MB) uploaded in 12s using 3 chunks.",
      duration: 8_000,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// A fake of the admin upload routes, in memory.

type PartHandler = (partNumber: number, attempt: number) => Promise<Response | null> | Response | null;

function fakeServer({ onPart }: { onPart?: PartHandler } = {}) {
  const uploads = new Map<string, { size: number; parts: Map<number, string>; status: string }>();
  const partRequests: { partNumber: number; bytes: number }[] = [];
  const intents: string[] = [];
  const attempts = new Map<number, number>();
  let next = 1;

  const status = (uploadId: string) => {
    const upload = uploads.get(uploadId)!;
    return {
      uploadId,
      size: upload.size,
      partSize: VIDEO_PART_SIZE,
      partCount: Math.ceil(upload.size / VIDEO_PART_SIZE),
      parts: [...upload.parts].map(([partNumber, etag]) => ({ partNumber, etag })),
      status: upload.status,
      url: upload.status === "complete" ? `/videos/${uploadId}.mp4` : null,
    };
  };

  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    if (url.pathname === "/admin/uploads/video/part") {
      const partNumber = Number(url.searchParams.get("partNumber"));
      const attempt = (attempts.get(partNumber) ?? 0) + 1;
      attempts.set(partNumber, attempt);
      const body = init.body as Blob;
      partRequests.push({ partNumber, bytes: body.size });
      const override = await onPart?.(partNumber, attempt);
      if (override) return override;
      uploads.get(url.searchParams.get("uploadId")!)!.parts.set(partNumber, `etag-${partNumber}`);
      return Response.json({ partNumber, etag: `etag-${partNumber}` });
    }
    if (init.method === "POST") {
      const body = JSON.parse(String(init.body)) as { intent: string; uploadId?: string; size?: number };
      intents.push(body.intent);
      if (body.intent === "create") {
        const uploadId = `u${next++}`;
        uploads.set(uploadId, { size: body.size!, parts: new Map(), status: "uploading" });
        return Response.json(status(uploadId), { status: 201 });
      }
      const upload = uploads.get(body.uploadId!)!;
      upload.status = body.intent === "complete" ? "complete" : "aborted";
      return Response.json(body.intent === "complete" ? status(body.uploadId!) : { ok: true });
    }
    const uploadId = url.searchParams.get("uploadId")!;
    return uploads.has(uploadId) ? Response.json(status(uploadId)) : Response.json({ error: "not found" }, { status: 404 });
  });
  return { fetch, uploads, partRequests, intents, status };
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    key: (index: number) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}

function videoFile(size: number, name = "clip.mp4", type = "video/mp4") {
  return new File([new Uint8Array(size)], name, { type, lastModified: 1_700_000_000_000 });
}

function record(uploader: VideoUploader) {
  const states: UploadState[] = [];
  const events: UploadEvent[] = [];
  uploader.subscribe((state) => states.push(state));
  uploader.onEvent((event) => events.push(event));
  return { states, events };
}

/** A promise the test resolves by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("VideoUploader", () => {
  it("sends 10 MiB parts through the product's stages and completes", async () => {
    const server = fakeServer();
    const timers: { callback: () => void; ms: number }[] = [];
    let clock = 0;
    const storage = memoryStorage();
    const file = videoFile(2 * VIDEO_PART_SIZE + 5000);
    const uploader = new VideoUploader(file, {
      fetch: server.fetch,
      now: () => (clock += 250),
      setTimer: (callback, ms) => timers.push({ callback, ms }),
      storage,
    });
    const { states, events } = record(uploader);

    await uploader.start();

    const stages = [...new Set(states.map((state) => state.stage))];
    expect(stages).toEqual([
      STAGES.preparing,
      "Uploading chunk 1/3...",
      "Uploading chunk 2/3...",
      "Uploading chunk 3/3...",
      STAGES.combining,
      STAGES.complete,
    ]);
    expect(server.partRequests).toEqual([
      { partNumber: 1, bytes: VIDEO_PART_SIZE },
      { partNumber: 2, bytes: VIDEO_PART_SIZE },
      { partNumber: 3, bytes: 5000 },
    ]);
    // Chunks take the bar up to 85%, combining is 90%, done is 100%.
    const beforeCombining = states.filter((state) => state.stage.startsWith("Uploading chunk"));
    expect(Math.max(...beforeCombining.map((state) => state.percent))).toBe(85);
    expect(states.find((state) => state.stage === STAGES.combining)?.percent).toBe(90);
    expect(uploader.getState()).toMatchObject({ status: "complete", percent: 100, url: "/videos/u1.mp4", showProgress: true });
    expect(states.some((state) => state.bytesPerSecond !== null && state.secondsLeft !== null)).toBe(true);

    const complete = events.find((event) => event.type === "complete");
    expect(complete).toMatchObject({ url: "/videos/u1.mp4", fileName: "clip.mp4", size: file.size, chunkCount: 3 });
    // The stored upload id is forgotten once complete, and the bar clears about 1 s later.
    expect(storage.map.size).toBe(0);
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);
    timers[0]!.callback();
    expect(uploader.getState().showProgress).toBe(false);
  });

  it("retries a failing part after 1 s and 2 s, then carries on", async () => {
    const server = fakeServer({
      onPart: (partNumber, attempt) =>
        partNumber === 2 && attempt <= 2 ? Response.json({ error: { description: "busy" } }, { status: 503 }) : null,
    });
    const delays: number[] = [];
    const uploader = new VideoUploader(videoFile(VIDEO_PART_SIZE + 10), {
      fetch: server.fetch,
      sleep: async (ms) => void delays.push(ms),
    });
    await uploader.start();
    expect(delays).toEqual([1000, 2000]);
    expect(server.partRequests.map((request) => request.partNumber)).toEqual([1, 2, 2, 2]);
    expect(uploader.getState().status).toBe("complete");
  });

  it("fails after 4 attempts with 1 s, 2 s, 4 s back-off, then a retry sends only the missing parts", async () => {
    let broken = true;
    const server = fakeServer({
      onPart: (partNumber) => (broken && partNumber === 2 ? Promise.reject(new TypeError("Failed to fetch")) : null),
    });
    const delays: number[] = [];
    const uploader = new VideoUploader(videoFile(2 * VIDEO_PART_SIZE + 1), {
      fetch: server.fetch,
      sleep: async (ms) => void delays.push(ms),
    });
    const { events } = record(uploader);

    await uploader.start();
    expect(delays).toEqual([1000, 2000, 4000]);
    expect(uploader.getState()).toMatchObject({ status: "failed", error: "Chunk 2 failed after 4 attempts: Failed to fetch" });
    expect(events.at(-1)).toEqual({ type: "failed", message: "Chunk 2 failed after 4 attempts: Failed to fetch" });

    broken = false;
    server.partRequests.length = 0;
    await uploader.retry();
    expect(server.partRequests.map((request) => request.partNumber)).toEqual([2, 3]);
    expect(uploader.getState().status).toBe("complete");
    expect(server.intents.filter((intent) => intent === "create")).toHaveLength(1);
  });

  it("does not retry a refused part (4xx) and reports the server's reason", async () => {
    const server = fakeServer({
      onPart: () => Response.json({ error: { title: "Invalid video file", description: "This file is not a video" } }, { status: 415 }),
    });
    const delays: number[] = [];
    const uploader = new VideoUploader(videoFile(100), { fetch: server.fetch, sleep: async (ms) => void delays.push(ms) });
    await uploader.start();
    expect(delays).toEqual([]);
    expect(uploader.getState()).toMatchObject({ status: "failed", error: "Chunk 1 upload failed: This file is not a video" });
  });

  it("refuses a file of the wrong type before sending anything", async () => {
    const server = fakeServer();
    const uploader = new VideoUploader(videoFile(100, "notes.txt", "text/plain"), { fetch: server.fetch });
    await uploader.start();
    expect(uploader.getState()).toMatchObject({
      status: "failed",
      error: 'File type "text/plain" not supported. Please use MP4, MOV, AVI, or WebM.',
    });
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it("pauses between parts (checked every 100 ms) and resumes", async () => {
    vi.useFakeTimers();
    const held = deferred<null>();
    const server = fakeServer({ onPart: (partNumber) => (partNumber === 1 ? held.promise : null) });
    const uploader = new VideoUploader(videoFile(VIDEO_PART_SIZE + 10), { fetch: server.fetch });
    const { events } = record(uploader);
    const done = uploader.start();

    await vi.waitFor(() => expect(server.partRequests).toHaveLength(1));
    uploader.pause();
    expect(uploader.getState().status).toBe("paused");
    held.resolve(null);
    await vi.advanceTimersByTimeAsync(1000);
    // Part 1 finished, but part 2 waits while paused.
    expect(server.partRequests.map((request) => request.partNumber)).toEqual([1]);
    expect(uploader.getState().status).toBe("paused");
    expect(uploader.getState().percent).toBe(85);

    uploader.resume();
    expect(uploader.getState().status).toBe("resumed");
    await vi.advanceTimersByTimeAsync(100);
    await done;
    expect(server.partRequests.map((request) => request.partNumber)).toEqual([1, 2]);
    expect(events.map((event) => event.type)).toEqual(["paused", "resumed", "complete"]);
    expect(uploader.getState().status).toBe("complete");
  });

  it("cancels: the server drops the parts, and a cancelled upload cannot resume or retry", async () => {
    vi.useFakeTimers();
    const held = deferred<null>();
    const storage = memoryStorage();
    const server = fakeServer({ onPart: (partNumber) => (partNumber === 1 ? held.promise : null) });
    const file = videoFile(VIDEO_PART_SIZE + 10);
    const uploader = new VideoUploader(file, { fetch: server.fetch, storage });
    const { events } = record(uploader);
    const done = uploader.start();

    await vi.waitFor(() => expect(server.partRequests).toHaveLength(1));
    expect(storage.getItem(uploadStorageKey(file))).toContain('"uploadId":"u1"');
    uploader.pause();
    uploader.cancel();
    held.resolve(null);
    await vi.advanceTimersByTimeAsync(500);
    await done;

    expect(uploader.getState().status).toBe("cancelled");
    uploader.resume();
    await uploader.retry();
    await vi.advanceTimersByTimeAsync(500);
    expect(uploader.getState().status).toBe("cancelled");
    expect(server.partRequests.map((request) => request.partNumber)).toEqual([1]);
    expect(server.intents).toEqual(["create", "abort"]);
    expect(server.uploads.get("u1")?.status).toBe("aborted");
    expect(storage.map.size).toBe(0);
    expect(events.map((event) => event.type)).toEqual(["paused", "cancelled"]);
  });

  it("resumes after a reload with the parts the server recorded", async () => {
    const storage = memoryStorage();
    let offline = true;
    const server = fakeServer({ onPart: (partNumber) => (offline && partNumber === 2 ? Promise.reject(new TypeError("offline")) : null) });
    const file = videoFile(2 * VIDEO_PART_SIZE + 7);
    const deps: UploaderDeps = { fetch: server.fetch, storage, sleep: async () => undefined };

    // First page: part 1 lands, then the connection drops and the page is reloaded.
    const first = new VideoUploader(file, deps);
    await first.start();
    expect(first.getState().status).toBe("failed");
    expect(pendingUploads(storage)).toEqual([{ fileName: "clip.mp4", size: file.size }]);

    // After the reload, a new uploader for the same file (name, size, lastModified).
    offline = false;
    server.partRequests.length = 0;
    const sameFile = new File([new Uint8Array(file.size)], "clip.mp4", { type: "video/mp4", lastModified: file.lastModified });
    const again = new VideoUploader(sameFile, deps);
    const { events } = record(again);
    await again.start();
    expect(events[0]).toEqual({ type: "restored", partsDone: 1, chunkCount: 3 });
    expect(server.partRequests.map((request) => request.partNumber)).toEqual([2, 3]);
    expect(server.intents.filter((intent) => intent === "create")).toHaveLength(1);
    expect(again.getState()).toMatchObject({ status: "complete", url: "/videos/u1.mp4" });
    expect(pendingUploads(storage)).toEqual([]);
  });
});
