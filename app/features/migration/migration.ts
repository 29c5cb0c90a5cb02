import { z } from "zod";
import { countOf } from "~/ui/words";

/**
 * Pure rules of the catalogue migration, shared by the
 * Queue consumer (app/features/migration/migration-queue.server.ts) and the dashboard panel. No I/O here.
 */

/** The migration is complete when the product count reaches 95% of the catalogue. */
const MIGRATION_COMPLETE_PERCENT = 95;
/** A run still queued or running after this long is treated as lost (a new one may start). */
export const MIGRATION_STALE_AFTER_MS = 15 * 60 * 1000;
/** How often the dashboard panel asks for the run's progress while it is in flight. */
export const MIGRATION_POLL_INTERVAL_MS = 1500;
/** The route the panel posts to and polls. */
export const MIGRATION_ROUTE = "/admin/migration";

export const ACTIVE_MIGRATION_STATUSES = ["queued", "running"] as const;
const FINISHED_MIGRATION_STATUSES = ["succeeded", "warnings", "partial", "failed"] as const;
export type FinishedMigrationStatus = (typeof FINISHED_MIGRATION_STATUSES)[number];
/** The fields of a migration run the rules and the panel read (a `migration_runs` row has them all). */
export interface MigrationRunView {
  id: string;
  /** catalogue (the built-in catalogue) | import (a CSV file, decision 026); older runs have none */
  kind?: string;
  status: string;
  total: number;
  inserted: number;
  failed: number;
  failedProducts: string;
  /** what the run planned to do (RunCounts as JSON); null on runs from before it was kept */
  counts?: string | null;
  productCount: number | null;
  migrationComplete: boolean;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
}

/** The run as the panel's polling receives it from GET /admin/migration (validated: it crosses the network). */
const MigrationRunViewSchema = z.object({
  id: z.string(),
  kind: z.string().optional(),
  status: z.string(),
  total: z.number(),
  inserted: z.number(),
  failed: z.number(),
  failedProducts: z.string(),
  counts: z.string().nullable().optional(),
  productCount: z.number().nullable(),
  migrationComplete: z.boolean(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
});
export const MigrationStatusPayloadSchema = z.object({
  run: MigrationRunViewSchema.nullable().optional(),
  error: z.string().optional(),
});

/** The migration's texts. */
export const MIGRATION_TEXT = {
  failedTitle: "Migration failed",
  authRequired: "Admin authentication required for migration",
  unexpectedError: "An error occurred during migration. Please try again.",
  functionError: (message: string) => `Migration function error: ${message}`,
  insertError: (error: string) => `Failed to insert products: ${error}`,
  alreadyRunningTitle: "Migration already in progress",
  alreadyRunning: "A catalogue migration is already loading. Wait for it to finish before starting another.",
} as const;

const FailedProductSchema = z.object({ key: z.string(), name: z.string(), reason: z.string() });
export type FailedProduct = z.infer<typeof FailedProductSchema>;

/**
 * What a run found to do when it planned: products added, changed and unchanged; for a CSV import the
 * file's rows too (a product sold in sizes is several rows); for a catalogue load kept in 'keep my
 * work', the deleted catalogue products it left in the trash.
 */
const RunCountsSchema = z.object({
  rows: z.number().int().nonnegative().optional(),
  added: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  leftInTrash: z.number().int().nonnegative().optional(),
});
export type RunCounts = z.infer<typeof RunCountsSchema>;

/** Reads `migration_runs.counts`; anything missing or malformed reads as null (the notice then says less). */
function parseRunCounts(text: string | null | undefined): RunCounts | null {
  if (!text) return null;
  try {
    const parsed = RunCountsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** "2 added, 3 changed, 49 unchanged" (and ", 1 left in the trash"). */
function countsText(counts: RunCounts, changedWord = "changed"): string {
  const parts = [`${counts.added} added`, `${counts.changed} ${changedWord}`, `${counts.unchanged} unchanged`];
  if (counts.leftInTrash) parts.push(`${counts.leftInTrash} left in the trash`);
  return parts.join(", ");
}

/** Reads the JSON list stored in `migration_runs.failed_products`; anything malformed reads as empty. */
export function parseFailedProducts(text: string | null | undefined): FailedProduct[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    console.warn("Unreadable failed_products list on a migration run", error);
    return [];
  }
  const parsed = z.array(FailedProductSchema).safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** Complete when productCount >= 95% of catalogueSize; exactly 95% counts. Integer maths, no rounding. */
export function isMigrationComplete(productCount: number, catalogueSize: number): boolean {
  return productCount * 100 >= catalogueSize * MIGRATION_COMPLETE_PERCENT;
}

/** The outcome of a run that ran to its end (a 'failed' run is one that threw). */
export function migrationOutcome({ failed, migrationComplete }: { failed: number; migrationComplete: boolean }) {
  if (!migrationComplete) return "partial" as const;
  return failed > 0 ? ("warnings" as const) : ("succeeded" as const);
}

export function isFinishedStatus(status: string): status is FinishedMigrationStatus {
  const finished: readonly string[] = FINISHED_MIGRATION_STATUSES;
  return finished.includes(status);
}

/** Queued or running and not yet stale: the button stays disabled and the panel keeps polling. */
export function isRunActive(run: Pick<MigrationRunView, "status" | "createdAt"> | null, now = Date.now()): boolean {
  if (!run || isFinishedStatus(run.status)) return false;
  return !isRunStale(run, now);
}

/** Queued or running for longer than MIGRATION_STALE_AFTER_MS: the consumer never finished it. */
export function isRunStale(run: Pick<MigrationRunView, "status" | "createdAt">, now = Date.now()): boolean {
  if (isFinishedStatus(run.status)) return false;
  const created = Date.parse(run.createdAt);
  return Number.isFinite(created) && now - created > MIGRATION_STALE_AFTER_MS;
}

export interface MigrationNotice {
  title: string;
  description: string;
  variant: "default" | "destructive";
}

/** The product's result message for a finished run (docs/product.md#migration), or null while it is still in flight. */
export function migrationNotice(run: MigrationRunView): MigrationNotice | null {
  if (run.kind === "import") return importNotice(run);
  const counts = parseRunCounts(run.counts);
  switch (run.status) {
    case "succeeded":
      return {
        title: "Complete migration successful!",
        description: counts
          ? `Loaded the built-in catalogue (${countOf(run.total, "product", "products")}): ${countsText(counts, "updated")}.`
          : `Loaded the built-in catalogue (${countOf(run.total, "product", "products")}).`,
        variant: "default",
      };
    case "warnings":
      return {
        title: "Migration completed with warnings",
        description: `Successfully migrated ${run.inserted}/${run.total} products. ${countOf(run.failed, "product", "products")} failed.`,
        variant: "default",
      };
    case "partial":
      return {
        title: "Partial migration completed",
        description: `Migrated ${run.inserted}/${run.total} products. Some categories may have fewer products than expected.`,
        variant: "default",
      };
    case "failed":
      return { title: MIGRATION_TEXT.failedTitle, description: run.error || MIGRATION_TEXT.unexpectedError, variant: "destructive" };
    default:
      return null;
  }
}

/** The result of a CSV import run (decision 026): rows, not the catalogue's categories. */
function importNotice(run: MigrationRunView): MigrationNotice | null {
  const counts = parseRunCounts(run.counts);
  const file = counts?.rows === undefined ? "The file" : `The file's ${countOf(counts.rows, "row", "rows")}`;
  const products = countOf(run.total, "product", "products");
  switch (run.status) {
    case "succeeded":
      return {
        title: "Catalogue import finished",
        description: counts ? `${file} (${products}): ${countsText(counts)}.` : `${file} (${products}) imported.`,
        variant: "default",
      };
    case "warnings":
    case "partial":
      return {
        title: "Catalogue import finished with failed rows",
        description: `${file} (${products}): ${run.inserted} imported, ${run.failed} failed and left unchanged.${
          counts ? ` The file asked for ${countsText(counts)}.` : ""
        }`,
        variant: "default",
      };
    case "failed":
      return { title: "Catalogue import failed", description: run.error || MIGRATION_TEXT.unexpectedError, variant: "destructive" };
    default:
      return null;
  }
}

/** A short, display-safe message for any thrown value: the innermost cause (never drizzle's SQL dump), one line, capped. */
export function safeErrorMessage(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause !== undefined; depth++) current = current.cause;
  const raw = current instanceof Error ? current.message : typeof current === "string" ? current : "";
  const oneLine = raw.replace(/\s+/g, " ").trim();
  if (!oneLine || /^Failed query:/i.test(oneLine)) return "Unknown error";
  return oneLine.length > 300 ? `${oneLine.slice(0, 297)}...` : oneLine;
}
