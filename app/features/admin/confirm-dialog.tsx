import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { AdminShell } from "./admin-shell";

export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The confirming button: a delete by default; other confirmations pass their own label, busy text and style. */
export function ConfirmButton({
  submitting,
  label,
  busyLabel = "Deleting...",
  className = "btn-danger",
}: {
  submitting: boolean;
  label: string;
  busyLabel?: string;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={submitting}>
      {submitting ? busyLabel : label}
    </button>
  );
}

/**
 * A confirmation in a native modal <dialog> (with JavaScript): the rest of the page is inert,
 * focus starts on Cancel, Escape closes it. Confirming posts a real form to `action`, the same
 * action the no-JavaScript confirm page posts to.
 */
export function AdminConfirmDialog({
  open,
  onClose,
  title,
  children,
  action,
  fields = {},
  confirmLabel = "Delete",
  busyLabel,
  confirmClassName,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  action: string;
  fields?: Record<string, string>;
  confirmLabel?: string;
  busyLabel?: string;
  confirmClassName?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === action;

  // Once the confirmed post has finished (the page has reloaded its data), the dialog closes.
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (wasSubmitting.current && !submitting) onClose();
    wasSubmitting.current = submitting;
  }, [submitting, onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
      onCancel={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-ink-900/10 bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-forest-950/50"
    >
      <div className="p-6">
        <h2 id={titleId} className="heading-display text-2xl">
          {title}
        </h2>
        <div id={bodyId} className="mt-3 space-y-2 text-ink-700">
          {children}
        </div>
        <Form method="post" action={action} className="mt-6 flex flex-wrap justify-end gap-3">
          <HiddenFields fields={fields} />
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog starts on its safe choice (the WAI-ARIA dialog pattern; <dialog> focuses it on open) */}
          <button type="button" className="btn-secondary" onClick={onClose} autoFocus>
            Cancel
          </button>
          <ConfirmButton submitting={submitting} label={confirmLabel} busyLabel={busyLabel} className={confirmClassName} />
        </Form>
      </div>
    </dialog>
  );
}

/**
 * The same confirmation as a page of its own (`/admin/{things}/:id/delete`): the no-JavaScript
 * path of the dialog. `children` says what is about to go; Cancel links back to `cancelTo`.
 */
export function AdminConfirmPage({
  title,
  children,
  cancelTo,
  fields = {},
}: {
  title: string;
  children: React.ReactNode;
  cancelTo: string;
  fields?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AdminShell>
      <section aria-labelledby="delete-heading" className="card mx-auto max-w-lg p-6 sm:p-8">
        <h1 id="delete-heading" className="heading-display text-3xl">
          {title}
        </h1>
        {children}
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <HiddenFields fields={fields} />
          <Link to={cancelTo} className="btn-secondary">
            Cancel
          </Link>
          <ConfirmButton submitting={submitting} label="Delete" />
        </Form>
      </section>
    </AdminShell>
  );
}
