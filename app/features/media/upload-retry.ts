/**
 * When an upload request that failed on its way is sent again: after 1 s, 2 s, then 4 s (four
 * attempts in all). Shared by the photo and lab report uploads and each part of a video upload.
 */
export const UPLOAD_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

/** Whether an answer with this status may go through if sent again; any other 4xx is the route's final word. */
export function isRetryableStatus(status: number) {
  return status >= 500 || status === 408 || status === 429;
}
