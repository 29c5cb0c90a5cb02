import { createCookie } from "@remix-run/cloudflare";

/** True on the local engine (`npm start`, tests): cookies there go over plain http, so not `Secure`. */
export function isLocalhost(request: Request) {
  const { hostname } = new URL(request.url);
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/**
 * A cookie only this Worker can have written: signed with the given secret (none: every value reads
 * as unsigned, so as absent), HttpOnly, SameSite=Lax, and Secure except on localhost.
 */
export function signedCookie(name: string, request: Request, options: { path: string; maxAge: number; secret: string | undefined }) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: !isLocalhost(request),
    path: options.path,
    maxAge: options.maxAge,
    secrets: options.secret ? [options.secret] : [],
  });
}
