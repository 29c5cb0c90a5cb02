import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactElement } from "react";

/** What a status handler is given: the thrown response (status, statusText, data). */
export type StatusHandler = (info: { error: ErrorResponse }) => ReactElement | null;

/**
 * The one route error boundary: a thrown response goes to the handler for its status (or the
 * default handler), anything else (a bug, a failed fetch) to the unexpected-error handler, which is
 * never shown the error itself, so no stack or SQL reaches the page. Every route's ErrorBoundary is
 * this with its own handlers (the shop's in features/site/error-page.tsx, the back office's in
 * features/admin/admin-ui.tsx).
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler,
  unexpectedErrorHandler,
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  defaultStatusHandler: StatusHandler;
  unexpectedErrorHandler: () => ReactElement | null;
}) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) {
    // The page shows a safe message; the server's handleError already logs, the browser's console is told here.
    if (typeof document !== "undefined") console.error(error);
    return unexpectedErrorHandler();
  }
  return (statusHandlers?.[error.status] ?? defaultStatusHandler)({ error });
}

/** The safe words a loader or action put in a thrown response: `data({ message }, { status })` or plain text. */
export function thrownMessage(error: ErrorResponse): string | null {
  const body: unknown = error.data;
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string" && body.message) return body.message;
  return typeof body === "string" && body ? body : null;
}
