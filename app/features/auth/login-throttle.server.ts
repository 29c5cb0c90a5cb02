import { and, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import { loginAttempts } from "~db/schema";
import type { Db } from "~/server/load-context";

/**
 * Admin sign-in throttling in D1 (docs/decisions/013 and 023). A sign-in comes from a device that has
 * signed in before (it carries a valid device cookie for the username it tries) or from anywhere else:
 * - a known device is limited on its own: after 5 failures from it within 15 minutes it waits until
 *   the oldest of them is 15 minutes old. No other limit applies to it, so no stranger can lock the
 *   owner out of a device that signed in before;
 * - anywhere else, per client: after 5 failures from one client within 15 minutes, that client's
 *   sign-ins are refused (without checking the password) until the oldest of them is 15 minutes old;
 * - anywhere else, for the whole shop: when more than 50 failures from all clients fall within
 *   15 minutes, the shop locks sign-ins from unknown devices for exactly 15 minutes. Attempts during
 *   the lock are not recorded and cannot extend it; the failures before it are older than the window
 *   when it ends, so the count starts again from nothing.
 *
 * Every attempt is recorded BEFORE its password is checked, by one statement that also counts the
 * attempts in the window, itself included. D1 runs statements one at a time, so of 40 parallel
 * attempts at most 5 see a count within the limit and reach the password check. A refused attempt's
 * row is removed again; a successful sign-in clears its client's and device's rows; a failure's row stays.
 * Rows whose client starts with "#" are not addresses: "#device:<id>" (a known device's failures)
 * and "#lock" (when the shop-wide lock started).
 */
export const LOGIN_MAX_FAILURES = 5;
const LOGIN_GLOBAL_MAX_FAILURES = 50;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOCK_ROW = "#lock";

/** Every sign-in off Cloudflare's edge (the local engine, tests that play it) shares this bucket. */
export const LOCAL_LOGIN_CLIENT = "local";
/** Behind the edge, a CF-Connecting-IP that is not an address (it never happens) shares this one. */
export const UNKNOWN_LOGIN_CLIENT = "unknown";
const IP_ADDRESS = /^[0-9A-Fa-f.:]{2,45}$/;

/**
 * The client a sign-in comes from, for the per-client limit (docs/decisions/038). Only Cloudflare's
 * edge sets CF-Connecting-IP in a way no client can choose (it overwrites theirs). The local engine
 * keeps a header the client sent, and the request's URL and `request.cf` are the client's to choose
 * there too, so nothing in the request tells the two apart: the deploy says so instead
 * (`npm run deploy` sets BEHIND_CLOUDFLARE_EDGE). Without it every sign-in shares one bucket.
 */
export function loginClient(request: Request, env: Pick<Env, "BEHIND_CLOUDFLARE_EDGE">) {
  if (env.BEHIND_CLOUDFLARE_EDGE !== "true") return LOCAL_LOGIN_CLIENT;
  const address = request.headers.get("CF-Connecting-IP")?.trim() ?? "";
  return IP_ADDRESS.test(address) ? address.toLowerCase() : UNKNOWN_LOGIN_CLIENT;
}

/** The throttle's key for a device that has signed in before. */
function deviceKey(device: string) {
  return `#device:${device}`;
}

export type ThrottleScope = "client" | "device" | "global";
export type LoginAttempt = { status: "allowed"; id: number } | { status: "throttled"; scope: ThrottleScope; retryAfterMs: number };

/** Milliseconds until the oldest of one key's `LOGIN_MAX_FAILURES` newest attempts leaves the window. */
async function retryAfterMs(db: Db, key: string, now: number) {
  const recent = await db
    .select({ attemptedAt: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.client, key), gt(loginAttempts.attemptedAt, now - LOGIN_WINDOW_MS)))
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(LOGIN_MAX_FAILURES);
  const oldest = recent[recent.length - 1]?.attemptedAt ?? now;
  return Math.max(1000, oldest + LOGIN_WINDOW_MS - now);
}

/**
 * Records a sign-in attempt and decides, from the counts the same statement returned, whether its
 * password may be checked. Rows older than the window are pruned in the same batch.
 * @param device the id in a valid device cookie for the username tried (null: an unknown device)
 */
export async function beginLoginAttempt(db: Db, client: string, now = Date.now(), device: string | null = null): Promise<LoginAttempt> {
  const since = now - LOGIN_WINDOW_MS;
  const key = device === null ? client : deviceKey(device);
  const [[recorded]] = await db.batch([
    db
      .insert(loginAttempts)
      .values({ client: key, attemptedAt: now })
      .returning({
        id: loginAttempts.id,
        keyCount: sql<number>`(SELECT count(*) FROM ${loginAttempts} WHERE ${loginAttempts.client} = ${key} AND ${loginAttempts.attemptedAt} > ${since})`,
        globalCount: sql<number>`(SELECT count(*) FROM ${loginAttempts} WHERE ${loginAttempts.attemptedAt} > ${since} AND ${loginAttempts.client} NOT LIKE '#%')`,
        lockedAt: sql<
          number | null
        >`(SELECT max(${loginAttempts.attemptedAt}) FROM ${loginAttempts} WHERE ${loginAttempts.client} = ${LOCK_ROW} AND ${loginAttempts.attemptedAt} > ${since})`,
      }),
    db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, since)),
  ]);
  const { id, keyCount, globalCount, lockedAt } = recorded!;
  const refuse = async (scope: ThrottleScope, retryAfter: () => Promise<number> | number): Promise<LoginAttempt> => {
    // Refused without a password check: it is not a failure, so it does not extend any wait.
    await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
    return { status: "throttled", scope, retryAfterMs: await retryAfter() };
  };

  if (device !== null) {
    return keyCount <= LOGIN_MAX_FAILURES ? { status: "allowed", id } : refuse("device", () => retryAfterMs(db, key, now));
  }
  if (lockedAt !== null) return refuse("global", () => Math.max(1000, lockedAt + LOGIN_WINDOW_MS - now));
  if (keyCount > LOGIN_MAX_FAILURES) return refuse("client", () => retryAfterMs(db, key, now));
  if (globalCount > LOGIN_GLOBAL_MAX_FAILURES) {
    // The lock starts now and ends in exactly one window; nothing an attacker sends meanwhile moves it.
    await db.insert(loginAttempts).values({ client: LOCK_ROW, attemptedAt: now });
    return refuse("global", () => LOGIN_WINDOW_MS);
  }
  return { status: "allowed", id };
}

/** After a successful sign-in: the client's and the device's failures (and this attempt) are forgotten. */
export async function clearLoginFailures(db: Db, client: string, device: string | null = null) {
  await db
    .delete(loginAttempts)
    .where(or(eq(loginAttempts.client, client), device === null ? undefined : eq(loginAttempts.client, deviceKey(device))));
}

/** An attempt that was refused for another reason than a wrong password (e.g. an unsafe setup): not a failure. */
export async function forgetLoginAttempt(db: Db, id: number) {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

export function throttleMessage(scope: ThrottleScope, retryAfterMs: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const wait = `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  return scope === "global"
    ? `Too many sign-in attempts on this shop. Please wait ${wait} and try again.`
    : `Too many sign-in attempts. Please wait ${wait} and try again.`;
}
