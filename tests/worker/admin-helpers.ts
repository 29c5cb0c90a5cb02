import { env } from "cloudflare:test";
import { ORIGIN, adminCookie, get, postForm } from "./helpers";

/**
 * A same-origin form post as a browser sends it, Host header included: Remix refuses a
 * document POST whose Origin it cannot compare with Host ("Aborting the action").
 */
export function post(path: string, fields: Record<string, string> | FormData | URLSearchParams, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("Host")) headers.set("Host", new URL(ORIGIN).host);
  return postForm(path, fields, { ...init, headers });
}

export async function adminGet(path: string) {
  return get(path, { headers: { Cookie: await adminCookie() } });
}

export async function adminPost(path: string, fields: Record<string, string> | FormData | URLSearchParams) {
  return post(path, fields, { headers: { Cookie: await adminCookie() } });
}

/** Follows a redirect as the signed-in browser would, carrying the flash toast: the HTML the admin sees next. */
export async function follow(response: Response) {
  const location = response.headers.get("Location");
  if (!location) throw new Error(`Expected a redirect, got ${response.status}`);
  const toast = (response.headers.get("Set-Cookie") ?? "")
    .split(/,(?=\s*[\w-]+=)/)
    .map((part) => part.trim())
    .find((part) => part.startsWith("toast="))
    ?.split(";")[0];
  const cookie = [await adminCookie(), toast].filter(Boolean).join("; ");
  const next = await get(location, { headers: { Cookie: cookie } });
  return { location, status: next.status, html: await read(next) };
}

/** A document as its form posts it: conform's names (a.b, a[0].c); ticked boxes "on", unticked absent. */
export function formFields(value: unknown, prefix = "", into = new URLSearchParams()): URLSearchParams {
  if (Array.isArray(value)) value.forEach((item, index) => formFields(item, `${prefix}[${index}]`, into));
  else if (value !== null && typeof value === "object")
    for (const [key, inner] of Object.entries(value)) formFields(inner, prefix ? `${prefix}.${key}` : key, into);
  else if (typeof value === "boolean") {
    if (value) into.set(prefix, "on");
  } else into.set(prefix, String(value));
  return into;
}

/** A response's HTML without the comments React puts between adjacent text parts. */
export async function read(response: Response) {
  return (await response.text()).replace(/<!-- -->/g, "");
}

/** Text as React writes it into HTML. */
export function html(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

export async function countRows(table: "products" | "categories", where = "1 = 1", ...binds: unknown[]) {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
