import { Form, Link, useNavigation } from "@remix-run/react";
import { FILE_INPUT_CLASS } from "~/ui/file-field";
import { countOf } from "~/ui/words";
import type { ImportPreview } from "./catalogue-import.server";
import { CATALOGUE_IMPORT_ROUTE, IMPORT_FILE_FIELD, IMPORT_MAX_BYTES, IMPORT_TEXT } from "./catalogue-import";
import { DATE_ORDER_FIELD, DATE_ORDER_LABELS, DATE_ORDERS, type DatesOfFile } from "./spreadsheet-cells";

/**
 * 'Import catalogue' (decision 026): the file form (the dashboard panel and the import page) and the
 * preview of what the file would do. Real forms: the file posts as multipart, the confirmation as a
 * plain form with the preview's token; both work without JavaScript.
 */

export function ImportFileForm({
  id = "import-file",
  compact = false,
  askDates = false,
}: {
  id?: string;
  compact?: boolean;
  /** the last file's dates fit both orders: the order field says so */
  askDates?: boolean;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" &&
    navigation.formAction === CATALOGUE_IMPORT_ROUTE &&
    navigation.formEncType === "multipart/form-data";
  return (
    <Form method="post" action={CATALOGUE_IMPORT_ROUTE} encType="multipart/form-data" className={compact ? "space-y-2" : "space-y-3"}>
      <label htmlFor={id} className={compact ? "block text-sm font-semibold text-ink-900" : "label"}>
        Catalogue file (CSV)
      </label>
      <input
        id={id}
        name={IMPORT_FILE_FIELD}
        type="file"
        accept=".csv,text/csv"
        required
        aria-describedby={`${id}-hint`}
        className={FILE_INPUT_CLASS}
      />
      <p id={`${id}-hint`} className="text-xs text-ink-500">
        The export's columns, up to {IMPORT_MAX_BYTES / 1024 / 1024} MB. You see what changes before anything is written.
      </p>
      <label htmlFor={`${id}-dates`} className={compact ? "block text-sm font-semibold text-ink-900" : "label"}>
        Dates in this file
      </label>
      <select
        id={`${id}-dates`}
        name={DATE_ORDER_FIELD}
        defaultValue="auto"
        aria-invalid={askDates || undefined}
        aria-describedby={askDates ? `${id}-dates-ask` : undefined}
        className="input"
      >
        {DATE_ORDERS.map((order) => (
          <option key={order} value={order}>
            {DATE_ORDER_LABELS[order]}
          </option>
        ))}
      </select>
      {askDates ? (
        <p id={`${id}-dates-ask`} className="text-sm font-semibold text-berry-700">
          Your file's dates fit both orders: choose month first or day first, then upload it again.
        </p>
      ) : null}
      <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={sending}>
        {sending ? "Reading the file..." : "Import catalogue"}
      </button>
    </Form>
  );
}

export function ImportProblem({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="rounded-2xl border border-berry-700/30 bg-berry-50 px-4 py-3 text-sm text-berry-700">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{message}</p>
    </div>
  );
}

export function ImportPreviewView({ preview, busy }: { preview: ImportPreview; busy: boolean }) {
  const navigation = useNavigation();
  const confirming =
    navigation.state !== "idle" && navigation.formAction === CATALOGUE_IMPORT_ROUTE && navigation.formEncType !== "multipart/form-data";
  const { counts } = preview;
  return (
    <div className="space-y-6">
      <section aria-labelledby="import-summary-heading" className="card p-6 sm:p-8">
        <h2 id="import-summary-heading" className="font-display text-2xl text-forest-900">
          {preview.fileName || "Your file"}: {preview.rows} {preview.rows === 1 ? "row" : "rows"}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          {(
            [
              ["Added", counts.added],
              ["Changed", counts.changed],
              ["Unchanged", counts.unchanged],
              ["Refused", counts.refused],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className={`rounded-2xl px-4 py-3 ${label === "Refused" && value > 0 ? "bg-berry-50" : "bg-cream-100"}`}>
              <dt className="text-ink-700">{label}</dt>
              <dd className={`font-display text-2xl ${label === "Refused" && value > 0 ? "text-berry-700" : "text-forest-900"}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>

        <DatesNote dates={preview.dates} />
        <div className="mt-6">
          {counts.refused > 0 ? (
            <ImportProblem title={IMPORT_TEXT.refusedTitle} message={IMPORT_TEXT.refused} />
          ) : preview.upload === null ? (
            <p className="rounded-2xl bg-forest-50 px-4 py-3 text-sm text-forest-900">{IMPORT_TEXT.nothingToDo}</p>
          ) : (
            <Form method="post" action={CATALOGUE_IMPORT_ROUTE} className="flex flex-wrap gap-3">
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="upload" value={preview.upload} />
              <input type="hidden" name="token" value={preview.token} />
              <button type="submit" className="btn-gold" disabled={busy || confirming}>
                {IMPORT_TEXT.confirmLabel}
              </button>
              <Link to="/admin/dashboard" className="btn-secondary">
                Cancel
              </Link>
            </Form>
          )}
          {busy ? (
            <p role="alert" className="mt-3 text-sm text-ink-900">
              A catalogue migration is already loading. Wait for it to finish before starting another.
            </p>
          ) : null}
        </div>
      </section>

      <ListSection
        id="import-refused-heading"
        title={`Refused rows (${counts.refused})`}
        danger
        items={preview.refused}
        total={preview.refusedCells}
        listClassName="space-y-2 text-ink-900"
      >
        {(cell, index) => <RefusedRow key={`${cell.row}-${cell.column}-${index}`} cell={cell} />}
      </ListSection>

      <ListSection
        id="import-changed-heading"
        title={`Changed (${countOf(counts.changed, "product")})`}
        items={preview.changed}
        total={counts.changed}
        listClassName="space-y-3"
      >
        {(change) => <ChangedRow key={change.row} change={change} />}
      </ListSection>

      <ListSection
        id="import-added-heading"
        title={`Added (${countOf(counts.added, "product")})`}
        items={preview.added}
        total={counts.added}
        listClassName="max-h-96 list-disc space-y-0.5 overflow-y-auto pl-5 text-ink-700"
      >
        {(row) => (
          <li key={row.row} className="break-words">
            Row {row.row}: {row.name}
          </li>
        )}
      </ListSection>

      {counts.unchanged > 0 ? (
        <p className="text-sm text-ink-700">
          {countOf(counts.unchanged, "product")} in the file already match the shop and stay as they are.
        </p>
      ) : null}
    </div>
  );
}

/** How the file's dates were read, so an order is never applied without the owner seeing it. */
function DatesNote({ dates }: { dates: DatesOfFile }) {
  const text =
    dates.from === "chosen"
      ? `Dates read ${dates.order === "mdy" ? "month first (10/14/2026)" : "day first (14/10/2026)"}, as you chose.`
      : dates.from === "file"
        ? `Dates read ${dates.order === "mdy" ? "month first" : "day first"}: row ${dates.row}'s date can only be read that way.`
        : dates.from === "ask"
          ? "Some dates could be read month first or day first: choose the order below and the file is read again."
          : dates.from === "mixed"
            ? "The file writes dates both month first and day first: choose one under “Dates in this file”."
            : null;
  if (!text) return null;
  const asking = dates.from === "ask" || dates.from === "mixed";
  return (
    <p
      className={`mt-4 rounded-2xl px-4 py-3 text-sm ${asking ? "bg-berry-50 font-semibold text-berry-700" : "bg-cream-100 text-ink-700"}`}
    >
      {text}
    </p>
  );
}

/** A titled list of some of the file's rows (nothing when there are none), with how many more there are than it shows. */
function ListSection<T>({
  id,
  title,
  danger = false,
  items,
  total,
  listClassName,
  children,
}: {
  id: string;
  title: string;
  danger?: boolean;
  /** the rows shown */
  items: readonly T[];
  /** how many there are in all */
  total: number;
  listClassName: string;
  /** one `<li>` (with its key) per row */
  children: (item: T, index: number) => React.ReactNode;
}) {
  if (items.length === 0) return null;
  const more = total - items.length;
  return (
    <section aria-labelledby={id} className={`card p-6 sm:p-8 ${danger ? "border border-berry-700/20" : ""}`}>
      <h2 id={id} className={`font-display text-2xl ${danger ? "text-berry-700" : "text-forest-900"}`}>
        {title}
      </h2>
      <ul className={`mt-3 text-sm ${listClassName}`}>{items.map(children)}</ul>
      {more > 0 ? <p className="mt-2 text-sm text-ink-500">…and {more} more.</p> : null}
    </section>
  );
}

/** A refused cell: its row, column and value, and the form's message. */
function RefusedRow({ cell }: { cell: ImportPreview["refused"][number] }) {
  return (
    <li className="rounded-xl bg-cream-100 px-3 py-2 break-words">
      <span className="font-semibold">Row {cell.row}</span>
      {cell.column ? (
        <>
          , column <code className="font-mono">{cell.column}</code>
          {cell.value ? (
            <span className="text-ink-500"> (“{cell.value.length > 80 ? `${cell.value.slice(0, 77)}...` : cell.value}”)</span>
          ) : null}
        </>
      ) : null}
      : {cell.message}
    </li>
  );
}

/** A changed row: each field's old and new value. */
function ChangedRow({ change }: { change: ImportPreview["changed"][number] }) {
  return (
    <li className="rounded-xl bg-cream-100 px-3 py-2">
      <p className="font-semibold text-ink-900 break-words">
        Row {change.row}: {change.name}
      </p>
      <dl className="mt-1 space-y-0.5 text-ink-700">
        {change.changes.map((item) => (
          <div key={item.field} className="break-words">
            <dt className="inline font-medium text-ink-900">{item.label}: </dt>
            <dd className="inline">
              {item.from} <span aria-label="becomes">→</span> {item.to}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
