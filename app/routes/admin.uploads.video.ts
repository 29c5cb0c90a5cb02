import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireAdmin } from "~/features/auth/auth.server";
import { MediaError, mediaErrorResponse, uploadRefusal } from "~/features/media/media.server";
import {
  abortVideoUpload,
  completeVideoUpload,
  createVideoUpload,
  deleteVideoObject,
  getVideoUpload,
  videoKeyFromUrl,
} from "~/features/videos/video-upload.server";
import { VIDEO_MESSAGES } from "~/features/videos/video-types";

/**
 * Admin video uploads (R2 multipart), JSON in and out:
 *   GET  ?uploadId=...                       the recorded upload and its parts (resume after a reload)
 *   POST { intent: "create", fileName, contentType, size }
 *   POST { intent: "complete", uploadId }   joins the parts, answers { url }
 *   POST { intent: "abort", uploadId }      cancel: R2 drops the parts
 *   POST { intent: "delete", url }          removes a video object in the background (ctx.waitUntil)
 * Parts go to /admin/uploads/video/part. Errors: `{ error: { title, description } }`.
 */

const UploadIdSchema = z.string().trim().min(1).max(1024);

const IntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    fileName: z.string().trim().min(1, "File name is required").max(255),
    contentType: z.string().trim().max(255),
    size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  }),
  z.object({ intent: z.literal("complete"), uploadId: UploadIdSchema }),
  z.object({ intent: z.literal("abort"), uploadId: UploadIdSchema }),
  z.object({ intent: z.literal("delete"), url: z.string().trim().min(1).max(1024) }),
]);

function badRequest(description: string) {
  return uploadRefusal(400, description);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const uploadId = UploadIdSchema.safeParse(new URL(request.url).searchParams.get("uploadId"));
  if (!uploadId.success) return badRequest("uploadId is required.");
  const upload = await getVideoUpload(context.db, uploadId.data);
  if (!upload) return Response.json({ error: { title: "Not found", description: "This upload was not found." } }, { status: 404 });
  return Response.json(upload);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  if (request.method !== "POST") return uploadRefusal(405, "Use POST.", "GET, POST");

  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return badRequest("The request body must be JSON.");
  }
  const parsed = IntentSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return badRequest(issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "Invalid request.");
  }

  const { env, db } = context;
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "create":
        return Response.json(await createVideoUpload(env, db, input), { status: 201 });
      case "complete":
        return Response.json(await completeVideoUpload(env, db, input.uploadId));
      case "abort":
        await abortVideoUpload(env, db, input.uploadId);
        return Response.json({ ok: true });
      case "delete": {
        const { url } = input;
        // Validate now (a bad URL is a 400), delete after answering.
        if (!videoKeyFromUrl(url)) throw MediaError.of(400, VIDEO_MESSAGES.removeFailed);
        context.cloudflare.ctx.waitUntil(
          deleteVideoObject(env, db, url).then(
            (outcome) => console.log(`Video ${url}: ${outcome}`),
            (error: unknown) => console.error(`Deleting video ${url} failed`, error),
          ),
        );
        return Response.json({ ok: true }, { status: 202 });
      }
    }
  } catch (error) {
    return mediaErrorResponse(error);
  }
}
