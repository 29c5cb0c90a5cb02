import { useEffect, useState } from "react";
import { imageStatusText, isSettled, smallPhotoWarning, type ImageStatus } from "./photo-status";
import { uploadedImageKey } from "./photo-variants";

const POLL_MS = 2000;
/** Polling stops after this long; the line then says the photo is still being prepared. */
const POLL_FOR_MS = 3 * 60 * 1000;

/**
 * One line under an uploaded photo in the product form (docs/decisions/022): its original size,
 * then, once the Queue has made its variants, what a shopper downloads of it; a gentle note for a
 * photo under 800 px; and 'Try again' when it could not be prepared. Polls
 * /admin/uploads/image/{key} while the set is being made. Nothing for packshots and art.
 */
export function PhotoStatus({ url }: { url: string }) {
  const key = uploadedImageKey(url);
  const [status, setStatus] = useState<ImageStatus | null>(null);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (!key) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const poll = async () => {
      try {
        const response = await fetch(`/admin/uploads/image/${encodeURIComponent(key)}`, { headers: { Accept: "application/json" } });
        if (!response.ok) return;
        const next = await response.json<ImageStatus>();
        if (stopped) return;
        setStatus(next);
        if (isSettled(next.status)) return;
      } catch {
        // Offline for a moment: the next poll tries again.
      }
      if (!stopped && Date.now() - started < POLL_FOR_MS) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, retrying]);

  if (!key || !status) return null;
  const warning = smallPhotoWarning(status);
  return (
    <div className="mt-1 space-y-0.5 text-xs" aria-live="polite">
      <p className={status.status === "failed" ? "text-berry-700" : "text-ink-700"}>{imageStatusText(status)}</p>
      {warning ? <p className="font-medium text-ink-900">{warning}</p> : null}
      {status.status === "failed" ? (
        <button
          type="button"
          className="font-semibold text-forest-800 underline hover:text-forest-700"
          onClick={async () => {
            await fetch(`/admin/uploads/image/${encodeURIComponent(key)}`, { method: "POST", headers: { Accept: "application/json" } });
            setRetrying((value) => !value);
          }}
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}
