import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { ORIGIN } from "./helpers";

/** Bindings a test changes: other admin secrets, or no edge in front (the local engine). */
export type EnvChange = Partial<Pick<Env, "SESSION_SECRET" | "ADMIN_PASSWORD_HASH" | "ADMIN_USERNAME" | "BEHIND_CLOUDFLARE_EDGE">>;

/** The test bindings as the local engine has them: no deploy said the Worker is behind Cloudflare's edge. */
export const OFF_THE_EDGE: EnvChange = { BEHIND_CLOUDFLARE_EDGE: undefined };

/** A request through the built Worker's real fetch handler, with the test bindings changed as given. */
export async function callWorker(url: string, init: RequestInit = {}, change: EnvChange = {}) {
  const request = new Request(url.startsWith("http") ? url : `${ORIGIN}${url}`, { redirect: "manual", ...init });
  const ctx = createExecutionContext();
  // The handler's Request type carries Cloudflare's `cf` properties, which a request made here has not.
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, ...change }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A same-origin form post as a browser sends it. */
export function postTo(path: string, fields: Record<string, string>, headers: Record<string, string> = {}, change: EnvChange = {}) {
  const { origin, host } = new URL(`${ORIGIN}${path}`);
  return callWorker(
    path,
    { method: "POST", body: new URLSearchParams(fields), headers: { Origin: origin, Host: host, ...headers } },
    change,
  );
}

/** A sign-in as "admin"; `headers` carry the forged or edge-set CF-Connecting-IP and any cookies. */
export async function signInAs(password: string, headers: Record<string, string> = {}, change: EnvChange = {}) {
  return postTo("/admin", { username: "admin", password }, headers, change);
}

/** One cookie's "name=value" from a response's Set-Cookie headers, or undefined. */
export function cookieFrom(response: Response, name: string) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";", 1)[0] ?? "")
    .find((cookie) => cookie.startsWith(`${name}=`));
}

/** The same, for a cookie the response must set. */
export function requiredCookie(response: Response, name: string): string {
  const cookie = cookieFrom(response, name);
  if (cookie === undefined) throw new Error(`the response (${response.status}) set no ${name} cookie`);
  return cookie;
}
