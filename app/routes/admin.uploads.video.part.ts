import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireAdmin } from "~/features/auth/auth.server";
import { declaredLength, mediaErrorResponse, uploadRefusal } from "~/features/media/media.server";
import { uploadVideoPart } from "~/features/videos/video-upload.server";

/**
 * One part of a video multipart upload: PUT /admin/uploads/video/part?uploadId=...&partNumber=n
 * with the part's bytes as the body, streamed straight into R2. Every part but the last is
 * exactly 10 MiB; a wrong size is refused with 400. Answers `{ partNumber, etag }`.
 */
const QuerySchema = z.object({
  uploadId: z.string().trim().min(1).max(1024),
  partNumber: z.coerce.number().int().min(1).max(10_000),
});

const SEND_PARTS = "Send parts with PUT.";

/** Parts are only ever PUT; a GET (signed in) is told so, a GET without a session goes to sign-in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return uploadRefusal(405, SEND_PARTS, "PUT");
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  if (request.method !== "PUT") {
    return uploadRefusal(405, SEND_PARTS, "PUT");
  }
  const url = new URL(request.url);
  const query = QuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    return uploadRefusal(400, "uploadId and a partNumber from 1 to 10000 are required.");
  }
  try {
    const part = await uploadVideoPart(context.env, context.db, {
      uploadId: query.data.uploadId,
      partNumber: query.data.partNumber,
      body: request.body,
      length: declaredLength(request.headers),
    });
    return Response.json(part);
  } catch (error) {
    return mediaErrorResponse(error);
  }
}
