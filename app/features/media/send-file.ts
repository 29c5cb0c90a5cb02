import { uploadFailedMessage, type MediaMessage } from "./media-message";
import { UPLOAD_RETRY_DELAYS_MS, isRetryableStatus } from "./upload-retry";

/** An upload that failed, with the toast that says why. */
export class UploadError extends Error {
  constructor(readonly toast: MediaMessage) {
    super(toast.description);
  }
}

/** The toast for a failed upload, or null when it was removed (aborted) and nothing needs saying. */
export function uploadFailureToast(error: unknown): MediaMessage | null {
  if (error instanceof DOMException && error.name === "AbortError") return null;
  return error instanceof UploadError ? error.toast : uploadFailedMessage(error instanceof Error ? error.message : null);
}

const removed = () => new DOMException("Upload removed", "AbortError");

/** What one attempt at an upload got back: the route's status (0 when the connection was lost) and its JSON. */
interface UploadAnswer {
  status: number;
  statusText: string;
  body: unknown;
}

/** Sends the file once; rejects only when the upload is removed (aborted). */
function sendOnce(endpoint: string, file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(removed());
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", endpoint);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.response });
    xhr.onerror = () => resolve({ status: 0, statusText: "", body: null });
    const abort = () => xhr.abort();
    xhr.onabort = () => reject(removed());
    xhr.onloadend = () => signal.removeEventListener("abort", abort);
    signal.addEventListener("abort", abort);
    xhr.send(file);
  });
}

/** Resolves after `ms`, or rejects as removed as soon as `signal` aborts. */
function waitUnlessRemoved(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(removed());
    const onAbort = () => {
      clearTimeout(timer);
      reject(removed());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** The error for an upload the route refused or that never got through. */
function uploadError({ status, statusText, body }: UploadAnswer): UploadError {
  const error = body && typeof body === "object" && "error" in body ? body.error : null;
  if (error && typeof error === "object" && "title" in error && "description" in error) {
    return new UploadError({ title: String(error.title), description: String(error.description) });
  }
  if (status === 401) return new UploadError(uploadFailedMessage("Your admin session has ended; sign in again"));
  return new UploadError(uploadFailedMessage(status ? `${status} ${statusText}` : "The connection was lost"));
}

/**
 * Streams one file to an upload route with XMLHttpRequest, for upload progress events; resolves
 * with the route's JSON answer, rejects with an UploadError carrying its toast. A lost connection
 * or a server failure is sent again (upload-retry.ts), the bar starting over.
 */
export async function sendFile(
  endpoint: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  for (let attempt = 0; ; attempt++) {
    const answer = await sendOnce(endpoint, file, onProgress, signal);
    const { status, body } = answer;
    if (status >= 200 && status < 300 && body && typeof body === "object") {
      // An object (checked above), read field by field as unknown.
      return body as Record<string, unknown>;
    }
    const delay = UPLOAD_RETRY_DELAYS_MS[attempt];
    if (delay === undefined || !(status === 0 || isRetryableStatus(status))) throw uploadError(answer);
    onProgress(0);
    await waitUnlessRemoved(delay, signal);
  }
}
