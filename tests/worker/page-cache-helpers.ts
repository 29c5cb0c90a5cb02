import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { ORIGIN } from "./helpers";
import { elementsOf } from "./page-parts";

/** Visiting pages through the real Worker for the page cache's tests (docs/decisions/017 and 027). */

export const AGE = "age-verified=yes";

/** The Worker's fetch takes an incoming request (with `cf` properties); a test builds a plain one. */
export type WorkerRequest = Parameters<typeof worker.fetch>[0];

/** A page as a browser asks for it; the body is read so the copy is stored before the next request. */
export async function visit(path: string, cookie?: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }) as WorkerRequest, env, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  const nonce = (await elementsOf(body, "script[nonce]"))[0]?.attributes.nonce ?? null;
  return { response, body, outcome: outcomeOf(response), nonce };
}

export function outcomeOf(response: Response) {
  return /cache;desc=(hit|miss|bypass)/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? null;
}

export function cspNonce(response: Response) {
  return /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? null;
}
