import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { replaceCatalogueVersion } from "../../app/features/page-cache/page-cache.server";
import { primaryBookmark } from "../../app/server/d1-session.server";
import { productPath } from "../../app/features/catalogue/product-path";
import { catalogue } from "../../db/catalogue";

export const ORIGIN = "http://localhost";

/** A GET through the Worker's fetch, as a browser would send it. */
export function get(path: string, init: RequestInit = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual", ...init });
}

/** A response that must have `status` (a failure says `label`); its body is read to its end and handed back. */
export async function expectStatus(response: Response | Promise<Response>, status: number, label?: string): Promise<string> {
  const answered = await response;
  expect(answered.status, label).toBe(status);
  return answered.text();
}

/**
 * A GET of `path` that must answer `status` (a failure names the path) with a body holding each of
 * `texts`; the body is read to its end and handed back.
 */
export async function expectAnswer(path: string, status: number, texts: readonly string[] = []): Promise<string> {
  const body = await expectStatus(get(path), status, path);
  for (const text of texts) expect(body, path).toContain(text);
  return body;
}

/**
 * A `cannabis-cart` Cookie header carrying this value, as the /cart action writes it (Remix cookie
 * values are base64 of JSON, URL-encoded in the header). Any value: tests send junk too.
 */
export function cartCookie(value: unknown) {
  return `cannabis-cart=${encodeURIComponent(btoa(JSON.stringify(value)))}`;
}

/** A same-origin form post through the Worker's fetch. */
export function postForm(path: string, fields: Record<string, string> | FormData | URLSearchParams, init: RequestInit = {}) {
  const body = fields instanceof FormData || fields instanceof URLSearchParams ? fields : new URLSearchParams(fields);
  const headers = new Headers(init.headers);
  if (!headers.has("Origin")) headers.set("Origin", ORIGIN);
  // Remix compares Origin with Host on actions; a browser always sends both.
  if (!headers.has("Host")) headers.set("Host", new URL(ORIGIN).host);
  return SELF.fetch(`${ORIGIN}${path}`, { method: "POST", body, redirect: "manual", ...init, headers });
}

/** A signed admin session cookie ("Cookie" header value) with its session row, as a successful sign-in makes. */
export async function adminCookie(): Promise<string> {
  const { env } = await import("cloudflare:test");
  const { createAdminSession } = await import("../../app/features/auth/auth.server");
  const { createDb } = await import("../../app/server/load-context");
  const setCookie = await createAdminSession(new Request(`${ORIGIN}/admin`), env, createDb(env.DB), "admin");
  return setCookie.split(";")[0]!;
}

/**
 * A test that writes D1 directly (not through an admin action) says so, as every admin write does:
 * the shared page cache then renders the next anonymous page from D1 again.
 */
export async function catalogueChanged() {
  await replaceCatalogueVersion(env, await primaryBookmark(env.DB));
}

/** The canonical URL of the first seeded product (id 1, the catalogue's first entry): a bare /product/1 answers 301 to it. */
export const FIRST_PRODUCT_PATH = productPath({ id: 1, name: catalogue[0]!.name! });

/** A cookie value as Remix writes it (base64 of JSON, URL-encoded; a signed one ends in `.signature`), read back. */
export function decodeCookieValue(raw: string): unknown {
  // Remix writes the JSON's UTF-8 bytes in base64 (which has no dot): an em dash or a non-Latin word reads back whole.
  const [data = ""] = decodeURIComponent(raw).split(".");
  const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The Set-Cookie header a response sends for one cookie, if any. */
export function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

/** The cart a response leaves in the browser: its lines, [] when cleared, undefined when untouched. */
export function cartAfter<Line = CartCookieLine>(response: Response): Line[] | undefined {
  const cookie = setCookie(response, "cannabis-cart");
  if (cookie === undefined) return undefined;
  const raw = cookie.slice("cannabis-cart=".length).split(";")[0]!;
  if (raw === "" || /Max-Age=0/i.test(cookie)) return [];
  return decodeCookieValue(raw) as Line[];
}

/** A cart cookie line as the cart writes it: a product, its quantity, and its size when sold in several. */
export interface CartCookieLine {
  id: number;
  quantity: number;
  sizeId?: number;
}

/** Checkout choices any default shop accepts: shipping, its one payment method (the builder fills it in), ask when sold out. */
export const SHIPPING_CHOICES = { choices: "1", delivery: "shipping", soldOut: "call" } as const;

/** The order text a cart would send now (the order action's Telegram link, with JavaScript), posted from `from`. */
export async function orderTextOf(
  lines: CartCookieLine[],
  from: string,
  choices: Record<string, string> = SHIPPING_CHOICES,
): Promise<string> {
  const response = await postForm(
    "/cart",
    { intent: "order", source: "checkout", js: "1", ...choices },
    { headers: { Cookie: cartCookie(lines), Referer: `${ORIGIN}${from}` } },
  );
  if (response.status !== 303) throw new Error(`the order action answered ${response.status}, not 303`);
  return new URL(response.headers.get("Location")!).searchParams.get("text") ?? "";
}
