import { Form, Link, useLocation, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { notify } from "~/features/toast/toaster";
import { SpinnerIcon } from "~/ui/icons";
import { ImportFileForm } from "~/features/catalogue-csv/catalogue-import-preview";
import { ProgressBar } from "~/ui/progress-bar";
import { CATALOGUE_EXPORT_ROUTE, CATALOGUE_LOAD_ROUTE } from "./catalogue-load";
import {
  isRunActive,
  isRunStale,
  migrationNotice,
  MIGRATION_POLL_INTERVAL_MS,
  MIGRATION_ROUTE,
  MigrationStatusPayloadSchema,
  parseFailedProducts,
  type MigrationRunView,
} from "./migration";

/** Success in forest green, anything short of it in gold, failure in berry red. */
const OUTCOME_TONE: Record<string, string> = {
  succeeded: "border-forest-700/20 bg-forest-50 text-forest-900",
  warnings: "border-gold-600/30 bg-gold-100 text-ink-900",
  partial: "border-gold-600/30 bg-gold-100 text-ink-900",
  failed: "border-berry-700/30 bg-berry-50 text-berry-700",
};

const STATUS_LABEL: Record<string, string> = {
  queued: "Queued",
  running: "Migrating",
  succeeded: "Complete",
  warnings: "Completed with warnings",
  partial: "Partial",
  failed: "Failed",
};

/**
 * The dashboard's catalogue migration panel. The button opens the load's confirmation
 * (/admin/catalogue-load), whose forms post to /admin/migration; while a run is queued or running the button is disabled and reads
 * 'Loading More Products...', and the panel follows the run: with JavaScript it polls the
 * route's loader (GET /admin/migration), without it a meta refresh and a 'Refresh status' link reload the page.
 * When it sees a run finish it toasts the product's outcome once and refreshes the dashboard.
 */
export function MigrationPanel({
  run,
  catalogue,
}: {
  run: MigrationRunView | null;
  /** the built-in catalogue's size, and how many of the shop's products came from it (null when unknown) */
  catalogue: { size: number; loaded: number | null };
}) {
  const { run: current, active, pollError } = useLiveRun(run);
  const navigation = useNavigation();
  const location = useLocation();
  const submitting = navigation.state !== "idle" && navigation.formAction === MIGRATION_ROUTE;
  const busy = active || submitting;
  useOutcomeToast(current);

  return (
    <section aria-labelledby="migration-heading" className="card overflow-hidden">
      <div className="flex flex-col gap-5 p-6 sm:flex-row sm:items-start sm:justify-between sm:p-8">
        <div className="max-w-xl">
          <p className="eyebrow">Catalogue migration</p>
          <h2 id="migration-heading" className="heading-display mt-1 text-2xl">
            Product catalogue
          </h2>
          <p className="mt-2 text-sm text-ink-700">
            Load the built-in catalogue ({catalogue.size} products) into the shop. Catalogue products are updated in place and keep their
            links; you see what will change, and choose, before anything is written.
          </p>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:items-start">
          {/* A GET to the confirmation (decision 024): nothing changes until the owner chooses there. */}
          <Form method="get" action={CATALOGUE_LOAD_ROUTE}>
            <button type="submit" className="btn-gold w-full sm:w-auto" disabled={busy}>
              {busy ? <Spinner /> : null}
              {busy ? "Loading More Products..." : "Load Full Product Catalog"}
            </button>
          </Form>
          {/* A download: a plain link, never a client-side navigation (decision 026). */}
          <a href={CATALOGUE_EXPORT_ROUTE} download className="btn-secondary w-full sm:w-auto">
            Export catalogue
          </a>
          {/* A real multipart form: the import's preview comes first, nothing changes until it is confirmed (decision 026). */}
          <div className="mt-2 border-t border-ink-900/5 pt-3">
            <ImportFileForm id="dashboard-import-file" compact />
          </div>
        </div>
      </div>

      <div role="status" aria-live="polite" className="border-t border-ink-900/5 bg-cream-100/60 px-6 py-5 sm:px-8">
        {current ? <RunDetails run={current} active={active} /> : <p className="text-sm text-ink-700">{catalogueState(catalogue)}</p>}
        {pollError ? <p className="mt-3 text-sm text-berry-700">{pollError}</p> : null}
        {active ? (
          <p className="mt-3 text-sm">
            {/* Without JavaScript the page reloads itself every 3 s while the run is in flight. */}
            <noscript>
              <meta httpEquiv="refresh" content="3" />
            </noscript>
            <Link to={`${location.pathname}${location.search}`} className="font-medium text-forest-700 underline underline-offset-2">
              Refresh status
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** Without a run from this page (start-up may have seeded the shop): what the products table says about the catalogue. */
function catalogueState({ size, loaded }: { size: number; loaded: number | null }): string {
  if (loaded === null) return "The catalogue's state could not be read.";
  if (loaded === 0) return "The built-in catalogue has not been loaded.";
  if (loaded >= size) return `The built-in catalogue (${size} products) is loaded.`;
  return `${loaded} of the built-in catalogue's ${size} products are in the shop.`;
}

function RunDetails({ run, active }: { run: MigrationRunView; active: boolean }) {
  const notice = migrationNotice(run);
  const failedProducts = parseFailedProducts(run.failedProducts);
  const stale = isRunStale(run);
  const percent = run.total > 0 ? Math.min(100, Math.round((run.inserted / run.total) * 100)) : 0;

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-ink-500">Status</dt>
          <dd className="font-semibold text-forest-900">{stale ? "Not responding" : (STATUS_LABEL[run.status] ?? run.status)}</dd>
        </div>
        <div>
          <dt className="text-ink-500">Migrated</dt>
          <dd className="font-semibold text-forest-900">
            {run.inserted} / {run.total}
          </dd>
        </div>
        <div>
          <dt className="text-ink-500">Failed</dt>
          <dd className={`font-semibold ${run.failed > 0 ? "text-berry-700" : "text-forest-900"}`}>{run.failed}</dd>
        </div>
        <div>
          <dt className="text-ink-500">Products in database</dt>
          <dd className="font-semibold text-forest-900">{run.productCount ?? "—"}</dd>
        </div>
      </dl>

      {active ? (
        <div>
          <ProgressBar
            label="Migration progress"
            percent={percent}
            width={Math.max(percent, 4)}
            className="h-2.5 w-full overflow-hidden rounded-full bg-forest-100"
            barClassName="h-full rounded-full bg-forest-700 transition-[width] duration-500"
          />
          <p className="mt-2 text-sm text-ink-700">
            {run.status === "queued"
              ? "Waiting for the queue to pick up the migration..."
              : `Migrating products: ${run.inserted} of ${run.total} loaded.`}
            {run.error ? " Retrying after an error." : null}
          </p>
        </div>
      ) : null}

      {stale ? (
        <p className="text-sm text-berry-700">
          This migration has not finished after 15 minutes. You can start a new one; the unfinished run will be marked failed.
        </p>
      ) : null}

      {notice ? (
        <div className={`rounded-2xl border p-4 ${OUTCOME_TONE[run.status] ?? OUTCOME_TONE.succeeded}`}>
          <p className="font-semibold">{notice.title}</p>
          <p className="mt-1 text-sm">{notice.description}</p>
          {failedProducts.length > 0 ? (
            <div className="mt-3">
              <p className="text-sm font-semibold">Products that failed</p>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                {failedProducts.map((product) => (
                  <li key={`${product.key}-${product.reason}`}>
                    <span className="font-medium">{product.name}</span> <span className="text-ink-500">({product.key})</span>:{" "}
                    {product.reason}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function Spinner() {
  return <SpinnerIcon className="h-4 w-4 animate-spin" />;
}

/**
 * The freshest run: the page's own (server-rendered, or revalidated) or the last one polled, whichever
 * arrived last. While the run is in flight it asks GET /admin/migration every ~1.5 s. A plain fetch
 * (not a fetcher) so that a dropped connection shows a note here instead of the page's error boundary.
 */
function useLiveRun(run: MigrationRunView | null) {
  const [latest, setLatest] = useState(run);
  const [pollError, setPollError] = useState<string | null>(null);
  useEffect(() => setLatest(run), [run]);
  const active = isRunActive(latest);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const response = await fetch(MIGRATION_ROUTE, { headers: { Accept: "application/json" }, signal: controller.signal });
        const parsed = MigrationStatusPayloadSchema.safeParse(await response.json());
        if (!parsed.success) throw new Error(`Unexpected status response (${response.status})`);
        setPollError(parsed.data.error ?? null);
        if (parsed.data.run) setLatest(parsed.data.run);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn("Migration status poll failed", error);
        setPollError("Could not refresh the migration status. Retrying...");
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void poll(), MIGRATION_POLL_INTERVAL_MS);
    };
    timer = setTimeout(() => void poll(), MIGRATION_POLL_INTERVAL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [active]);

  return { run: latest, active, pollError: active ? pollError : null };
}

/**
 * Toasts the outcome once when a run finishes that this page watched in flight, or that was just
 * started from the confirmation (the action sends the dashboard `?run={id}`: the consumer can finish
 * before the dashboard even loads), then reloads the dashboard's data.
 */
function useOutcomeToast(run: MigrationRunView | null) {
  const watching = useRef<string | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const startedId = searchParams.get("run");
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (!run) return;
    if (isRunActive(run)) {
      watching.current = run.id;
      return;
    }
    const startedHere = startedId === run.id;
    if (watching.current !== run.id && !startedHere) return;
    watching.current = null;
    const notice = migrationNotice(run);
    // A run the Queue never received was already reported by the action's own toast.
    if (notice && run.startedAt !== null) notify(notice);
    // Dropping ?run= (so a reload does not toast again) is a navigation, which reloads the data too.
    if (startedHere) setSearchParams({}, { replace: true, preventScrollReset: true });
    else revalidate();
  }, [run, revalidate, startedId, setSearchParams]);
}
