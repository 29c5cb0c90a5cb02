import { z } from "zod";
import { signedCookie } from "~/server/cookies.server";

/**
 * The admin's device cookie (docs/decisions/023, after OWASP's "Slow down online guessing attacks
 * with device cookies"): a browser that has signed in carries a signed cookie naming the username
 * and a random device id. A sign-in that presents a valid one for the username it tries is limited
 * per device only, never by the shop-wide lock a stranger can trip. The cookie is only ever sent
 * to /admin pages, is HttpOnly, and is renewed (a new id) on every successful sign-in.
 */
export const ADMIN_DEVICE_COOKIE = "adminDevice";
/** A year, seconds: a device the owner signs in from at least once a year stays known. */
export const ADMIN_DEVICE_MAX_AGE = 365 * 24 * 60 * 60;

const DeviceSchema = z.object({ u: z.string().min(1).max(200), d: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

const deviceCookie = (request: Request, secret: string) =>
  signedCookie(ADMIN_DEVICE_COOKIE, request, { path: "/admin", maxAge: ADMIN_DEVICE_MAX_AGE, secret });

function newDeviceId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The device id in a valid device cookie issued for this username, or null (none, forged, or for another username). */
export async function knownDevice(request: Request, secret: string, username: string): Promise<string | null> {
  let value: unknown;
  try {
    value = await deviceCookie(request, secret).parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  const parsed = DeviceSchema.safeParse(value);
  return parsed.success && parsed.data.u === username ? parsed.data.d : null;
}

/** The Set-Cookie that marks this browser as a device the username has signed in from (a new id each time). */
export function deviceCookieHeader(request: Request, secret: string, username: string): Promise<string> {
  return deviceCookie(request, secret).serialize({ u: username, d: newDeviceId() });
}
