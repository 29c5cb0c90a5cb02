import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactElement } from "react";

/**
 * The one way a route shows an error. Loaders and actions throw `data({ message }, { status })` with a
 * message a shopper or the owner can read (or, for an unreadable form, a plain-text body); a route's
 * ErrorBoundary renders `GeneralErrorBoundary` with a view per status it words its own way and a default
 * for the rest. Anything that was not thrown on purpose is shown without its details.
 */

/** The readable message a loader or action threw, or null when it threw none. */
export function thrownMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const body: unknown = error.data;
  if (typeof body === "string") return body || null;
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string") return body.message;
  return null;
}

type StatusHandler = (info: { error: ErrorResponse; message: string | null }) => ReactElement | null;

export function GeneralErrorBoundary({
  defaultStatusHandler,
  statusHandlers,
  unexpectedErrorHandler,
}: {
  defaultStatusHandler: StatusHandler;
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  unexpectedErrorHandler: (error: unknown) => ReactElement | null;
}) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) return unexpectedErrorHandler(error);
  const handler = statusHandlers?.[error.status] ?? defaultStatusHandler;
  return handler({ error, message: thrownMessage(error) });
}
