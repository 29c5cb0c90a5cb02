import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveLabReport } from "~/features/lab-reports/lab-reports.server";
import { plainText } from "~/server/plain-text";

/**
 * /lab-reports/{key}: a product's lab report from R2, shown inline with its real type and safe
 * file name, inert (nosniff, sandboxing CSP), ETag and 304; 404 for unknown or malformed keys.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  try {
    return await serveLabReport(context.env, params.key, request);
  } catch (error) {
    console.error(`Serving lab report ${params.key} failed`, error);
    return plainText(503, "Lab report temporarily unavailable", { "Retry-After": "5" });
  }
}
