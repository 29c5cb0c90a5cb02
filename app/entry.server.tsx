import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "~/features/site/nonce";
import { CartStampProvider } from "~/features/site/cart-badge";
import { contentSecurityPolicy } from "~/server/security.server";
import { serverTimingHeader } from "~/server/server-timing.server";
import { PAGE_CHANGES_AT_HEADER } from "~/features/page-cache/page-cache";
import { markSearchResults } from "~/features/insights/insights";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce, timing, cartStamp } = loadContext;
  const renderStart = performance.now();
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <CartStampProvider value={cartStamp}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </CartStampProvider>
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  void body.allReady.then(() => clearTimeout(timeoutId));

  // Bots get the whole document at once; people get it streamed.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Server-Timing", serverTimingHeader(timing, performance.now() - renderStart));
  if (import.meta.env.PROD) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  markPageChange(responseHeaders, loadContext);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** Tells the page cache when this answer's open/closed line or announcement goes out of date (docs/decisions/039). */
function markPageChange(headers: Headers, context: AppLoadContext) {
  if (context.pageChangesAt.at !== null) headers.set(PAGE_CHANGES_AT_HEADER, String(context.pageChangesAt.at));
  markSearchResults(headers, context.searchResults.count);
}

/** Single-fetch data requests (client navigations) carry the D1 timing too. */
export function handleDataRequest(response: Response, { context }: { context: AppLoadContext }) {
  response.headers.set("Server-Timing", serverTimingHeader(context.timing, 0));
  markPageChange(response.headers, context);
  return response;
}

/**
 * Remix's own refusals (a method a route does not take, an unknown route in a data request) are the
 * client's mistake: one line, no stack trace. Everything else is an error, logged in full.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    console.warn(`${request.method} ${new URL(request.url).pathname}: ${error.status} ${error.statusText}`);
    return;
  }
  // Remix keeps the Error behind its own error responses in a private `error` field.
  const internal = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(internal ?? error);
};
