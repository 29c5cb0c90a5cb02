/**
 * The browser side of a video upload: a small state machine, usable
 * without React, that sends a file to the admin routes as an R2 multipart upload in 10 MiB parts.
 *
 *   idle -> uploading -> complete
 *             |  ^  \-> failed --retry()--> uploading
 *        pause()  resume() (status "resumed" until the next part starts)
 *             v  |
 *            paused            any of uploading / paused / resumed / failed --cancel()--> cancelled (final)
 *
 * A failed part is sent again as upload-retry.ts says; a pause takes effect between parts
 * (checked every 100 ms). The upload id is kept in browser storage under the file's name, size and
 * lastModified, so choosing the same file after a reload resumes with the parts the server recorded.
 * fetch, sleep, the clock, timers and storage are injected so unit tests can drive it.
 */
import { UPLOAD_RETRY_DELAYS_MS, isRetryableStatus } from "~/features/media/upload-retry";
import { VIDEO_MESSAGES, VIDEO_PART_SIZE, checkVideoFile, declaredVideoType, expectedPartLength, partCount } from "./video-types";

type UploadStatus = "idle" | "uploading" | "paused" | "resumed" | "cancelled" | "failed" | "complete";

export const STAGES = {
  preparing: "Preparing chunked upload...",
  chunk: (index: number, count: number) => `Uploading chunk ${index}/${count}...`,
  combining: "Combining video chunks...",
  complete: "Upload complete!",
} as const;

/** Share of the bar for sending parts, then combining, then done. */
const PROGRESS = { chunks: 85, combining: 90, complete: 100 } as const;
const MAX_ATTEMPTS = UPLOAD_RETRY_DELAYS_MS.length + 1;
const PAUSE_POLL_MS = 100;
/** The progress bar clears this long after completion. */
const CLEAR_PROGRESS_MS = 1000;
const STORAGE_PREFIX = "greenleaf-video-upload:";

export interface UploadState {
  status: UploadStatus;
  stage: string;
  /** 0 to 100 */
  percent: number;
  uploadedBytes: number;
  totalBytes: number;
  /** The part being sent (1-based), 0 before the first. */
  chunkIndex: number;
  chunkCount: number;
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  error: string | null;
  url: string | null;
  /** False once the bar has cleared after completion (and before anything starts). */
  showProgress: boolean;
}

export type UploadEvent =
  | { type: "paused" }
  | { type: "resumed" }
  | { type: "cancelled" }
  | { type: "restored"; partsDone: number; chunkCount: number }
  | { type: "failed"; message: string }
  | { type: "complete"; url: string; fileName: string; size: number; seconds: number; chunkCount: number };

/** The parts of a File the uploader uses (a File satisfies it). */
export interface UploadFile {
  name: string;
  size: number;
  type: string;
  lastModified: number;
  slice(start?: number, end?: number): Blob;
}

export type UploadStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface UploaderDeps {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** Resolves after ms; default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => void;
  storage?: UploadStorage | null;
  /** Defaults to /admin/uploads/video (parts go to `${endpoint}/part`). */
  endpoint?: string;
}

interface ServerUpload {
  uploadId: string;
  size: number;
  partSize: number;
  partCount: number;
  parts: { partNumber: number; etag: string }[];
  status: string;
  url: string | null;
}

/** An error answer from a route, with its status, so 4xx answers are not retried. */
class UploadHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "UploadHttpError";
  }
  get retryable() {
    return isRetryableStatus(this.status);
  }
}

class CancelledError extends Error {
  constructor() {
    super(VIDEO_MESSAGES.cancelledByUser);
    this.name = "CancelledError";
  }
}

// ---------------------------------------------------------------------------------------------
// Pure formatters

const MB = 1024 * 1024;

/** "2.4 MB/s" at a megabyte per second or more, else "512.0 KB/s". */
export function formatSpeed(bytesPerSecond: number): string {
  if (bytesPerSecond >= MB) return `${(bytesPerSecond / MB).toFixed(1)} MB/s`;
  return `${(bytesPerSecond / 1024).toFixed(1)} KB/s`;
}

/** "45s" under a minute, "12m" under an hour, else "1.5h". */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(0, seconds);
  if (s < 60) return `${Math.ceil(s)}s`;
  if (s < 3600) return `${Math.ceil(s / 60)}m`;
  return `${(s / 3600).toFixed(1)}h`;
}

/** "12.35 MB" */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(2)} MB`;
}

/** The storage key that finds an upload again after a reload: same name, size and lastModified. */
export function uploadStorageKey(file: Pick<UploadFile, "name" | "size" | "lastModified">): string {
  return `${STORAGE_PREFIX}${file.name}:${file.size}:${file.lastModified}`;
}

/** The toast for an uploader event. */
export function uploadEventToast(event: UploadEvent): {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  duration?: number;
} | null {
  switch (event.type) {
    case "paused":
      return { title: VIDEO_MESSAGES.paused, description: "Press Resume to continue." };
    case "resumed":
      return { title: VIDEO_MESSAGES.resumed, description: "Sending the remaining chunks." };
    case "cancelled":
      return { title: VIDEO_MESSAGES.cancelled, description: VIDEO_MESSAGES.cancelledByUser };
    case "restored":
      return event.partsDone > 0
        ? { title: "Resuming upload", description: `${event.partsDone} of ${event.chunkCount} chunks were already uploaded.` }
        : null;
    case "failed":
      return { title: VIDEO_MESSAGES.failedTitle, description: event.message, variant: "destructive", duration: 10_000 };
    case "complete":
      return {
        title: VIDEO_MESSAGES.uploadedTitle,
        description: `${event.fileName} (${formatMegabytes(event.size)}) uploaded in ${event.seconds}s using ${event.chunkCount} ${
          event.chunkCount === 1 ? "chunk" : "chunks"
        }.`,
        duration: 8_000,
      };
  }
}

async function errorMessage(response: Response): Promise<string> {
  const fallback = `${response.status} ${response.statusText}`.trim();
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object" && "error" in body) {
      const error = body.error;
      if (typeof error === "string") return error;
      if (error && typeof error === "object" && "description" in error && typeof error.description === "string") return error.description;
    }
    return fallback;
  } catch {
    return fallback;
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The machine

export class VideoUploader {
  private state: UploadState;
  private readonly listeners = new Set<(state: UploadState) => void>();
  private readonly eventListeners = new Set<(event: UploadEvent) => void>();
  private readonly fetch: UploaderDeps["fetch"];
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly setTimer: (callback: () => void, ms: number) => void;
  private readonly storage: UploadStorage | null;
  private readonly endpoint: string;
  private readonly storageKey: string;
  private readonly contentType: string;
  private uploadId: string | null = null;
  private readonly parts = new Map<number, string>();
  private inflight: AbortController | null = null;
  private startedAt = 0;
  private activeMs = 0;
  private sentThisSession = 0;
  private running: Promise<void> | null = null;

  constructor(
    readonly file: UploadFile,
    deps: UploaderDeps,
  ) {
    this.fetch = deps.fetch;
    this.sleep = deps.sleep ?? defaultSleep;
    this.now = deps.now ?? (() => Date.now());
    this.setTimer = deps.setTimer ?? ((callback, ms) => void setTimeout(callback, ms));
    this.storage = deps.storage ?? null;
    this.endpoint = deps.endpoint ?? "/admin/uploads/video";
    this.storageKey = uploadStorageKey(file);
    this.contentType = declaredVideoType(file);
    const chunkCount = partCount(file.size);
    this.state = {
      status: "idle",
      stage: "",
      percent: 0,
      uploadedBytes: 0,
      totalBytes: file.size,
      chunkIndex: 0,
      chunkCount,
      bytesPerSecond: null,
      secondsLeft: null,
      error: null,
      url: null,
      showProgress: false,
    };
  }

  /** The product's type and size checks, before anything is sent. */
  static check(file: Pick<UploadFile, "name" | "type" | "size">) {
    return checkVideoFile({ type: declaredVideoType(file), size: file.size });
  }

  getState = (): UploadState => this.state;

  subscribe = (listener: (state: UploadState) => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  onEvent(listener: (event: UploadEvent) => void) {
    this.eventListeners.add(listener);
    return () => {
      this.eventListeners.delete(listener);
    };
  }

  private set(patch: Partial<UploadState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }

  private emit(event: UploadEvent) {
    for (const listener of this.eventListeners) listener(event);
  }

  /** Starts the upload; resolves when it completes, fails or is cancelled (never rejects). */
  start(): Promise<void> {
    if (this.state.status !== "idle") return this.running ?? Promise.resolve();
    this.startedAt = this.now();
    this.running = this.run();
    return this.running;
  }

  pause() {
    if (this.state.status !== "uploading" && this.state.status !== "resumed") return;
    this.set({ status: "paused" });
    this.emit({ type: "paused" });
  }

  resume() {
    if (this.state.status !== "paused") return;
    this.set({ status: "resumed" });
    this.emit({ type: "resumed" });
  }

  /** Final: the server drops the parts, the stored upload id is forgotten; cannot be resumed. */
  cancel() {
    const { status } = this.state;
    if (status === "idle" || status === "cancelled" || status === "complete") return;
    this.set({ status: "cancelled", stage: VIDEO_MESSAGES.cancelled, bytesPerSecond: null, secondsLeft: null });
    this.inflight?.abort(new CancelledError());
    this.forget();
    this.emit({ type: "cancelled" });
    this.abortOnServer();
  }

  private abortSent = false;

  /** Tells the server to drop the parts (once; also when the upload was created after cancel()). */
  private abortOnServer() {
    if (!this.uploadId || this.abortSent) return;
    this.abortSent = true;
    this.post({ intent: "abort", uploadId: this.uploadId }).catch((error: unknown) =>
      console.warn("Aborting the upload on the server failed", error),
    );
  }

  /** After a failure: continue with the parts already on the server. */
  retry(): Promise<void> {
    if (this.state.status !== "failed") return this.running ?? Promise.resolve();
    this.set({ error: null });
    this.running = this.run();
    return this.running;
  }

  // A method, not a getter: TypeScript would keep a getter's value narrowed across the awaits in which cancel() runs.
  private isCancelled() {
    return this.state.status === "cancelled";
  }

  private forget() {
    try {
      this.storage?.removeItem(this.storageKey);
    } catch (error) {
      console.warn("Browser storage is unavailable", error);
    }
  }

  private remember(uploadId: string) {
    try {
      this.storage?.setItem(
        this.storageKey,
        JSON.stringify({ uploadId, fileName: this.file.name, size: this.file.size, lastModified: this.file.lastModified }),
      );
    } catch (error) {
      console.warn("Browser storage is unavailable", error);
    }
  }

  private storedUploadId(): string | null {
    try {
      const raw = this.storage?.getItem(this.storageKey);
      if (!raw) return null;
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === "object" && "uploadId" in parsed && typeof parsed.uploadId === "string" ? parsed.uploadId : null;
    } catch (error) {
      console.warn("Ignoring an unreadable stored upload", error);
      return null;
    }
  }

  private async post(body: Record<string, unknown>): Promise<unknown> {
    const response = await this.fetch(this.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new UploadHttpError(response.status, await errorMessage(response));
    return response.json();
  }

  private async serverStatus(uploadId: string): Promise<ServerUpload | null> {
    const response = await this.fetch(`${this.endpoint}?uploadId=${encodeURIComponent(uploadId)}`, {
      headers: { Accept: "application/json" },
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new UploadHttpError(response.status, await errorMessage(response));
    return await response.json<ServerUpload>();
  }

  /** Finds the upload to continue (this one, or one stored before a reload) or creates one. */
  private async session(): Promise<ServerUpload | "complete"> {
    const known = this.uploadId ?? this.storedUploadId();
    if (known) {
      const existing = await this.serverStatus(known);
      if (existing?.status === "complete" && existing.url && existing.size === this.file.size) {
        this.set({ url: existing.url });
        return "complete";
      }
      if (existing?.status === "uploading" && existing.size === this.file.size) {
        const resumedFromStorage = this.uploadId === null;
        this.uploadId = existing.uploadId;
        for (const part of existing.parts) this.parts.set(part.partNumber, part.etag);
        if (resumedFromStorage) this.emit({ type: "restored", partsDone: existing.parts.length, chunkCount: existing.partCount });
        return existing;
      }
      this.forget();
      this.parts.clear();
      this.uploadId = null;
    }
    // Our own upload route's answer to a create (routes/admin.uploads.video.ts).
    const created = (await this.post({
      intent: "create",
      fileName: this.file.name,
      contentType: this.contentType,
      size: this.file.size,
    })) as ServerUpload;
    this.uploadId = created.uploadId;
    this.remember(created.uploadId);
    return created;
  }

  private partLength(partNumber: number) {
    return expectedPartLength(this.file.size, partNumber);
  }

  private bytesDone() {
    let total = 0;
    for (const partNumber of this.parts.keys()) total += this.partLength(partNumber);
    return total;
  }

  private progress(chunkIndex: number) {
    const uploadedBytes = this.bytesDone();
    const bytesPerSecond = this.activeMs > 0 && this.sentThisSession > 0 ? (this.sentThisSession / this.activeMs) * 1000 : null;
    this.set({
      chunkIndex,
      uploadedBytes,
      percent: Math.round((PROGRESS.chunks * uploadedBytes) / Math.max(1, this.file.size)),
      bytesPerSecond,
      secondsLeft: bytesPerSecond ? (this.file.size - uploadedBytes) / bytesPerSecond : null,
    });
  }

  private async waitWhilePaused() {
    while (this.state.status === "paused") await this.sleep(PAUSE_POLL_MS);
    if (this.isCancelled()) throw new CancelledError();
  }

  private async run(): Promise<void> {
    this.set({ status: "uploading", stage: STAGES.preparing, percent: 0, showProgress: true, error: null });
    try {
      const check = VideoUploader.check(this.file);
      if (!check.ok) throw new UploadHttpError(400, check.message);

      const session = await this.session();
      if (this.isCancelled()) throw new CancelledError();
      if (session !== "complete") {
        const count = this.state.chunkCount;
        this.progress(0);
        for (let index = 1; index <= count; index++) {
          if (this.parts.has(index)) continue;
          await this.waitWhilePaused();
          this.set({ status: "uploading", stage: STAGES.chunk(index, count), chunkIndex: index });
          const etag = await this.sendPartWithRetry(index);
          this.parts.set(index, etag);
          this.progress(index);
        }
        await this.waitWhilePaused();
        this.set({ status: "uploading", stage: STAGES.combining, percent: PROGRESS.combining, secondsLeft: null });
        // Our own upload route's answer to a complete.
        const completed = (await this.post({ intent: "complete", uploadId: this.uploadId })) as ServerUpload;
        if (!completed.url) throw new Error("Failed to upload final video: no URL was returned");
        this.set({ url: completed.url });
      }
      if (this.isCancelled()) throw new CancelledError();
      this.finish();
    } catch (error) {
      if (this.isCancelled() || error instanceof CancelledError) {
        this.forget();
        this.abortOnServer();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      this.set({ status: "failed", error: message, stage: VIDEO_MESSAGES.failedTitle, bytesPerSecond: null, secondsLeft: null });
      this.emit({ type: "failed", message });
    }
  }

  private finish() {
    this.forget();
    this.set({ status: "complete", stage: STAGES.complete, percent: PROGRESS.complete, uploadedBytes: this.file.size, secondsLeft: 0 });
    const url = this.state.url!;
    this.emit({
      type: "complete",
      url,
      fileName: this.file.name,
      size: this.file.size,
      seconds: Math.max(0, Math.round((this.now() - this.startedAt) / 1000)),
      chunkCount: this.state.chunkCount,
    });
    this.setTimer(() => {
      if (this.state.status === "complete") this.set({ showProgress: false });
    }, CLEAR_PROGRESS_MS);
  }

  /** Sent again as upload-retry.ts says; any other 4xx answer is final at once. */
  private async sendPartWithRetry(index: number): Promise<string> {
    let lastMessage = "";
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try {
        return await this.sendPart(index);
      } catch (error) {
        if (this.isCancelled() || error instanceof CancelledError) throw new CancelledError();
        lastMessage = error instanceof Error ? error.message : String(error);
        if (error instanceof UploadHttpError && !error.retryable) throw new Error(`Chunk ${index} upload failed: ${lastMessage}`);
        if (attempt < MAX_ATTEMPTS) await this.sleep(UPLOAD_RETRY_DELAYS_MS[attempt - 1]!);
        if (this.isCancelled()) throw new CancelledError();
      }
    }
    throw new Error(`Chunk ${index} failed after ${MAX_ATTEMPTS} attempts: ${lastMessage}`);
  }

  private async sendPart(index: number): Promise<string> {
    const start = (index - 1) * VIDEO_PART_SIZE;
    const length = this.partLength(index);
    const controller = new AbortController();
    this.inflight = controller;
    const began = this.now();
    try {
      const response = await this.fetch(`${this.endpoint}/part?uploadId=${encodeURIComponent(this.uploadId!)}&partNumber=${index}`, {
        method: "PUT",
        headers: { "Content-Type": "application/octet-stream", Accept: "application/json" },
        body: this.file.slice(start, start + length),
        signal: controller.signal,
      });
      if (!response.ok) throw new UploadHttpError(response.status, await errorMessage(response));
      const part = await response.json<{ etag?: unknown }>();
      if (typeof part.etag !== "string") throw new Error("the server did not confirm the chunk");
      this.activeMs += Math.max(1, this.now() - began);
      this.sentThisSession += length;
      return part.etag;
    } finally {
      this.inflight = null;
    }
  }
}

/** Uploads left unfinished in this browser (to offer a resume after a reload). */
export function pendingUploads(storage: Pick<Storage, "length" | "key" | "getItem">): { fileName: string; size: number }[] {
  const found: { fileName: string; size: number }[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(STORAGE_PREFIX)) continue;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? "null");
      if (parsed && typeof parsed === "object" && "fileName" in parsed && "size" in parsed) {
        const { fileName, size } = parsed;
        if (typeof fileName === "string" && typeof size === "number") found.push({ fileName, size });
      }
    } catch (error) {
      console.warn(`Ignoring unreadable ${key}`, error);
    }
  }
  return found;
}
