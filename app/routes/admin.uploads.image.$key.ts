import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/auth/auth.server";
import { getImageStatus, retryPhoto } from "~/features/photos/photo-pipeline.server";
import { uploadRefusal } from "~/features/media/media.server";

/**
 * /admin/uploads/image/{key}: where an uploaded photo's variants stand (GET, polled by the product
 * form while they are made), and POST to queue a failed or stalled photo again. JSON; 404 for a
 * photo the pipeline does not know; 401 without an admin session (docs/decisions/022).
 */
function notKnown() {
  return Response.json({ error: { title: "Not found", description: "No uploaded image has this name." } }, { status: 404 });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const status = params.key ? await getImageStatus(context.db, params.key) : null;
  return status ? Response.json(status, { headers: { "Cache-Control": "no-store" } }) : notKnown();
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  if (request.method !== "POST") {
    return uploadRefusal(405, "Send POST to try again.", "POST");
  }
  const status = params.key ? await retryPhoto(context.env, context.db, params.key) : null;
  return status ? Response.json(status) : notKnown();
}
