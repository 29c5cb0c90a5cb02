import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { redirectWithToast, type ToastInput } from "./toast.server";

/**
 * The admin session: a signed, HttpOnly, SameSite=Lax cookie named `adminSession`
 * (Secure everywhere but localhost), valid for 8 hours. The spec's browser-held
 * password is not reproduced: credentials are checked on the server only.
 */
export const ADMIN_SESSION_COOKIE = "adminSession";
export const ADMIN_SESSION_MAX_AGE = 8 * 60 * 60;

interface AdminSession {
  username: string;
  expiresAt: number;
}

/** Requests to the local dev server; cookies drop `Secure` there (plain http). */
export function isLocalhost(request: Request) {
  const { hostname } = new URL(request.url);
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

function sessionCookie(request: Request, env: Env) {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not configured");
  return createCookie(ADMIN_SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: !isLocalhost(request),
    path: "/",
    maxAge: ADMIN_SESSION_MAX_AGE,
    secrets: [env.SESSION_SECRET],
  });
}

/** The signed-in admin's name, or null. A tampered or expired cookie reads as signed out. */
export async function getAdmin(request: Request, env: Env): Promise<string | null> {
  const value: unknown = await sessionCookie(request, env).parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const session = value as Partial<AdminSession>;
  if (typeof session.username !== "string" || typeof session.expiresAt !== "number") return null;
  if (session.expiresAt < Date.now()) return null;
  return session.username;
}

/** A fetch/JSON client (Accept: application/json without text/html) rather than a browser navigation. */
export function wantsJson(request: Request) {
  const accept = request.headers.get("Accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

/**
 * Guard for every admin loader and action. Without a session: a GET redirects to /admin,
 * any other method changes nothing and redirects too (401 for fetch/JSON calls).
 * `denied` names what was refused, for routes whose spec has its own text
 * (the migration's 'Admin authentication required for migration'): it rides the redirect
 * as a toast and is the 401's error message.
 */
export async function requireAdmin(request: Request, context: AppLoadContext, denied?: ToastInput): Promise<string> {
  const admin = await getAdmin(request, context.env);
  if (admin) return admin;
  if (request.method !== "GET" && request.method !== "HEAD" && wantsJson(request)) {
    throw Response.json({ error: denied?.description ?? "Admin authentication required" }, { status: 401 });
  }
  throw denied ? await redirectWithToast("/admin", denied) : redirect("/admin");
}

export async function createAdminSessionCookie(request: Request, env: Env, username: string) {
  const session: AdminSession = { username, expiresAt: Date.now() + ADMIN_SESSION_MAX_AGE * 1000 };
  return sessionCookie(request, env).serialize(session);
}

export async function destroyAdminSessionCookie(request: Request, env: Env) {
  return sessionCookie(request, env).serialize("", { maxAge: 0, expires: new Date(0) });
}
