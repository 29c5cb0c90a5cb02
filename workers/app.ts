import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build, written by `npm run build` (remix vite:build).
import * as remixBuild from "../build/server";
import { createDb, getLoadContext } from "../app/server/load-context";
import { purgeTrash } from "../app/features/trash/trash.server";
import { abortStaleVideoUploads } from "../app/features/media/media.server";
import { handleImageBatch, IMAGE_DLQ_NAME, IMAGE_QUEUE_NAME } from "../app/features/media/image-pipeline.server";
import { handleMigrationBatch } from "../app/features/migration/migration.server";
import { purgeStagedImports } from "../app/features/catalogue-csv/catalogue-import.server";
import { bumpCatalogueVersion, changesCatalogue, servePage } from "../app/features/page-cache/page-cache.server";
import {
  applyCachePolicy,
  applySecureCookies,
  applySecurityHeaders,
  isCrossOriginMutation,
  limitFormBody,
  unsupportedRequest,
} from "../app/server/security.server";

const build: ServerBuild = remixBuild;
const handleRemixRequest = createRequestHandler(build);

async function handleFetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  if (isCrossOriginMutation(request)) {
    return new Response("Cross-origin request refused", { status: 403, headers: { "Content-Type": "text/plain" } });
  }
  const unsupported = unsupportedRequest(request);
  if (unsupported) return unsupported;
  const limited = await limitFormBody(request);
  if (limited instanceof Response) return limited;
  const response = await servePage(
    limited,
    env,
    ctx,
    (pageRequest, nonce, cartStamp) =>
      handleRemixRequest(pageRequest, getLoadContext({ request: pageRequest, context: { cloudflare: { env, ctx } }, nonce, cartStamp })),
    build.assets.version,
  );
  // Awaited, so the very next anonymous request already sees the change.
  if (changesCatalogue(limited, response)) await bumpCatalogueVersion(env);
  return response;
}

export default {
  async fetch(request, env, ctx) {
    const response = await handleFetch(request, env, ctx);
    // Responses from fetch() or R2 may have immutable headers: copy before adding ours.
    const secured = new Response(response.body, response);
    applySecurityHeaders(secured.headers);
    applySecureCookies(request, secured.headers);
    // Responses that depend on a cookie (cart, toast, age gate, admin) are never shared by a cache.
    applyCachePolicy(request, secured.headers);
    // Admin pages and resources are never indexed.
    if (new URL(request.url).pathname.startsWith("/admin")) secured.headers.set("X-Robots-Tag", "noindex, nofollow");
    return secured;
  },

  async queue(batch, env) {
    // Photo variants (docs/decisions/022) change no page: their URLs never change, only what answers them.
    if (batch.queue === IMAGE_QUEUE_NAME || batch.queue === IMAGE_DLQ_NAME) return handleImageBatch(batch, env);
    await handleMigrationBatch(batch, env);
    // A migration run replaces the catalogue: every page moves to new keys.
    await bumpCatalogueVersion(env);
  },

  async scheduled(controller, env) {
    // Hourly maintenance: abort video multipart uploads left unfinished for 24 hours, and purge the
    // trash of products deleted more than 30 days ago (with the R2 objects nothing else uses).
    await abortStaleVideoUploads(env, controller.scheduledTime);
    const purged = await purgeTrash(createDb(env.DB), env, controller.scheduledTime);
    // Catalogue import files staged for a preview nobody confirmed within a day (decision 026).
    await purgeStagedImports(env.IMAGES, controller.scheduledTime);
    if (purged.purged > 0) {
      console.log(`Trash: ${purged.purged} products purged, ${purged.objectsDeleted} stored files deleted`);
    }
  },
} satisfies ExportedHandler<Env>;
