import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { Toast } from "~/features/toast/toast";
import { notify } from "~/features/toast/toaster";
import { GeneralErrorBoundary, thrownMessage } from "~/ui/error-boundary";
import { HeadedSection } from "~/ui/headed-section";
import { Icon, type IconProps } from "~/ui/icons";
import { AdminShell } from "./admin-shell";

/** (!) filled: an error beside its text. */
function AlertIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 20 20" fill="currentColor" {...props}>
      <path
        fillRule="evenodd"
        d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM9 6a1 1 0 1 1 2 0v4.5a1 1 0 1 1-2 0V6zm1 9.25a1.25 1.25 0 1 0 0-2.5 1.25 1.25 0 0 0 0 2.5z"
        clipRule="evenodd"
      />
    </Icon>
  );
}

/** A toast that an action answered with (not a redirect): shown once, with JavaScript. */
export type ActionToast = Omit<Toast, "id">;

/**
 * Raises the action's toast in the browser. Without JavaScript the page shows the same text
 * in its alert, so nothing is lost.
 */
export function useActionToast(toast: ActionToast | null | undefined) {
  const shown = useRef<ActionToast | null>(null);
  useEffect(() => {
    if (toast && shown.current !== toast) {
      shown.current = toast;
      notify(toast);
    }
  }, [toast]);
}

/** A destructive notice at the top of a page, announced to screen readers. */
export function AdminAlert({
  title,
  children,
  dismissTo,
}: {
  title?: string;
  children: React.ReactNode;
  /** Where "Dismiss" goes (a link, so it works without JavaScript). */
  dismissTo?: string;
}) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-2xl border border-berry-700/30 bg-berry-50 p-4 text-berry-700">
      <AlertIcon className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0 flex-1 text-sm">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div className={title ? "mt-1" : undefined}>{children}</div>
      </div>
      {dismissTo !== undefined ? (
        <Link
          to={dismissTo}
          preventScrollReset
          className="rounded-full px-3 py-1 text-sm font-semibold underline-offset-4 hover:bg-berry-700/10 hover:underline"
        >
          Dismiss
        </Link>
      ) : null}
    </div>
  );
}

export function Badge({ children, tone = "neutral" }: { children: React.ReactNode; tone?: "neutral" | "green" | "gold" | "red" }) {
  const tones = {
    neutral: "bg-cream-100 text-ink-700 ring-ink-900/10",
    green: "bg-forest-50 text-forest-800 ring-forest-800/15",
    gold: "bg-gold-100 text-forest-950 ring-gold-600/25",
    red: "bg-berry-50 text-berry-700 ring-berry-700/20",
  } as const;
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tones[tone]}`}>{children}</span>
  );
}

const UTC_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/**
 * An ISO timestamp as a date: a fixed UTC format on the server and on first render (so hydration
 * matches), then the visitor's local date once JavaScript runs.
 */
export function LocalDate({ iso }: { iso: string }) {
  const date = new Date(iso);
  const [text, setText] = useState(() => (Number.isNaN(date.getTime()) ? iso : UTC_DATE.format(date)));
  useEffect(() => {
    const parsed = new Date(iso);
    if (!Number.isNaN(parsed.getTime())) setText(parsed.toLocaleDateString());
  }, [iso]);
  return <time dateTime={iso}>{text}</time>;
}

/** The page title row of an admin screen: a back link, the heading, and an optional action. */
export function AdminPageHeader({
  title,
  back,
  action,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  action?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <header className="mb-6">
      {back ? (
        <Link to={back.to} className="inline-flex items-center gap-1 text-sm font-semibold text-forest-800 hover:underline">
          <span aria-hidden="true">←</span> {back.label}
        </Link>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <h1 className="heading-display text-3xl sm:text-4xl">{title}</h1>
        {action}
      </div>
      {children}
    </header>
  );
}

/** A long figure ("329,280", "1,336,334") is set smaller on a phone, where a card is half the screen wide. */
function figureSize(value: React.ReactNode) {
  const length = typeof value === "string" ? value.length : 0;
  if (length >= 9) return "text-xl sm:text-3xl";
  return length >= 7 ? "text-2xl sm:text-3xl" : "text-3xl";
}

/** Headline counts at the top of an admin screen, under a heading for screen readers only; an `alert` count shows in red. */
export function AdminFigures({
  id,
  title,
  gridClassName,
  figures,
}: {
  id: string;
  title: string;
  gridClassName: string;
  figures: readonly { label: string; value: React.ReactNode; alert?: boolean }[];
}) {
  return (
    <HeadedSection id={id} className="mb-8" headingClassName="sr-only" title={title}>
      <dl className={gridClassName}>
        {figures.map((figure) => (
          <div key={figure.label} className="card p-4">
            <dt className="text-sm font-medium text-ink-500">{figure.label}</dt>
            <dd
              className={`mt-1 font-display [overflow-wrap:anywhere] ${figureSize(figure.value)} ${figure.alert ? "text-berry-700" : "text-forest-900"}`}
            >
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </HeadedSection>
  );
}

/** Three placeholder blocks while a list loads. */
export function AdminListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-24 animate-pulse rounded-2xl bg-cream-200/70" aria-hidden="true" />
      ))}
    </div>
  );
}

/** The back office's error page: a heading and the safe message inside the admin frame, and a way back. */
function AdminErrorPage({ title, message }: { title: string; message: string }) {
  return (
    <AdminShell>
      <div className="space-y-6">
        <h1 className="heading-display text-3xl">{title}</h1>
        <AdminAlert>{message}</AdminAlert>
        <Link to="/admin/dashboard" className="btn-secondary">
          Back to Dashboard
        </Link>
      </div>
    </AdminShell>
  );
}

/**
 * An admin route's ErrorBoundary: the one GeneralErrorBoundary with the back office's handlers. It
 * shows the loader's safe message (loaders throw data({ message }, { status })), never a stack or
 * SQL; `fallback` is the route's own words when the thrown response carries none.
 */
export function AdminRouteError({ fallback }: { fallback: string }) {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: ({ error }) => <AdminErrorPage title="Not Found" message={thrownMessage(error) ?? "Not found."} /> }}
      defaultStatusHandler={({ error }) => <AdminErrorPage title="Something went wrong" message={thrownMessage(error) ?? fallback} />}
      unexpectedErrorHandler={() => <AdminErrorPage title="Something went wrong" message={fallback} />}
    />
  );
}
