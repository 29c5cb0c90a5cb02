import { eq } from "drizzle-orm";
import { products } from "~db/schema";
import { uploadFailedMessage } from "~/features/media/media-message";
import type { Db } from "~/server/load-context";
import { MediaError, notFound, randomToken, storeChecked } from "~/features/media/media.server";
import { objectHeaders, objectResponse, readForRequest } from "~/features/media/serve.server";
import {
  LAB_REPORT_MAX_BYTES,
  LAB_REPORT_MESSAGES,
  LAB_REPORT_SIGNATURE_BYTES,
  LAB_REPORTS_PREFIX,
  detectLabReportType,
  isLabReportKey,
  labReportKindOf,
  safeLabReportName,
  type LabReportFile,
} from "./lab-report";

/**
 * Lab reports in R2 (docs/decisions/019): stored in the IMAGES bucket under
 * `lab-reports/`, with the same streamed, byte-checked, all-or-nothing upload as images
 * (media.server.ts storeChecked), and served from our own origin as an inert document.
 */

/** A stored report as the product row records it (the key without the prefix). */
export type StoredLabReport = { [K in keyof LabReportFile]: NonNullable<LabReportFile[K]> };

/**
 * Served reports: nothing may run or load (`default-src 'none'`), and the document is sandboxed
 * (no scripts, forms, popups or same-origin access), so a hostile PDF or image cannot act on our
 * origin. Chromium's PDF viewer still renders a sandboxed PDF (checked in tests/e2e/lab-reports.spec.ts).
 */
const LAB_REPORT_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

const newLabReportKey = (ext: string, now = Date.now()) => `report-${now}-${randomToken()}.${ext}`;

/** Streams one report into R2 after its bytes proved it is a PDF, JPG, PNG or WEBP of at most 20 MB. */
export async function storeLabReport(
  env: Env,
  body: ReadableStream<Uint8Array> | null,
  length: number | null,
  fileName: string | null,
): Promise<StoredLabReport> {
  const { key, type } = await storeChecked(
    {
      bucket: env.IMAGES,
      maxBytes: LAB_REPORT_MAX_BYTES,
      signatureBytes: LAB_REPORT_SIGNATURE_BYTES,
      detect: detectLabReportType,
      tooLarge: LAB_REPORT_MESSAGES.tooLarge,
      invalidType: LAB_REPORT_MESSAGES.invalidType,
      key: (detected) => `${LAB_REPORTS_PREFIX}${newLabReportKey(detected.ext)}`,
      contentType: (detected) => detected.contentType,
      customMetadata: (detected) => ({ fileName: safeLabReportName(fileName, detected.ext) }),
    },
    body,
    length,
  );
  const name = safeLabReportName(fileName, type.ext);
  return {
    labReportKey: key.slice(LAB_REPORTS_PREFIX.length),
    labReportName: name,
    labReportType: type.contentType,
    labReportSize: length!,
  };
}

export type StoreFormLabReportResult =
  { ok: true; report: StoredLabReport | null } | { ok: false; status: number; title: string; description: string };

/** The product form's no-JavaScript path: stores the posted file, if one was picked. */
export async function tryStoreFormLabReport(env: Env, file: FormDataEntryValue | null): Promise<StoreFormLabReportResult> {
  // An empty file input still posts one nameless, empty file.
  if (!file || typeof file === "string" || file.size === 0) return { ok: true, report: null };
  if (file.size > LAB_REPORT_MAX_BYTES) return { ok: false, status: 413, ...LAB_REPORT_MESSAGES.tooLarge };
  try {
    return { ok: true, report: await storeLabReport(env, file.stream(), file.size, file.name) };
  } catch (error) {
    const failure = error instanceof MediaError ? error : MediaError.of(500, uploadFailedMessage());
    if (!(error instanceof MediaError)) console.error("Storing the form's lab report failed", error);
    return { ok: false, status: failure.status, title: failure.title, description: failure.description };
  }
}

/** Deletes a report this request stored when the rest of the post is refused (all or nothing). */
export async function deleteLabReportQuietly(env: Env, key: string | null) {
  if (!key) return;
  try {
    await env.IMAGES.delete(`${LAB_REPORTS_PREFIX}${key}`);
  } catch (error) {
    console.error(`Could not delete lab report ${key} after a refused post`, error);
  }
}

/**
 * The stored report a form names by key: the product's own (unchanged, no R2 call), or one uploaded
 * with JavaScript, read back from R2 so its name, type and size come from what was stored, not
 * from the browser. Null when no such object exists.
 */
export async function resolveLabReport(env: Env, key: string, current: LabReportFile | null): Promise<StoredLabReport | null> {
  if (current?.labReportKey === key && current.labReportName && current.labReportType && current.labReportSize !== null) {
    return {
      labReportKey: key,
      labReportName: current.labReportName,
      labReportType: current.labReportType,
      labReportSize: current.labReportSize,
    };
  }
  if (!isLabReportKey(key)) return null;
  const head = await env.IMAGES.head(`${LAB_REPORTS_PREFIX}${key}`);
  const type = head?.httpMetadata?.contentType;
  if (!head || !type) return null;
  const name = head.customMetadata?.fileName ?? safeLabReportName(null, labReportKindOf(key));
  return { labReportKey: key, labReportName: name, labReportType: type, labReportSize: head.size };
}

/** The product's current report columns (the action compares the posted key with them). */
export async function getProductLabReport(db: Db, id: number): Promise<LabReportFile | null> {
  const [row] = await db
    .select({
      labReportKey: products.labReportKey,
      labReportName: products.labReportName,
      labReportType: products.labReportType,
      labReportSize: products.labReportSize,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * GET /lab-reports/{key}: the stored bytes with their real type, shown inline under their safe
 * name, inert (nosniff, sandboxing CSP), with ETag and 304, and a year of caching (a key never
 * changes content: a new upload gets a new key).
 */
export async function serveLabReport(env: Env, rawKey: string | undefined, request: Request): Promise<Response> {
  if (!rawKey || !isLabReportKey(rawKey)) return notFound();
  const object = await readForRequest(env.IMAGES, `${LAB_REPORTS_PREFIX}${rawKey}`, request);
  if (!object) return notFound();
  const name = safeLabReportName(object.customMetadata?.fileName ?? null, labReportKindOf(rawKey));
  const headers = objectHeaders(object, { "Content-Disposition": `inline; filename="${name}"`, "Content-Security-Policy": LAB_REPORT_CSP });
  return objectResponse(object, request, headers);
}
