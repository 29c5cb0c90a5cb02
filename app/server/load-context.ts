import type { AppLoadContext } from "@remix-run/cloudflare";
import { drizzle } from "drizzle-orm/d1";
import type { CartStampTokens } from "~/features/site/cart-stamp";
import type { D1Client } from "./d1-session.server";
import { createRequestTiming, instrumentD1 } from "./server-timing.server";

type Cloudflare = { env: Env; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> };

/** A random nonce for the Content-Security-Policy and Remix's inline scripts. */
export function createNonce() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Queries are built from the tables in db/schema.ts; the relational `db.query` API is not used, so
 * no schema is passed: mapping it costs ~1.5 ms per request (measured on /shop), as the database
 * is wrapped anew for each request's Server-Timing.
 *
 * `d1` is the binding (always the primary: queue consumers, the hourly job, tests) or a request's
 * D1 Sessions API session (docs/decisions/030). drizzle-orm 0.45's D1 driver calls only `prepare`
 * and `batch` on its client (drizzle-orm/d1/session.js), which a session has; its types ask for the
 * whole binding (`exec`, `dump`, `withSession`), hence the cast.
 */
export function createDb(d1: D1Client) {
  return drizzle(d1 as D1Database);
}
export type Db = ReturnType<typeof createDb>;

/**
 * SVG text to PNG bytes: resvg-wasm, which only the Worker entry imports (workers/share-renderer.ts), so
 * the Remix build never loads the wasm and the Vite dev server, which has none, passes null.
 */
export type RenderPng = (svg: string) => Promise<Uint8Array<ArrayBuffer>>;

/**
 * The one place the per-request context is built: by the Worker entry in production
 * and by the Vite dev proxy in `npm run dev`. Its return type is the AppLoadContext.
 * `d1` is the request's D1 session (the Worker opens it with `requestReads`); the Vite dev
 * proxy passes none and reads the binding (local D1 has no replicas).
 */
export function getLoadContext({
  context,
  nonce = createNonce(),
  cartStamp = null,
  d1 = context.cloudflare.env.DB,
  renderPng = null,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
  nonce?: string;
  /** set for a render meant for the page cache's shared copy (docs/decisions/027) */
  cartStamp?: CartStampTokens | null;
  d1?: D1Client;
  renderPng?: RenderPng | null;
}) {
  const timing = createRequestTiming();
  return {
    cloudflare: context.cloudflare,
    env: context.cloudflare.env,
    db: createDb(instrumentD1(d1, timing)),
    nonce,
    cartStamp,
    timing,
    /** rasterises share images (null under the Vite dev server) */
    renderPng,
    /** the next instant this page's clock-bound text (open/closed, announcement) changes; set by the root loader (docs/decisions/039) */
    pageChangesAt: { at: null as number | null },
    /** how many products this page's search found, set by the shop's loader for the insights count (docs/decisions/046) */
    searchResults: { count: null as number | null },
  };
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends ReturnType<typeof getLoadContext> {}
}

export type { AppLoadContext };
