import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { eq, lt, or } from "drizzle-orm";
import { adminSessions } from "~db/schema";
import { isLocalhost } from "~/server/cookies.server";
import type { Db } from "~/server/load-context";
import { redirectWithToast, type ToastInput } from "~/features/toast/toast.server";
import { adminConfigProblems, type AdminConfigProblem } from "./admin-config.server";
import { credentialTag, sha256Hex } from "./credentials.server";
import { clearDeviceCookie, forgetAllDevices } from "./device-cookie.server";

/**
 * The admin session, held on the server (docs/decisions/013): the `adminSession` cookie carries a
 * random id, signed, HttpOnly, SameSite=Lax (Secure everywhere but localhost); D1 holds the id's
 * SHA-256 with its creation, last use and expiry. Sign-out deletes the row, so a copied cookie stops
 * working at once. A session ends after 2 hours unused or 8 hours in all, when the admin signs out
 * everywhere, or when ADMIN_USERNAME or ADMIN_PASSWORD_HASH changes. The product's browser-held
 * password is not reproduced: credentials are checked on the server only.
 */
export const ADMIN_SESSION_COOKIE = "adminSession";
/** Absolute lifetime, seconds (the cookie's Max-Age too). */
const ADMIN_SESSION_MAX_AGE = 8 * 60 * 60;
/** A session unused for this long has ended, seconds. */
const ADMIN_SESSION_IDLE = 2 * 60 * 60;
/** Last use is written at most this often, so most admin requests cost one read, no write. */
const TOUCH_AFTER_MS = 60 * 1000;

type SessionContext = Pick<AppLoadContext, "env" | "db"> & {
  cloudflare?: { ctx: Pick<ExecutionContext, "waitUntil"> };
};

/** Requests to the local dev server; cookies drop `Secure` there (plain http). */

/** What stops the admin from working on this request's host (missing or unsafe secrets). */
export function adminSetupProblems(request: Request, env: Env): AdminConfigProblem[] {
  return adminConfigProblems(env, { local: isLocalhost(request) });
}

const cookieOptions = (request: Request) =>
  ({ httpOnly: true, sameSite: "lax", secure: !isLocalhost(request), path: "/", maxAge: ADMIN_SESSION_MAX_AGE }) as const;

function sessionCookie(request: Request, secret: string) {
  return createCookie(ADMIN_SESSION_COOKIE, { ...cookieOptions(request), secrets: [secret] });
}

function newSessionId() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** The session id in the request's cookie, when the admin is configured and the signature holds. */
async function cookieSessionId(request: Request, env: Env): Promise<string | null> {
  if (adminSetupProblems(request, env).length > 0) return null;
  let value: unknown;
  try {
    value = await sessionCookie(request, env.SESSION_SECRET).parse(request.headers.get("Cookie"));
  } catch {
    // A signature that is not even base64 (a mangled or forged cookie) makes the parser throw: signed out.
    return null;
  }
  return typeof value === "string" && SESSION_ID.test(value) ? value : null;
}

function later(context: SessionContext, work: Promise<unknown>) {
  const logged = work.catch((error: unknown) => console.error("Admin session bookkeeping failed", error));
  if (context.cloudflare) context.cloudflare.ctx.waitUntil(logged);
  else return logged;
}

async function readSession(request: Request, context: SessionContext): Promise<string | null> {
  const id = await cookieSessionId(request, context.env);
  if (!id) return null;
  const idHash = await sha256Hex(id);
  const [row] = await context.db.select().from(adminSessions).where(eq(adminSessions.idHash, idHash)).limit(1);
  if (!row) return null;
  const now = Date.now();
  const live =
    row.expiresAt > now && row.lastUsedAt + ADMIN_SESSION_IDLE * 1000 > now && row.credentialTag === (await credentialTag(context.env));
  if (!live) {
    await later(context, context.db.delete(adminSessions).where(eq(adminSessions.idHash, idHash)));
    return null;
  }
  if (now - row.lastUsedAt > TOUCH_AFTER_MS) {
    await later(context, context.db.update(adminSessions).set({ lastUsedAt: now }).where(eq(adminSessions.idHash, idHash)));
  }
  return row.username;
}

const sessions = new WeakMap<object, Promise<string | null>>();

/**
 * The signed-in admin's name, or null. A tampered, unknown, ended or expired session, or an
 * admin that is not configured, reads as signed out. Read once per request (the root loader and a
 * page loader share it).
 */
export function getAdmin(request: Request, context: SessionContext): Promise<string | null> {
  let pending = sessions.get(context);
  if (!pending) {
    pending = readSession(request, context);
    sessions.set(context, pending);
  }
  return pending;
}

/** A fetch/JSON client (Accept: application/json without text/html) rather than a browser navigation. */
export function wantsJson(request: Request) {
  const accept = request.headers.get("Accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

/**
 * Guard for every admin loader and action. Without a session: a GET redirects to /admin,
 * any other method changes nothing and redirects too (401 for fetch/JSON calls).
 * `denied` names what was refused, for routes with a refusal text of their own
 * (the migration's 'Admin authentication required for migration'): it rides the redirect
 * as a toast and is the 401's error message.
 */
export async function requireAdmin(request: Request, context: AppLoadContext, denied?: ToastInput): Promise<string> {
  const admin = await getAdmin(request, context);
  if (admin) return admin;
  if (request.method !== "GET" && request.method !== "HEAD" && wantsJson(request)) {
    throw Response.json({ error: denied?.description ?? "Admin authentication required" }, { status: 401 });
  }
  throw denied ? await redirectWithToast(context, "/admin", denied) : redirect("/admin");
}

/**
 * Starts a session for a signed-in admin: a new row (ended rows are pruned in the same batch) and
 * the Set-Cookie that carries its id. The admin must be configured (adminSetupProblems is empty).
 */
export async function createAdminSession(request: Request, env: Env, db: Db, username: string): Promise<string> {
  const id = newSessionId();
  const now = Date.now();
  await db.batch([
    db.delete(adminSessions).where(or(lt(adminSessions.expiresAt, now), lt(adminSessions.lastUsedAt, now - ADMIN_SESSION_IDLE * 1000))),
    db.insert(adminSessions).values({
      idHash: await sha256Hex(id),
      username,
      credentialTag: await credentialTag(env),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: now + ADMIN_SESSION_MAX_AGE * 1000,
    }),
  ]);
  return sessionCookie(request, env.SESSION_SECRET).serialize(id);
}

/** The Set-Cookie that removes the session cookie from this browser. */
function clearAdminSessionCookie(request: Request) {
  return createCookie(ADMIN_SESSION_COOKIE, cookieOptions(request)).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Ends this browser's session (its row is deleted, so a copy of the cookie stops working too). */
export async function endAdminSession(request: Request, context: SessionContext): Promise<string> {
  const id = await cookieSessionId(request, context.env);
  if (id) await context.db.delete(adminSessions).where(eq(adminSessions.idHash, await sha256Hex(id)));
  return clearAdminSessionCookie(request);
}

/**
 * "Sign out everywhere": ends every admin session on every device, this one included, and forgets
 * every device the admin has signed in from (their device cookies no longer lift the sign-in limits).
 * Returns the Set-Cookie headers that clear both cookies in this browser.
 */
export async function endAllAdminSessions(request: Request, context: SessionContext): Promise<string[]> {
  await context.db.batch([context.db.delete(adminSessions), forgetAllDevices(context.db)]);
  return [await clearAdminSessionCookie(request), await clearDeviceCookie(request)];
}
