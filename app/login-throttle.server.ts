import { and, desc, eq, gt, lt } from "drizzle-orm";
import { loginAttempts } from "../db/schema";
import type { Db } from "./load-context";

/**
 * Failed admin sign-ins throttled per client in D1: after 5 failures from one client within
 * 15 minutes, sign-in is refused (without checking the password) until the oldest of those
 * failures is 15 minutes old. A successful sign-in clears the client's failures.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** The client a sign-in comes from: Cloudflare's connecting IP, or one shared bucket when absent. */
export function loginClient(request: Request) {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

/** Milliseconds until this client may try again, or 0 when it is not throttled. */
export async function loginRetryAfterMs(db: Db, client: string, now = Date.now()) {
  const recent = await db
    .select({ attemptedAt: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.client, client), gt(loginAttempts.attemptedAt, now - LOGIN_WINDOW_MS)))
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(LOGIN_MAX_FAILURES);
  if (recent.length < LOGIN_MAX_FAILURES) return 0;
  const oldest = recent[recent.length - 1]!.attemptedAt;
  return Math.max(0, oldest + LOGIN_WINDOW_MS - now);
}

/** Records a failure and prunes every row older than the window, in one batch. */
export async function recordLoginFailure(db: Db, client: string, now = Date.now()) {
  await db.batch([
    db.insert(loginAttempts).values({ client, attemptedAt: now }),
    db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, now - LOGIN_WINDOW_MS)),
  ]);
}

export async function clearLoginFailures(db: Db, client: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.client, client));
}

export function throttleMessage(retryAfterMs: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many sign-in attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}
