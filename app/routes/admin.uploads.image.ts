import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/auth/auth.server";
import { declaredLength, mediaErrorResponse, uploadRefusal } from "~/features/media/media.server";
import { storePhoto } from "~/features/photos/photo-upload.server";

/**
 * Admin image upload: the raw file as the request body (PUT or POST, with Content-Length), so
 * the browser can stream it and show progress. Answers 201 `{ url, key, contentType, size, width,
 * height, status }` (status: the photo's variants, queued; /admin/uploads/image/{key} follows them),
 * or the product's error texts as `{ error: { title, description, detail? } }` (413, 415, 400) with
 * nothing stored. 401 without an admin session.
 */
const SEND_IMAGE = "Send the image with PUT or POST.";

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  if (request.method !== "PUT" && request.method !== "POST") {
    return uploadRefusal(405, SEND_IMAGE, "PUT, POST");
  }
  try {
    const image = await storePhoto(context.env, context.db, request.body, declaredLength(request.headers));
    return Response.json(image, { status: 201 });
  } catch (error) {
    return mediaErrorResponse(error);
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return uploadRefusal(405, SEND_IMAGE, "PUT, POST");
}
