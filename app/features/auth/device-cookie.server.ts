import { eq, lt, ne, or } from "drizzle-orm";
import { z } from "zod";
import { adminDevices } from "~db/schema";
import { signedCookie } from "~/server/cookies.server";
import type { Db } from "~/server/load-context";
import { credentialTag, sha256Hex } from "./credentials.server";

/**
 * The admin's device cookie (docs/decisions/023, after OWASP's "Slow down online guessing attacks
 * with device cookies"): a browser that has signed in carries a signed cookie naming the username
 * and a random device id. A sign-in that presents a valid one for the username it tries is limited
 * per device only, never by the shop-wide lock a stranger can trip. The cookie is only ever sent
 * to /admin pages, is HttpOnly, and is renewed (a new id) on every successful sign-in.
 *
 * The server keeps each id's hash in `admin_devices` with the credentials it was trusted under
 * (docs/decisions/038): 'Sign out everywhere' deletes every row, and a changed ADMIN_PASSWORD_HASH
 * or ADMIN_USERNAME makes every older row count for nothing, so a copied cookie can be revoked.
 */
export const ADMIN_DEVICE_COOKIE = "adminDevice";
/** A year, seconds: a device the owner signs in from at least once a year stays known. */
const ADMIN_DEVICE_MAX_AGE = 365 * 24 * 60 * 60;

type DeviceEnv = Pick<Env, "SESSION_SECRET" | "ADMIN_USERNAME" | "ADMIN_PASSWORD_HASH">;

const DeviceSchema = z.object({ u: z.string().min(1).max(200), d: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

const deviceCookie = (request: Request, secret: string | undefined) =>
  signedCookie(ADMIN_DEVICE_COOKIE, request, { path: "/admin", maxAge: ADMIN_DEVICE_MAX_AGE, secret });

function newDeviceId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The device id in this request's cookie when its signature holds and it names this username; not yet checked against D1. */
async function cookieDevice(request: Request, secret: string, username: string): Promise<string | null> {
  let value: unknown;
  try {
    value = await deviceCookie(request, secret).parse(request.headers.get("Cookie"));
  } catch {
    // A signature that is not even base64 (a mangled or forged cookie): no device.
    return null;
  }
  const parsed = DeviceSchema.safeParse(value);
  return parsed.success && parsed.data.u === username ? parsed.data.d : null;
}

/**
 * The device id of a device this username has signed in from, or null: no cookie, a forged one, one
 * for another username, or one the server no longer trusts (signed out everywhere, or trusted under
 * other credentials; such a row is deleted here).
 */
export async function knownDevice(request: Request, env: DeviceEnv, db: Db, username: string): Promise<string | null> {
  const device = await cookieDevice(request, env.SESSION_SECRET, username);
  if (!device) return null;
  const idHash = await sha256Hex(device);
  const [row] = await db.select().from(adminDevices).where(eq(adminDevices.idHash, idHash)).limit(1);
  if (!row) return null;
  const current = row.username === username && row.credentialTag === (await credentialTag(env));
  if (!current) await db.delete(adminDevices).where(eq(adminDevices.idHash, idHash));
  return current ? device : null;
}

/**
 * After a successful sign-in: this browser becomes a trusted device under a new id (the one it
 * presented, if any, is forgotten). Rows past the cookie's year, or made under other credentials,
 * are pruned in the same batch. Returns the Set-Cookie.
 */
export async function trustDevice(request: Request, env: DeviceEnv, db: Db, username: string, previous: string | null): Promise<string> {
  const id = newDeviceId();
  const now = Date.now();
  const tag = await credentialTag(env);
  await db.batch([
    db
      .delete(adminDevices)
      .where(
        or(
          lt(adminDevices.createdAt, now - ADMIN_DEVICE_MAX_AGE * 1000),
          ne(adminDevices.credentialTag, tag),
          previous === null ? undefined : eq(adminDevices.idHash, await sha256Hex(previous)),
        ),
      ),
    db.insert(adminDevices).values({ idHash: await sha256Hex(id), username, credentialTag: tag, createdAt: now }),
  ]);
  return deviceCookie(request, env.SESSION_SECRET).serialize({ u: username, d: id });
}

/** The statement that forgets every trusted device (for 'Sign out everywhere', batched with the sessions'). */
export function forgetAllDevices(db: Db) {
  return db.delete(adminDevices);
}

/** The Set-Cookie that removes the device cookie from this browser. */
export function clearDeviceCookie(request: Request): Promise<string> {
  return deviceCookie(request, undefined).serialize("", { maxAge: 0, expires: new Date(0) });
}
