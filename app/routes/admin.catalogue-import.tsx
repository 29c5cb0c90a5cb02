import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { requireAdmin } from "~/features/auth/auth.server";
import { IMPORT_FILE_FIELD, IMPORT_MAX_BYTES, IMPORT_TEXT } from "~/features/catalogue-csv/catalogue-import";
import { ImportFileForm, ImportPreviewView, ImportProblem } from "~/features/catalogue-csv/catalogue-import-preview";
import {
  importHolder,
  importObjectKey,
  importPreview,
  isRunnable,
  planCatalogueImport,
  readStagedImport,
  stagedImport,
  stagedImportIsCurrent,
  stageImport,
  type ImportPreview,
} from "~/features/catalogue-csv/catalogue-import.server";
import { isRunActive, MIGRATION_TEXT } from "~/features/migration/migration";
import { getLatestMigrationRun, startMigrationRun } from "~/features/migration/migration-runs.server";
import { noindexTitle } from "~/features/site/seo";
import { readSettings } from "~/features/settings/settings.server";
import {
  DATE_ORDER_FIELD,
  DATE_ORDER_LABELS,
  DATE_ORDERS,
  dateOrderSchema,
  type DateOrderChoice,
} from "~/features/catalogue-csv/spreadsheet-cells";

/**
 * /admin/catalogue-import — 'Import catalogue' (decision 026). A multipart POST of a CSV file answers
 * with the preview (rows to add, to change field by field, refused with row, column and message);
 * nothing changes. A POST of the preview's token starts the import as a migration run; without the
 * token, or with one made for another file, or once any product or size was written since the preview,
 * nothing changes. The preview plans the file once; the confirmation plans nothing.
 */

export const meta: MetaFunction = ({ matches }) => noindexTitle("Import Catalogue", matches);

/** The file plus the form's few other bytes. */
const BODY_MAX_BYTES = IMPORT_MAX_BYTES + 64 * 1024;

/** `held`: the file kept for this session while its preview asks which order its dates are in. */
type ActionData = { kind: "preview"; preview: ImportPreview; held: string | null } | { kind: "problem"; title: string; message: string };

const ConfirmSchema = z.object({
  intent: z.literal("confirm"),
  upload: z.string().uuid(),
  token: z.string().min(1).max(100),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { busy: isRunActive(await getLatestMigrationRun(context.db)) };
}

const problem = (title: string, message: string, status: number) => data<ActionData>({ kind: "problem", title, message }, { status });

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  if (/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) return previewFile(request, context);
  const form = await request.formData().catch(() => new FormData());
  if (form.get("intent") === "dates") return rereadFile(request, context, form);
  const confirm = parseWithZod(form, { schema: ConfirmSchema });
  // The page answers with a titled panel beside its preview, not errors beside fields: no field here is typed.
  if (confirm.status !== "success") return problem(IMPORT_TEXT.confirmFirstTitle, IMPORT_TEXT.confirmFirst, 400);
  const { upload, token } = confirm.value;
  const staged = await stagedImport(context.env.IMAGES, upload);
  if (staged === null) return problem(IMPORT_TEXT.planChangedTitle, IMPORT_TEXT.fileGone, 409);
  if (!(await stagedImportIsCurrent(context.db, staged, token))) return problem(IMPORT_TEXT.planChangedTitle, IMPORT_TEXT.planChanged, 409);
  const started = await startMigrationRun(context.db, context.env.MIGRATION_QUEUE, {
    clearExisting: false,
    importSource: { upload, rows: staged.steps },
  });
  if (started.kind === "busy") return problem(MIGRATION_TEXT.alreadyRunningTitle, MIGRATION_TEXT.alreadyRunning, 409);
  if (started.kind === "failed") return problem(MIGRATION_TEXT.failedTitle, started.message, 502);
  // ?run= tells the dashboard's panel this run was just started: it follows it and toasts its outcome.
  return redirect(`/admin/dashboard?run=${started.run.id}`);
}

/** Reads the posted file (held to BODY_MAX_BYTES as it arrives), plans it and, when it can run, stages it in R2. */
async function previewFile(request: Request, context: ActionFunctionArgs["context"]) {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > BODY_MAX_BYTES) return problem("The file is too large", IMPORT_TEXT.tooLarge, 413);
  let form: FormData;
  try {
    form = await cappedRequest(request, BODY_MAX_BYTES).formData();
  } catch {
    return problem("The file is too large", IMPORT_TEXT.tooLarge, 413);
  }
  const file = form.get(IMPORT_FILE_FIELD);
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) return problem("No file", IMPORT_TEXT.pickFile, 400);
  if (file.size > IMPORT_MAX_BYTES) return problem("The file is too large", IMPORT_TEXT.tooLarge, 413);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return problem("Not a CSV file", IMPORT_TEXT.notText, 422);
  }
  const settings = await readSettings(context);
  const reading = {
    dateOrder: dateOrderSchema.parse(form.get(DATE_ORDER_FIELD) ?? "auto"),
    timeZone: settings.value.hours.timeZone,
  };
  return planAndKeep(request, context, text, file.name, reading);
}

/** The order the owner picked for a kept file's dates: the file is read again, not uploaded again. */
const DatesSchema = z.object({
  intent: z.literal("dates"),
  upload: z.string().uuid(),
  [DATE_ORDER_FIELD]: dateOrderSchema,
});

async function rereadFile(request: Request, context: ActionFunctionArgs["context"], form: FormData) {
  const chosen = parseWithZod(form, { schema: DatesSchema });
  if (chosen.status !== "success") return problem(IMPORT_TEXT.planChangedTitle, IMPORT_TEXT.fileGone, 400);
  const { upload } = chosen.value;
  const kept = await stagedImport(context.env.IMAGES, upload);
  // Another session's file, or one the hourly clean-up removed, reads as gone.
  const text = kept && kept.holder === (await importHolder(request)) ? await readStagedImport(context.env.IMAGES, upload) : null;
  if (!kept || text === null) return problem(IMPORT_TEXT.planChangedTitle, IMPORT_TEXT.fileGone, 409);
  const settings = await readSettings(context);
  const reading = { dateOrder: chosen.value[DATE_ORDER_FIELD], timeZone: settings.value.hours.timeZone };
  const answer = await planAndKeep(request, context, text, kept.fileName, reading);
  await context.env.IMAGES.delete(importObjectKey(upload));
  return answer;
}

/**
 * Plans a file's text and answers its preview. A file that can run is staged for its confirmation;
 * one whose dates fit both orders is kept for this session so the owner can pick the order without
 * uploading it again. Either is removed by the hourly clean-up after a day.
 */
async function planAndKeep(
  request: Request,
  context: ActionFunctionArgs["context"],
  text: string,
  fileName: string,
  reading: { dateOrder: DateOrderChoice; timeZone: string },
) {
  const planned = await planCatalogueImport(context.db, context.env.IMAGES, text, { ...reading, now: new Date() });
  if (!planned.ok) return problem(`${fileName || "The file"} cannot be imported`, planned.message, 422);
  const runnable = isRunnable(planned.plan);
  const asks = planned.plan.dates.from === "ask";
  const upload =
    runnable || asks
      ? await stageImport(context.env.IMAGES, text, fileName, planned.plan, reading, { holder: await importHolder(request), runnable })
      : null;
  return data<ActionData>({
    kind: "preview",
    preview: importPreview(runnable ? upload : null, fileName, planned.plan),
    held: asks ? upload : null,
  });
}

/** The request with its body cut off (an error) once it passes `limit` bytes, for a body that did not declare its length. */
function cappedRequest(request: Request, limit: number) {
  if (!request.body) return request;
  let size = 0;
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) controller.error(new Error("The body is over the limit"));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Request(request.url, { method: request.method, headers: request.headers, body });
}

export default function CatalogueImport() {
  const { busy } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AdminShell>
      <AdminPageHeader title={IMPORT_TEXT.title} back={{ to: "/admin/dashboard", label: "Dashboard" }}>
        <p className="mt-2 max-w-2xl text-ink-700">
          A file with the export's columns: rows with a key or id update those products, the others are added. Nothing changes until you
          confirm the preview.
        </p>
      </AdminPageHeader>
      <div className="space-y-6">
        {result?.kind === "problem" ? <ImportProblem title={result.title} message={result.message} /> : null}
        {result?.kind === "preview" ? <ImportPreviewView preview={result.preview} busy={busy} /> : null}
        {result?.kind === "preview" && result.held ? <DatesOrderForm upload={result.held} fileName={result.preview.fileName} /> : null}
        <section aria-labelledby="import-file-heading" className="card p-6 sm:p-8">
          <h2 id="import-file-heading" className="font-display text-2xl text-forest-900">
            {result?.kind === "preview" ? "Upload another file" : "Choose the file"}
          </h2>
          <div className="mt-4">
            <ImportFileForm
              askDates={
                result?.kind === "preview" &&
                (result.preview.dates.from === "mixed" || (result.preview.dates.from === "ask" && result.held === null))
              }
            />
          </div>
        </section>
      </div>
    </AdminShell>
  );
}

/** Picks the order of a kept file's dates: a plain form, so it works without JavaScript. */
function DatesOrderForm({ upload, fileName }: { upload: string; fileName: string }) {
  const navigation = useNavigation();
  const reading = navigation.state === "submitting" && navigation.formData?.get("intent") === "dates";
  return (
    <section aria-labelledby="dates-order-heading" className="card p-6 ring-2 ring-gold-500/60 sm:p-8">
      <h2 id="dates-order-heading" className="font-display text-2xl text-forest-900">
        Which order are this file&apos;s dates in?
      </h2>
      <p className="mt-2 max-w-2xl text-ink-700">
        The dates in {fileName || "this file"} fit both orders (3/4/2026 could be 3 April or 4 March). We kept the file for you: pick the
        order and see the preview again, without uploading it again.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="dates" />
        <input type="hidden" name="upload" value={upload} />
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="dates-order" className="label">
            Dates in this file
          </label>
          <select
            id="dates-order"
            name={DATE_ORDER_FIELD}
            aria-invalid="true"
            aria-describedby="dates-order-heading"
            defaultValue="mdy"
            className="input"
          >
            {DATE_ORDERS.filter((order) => order !== "auto").map((order) => (
              <option key={order} value={order}>
                {DATE_ORDER_LABELS[order]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={reading}>
          {reading ? "Reading the file…" : "Read the file with this order"}
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The catalogue import could not be read." />;
}
