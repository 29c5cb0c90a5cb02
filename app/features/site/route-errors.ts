import { isRouteErrorResponse } from "@remix-run/react";

/**
 * The safe message of a loader error thrown as `data({ message }, { status })`; anything else
 * (an unexpected exception) reads as a generic sentence, never a stack trace.
 */
export function loaderErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error) && typeof error.data === "object" && error.data !== null && "message" in error.data) {
    return String(error.data.message);
  }
  return "Something went wrong on our side. Please try again in a moment.";
}

export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}
