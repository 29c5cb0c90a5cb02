import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { FileField } from "~/ui/file-field";
import { Field, FieldError } from "~/ui/forms";
import { filesChosenIn, useSendChosenBeforeBoot, useSwapAtHydration } from "~/ui/hydration";
import { notify } from "~/features/toast/toaster";
import { uploadFailedMessage, type MediaMessage } from "~/features/media/media-message";
import { UploadError, sendFile, uploadFailureToast } from "~/features/media/send-file";
import { ProgressBar } from "~/ui/progress-bar";
import { useUploadPending } from "~/ui/pending-uploads";
import { isSampleLabReport, SAMPLE_LAB_REPORT_LABEL, SAMPLE_LAB_REPORTS_ROUTE } from "./lab-report-display";
import {
  LAB_BATCH_MAX,
  LAB_NAME_MAX,
  LAB_PERCENT_FIELDS,
  LAB_REPORT_ACCEPT,
  LAB_REPORT_FILE_FIELD,
  LAB_REPORT_MAX_BYTES,
  LAB_REPORT_MESSAGES,
  LAB_REPORT_SIGNATURE_BYTES,
  detectLabReportType,
  labReportUrl,
  latestTestDate,
} from "./lab-report";

/**
 * The product form's Lab report section: one lab report file and its facts.
 *
 * Without JavaScript: the current report is a "Keep" checkbox (named labReportKey, as images are)
 * and a new file goes in the `labReportFile` input, stored by the form's action in the same submit.
 * With JavaScript: a picked file is checked (size, first bytes), streamed to /admin/uploads/lab-report
 * with a progress bar, and its key set on the form; Remove takes it off the form (the stored file is
 * kept). The facts are plain fields either way, validated by lab-report.ts.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LabField = FieldMetadata<string | undefined, any, string[]>;
export type LabReportFieldMetadata = Record<
  "labReportKey" | "labName" | "labTestDate" | "labBatch" | "labThcPercent" | "labCbdPercent" | "labTotalCannabinoidsPercent",
  LabField
>;

const HINT = "PDF, JPG, PNG or WEBP, up to 20MB. A new file replaces the current report.";

function initialKey(field: LabField) {
  const value = field.initialValue;
  return typeof value === "string" ? value : "";
}

export function LabReportField({ fields, reportName }: { fields: LabReportFieldMetadata; reportName: string | null }) {
  const key = initialKey(fields.labReportKey);
  const boxRef = useRef<HTMLDivElement>(null);
  // 'Keep this lab report' unticked before the page booted: the enhanced field starts without it.
  const [dropped, setDropped] = useState(false);
  // A file chosen before the page booted: the enhanced field uploads it as if picked there.
  const [picked, setPicked] = useState<File[]>([]);
  const hydrated = useSwapAtHydration(() => {
    const box = boxRef.current?.querySelector<HTMLInputElement>(`input[type="checkbox"][name="${fields.labReportKey.name}"]`);
    if (box && !box.checked) setDropped(true);
    setPicked(filesChosenIn(boxRef.current, LAB_REPORT_FILE_FIELD).slice(0, 1));
  });
  // The facts as saved: a sample report says so here as it does on the product page.
  const sample = isSampleLabReport({ labName: initialKey(fields.labName) || null, labBatch: initialKey(fields.labBatch) || null });
  return (
    <div className="space-y-5" ref={boxRef}>
      {sample ? (
        <p className="rounded-2xl border border-gold-500/60 bg-gold-100 p-4 text-sm text-forest-900">
          <strong>{SAMPLE_LAB_REPORT_LABEL}.</strong> This is the built-in catalogue&apos;s example report: replace it with your lab&apos;s
          report and facts, or{" "}
          <a href={SAMPLE_LAB_REPORTS_ROUTE} className="font-semibold underline">
            remove every sample report
          </a>
          .
        </p>
      ) : null}
      {hydrated ? (
        <EnhancedReport
          key={key}
          name={fields.labReportKey.name}
          defaultKey={dropped ? "" : key}
          defaultLabel={reportName}
          pickedBeforeBoot={picked}
        />
      ) : (
        <PlainReport name={fields.labReportKey.name} defaultKey={key} label={reportName} />
      )}
      <FieldError field={fields.labReportKey} />
      <LabFacts fields={fields} />
    </div>
  );
}

function ViewLink({ reportKey, label }: { reportKey: string; label: string | null }) {
  return (
    <a
      href={labReportUrl(reportKey)}
      target="_blank"
      rel="noopener"
      className="whitespace-nowrap font-semibold text-forest-800 underline underline-offset-2"
    >
      View lab report
      <span className="sr-only"> {label ? `(${label}) ` : ""}(opens in a new tab)</span>
    </a>
  );
}

function ReportCard({ reportKey, label, children }: { reportKey: string; label: string | null; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-ink-900/10 bg-white p-3">
      <span className="rounded-lg bg-forest-50 px-2 py-1 text-xs font-bold tracking-wide text-forest-800" aria-hidden="true">
        COA
      </span>
      <span className="min-w-0 flex-1 basis-40 text-sm">
        <span className="block font-medium text-ink-900 [overflow-wrap:anywhere]">{label ?? "Current lab report"}</span>
        <ViewLink reportKey={reportKey} label={label} />
      </span>
      {children}
    </div>
  );
}

/** The current report with its control (Keep or Remove), or a line saying there is none. */
function CurrentReport({ report, children }: { report: { key: string; label: string | null } | null; children: React.ReactNode }) {
  if (!report) return <p className="text-sm text-ink-500">No lab report yet.</p>;
  return (
    <ReportCard reportKey={report.key} label={report.label}>
      {children}
    </ReportCard>
  );
}

/** The labelled file input for a new report, with its hint: a plain form field, or the picker that uploads at once. */
function ReportFileInput({ inputRef, ...props }: React.InputHTMLAttributes<HTMLInputElement> & { inputRef?: React.Ref<HTMLInputElement> }) {
  return (
    <div>
      <FileField label="Upload lab report" hint={HINT} inputRef={inputRef} accept={LAB_REPORT_ACCEPT} {...props} />
    </div>
  );
}

/** Server render and no-JavaScript form: a Keep checkbox for the current report, a file input for a new one. */
function PlainReport({ name, defaultKey, label }: { name: string; defaultKey: string; label: string | null }) {
  return (
    <div className="space-y-4">
      <CurrentReport report={defaultKey ? { key: defaultKey, label } : null}>
        <label className="flex items-center gap-2 text-sm font-medium text-ink-900">
          <input type="checkbox" name={name} value={defaultKey} defaultChecked className="h-4 w-4 accent-forest-800" />
          Keep this lab report
        </label>
      </CurrentReport>
      <ReportFileInput name={LAB_REPORT_FILE_FIELD} />
    </div>
  );
}

/** The checks the server makes, before sending: size, then the file's first bytes. */
async function checkReport(file: File): Promise<MediaMessage | null> {
  if (file.size > LAB_REPORT_MAX_BYTES) return LAB_REPORT_MESSAGES.tooLarge;
  const head = new Uint8Array(await file.slice(0, LAB_REPORT_SIGNATURE_BYTES).arrayBuffer());
  return detectLabReportType(head) ? null : LAB_REPORT_MESSAGES.invalidType;
}

function EnhancedReport({
  name,
  defaultKey,
  defaultLabel,
  pickedBeforeBoot,
}: {
  name: string;
  defaultKey: string;
  defaultLabel: string | null;
  pickedBeforeBoot: File[];
}) {
  const [report, setReport] = useState<{ key: string; label: string | null } | null>(
    defaultKey ? { key: defaultKey, label: defaultLabel } : null,
  );
  const [upload, setUpload] = useState<{ fileName: string; progress: number } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useUploadPending(upload ? "lab report" : null);

  useEffect(() => () => controller.current?.abort(), []);

  const clearInput = () => {
    if (fileInput.current) fileInput.current.value = "";
  };

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    const problem = await checkReport(file);
    if (problem) {
      notify({ ...problem, variant: "destructive" });
      clearInput();
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setUpload({ fileName: file.name, progress: 0 });
    try {
      const body = await sendFile(
        "/admin/uploads/lab-report",
        file,
        (progress) => setUpload({ fileName: file.name, progress }),
        current.signal,
      );
      if (typeof body.key !== "string") throw new UploadError(uploadFailedMessage("The server did not say where the report is"));
      setReport({ key: body.key, label: typeof body.name === "string" ? body.name : file.name });
      notify(LAB_REPORT_MESSAGES.uploaded);
    } catch (error) {
      const toast = uploadFailureToast(error);
      if (toast) notify({ ...toast, variant: "destructive" });
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setUpload(null);
        clearInput();
      }
    }
  };

  useSendChosenBeforeBoot(pickedBeforeBoot, (files) => void onPick(files[0]));

  const remove = () => {
    setReport(null);
    notify(LAB_REPORT_MESSAGES.removed);
  };

  const percent = upload ? Math.round(upload.progress * 100) : 0;
  return (
    <div className="space-y-4">
      <input type="hidden" name={name} value={report?.key ?? ""} />
      <CurrentReport report={report}>
        <button type="button" className="btn-secondary" onClick={remove} disabled={upload !== null}>
          Remove<span className="sr-only"> lab report</span>
        </button>
      </CurrentReport>
      <ReportFileInput inputRef={fileInput} disabled={upload !== null} onChange={(event) => void onPick(event.currentTarget.files?.[0])} />
      {upload ? (
        <div className="rounded-2xl border border-forest-800/15 bg-forest-50 p-4">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <p className="truncate font-medium text-forest-900" aria-live="polite">
              Uploading {upload.fileName}...
            </p>
            <span className="tabular-nums text-ink-700">{percent}%</span>
          </div>
          <ProgressBar
            label="Lab report upload progress"
            percent={percent}
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-white"
            barClassName="h-full rounded-full bg-forest-700 transition-[width] duration-300"
          />
        </div>
      ) : null}
    </div>
  );
}

/** The facts typed beside the report: lab, date, batch, and the three percentages. */
function LabFacts({ fields }: { fields: LabReportFieldMetadata }) {
  const text = (field: LabField, label: string, max: number, placeholder: string) => (
    <Field field={field} label={label} maxLength={max} className="input" placeholder={placeholder} />
  );
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-3">
        {text(fields.labName, "Lab name", LAB_NAME_MAX, "e.g. SC Labs")}
        <Field field={fields.labTestDate} label="Test date" type="date" max={latestTestDate(new Date())} className="input" />
        {text(fields.labBatch, "Batch number", LAB_BATCH_MAX, "e.g. B-2411-07")}
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        {LAB_PERCENT_FIELDS.map(({ name, label }) => (
          <Field key={name} field={fields[name]} label={label} inputMode="decimal" className="input" placeholder="0-100" />
        ))}
      </div>
      <p className="text-xs text-ink-500">
        All optional. Percentages from 0 to 100 with up to 2 decimals; the test date cannot be in the future.
      </p>
    </div>
  );
}
