import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { catalogue as builtInCatalogue } from "~db/catalogue";
import { migrationRuns, productTrash, products, settings, type MigrationRunRow, type NewProductRow, sqlNow } from "~db/schema";
import { putSampleLabReports } from "~db/sample-lab-reports";
import { isPlainSize } from "~db/transform";
import type { Db } from "~/server/load-context";
import { thcColumns } from "~/features/catalogue/thc";
import { abortUnlessChanged, sizeWriteStatements } from "~/features/catalogue/sizes.server";
import { moveProductsToTrash } from "~/features/trash/trash.server";
import { IMPORT_BATCH_ROWS, IMPORT_TEXT } from "~/features/catalogue-csv/catalogue-import";
import {
  importObjectKey,
  planCatalogueImport,
  readStagedImport,
  stagedImport,
  type ImportStep,
} from "~/features/catalogue-csv/catalogue-import.server";
import { readCatalogueRevision } from "~/features/listings/counts-cache.server";
import { catalogueFields, serializeSnapshot, type LoadMode } from "~/features/catalogue/catalogue-plan";
import {
  ACTIVE_MIGRATION_STATUSES,
  isFinishedStatus,
  isMigrationComplete,
  migrationOutcome,
  MIGRATION_STALE_AFTER_MS,
  MIGRATION_TEXT,
  parseFailedProducts,
  safeErrorMessage,
  type FailedProduct,
  type RunCounts,
} from "./migration";
import { planCatalogueLoad, LoadStep, CatalogueRow } from "./load-plan.server";
import { catalogueInsertStatements, productInsertStatements } from "./product-inserts.server";

/**
 * The queue-backed catalogue migration.
 *
 * The admin confirms a plan (planCatalogueLoad: added, updated, unchanged, the owner's products and
 * edits), the action records a run in D1 and sends `{ runId }` to MIGRATION_QUEUE. The consumer plans
 * again and carries the plan out in atomic D1 batches (each statement under D1's 100 bound parameters):
 * catalogue products are matched by their stable catalogue key and updated in place, so ids, URLs,
 * cart lines, media and lab reports survive every load. The run's `clearExisting` flag is the owner's
 * explicit 'replace' choice: the owner's products go to the trash and their edits are overwritten;
 * without it both are kept. Delivery is at least once, so every step is safe to repeat:
 * - a finished run is never touched again;
 * - each delivery plans afresh, so rows an earlier delivery wrote plan as unchanged;
 * - inserts are keyed by the unique catalogue key with ON CONFLICT DO NOTHING, and updates only apply
 *   while the row still has the version they were planned on.
 */

/** How many products the shop has (a count query always answers one row). */
async function productTotal(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(products);
  return row?.value ?? 0;
}

/** Catalogue rows per atomic D1 batch; progress is recorded after each batch. */
export const MIGRATION_BATCH_ROWS = 10;

const SETTING_MIGRATION_COMPLETE = "migration_complete";

/** The producer side of the migration Queue (the binding, or a stand-in in tests). */
export type MigrationQueue = { send(message: { runId: string }): Promise<unknown> };

/** The newest migration run, for the dashboard. */
export async function getLatestMigrationRun(db: Db): Promise<MigrationRunRow | null> {
  const [run] = await db
    .select()
    .from(migrationRuns)
    .orderBy(desc(migrationRuns.createdAt), desc(sql`rowid`))
    .limit(1);
  return run ?? null;
}

export async function getMigrationRun(db: Db, runId: string): Promise<MigrationRunRow | null> {
  const [run] = await db.select().from(migrationRuns).where(eq(migrationRuns.id, runId)).limit(1);
  return run ?? null;
}

export type StartMigrationResult =
  | { kind: "started"; run: MigrationRunRow }
  | { kind: "busy"; run: MigrationRunRow | null }
  | { kind: "failed"; run: MigrationRunRow | null; message: string };

/**
 * Records a queued run and sends its id to the Queue. Refuses while another run is queued or
 * running (the check and the insert are one statement, so two clicks cannot both start one).
 * Runs left queued or running past MIGRATION_STALE_AFTER_MS are marked failed first.
 */
export async function startMigrationRun(
  db: Db,
  queue: MigrationQueue,
  {
    clearExisting,
    importSource,
  }: {
    clearExisting: boolean;
    /** a staged CSV import (decision 026) instead of the built-in catalogue */ importSource?: { upload: string; rows: number };
  },
  catalogueSize = importSource?.rows ?? builtInCatalogue.length,
): Promise<StartMigrationResult> {
  const id = crypto.randomUUID();
  const staleBefore = new Date(Date.now() - MIGRATION_STALE_AFTER_MS).toISOString();
  await db
    .update(migrationRuns)
    .set({
      status: "failed",
      error: MIGRATION_TEXT.functionError("the run did not finish within 15 minutes"),
      finishedAt: sqlNow,
    })
    .where(and(inArray(migrationRuns.status, [...ACTIVE_MIGRATION_STATUSES]), lt(migrationRuns.createdAt, staleBefore)));
  // One statement, so the "nothing in flight" check and the insert cannot interleave with another click.
  const created = await db.run(sql`
    INSERT INTO migration_runs (id, status, kind, source, clear_existing, total)
    SELECT ${id}, 'queued', ${importSource ? "import" : "catalogue"}, ${importSource?.upload ?? null}, ${clearExisting ? 1 : 0}, ${catalogueSize}
    WHERE NOT EXISTS (SELECT 1 FROM migration_runs WHERE status IN ('queued', 'running'))
  `);
  if (created.meta.changes === 0) return { kind: "busy", run: await getLatestMigrationRun(db) };

  try {
    await queue.send({ runId: id });
  } catch (error) {
    console.error("Could not send the migration run to the queue", error);
    const message = MIGRATION_TEXT.functionError(safeErrorMessage(error));
    await db.update(migrationRuns).set({ status: "failed", error: message, finishedAt: sqlNow }).where(eq(migrationRuns.id, id));
    return { kind: "failed", run: await getMigrationRun(db, id), message };
  }
  const run = await getMigrationRun(db, id);
  if (!run) throw new Error(`Migration run ${id} vanished after it was created`);
  return { kind: "started", run };
}

/** An error that escaped the insert phase: recorded as 'Failed to insert products: {error}'. */
export class MigrationInsertError extends Error {
  constructor(cause: unknown) {
    super(safeErrorMessage(cause), { cause });
    this.name = "MigrationInsertError";
  }
}

export type RunMigrationResult =
  { kind: "ignored"; reason: string } | { kind: "already-finished"; run: MigrationRunRow } | { kind: "finished"; run: MigrationRunRow };

export interface RunMigrationOptions {
  /** The catalogue to load (tests inject their own); the built-in one by default. */
  catalogue?: readonly unknown[];
  /** Rows per atomic D1 batch. */
  batchRows?: number;
  /** Where the catalogue's sample lab reports go (the IMAGES bucket); none are stored without it. */
  bucket?: R2Bucket;
}

/** The run, while it is still queued or running (a finished run is never written again). */
export const activeRun = (runId: string) => and(eq(migrationRuns.id, runId), inArray(migrationRuns.status, [...ACTIVE_MIGRATION_STATUSES]));

/** Processes one migration run to its end. Safe to call again for the same run at any point. */
export async function runMigration(db: Db, runId: string, options: RunMigrationOptions = {}): Promise<RunMigrationResult> {
  const entries = options.catalogue ?? builtInCatalogue;
  const batchRows = Math.max(1, options.batchRows ?? MIGRATION_BATCH_ROWS);

  const existing = await getMigrationRun(db, runId);
  if (!existing) {
    // Only runs created by the admin action exist; anything else is not ours to act on.
    console.warn(`Ignoring a migration message for unknown run ${runId}`);
    return { kind: "ignored", reason: "unknown run" };
  }
  if (isFinishedStatus(existing.status)) return { kind: "already-finished", run: existing };
  if (existing.kind === "import")
    return runCatalogueImport(db, runId, options.bucket, existing.startedAt === null ? existing.source : null);

  const [run] = await db
    .update(migrationRuns)
    .set({ status: "running", startedAt: sql`coalesce(${migrationRuns.startedAt}, ${sqlNow})`, total: entries.length })
    .where(activeRun(runId))
    .returning();
  if (!run) {
    const finished = await getMigrationRun(db, runId);
    return finished ? { kind: "already-finished", run: finished } : { kind: "ignored", reason: "unknown run" };
  }
  const mode: LoadMode = run.clearExisting ? "replace" : "keep";

  // The sample lab reports go into R2 before the rows that point at them (a redelivery puts the same bytes again).
  if (options.bucket) await putSampleLabReports(options.bucket, entries);
  // Planned on every delivery: rows an earlier delivery already wrote now plan as unchanged.
  const plan = await planCatalogueLoad(db, entries, mode);
  // What the run does, counted by the first delivery's plan (a redelivery plans written rows as unchanged).
  const counts: RunCounts = {
    added: plan.summary.added,
    changed: plan.summary.updated,
    unchanged: plan.summary.unchanged,
    ...(mode === "keep" && plan.summary.trashed.length > 0 ? { leftInTrash: plan.summary.trashed.length } : {}),
  };
  await keepRunCounts(db, runId, counts);
  // Replacing: the owner's products that existed when the run was started go to the trash (never into nothing).
  if (mode === "replace" && !run.cleared) {
    const ids = plan.summary.ownerProducts.filter((product) => product.createdAt <= run.createdAt).map((product) => product.id);
    await moveProductsToTrash(db, ids, "replaced");
    await db.update(migrationRuns).set({ cleared: true }).where(eq(migrationRuns.id, runId));
  }

  const failedProducts: FailedProduct[] = [...plan.rejected];
  let inserted = 0;
  try {
    for (let start = 0; start < plan.steps.length; start += batchRows) {
      const group = plan.steps.slice(start, start + batchRows);
      inserted += await applyGroup(db, runId, group, inserted, failedProducts);
    }
  } catch (error) {
    throw new MigrationInsertError(error);
  }

  const productCount = await productTotal(db);
  const migrationComplete = isMigrationComplete(productCount, entries.length);
  const status = migrationOutcome({ failed: failedProducts.length, migrationComplete });
  await db.batch([
    db
      .insert(settings)
      .values({ key: SETTING_MIGRATION_COMPLETE, value: String(migrationComplete) })
      .onConflictDoUpdate({ target: settings.key, set: { value: String(migrationComplete), updatedAt: sqlNow } }),
    db
      .update(migrationRuns)
      .set({
        status,
        inserted,
        failed: failedProducts.length,
        failedProducts: JSON.stringify(failedProducts),
        productCount,
        migrationComplete,
        error: null,
        finishedAt: sqlNow,
      })
      .where(activeRun(runId)),
  ]);
  const finished = await getMigrationRun(db, runId);
  if (!finished) throw new Error(`Migration run ${runId} vanished while it ran`);
  console.log(`Migration run ${runId}: ${finished.status}, ${inserted}/${entries.length} migrated, ${failedProducts.length} failed`);
  return { kind: "finished", run: finished };
}

/** Keeps the counts the run's first plan found (a later delivery's own plan never replaces them). */
function keepRunCounts(db: Db, runId: string, counts: RunCounts) {
  return db
    .update(migrationRuns)
    .set({ counts: sql`coalesce(${migrationRuns.counts}, ${JSON.stringify(counts)})` })
    .where(activeRun(runId));
}

function progressUpdate(db: Db, runId: string, inserted: number, failedProducts: FailedProduct[]) {
  return db
    .update(migrationRuns)
    .set({ inserted, failed: failedProducts.length, failedProducts: JSON.stringify(failedProducts) })
    .where(activeRun(runId));
}

/** The statements that carry out one planned catalogue product (none when it is unchanged or stays in the trash). */
function stepStatements(db: Db, { row, sizes, writeSizes, plan }: LoadStep): BatchItem<"sqlite">[] {
  switch (plan.kind) {
    case "add":
      return catalogueInsertStatements(db, [{ row: withSnapshot(row), sizes }]);
    case "restore":
      return [
        ...productInsertStatements(db, [{ ...withSnapshot(row), id: plan.id }]),
        // The catalogue's sizes replace the one the insert trigger gave the restored row.
        ...(isPlainSize(sizes) ? [] : sizeWriteStatements(db, plan.id, sizes)),
        db.delete(productTrash).where(eq(productTrash.id, plan.id)),
      ];
    case "update": {
      const changes = Object.keys(plan.set).length > 0 || writeSizes !== undefined;
      // A plan's fields are product columns by name, each typed as any column's value (catalogue-plan.ts);
      // each holds its own column's type.
      const thc = "thcContent" in plan.set ? thcColumns(plan.set.thcContent as string | null) : {};
      return [
        db
          .update(products)
          .set({
            ...(plan.set as Partial<NewProductRow>),
            ...thc,
            catalogueSnapshot: plan.snapshot,
            // A change bumps the version, so an edit form opened before the load reports a conflict instead of undoing it.
            ...(changes ? { version: sql`${products.version} + 1`, updatedAt: sqlNow } : {}),
          })
          // Only while the row is as planned: an owner's save in the meantime wins.
          .where(and(eq(products.id, plan.id), eq(products.version, plan.version))),
        // ... and its sizes only with that update (a stale version fails the batch: nothing is written).
        // Sizes the catalogue leaves out go to the trash under the version this update gives the
        // product, as a form save's do: the owner can put them back from /admin/trash.
        ...(writeSizes
          ? [abortUnlessChanged(db, plan.id), ...sizeWriteStatements(db, plan.id, writeSizes, { version: plan.version + 1 })]
          : []),
      ];
    }
    default:
      return [];
  }
}

/** A catalogue row with the snapshot of what this load writes (decision 024). */
function withSnapshot(row: CatalogueRow): CatalogueRow {
  return { ...row, catalogueSnapshot: serializeSnapshot(catalogueFields(row)) };
}

/**
 * Applies one group of planned products and its progress record in one atomic batch. When the batch
 * fails, the products are tried one by one: one that still fails goes into failedProducts and the rest
 * go on. Returns how many of the group's products are now in place.
 */
async function applyGroup(db: Db, runId: string, group: LoadStep[], doneBefore: number, failedProducts: FailedProduct[]) {
  // New products go in as multi-row INSERTs (as many rows per statement as fit in 100 parameters).
  const adds = group.filter((step) => step.plan.kind === "add");
  const statements = [
    ...catalogueInsertStatements(
      db,
      adds.map(({ row, sizes }) => ({ row: withSnapshot(row), sizes })),
    ),
    ...group.filter((step) => step.plan.kind !== "add").flatMap((step) => stepStatements(db, step)),
  ];
  try {
    // One transaction: the group's rows and the progress that counts them commit together (or not at all).
    await db.batch([progressUpdate(db, runId, doneBefore + group.length, failedProducts), ...statements]);
    return group.length;
  } catch (batchError) {
    console.warn(`A batch of ${group.length} products failed; retrying them one by one: ${safeErrorMessage(batchError)}`);
  }
  let done = 0;
  for (const step of group) {
    const [first, ...rest] = stepStatements(db, step);
    try {
      if (first) await db.batch([first, ...rest]);
      done += 1;
    } catch (rowError) {
      const reason = safeErrorMessage(rowError);
      console.warn(`Product "${step.row.catalogueKey}" could not be loaded: ${reason}`);
      failedProducts.push({ key: step.row.catalogueKey, name: step.row.name, reason });
    }
  }
  await progressUpdate(db, runId, doneBefore + done, failedProducts);
  return done;
}

// ---------------------------------------------------------------------------------------------
// Running a CSV import (decision 026): the same run, Queue and progress, with rows from the staged file

/**
 * Plans the staged file again (as the preview did) and writes it in atomic batches of
 * IMPORT_BATCH_ROWS rows, each with the progress that counts it. The progress is the cursor: a
 * redelivery goes on after the last batch that committed, so no row is written twice. A batch that
 * fails leaves all its rows unchanged and lists them on the run; the next batches still run.
 */
async function runCatalogueImport(
  db: Db,
  runId: string,
  bucket: R2Bucket | undefined,
  /** the staged upload, when the run has never started */
  firstStartOf: string | null,
): Promise<RunMigrationResult> {
  // Before its first row, the run holds to its preview: a product or size written since (by an owner,
  // or by another import of the same keyless rows) refuses it whole. A redelivery after a batch landed
  // sees its own writes, so only the first start checks.
  const staged = bucket && firstStartOf ? await stagedImport(bucket, firstStartOf) : null;
  const stale = staged !== null && (await readCatalogueRevision(db)) !== staged.revision;
  const [run] = await db
    .update(migrationRuns)
    .set({ status: "running", startedAt: sql`coalesce(${migrationRuns.startedAt}, ${sqlNow})` })
    .where(activeRun(runId))
    .returning();
  if (!run) {
    const finished = await getMigrationRun(db, runId);
    return finished ? { kind: "already-finished", run: finished } : { kind: "ignored", reason: "unknown run" };
  }
  const text = bucket && run.source && !stale ? await readStagedImport(bucket, run.source) : null;
  // Read as the preview read it: the owner's date order and the shop's time zone, kept with the file.
  const reading = text !== null && bucket && run.source ? ((await stagedImport(bucket, run.source)) ?? null) : null;
  const planned =
    text === null || !bucket
      ? null
      : await planCatalogueImport(db, bucket, text, {
          dateOrder: reading?.dateOrder ?? "auto",
          timeZone: reading?.timeZone ?? "UTC",
          now: new Date(),
        });
  const problem = stale
    ? IMPORT_TEXT.shopChangedBeforeRun
    : !planned
      ? IMPORT_TEXT.fileGone
      : !planned.ok
        ? planned.message
        : planned.plan.refused.length > 0
          ? `${planned.plan.refused.length} cells are refused now (the shop changed since the preview): nothing was imported.`
          : null;
  if (problem || !planned?.ok || !bucket) {
    await db.update(migrationRuns).set({ status: "failed", error: problem, finishedAt: sqlNow }).where(activeRun(runId));
    return { kind: "finished", run: (await getMigrationRun(db, runId))! };
  }
  const { steps, names } = planned.plan;
  const failedProducts = parseFailedProducts(run.failedProducts);
  let done = run.inserted;
  await db.update(migrationRuns).set({ total: steps.length }).where(activeRun(runId));
  const { plan } = planned;
  await keepRunCounts(db, runId, { rows: plan.rows, added: plan.added.length, changed: plan.changed.length, unchanged: plan.unchanged });
  for (let start = run.inserted + failedProducts.length; start < steps.length; start += IMPORT_BATCH_ROWS) {
    const group = steps.slice(start, start + IMPORT_BATCH_ROWS);
    try {
      await db.batch([
        progressUpdate(db, runId, done + group.length, failedProducts),
        ...group.flatMap((step) => importStatements(db, step)),
      ]);
      done += group.length;
    } catch (error) {
      const reason = `Rows ${group[0]!.row}–${group[group.length - 1]!.row} were not imported and are unchanged: ${safeErrorMessage(error)}`;
      console.warn(`Import run ${runId}: ${reason}`);
      group.forEach((step, index) => failedProducts.push({ key: `row ${step.row}`, name: names[start + index] ?? "", reason }));
      await progressUpdate(db, runId, done, failedProducts);
    }
  }
  const productCount = await productTotal(db);
  await db
    .update(migrationRuns)
    .set({
      status: migrationOutcome({ failed: failedProducts.length, migrationComplete: done > 0 || steps.length === 0 }),
      inserted: done,
      failed: failedProducts.length,
      failedProducts: JSON.stringify(failedProducts),
      productCount,
      error: null,
      finishedAt: sqlNow,
    })
    .where(activeRun(runId));
  await bucket.delete(importObjectKey(run.source!)).catch((error: unknown) => console.warn("Could not delete a staged import", error));
  const finished = await getMigrationRun(db, runId);
  if (!finished) throw new Error(`Import run ${runId} vanished while it ran`);
  console.log(`Import run ${runId}: ${finished.status}, ${done}/${steps.length} rows, ${failedProducts.length} failed`);
  return { kind: "finished", run: finished };
}

/** The statement that writes one planned import row (none when it is unchanged). */
function importStatements(db: Db, step: ImportStep): BatchItem<"sqlite">[] {
  if (step.kind === "add") {
    // An import step's fields are product columns by name, typed as any column's value (as in a load's plan).
    const insert = productInsertStatements(db, [{ ...(step.fields as Partial<NewProductRow>), catalogueKey: step.key } as NewProductRow]);
    if (!step.sizes || isPlainSize(step.sizes)) return insert;
    // The file's sizes on the row just inserted (by its key when it has one, see SizesTarget).
    return [...insert, ...sizeWriteStatements(db, step.key === null ? "inserted" : { insertedKey: step.key }, step.sizes)];
  }
  if (step.kind === "unchanged") return [];
  // As above, for an update's changed columns.
  const thc = "thcContent" in step.set ? thcColumns(step.set.thcContent as string | null) : {};
  return [
    db
      .update(products)
      .set({ ...(step.set as Partial<NewProductRow>), ...thc, version: sql`${products.version} + 1`, updatedAt: sqlNow })
      // Only while the row is as planned: an owner's save in the meantime wins.
      .where(and(eq(products.id, step.id), eq(products.version, step.version))),
    // The file's sizes only with that update (a stale version fails the batch: nothing is written).
    // Sizes the file leaves out go to the trash under the version this update gives the product.
    ...(step.sizes
      ? [abortUnlessChanged(db, step.id), ...sizeWriteStatements(db, step.id, step.sizes, { version: step.version + 1 })]
      : []),
  ];
}
