import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";

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
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  action: string;
  fields?: Record<string, string>;
  confirmLabel?: string;
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
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="button" className="btn-secondary" onClick={onClose} autoFocus>
            Cancel
          </button>
          <button type="submit" className="btn-danger" disabled={submitting}>
            {submitting ? "Deleting..." : confirmLabel}
          </button>
        </Form>
      </div>
    </dialog>
  );
}
