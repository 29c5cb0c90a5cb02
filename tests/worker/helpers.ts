import { SELF } from "cloudflare:test";

export const ORIGIN = "http://localhost";

/** A GET through the Worker's fetch, as a browser would send it. */
export function get(path: string, init: RequestInit = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual", ...init });
}

/** A same-origin form post through the Worker's fetch. */
export function postForm(path: string, fields: Record<string, string> | FormData | URLSearchParams, init: RequestInit = {}) {
  const body = fields instanceof FormData || fields instanceof URLSearchParams ? fields : new URLSearchParams(fields);
  const headers = new Headers(init.headers);
  if (!headers.has("Origin")) headers.set("Origin", ORIGIN);
  return SELF.fetch(`${ORIGIN}${path}`, { method: "POST", body, redirect: "manual", ...init, headers });
}
