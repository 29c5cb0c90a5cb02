import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/auth/auth.server";
import { storeLabReport } from "~/features/lab-reports/lab-reports.server";
import { labReportUrl } from "~/features/lab-reports/lab-report";
import { declaredLength, mediaErrorResponse, uploadRefusal } from "~/features/media/media.server";

/**
 * Admin lab report upload: the raw file as the request body (PUT or POST, with
 * Content-Length) and its name in X-File-Name, so the browser can stream it and show progress.
 * Answers 201 `{ key, name, contentType, size, url }`, or `{ error: { title, description } }`
 * (413 over 20 MB, 415 not a PDF/JPG/PNG/WEBP by its bytes) with nothing stored. 401 without a session.
 */
const SEND_REPORT = "Send the lab report with PUT or POST.";

function fileNameHeader(request: Request) {
  const raw = request.headers.get("X-File-Name");
  if (!raw) return null;
  try {
    return decodeURIComponent(raw).slice(0, 500);
  } catch {
    return raw.slice(0, 500);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  if (request.method !== "PUT" && request.method !== "POST") {
    return uploadRefusal(405, SEND_REPORT, "PUT, POST");
  }
  try {
    const report = await storeLabReport(context.env, request.body, declaredLength(request.headers), fileNameHeader(request));
    return Response.json(
      {
        key: report.labReportKey,
        name: report.labReportName,
        contentType: report.labReportType,
        size: report.labReportSize,
        url: labReportUrl(report.labReportKey),
      },
      { status: 201 },
    );
  } catch (error) {
    return mediaErrorResponse(error);
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return uploadRefusal(405, SEND_REPORT, "PUT, POST");
}
