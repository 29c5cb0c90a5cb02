import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { notify } from "~/features/toast/toaster";
import { FileField } from "~/ui/file-field";
import { ProgressBar } from "~/ui/progress-bar";
import { useUploadPending } from "~/ui/pending-uploads";
import { VIDEO_ACCEPT, VIDEO_MESSAGES } from "./video-types";
import {
  VideoUploader,
  formatMegabytes,
  formatSpeed,
  formatTimeLeft,
  pendingUploads,
  uploadEventToast,
  type UploadState,
} from "./video-upload";

/**
 * The product form's Product Video section: holds the video URL (or nothing) as field `name`.
 *
 * With JavaScript: "Upload video" sends the file as a resumable R2 multipart upload (10 MiB parts)
 * with a progress bar, stage text, speed and time left, and Pause / Resume / Cancel / Retry. When
 * it completes the URL is set on the form and a preview plays. Remove clears the field at once and
 * deletes the stored file in the background. Choosing the same file again after a reload resumes.
 * Without JavaScript the current video is kept (posted as a hidden field); uploading needs JavaScript.
 */
export interface VideoFieldProps {
  name: string;
  defaultValue: string | null;
}

const HINT = "MP4, MOV, AVI or WebM, up to 10GB. Sent in 10MB chunks you can pause and resume; a new upload replaces the current video.";

export function VideoField({ name, defaultValue }: VideoFieldProps) {
  const hydrated = useHydrated();
  return hydrated ? (
    <EnhancedVideoField name={name} defaultValue={defaultValue} />
  ) : (
    <PlainVideoField name={name} defaultValue={defaultValue} />
  );
}

function VideoPreview({ url }: { url: string }) {
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- an owner-uploaded clip comes with no caption file to offer
    <video
      src={url}
      controls
      preload="metadata"
      playsInline
      aria-label="Product video preview"
      className="aspect-video w-full max-w-xl rounded-2xl bg-forest-950 object-contain"
    />
  );
}

/** Server render and no-JavaScript form: the current video is kept as is. */
function PlainVideoField({ name, defaultValue }: VideoFieldProps) {
  return (
    <div className="space-y-4">
      <input type="hidden" name={name} value={defaultValue ?? ""} />
      {defaultValue ? <VideoPreview url={defaultValue} /> : <p className="text-sm text-ink-500">No video yet.</p>}
      <div>
        <FileField label="Upload video" hint={HINT} accept={VIDEO_ACCEPT} disabled />
        <noscript>
          <p className="mt-2 rounded-xl bg-gold-100 px-3 py-2 text-sm text-forest-900">
            Uploading or removing a video needs JavaScript (large files are sent in resumable chunks). The current video is kept when you
            save.
          </p>
        </noscript>
      </div>
    </div>
  );
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch (error) {
    console.warn("Browser storage is unavailable; uploads will not resume after a reload", error);
    return null;
  }
}

const BUSY = new Set<UploadState["status"]>(["uploading", "paused", "resumed"]);

function EnhancedVideoField({ name, defaultValue }: VideoFieldProps) {
  const [url, setUrl] = useState<string | null>(defaultValue || null);
  const [uploader, setUploader] = useState<VideoUploader | null>(null);
  const [state, setState] = useState<UploadState | null>(null);
  const [pending, setPending] = useState<{ fileName: string; size: number }[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const storage = safeStorage();
    if (storage) setPending(pendingUploads(storage));
  }, []);

  useEffect(() => {
    if (!uploader) return;
    setState(uploader.getState());
    const unsubscribe = uploader.subscribe(setState);
    const stopEvents = uploader.onEvent((event) => {
      const toast = uploadEventToast(event);
      if (toast) notify(toast);
      if (event.type === "complete") {
        setUrl(event.url);
        setPending((current) => current.filter((entry) => entry.fileName !== event.fileName || entry.size !== event.size));
      }
      if (event.type === "cancelled") {
        setUploader(null);
        setState(null);
        if (fileInput.current) fileInput.current.value = "";
      }
    });
    // Started once subscribed, so no state or event is missed.
    if (uploader.getState().status === "idle") void uploader.start();
    return () => {
      unsubscribe();
      stopEvents();
    };
  }, [uploader]);

  const busy = state !== null && BUSY.has(state.status);
  useUploadPending(busy ? "video" : null);
  useEffect(() => {
    if (!busy) return;
    // Leaving mid-upload loses the page's progress (it can still be resumed by choosing the file again).
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [busy]);

  const onPick = (file: File | undefined) => {
    if (!file) return;
    const check = VideoUploader.check(file);
    if (!check.ok) {
      notify({ title: VIDEO_MESSAGES.invalid, description: check.message, variant: "destructive" });
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    const next = new VideoUploader(file, { fetch: (input, init) => fetch(input, init), storage: safeStorage() });
    setUploader(next);
  };

  const remove = () => {
    if (!url) return;
    const removed = url;
    setUrl(null);
    notify({ title: VIDEO_MESSAGES.removed, description: "The video was taken off this product's form." });
    if (!removed.startsWith("/videos/")) return;
    fetch("/admin/uploads/video", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ intent: "delete", url: removed }),
    })
      .then((response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      })
      .catch((error: unknown) => {
        console.error("Removing the video failed", error);
        notify({ ...VIDEO_MESSAGES.removeFailed, variant: "destructive" });
      });
  };

  const showPanel = state !== null && state.showProgress && state.status !== "idle";

  return (
    <div className="space-y-4">
      <input type="hidden" name={name} value={url ?? ""} />
      {url ? (
        <div className="space-y-3">
          <VideoPreview url={url} />
          <button type="button" className="btn-secondary" onClick={remove} disabled={busy}>
            Remove video
          </button>
        </div>
      ) : (
        <p className="text-sm text-ink-500">No video yet.</p>
      )}

      <div>
        <FileField
          label="Upload video"
          hint={HINT}
          inputRef={fileInput}
          accept={VIDEO_ACCEPT}
          disabled={busy}
          onChange={(event) => onPick(event.currentTarget.files?.[0])}
        />
        {pending.length > 0 && !busy ? (
          <p className="mt-2 rounded-xl bg-gold-100 px-3 py-2 text-sm text-forest-900">
            {pending.map((entry) => `${entry.fileName} (${formatMegabytes(entry.size)})`).join(", ")}{" "}
            {pending.length === 1 ? "was" : "were"} not finished. Choose the same file again to resume where it stopped.
          </p>
        ) : null}
      </div>

      {showPanel && uploader ? <UploadPanel state={state} uploader={uploader} /> : null}
    </div>
  );
}

function UploadPanel({ state, uploader }: { state: UploadState; uploader: VideoUploader }) {
  const { status } = state;
  const details = [
    state.chunkCount > 1 || state.chunkIndex > 0 ? `${formatMegabytes(state.uploadedBytes)} of ${formatMegabytes(state.totalBytes)}` : null,
    state.bytesPerSecond ? formatSpeed(state.bytesPerSecond) : null,
    state.secondsLeft !== null && (status === "uploading" || status === "resumed") && state.bytesPerSecond
      ? `${formatTimeLeft(state.secondsLeft)} left`
      : null,
    status === "paused" ? "Paused" : null,
  ].filter(Boolean);

  return (
    <section aria-label="Video upload" className="rounded-2xl border border-forest-800/15 bg-forest-50 p-4">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="font-medium text-forest-900" aria-live="polite">
          {state.stage}
        </p>
        <span className="tabular-nums text-ink-700">{state.percent}%</span>
      </div>
      <p className="truncate text-xs text-ink-500">{uploader.file.name}</p>
      <ProgressBar
        label="Video upload progress"
        percent={state.percent}
        valueText={`${state.percent}%, ${state.stage}`}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-white"
        barClassName={`h-full rounded-full transition-[width] duration-300 ${
          status === "failed" ? "bg-berry-700" : status === "paused" ? "bg-gold-500" : "bg-forest-700"
        }`}
      />
      {details.length > 0 ? <p className="mt-2 text-xs text-ink-700">{details.join(" · ")}</p> : null}
      {status === "failed" && state.error ? (
        <p role="alert" className="field-error">
          {state.error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {status === "uploading" || status === "resumed" ? (
          <button type="button" className="btn-secondary" onClick={() => uploader.pause()}>
            Pause
          </button>
        ) : null}
        {status === "paused" ? (
          <button type="button" className="btn-primary" onClick={() => uploader.resume()}>
            Resume
          </button>
        ) : null}
        {status === "failed" ? (
          <button type="button" className="btn-primary" onClick={() => void uploader.retry()}>
            Retry
          </button>
        ) : null}
        {BUSY.has(status) || status === "failed" ? (
          <button type="button" className="btn-danger" onClick={() => uploader.cancel()}>
            Cancel
          </button>
        ) : null}
      </div>
    </section>
  );
}
