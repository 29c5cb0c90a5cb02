// First, for its effect: short strings encoded in JavaScript before React's renderer loads (decision 033).
import "./text-encoder";
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build, written by `npm run build` (remix vite:build).
import * as remixBuild from "../build/server";
import { createDb, getLoadContext, type AppLoadContext, type RenderPng } from "../app/server/load-context";
import { purgeTrash, purgeUnattachedPhotos } from "../app/features/trash/trash.server";
import { abortStaleVideoUploads } from "../app/features/videos/video-upload.server";
import { handleImageBatch, IMAGE_DLQ_NAME, IMAGE_QUEUE_NAME } from "../app/features/photos/photo-pipeline.server";
import { handleMigrationBatch } from "../app/features/migration/migration-queue.server";
import { purgeTrashedSpecials } from "../app/features/specials/specials.server";
import { purgeStagedImports } from "../app/features/catalogue-csv/catalogue-import.server";
import {
  countRequest,
  handleInsightsBatch,
  INSIGHTS_QUEUE_NAME,
  purgeInsights,
  SEARCH_RESULTS_HEADER,
} from "../app/features/insights/insights.server";
import { bumpCatalogueVersion, changesCatalogue, readCatalogueState, servePage } from "../app/features/page-cache/page-cache.server";
import { ADMIN_SESSION_COOKIE, getAdmin } from "../app/features/auth/auth.server";
import { canonicalRedirect, isAdminPath, routePatterns } from "../app/server/paths";
import { primaryBookmark, requestReads } from "../app/server/d1-session.server";
import { trackRequestBody } from "../app/server/body-drain.server";
import {
  applyCachePolicy,
  applySecureCookies,
  applySecurityHeaders,
  isCrossOriginMutation,
  limitFormBody,
  unsupportedRequest,
  withoutBody,
} from "../app/server/security.server";

/** resvg's wasm and fonts load on a share image's first render only: no other request (nor test file) pays for them. */
const renderPng: RenderPng = async (svg) => (await import("./share-renderer")).renderPng(svg);

const build: ServerBuild = remixBuild;
const handleRemixRequest = createRequestHandler(build);
const patterns = routePatterns(build.routes);

async function handleFetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
  // Every rule below compares lowercase paths: any other spelling of a route is sent to its own first.
  const canonical = canonicalRedirect(request, patterns);
  if (canonical) return canonical;
  if (isCrossOriginMutation(request)) {
    return new Response("Cross-origin request refused", { status: 403, headers: { "Content-Type": "text/plain" } });
  }
  const unsupported = unsupportedRequest(request);
  if (unsupported) return unsupported;
  const limited = await limitFormBody(request);
  if (limited instanceof Response) return limited;
  // Every D1 read of this request goes through one Sessions API session (docs/decisions/030).
  const reads = requestReads(limited, env.DB, {
    admin: isAdminRequest(limited),
    secret: env.SESSION_SECRET,
    catalogueBookmark: async () => (await readCatalogueState(env)).bookmark,
    signsOut: (response) => response.headers.getSetCookie().some((cookie) => SIGNED_OUT.test(cookie)),
  });
  // Counted from the URL before the page cache answers, sent after the answer (docs/decisions/046).
  const counted = countRequest(limited, env, ctx);
  // Made inside the page callback, which the page cache may skip; a holder, because TypeScript does not
  // see a `let` assigned in a callback and would take it for null below.
  const made: { context: AppLoadContext | null } = { context: null };
  const response = await servePage(
    limited,
    env,
    ctx,
    async (pageRequest, nonce, cartStamp) => {
      const context = getLoadContext({
        request: pageRequest,
        context: { cloudflare: { env, ctx } },
        nonce,
        cartStamp,
        d1: await reads.open(),
        renderPng,
      });
      made.context = context;
      return handleRemixRequest(pageRequest, context);
    },
    build.assets.version,
  );
  counted(response);
  // Only a signed-in admin's write moves the catalogue (the session as the server reads it, shared
  // with the route's own requireAdmin). Awaited, so the next anonymous request already sees it.
  const admin = made.context === null ? null : await getAdmin(limited, made.context).catch(() => null);
  if (changesCatalogue(limited, response, admin)) await bumpCatalogueVersion(env, reads.bookmark(), waitUntil);
  return reads.carry(response);
}

/** Requests that must read the admin's own writes: the back office, and any page an admin opens. */
function isAdminRequest(request: Request) {
  if (isAdminPath(new URL(request.url).pathname)) return true;
  return (request.headers.get("Cookie") ?? "").includes(`${ADMIN_SESSION_COOKIE}=`);
}

/** The Set-Cookie that ends the admin session in this browser (clearAdminSessionCookie). */
const SIGNED_OUT = new RegExp(`^${ADMIN_SESSION_COOKIE}=[^;]*;.*Max-Age=0(;|$)`, "i");

export default {
  async fetch(request, env, ctx) {
    // Whatever answered, the body is read to its end before the answer leaves (body-drain.server.ts);
    // a GET or HEAD with a body is read and answered as if it had none.
    const tracked = trackRequestBody(await withoutBody(request));
    const response = await tracked.settle(await handleFetch(tracked.request, env, ctx));
    // Responses from fetch() or R2 may have immutable headers: copy before adding ours.
    const secured = new Response(response.body, response);
    applySecurityHeaders(secured.headers);
    applySecureCookies(request, secured.headers);
    // Responses that depend on a cookie (cart, toast, age gate, admin) are never shared by a cache.
    applyCachePolicy(request, secured.headers);
    // Admin pages and resources are never indexed.
    if (isAdminPath(new URL(request.url).pathname)) secured.headers.set("X-Robots-Tag", "noindex, nofollow");
    secured.headers.delete(SEARCH_RESULTS_HEADER);
    return secured;
  },

  async queue(batch, env) {
    // Photo variants (docs/decisions/022) change no page: their URLs never change, only what answers them.
    if (batch.queue === IMAGE_QUEUE_NAME || batch.queue === IMAGE_DLQ_NAME) return handleImageBatch(batch, env);
    // Counts change no page.
    if (batch.queue === INSIGHTS_QUEUE_NAME) return handleInsightsBatch(batch, env);
    await handleMigrationBatch(batch, env);
    // A migration run replaces the catalogue: every page moves to new keys, read at least at the
    // primary's state after the run (the consumer writes through the binding, always the primary).
    // A write held back by the interval is awaited here: the batch ends once the version is written.
    const writes: Promise<unknown>[] = [];
    await bumpCatalogueVersion(env, await primaryBookmark(env.DB).catch(() => null), (write) => writes.push(write));
    await Promise.all(writes);
  },

  async scheduled(controller, env) {
    // Hourly maintenance: abort video multipart uploads left unfinished for 24 hours, and purge the
    // trash of products deleted more than 30 days ago (with the R2 objects nothing else uses).
    await abortStaleVideoUploads(env, controller.scheduledTime);
    const purged = await purgeTrash(createDb(env.DB), env, controller.scheduledTime);
    // Photos uploaded a day ago or more that no product or trashed product uses (a form never saved).
    const unattached = await purgeUnattachedPhotos(createDb(env.DB), env, controller.scheduledTime);
    if (unattached.deleted > 0) console.log(`Photos: ${unattached.deleted} uploads never saved on a product deleted`);
    // Catalogue import files staged for a preview nobody confirmed within a day (decision 026).
    await purgeStagedImports(env.IMAGES, controller.scheduledTime);
    // Insights older than 400 days (docs/decisions/046).
    await purgeInsights(env, controller.scheduledTime);
    // Specials in the trash as long as anything is kept there.
    await purgeTrashedSpecials(createDb(env.DB), new Date(controller.scheduledTime));
    if (purged.purged > 0) {
      console.log(`Trash: ${purged.purged} products purged, ${purged.objectsDeleted} stored files deleted`);
    }
  },
} satisfies ExportedHandler<Env>;
