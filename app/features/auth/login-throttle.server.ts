import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { loginAttempts } from "~db/schema";
import type { Db } from "~/server/load-context";

/**
 * Admin sign-in throttling in D1, two limits:
 * - per client: after 5 failures from one client within 15 minutes, that client's sign-ins are
 *   refused (without checking the password) until the oldest of them is 15 minutes old;
 * - for the whole shop: after 50 failures from all clients within 15 minutes, every sign-in waits,
 *   so guessing spread over many addresses is slowed as well.
 *
 * Every attempt is recorded BEFORE its password is checked, by one statement that also counts the
 * attempts in the window, itself included. D1 runs statements one at a time, so of 40 parallel
 * attempts at most 5 see a count within the limit and reach the password check. A refused attempt's
 * row is removed again; a successful sign-in clears the client's rows; a failure's row stays.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_GLOBAL_MAX_FAILURES = 50;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** The client a sign-in comes from: Cloudflare's connecting IP, or one shared bucket when absent. */
export function loginClient(request: Request) {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

export type LoginAttempt = { status: "allowed"; id: number } | { status: "throttled"; scope: "client" | "global"; retryAfterMs: number };

/** Milliseconds until the oldest of the `limit` newest attempts (of one client, or of all) leaves the window. */
async function retryAfterMs(db: Db, client: string | null, limit: number, now: number) {
  const recent = await db
    .select({ attemptedAt: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(client === null ? undefined : eq(loginAttempts.client, client), gt(loginAttempts.attemptedAt, now - LOGIN_WINDOW_MS)))
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(limit);
  const oldest = recent[recent.length - 1]?.attemptedAt ?? now;
  return Math.max(1000, oldest + LOGIN_WINDOW_MS - now);
}

/**
 * Records a sign-in attempt and decides, from the counts the same statement returned, whether its
 * password may be checked. Rows older than the window are pruned in the same batch.
 */
export async function beginLoginAttempt(db: Db, client: string, now = Date.now()): Promise<LoginAttempt> {
  const since = now - LOGIN_WINDOW_MS;
  const [[recorded]] = await db.batch([
    db
      .insert(loginAttempts)
      .values({ client, attemptedAt: now })
      .returning({
        id: loginAttempts.id,
        clientCount: sql<number>`(SELECT count(*) FROM ${loginAttempts} WHERE ${loginAttempts.client} = ${client} AND ${loginAttempts.attemptedAt} > ${since})`,
        globalCount: sql<number>`(SELECT count(*) FROM ${loginAttempts} WHERE ${loginAttempts.attemptedAt} > ${since})`,
      }),
    db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, since)),
  ]);
  const { id, clientCount, globalCount } = recorded!;
  if (clientCount <= LOGIN_MAX_FAILURES && globalCount <= LOGIN_GLOBAL_MAX_FAILURES) return { status: "allowed", id };

  // Refused without a password check: it is not a failure, so it does not extend the wait.
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
  const scope = clientCount > LOGIN_MAX_FAILURES ? "client" : "global";
  const wait = await retryAfterMs(
    db,
    scope === "client" ? client : null,
    scope === "client" ? LOGIN_MAX_FAILURES : LOGIN_GLOBAL_MAX_FAILURES,
    now,
  );
  return { status: "throttled", scope, retryAfterMs: wait };
}

/** After a successful sign-in: the client's failures (and this attempt) are forgotten. */
export async function clearLoginFailures(db: Db, client: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.client, client));
}

/** An attempt that was refused for another reason than a wrong password (e.g. an unsafe setup): not a failure. */
export async function forgetLoginAttempt(db: Db, id: number) {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

export function throttleMessage(scope: "client" | "global", retryAfterMs: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const wait = `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  return scope === "client"
    ? `Too many sign-in attempts. Please wait ${wait} and try again.`
    : `Too many sign-in attempts on this shop. Please wait ${wait} and try again.`;
}
