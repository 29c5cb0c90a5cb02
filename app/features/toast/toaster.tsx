import { Form } from "@remix-run/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { useHydrated } from "remix-utils/use-hydrated";
import { SmallCloseIcon } from "~/ui/icons";
import { TOAST_DEFAULT_DURATION, TOAST_MAX_VISIBLE, type Toast } from "./toast";

/** Toasts raised in the browser (fetcher results) join the server's flash toasts here. */
type Listener = () => void;
let clientToasts: Toast[] = [];
const listeners = new Set<Listener>();

export function notify(toast: Omit<Toast, "id">) {
  clientToasts = [...clientToasts, { id: crypto.randomUUID(), ...toast }];
  listeners.forEach((listener) => listener());
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where an open drawer or dialog shows the notices instead (ToastHost), so none covers its actions. */
let host: HTMLElement | null = null;

function setHost(element: HTMLElement | null) {
  host = element;
  listeners.forEach((listener) => listener());
}

/**
 * A place in an open drawer or dialog, in its own layout (above its actions), where the notices show
 * while it is open: the floating list would cover the drawer's order button on a phone. Render it only
 * while the drawer is open.
 */
export function ToastHost({ className }: { className?: string }) {
  return (
    <div
      className={className}
      ref={(element) => {
        if (element) setHost(element);
        else setHost(null);
      }}
    />
  );
}

function CloseIcon() {
  return <SmallCloseIcon className="h-4 w-4" />;
}

/**
 * One notice. It fades out after its time with CSS alone (the `toast` utility's animation, delayed by
 * --toast-duration), and with JavaScript it is also removed then. Its close control works without
 * JavaScript too: before hydration it is a checkbox styled as the ✕ that hides the notice with CSS
 * (`:has(:checked)`), then a real button.
 */
function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const hydrated = useHydrated();
  const duration = toast.duration ?? TOAST_DEFAULT_DURATION;
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), duration);
    return () => clearTimeout(timer);
  }, [toast.id, duration, onDismiss]);

  const destructive = toast.variant === "destructive";
  return (
    <li
      role={destructive ? "alert" : undefined}
      // React types style without custom properties.
      style={{ "--toast-duration": `${duration}ms` } as React.CSSProperties}
      className="toast toast-card"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-0.5 text-sm opacity-90">{toast.description}</p> : null}
        {toast.action ? (
          <Form method="post" action={toast.action.to} className="mt-2">
            {Object.entries(toast.action.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="pointer-events-auto text-sm font-semibold underline underline-offset-2">
              {toast.action.label}
            </button>
          </Form>
        ) : null}
      </div>
      {hydrated ? (
        <button type="button" onClick={() => onDismiss(toast.id)} className="toast-close" aria-label="Dismiss notification">
          <CloseIcon />
        </button>
      ) : (
        <label className="toast-close relative cursor-pointer has-focus-visible:outline-3 has-focus-visible:outline-gold-500">
          <input
            type="checkbox"
            className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
            aria-label="Dismiss notification"
          />
          <CloseIcon />
        </label>
      )}
    </li>
  );
}

/**
 * Bottom-right (on phones above the product page's add bar and home's bottom bar, app/tailwind.css),
 * or inside an open drawer's ToastHost; at most three at once, 4 s by default. Rendered on the server too, so a notice from a
 * redirect is readable without JavaScript. The list is a polite live region present from the start,
 * so a notice added later (Added to cart!) is announced; a destructive one is an alert.
 */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const fromClient = useSyncExternalStore(
    subscribe,
    () => clientToasts,
    () => clientToasts,
  );
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [onDismiss] = useState(() => (id: string) => setDismissed((prev) => new Set(prev).add(id)));

  const inside = useSyncExternalStore(
    subscribe,
    () => host,
    () => null,
  );

  const visible = [...toasts, ...fromClient].filter((toast) => !dismissed.has(toast.id)).slice(-TOAST_MAX_VISIBLE);
  const list = (
    <ol className="flex flex-col gap-2" aria-live="polite" aria-relevant="additions text">
      {visible.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </ol>
  );
  return (
    <section
      aria-label="Notifications"
      className="toaster pointer-events-none fixed right-4 bottom-20 z-50 w-[min(24rem,calc(100vw-2rem))] md:bottom-4"
    >
      {inside ? createPortal(list, inside) : list}
    </section>
  );
}
