import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireAdmin } from "~/features/auth/auth.server";
import { declaredLength, mediaErrorResponse, uploadVideoPart } from "~/features/media/media.server";

/**
 * One part of a video multipart upload: PUT /admin/uploads/video/part?uploadId=...&partNumber=n
 * with the part's bytes as the body, streamed straight into R2. Every part but the last is
 * exactly 10 MiB; a wrong size is refused with 400. Answers `{ partNumber, etag }`.
 */
const QuerySchema = z.object({
  uploadId: z.string().trim().min(1).max(1024),
  partNumber: z.coerce.number().int().min(1).max(10_000),
});

/** Parts are only ever PUT; a GET (signed in) is told so, a GET without a session goes to sign-in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return Response.json(
    { error: { title: "Method not allowed", description: "Send parts with PUT." } },
    { status: 405, headers: { Allow: "PUT" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  if (request.method !== "PUT") {
    return Response.json(
      { error: { title: "Method not allowed", description: "Send parts with PUT." } },
      { status: 405, headers: { Allow: "PUT" } },
    );
  }
  const url = new URL(request.url);
  const query = QuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    return Response.json(
      { error: { title: "Invalid request", description: "uploadId and a partNumber from 1 to 10000 are required." } },
      { status: 400 },
    );
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
