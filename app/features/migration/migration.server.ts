import { and, count, desc, eq, exists, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { catalogue as builtInCatalogue } from "~db/catalogue";
import { migrationRuns, products, settings, type MigrationRunRow, type NewProductRow } from "~db/schema";
import { putSampleLabReports } from "~db/sample-lab-reports";
import { catalogueEntryToRow } from "~db/transform";
import { createDb, type Db } from "~/server/load-context";
import { thcColumns } from "~/features/catalogue/thc";
import {
  ACTIVE_MIGRATION_STATUSES,
  isFinishedStatus,
  isMigrationComplete,
  migrationOutcome,
  MIGRATION_STALE_AFTER_MS,
  MIGRATION_TEXT,
  safeErrorMessage,
  type FailedProduct,
} from "./migration";

/**
 * The queue-backed catalogue migration (SPEC.md sections 4, 5, 7, 8; DESIGN.md 'Migration').
 *
 * An admin action records a run in D1 and sends `{ runId }` to MIGRATION_QUEUE. The consumer
 * transforms the built-in catalogue, clears the products once when asked, inserts in atomic
 * D1 batches (each statement under D1's 100 bound parameters), isolates a failing product,
 * and records the outcome. Delivery is at least once, so every step is safe to repeat:
 * - a finished run is never touched again;
 * - the clear and the run's `cleared` mark commit in one batch, and the delete only runs while
 *   the mark is unset, so a redelivery (even a concurrent one) never clears twice;
 * - products are inserted by their unique catalogue key with ON CONFLICT DO NOTHING, so a
 *   redelivery after a partial insert ends with each catalogue product exactly once.
 */

export const MIGRATION_QUEUE_NAME = "catalogue-migration";
export const MIGRATION_DLQ_NAME = "catalogue-migration-dlq";
/** D1 allows at most 100 bound parameters per statement. */
export const D1_MAX_BOUND_PARAMETERS = 100;
/** Catalogue rows per atomic D1 batch; progress is recorded after each batch. */
export const MIGRATION_BATCH_ROWS = 10;
/** Seconds before the Queue redelivers a message whose processing threw. */
const RETRY_DELAY_SECONDS = 5;
const SETTING_MIGRATION_COMPLETE = "migration_complete";

export const MigrationMessageSchema = z.object({ runId: z.string().uuid() }).strict();
export type MigrationMessage = z.infer<typeof MigrationMessageSchema>;
/** The producer side of MIGRATION_QUEUE (the binding, or a stand-in in tests). */
export type MigrationQueue = { send(message: MigrationMessage): Promise<unknown> };

const isoNow = sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

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

// ---------------------------------------------------------------------------------------------
// Inserting product rows under the bound-parameter limit (also used by the local seed)

function boundParameters(statement: { toSQL(): { params: unknown[] } }) {
  return statement.toSQL().params.length;
}

/**
 * INSERT statements for `rows`, grouped so that no statement binds more than 100 parameters.
 * Parameters are counted from drizzle's own SQL for each row (column defaults that drizzle
 * binds count too), not guessed from the column list. Rows whose catalogue key already
 * exists are skipped (ON CONFLICT DO NOTHING), so repeating a statement is harmless.
 */
export function productInsertStatements(db: Db, input: readonly NewProductRow[]) {
  // Whoever built the rows, the THC potency columns always follow the THC text.
  const rows = input.map((row) => ({ ...row, ...thcColumns(row.thcContent) }));
  const build = (group: NewProductRow[]) => db.insert(products).values(group).onConflictDoNothing();
  const statements: ReturnType<typeof build>[] = [];
  let group: NewProductRow[] = [];
  let groupParameters = 0;
  for (const row of rows) {
    const rowParameters = boundParameters(db.insert(products).values(row));
    if (rowParameters > D1_MAX_BOUND_PARAMETERS) throw new Error(`A product row binds ${rowParameters} parameters`);
    if (group.length > 0 && groupParameters + rowParameters > D1_MAX_BOUND_PARAMETERS) {
      statements.push(build(group));
      group = [];
      groupParameters = 0;
    }
    group.push(row);
    groupParameters += rowParameters;
  }
  if (group.length > 0) statements.push(build(group));
  for (const statement of statements) {
    const bound = boundParameters(statement);
    if (bound > D1_MAX_BOUND_PARAMETERS) throw new Error(`An insert statement would bind ${bound} parameters`);
  }
  return statements;
}

/** Inserts rows in one atomic D1 batch (chunked under the parameter limit); existing catalogue keys are skipped. */
export async function insertProductRows(db: Db, rows: readonly NewProductRow[]) {
  const [first, ...rest] = productInsertStatements(db, rows);
  if (first) await db.batch([first, ...rest]);
}

// ---------------------------------------------------------------------------------------------
// Starting a run (admin action)

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
  { clearExisting }: { clearExisting: boolean },
  catalogueSize = builtInCatalogue.length,
): Promise<StartMigrationResult> {
  const id = crypto.randomUUID();
  const staleBefore = new Date(Date.now() - MIGRATION_STALE_AFTER_MS).toISOString();
  await db
    .update(migrationRuns)
    .set({
      status: "failed",
      error: MIGRATION_TEXT.functionError("the run did not finish within 15 minutes"),
      finishedAt: isoNow,
    })
    .where(and(inArray(migrationRuns.status, [...ACTIVE_MIGRATION_STATUSES]), lt(migrationRuns.createdAt, staleBefore)));
  // One statement, so the "nothing in flight" check and the insert cannot interleave with another click.
  const created = await db.run(sql`
    INSERT INTO migration_runs (id, status, clear_existing, total)
    SELECT ${id}, 'queued', ${clearExisting ? 1 : 0}, ${catalogueSize}
    WHERE NOT EXISTS (SELECT 1 FROM migration_runs WHERE status IN ('queued', 'running'))
  `);
  if (created.meta.changes === 0) return { kind: "busy", run: await getLatestMigrationRun(db) };

  try {
    await queue.send({ runId: id });
  } catch (error) {
    console.error("Could not send the migration run to the queue", error);
    const message = MIGRATION_TEXT.functionError(safeErrorMessage(error));
    await db.update(migrationRuns).set({ status: "failed", error: message, finishedAt: isoNow }).where(eq(migrationRuns.id, id));
    return { kind: "failed", run: await getMigrationRun(db, id), message };
  }
  const run = await getMigrationRun(db, id);
  if (!run) throw new Error(`Migration run ${id} vanished after it was created`);
  return { kind: "started", run };
}

// ---------------------------------------------------------------------------------------------
// Running a run (Queue consumer)

type CatalogueRow = NewProductRow & { catalogueKey: string };

/** Transforms the catalogue with the shared transform; entries that cannot become a keyed row are reported, not inserted. */
export function prepareCatalogueRows(entries: readonly unknown[]) {
  const rows: CatalogueRow[] = [];
  const rejected: FailedProduct[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    let row: NewProductRow;
    try {
      row = catalogueEntryToRow(entry);
    } catch (error) {
      rejected.push({ key: `#${index + 1}`, name: "Unnamed Product", reason: safeErrorMessage(error) });
      return;
    }
    const key = row.catalogueKey;
    if (!key) {
      // Without its key a product could be inserted twice on redelivery.
      rejected.push({ key: `#${index + 1}`, name: row.name, reason: "Catalogue entry has no key" });
    } else if (seen.has(key)) {
      rejected.push({ key, name: row.name, reason: `Duplicate catalogue key "${key}"` });
    } else {
      seen.add(key);
      rows.push({ ...row, catalogueKey: key });
    }
  });
  return { rows, rejected };
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

const activeRun = (runId: string) => and(eq(migrationRuns.id, runId), inArray(migrationRuns.status, [...ACTIVE_MIGRATION_STATUSES]));

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

  const [run] = await db
    .update(migrationRuns)
    .set({ status: "running", startedAt: sql`coalesce(${migrationRuns.startedAt}, ${isoNow})`, total: entries.length })
    .where(activeRun(runId))
    .returning();
  if (!run) {
    const finished = await getMigrationRun(db, runId);
    return finished ? { kind: "already-finished", run: finished } : { kind: "ignored", reason: "unknown run" };
  }

  if (run.clearExisting && !run.cleared) await clearProductsOnce(db, runId);

  // The sample lab reports go into R2 before the rows that point at them (a redelivery puts the same bytes again).
  if (options.bucket) await putSampleLabReports(options.bucket, entries);
  const { rows, rejected } = prepareCatalogueRows(entries);
  const failedProducts: FailedProduct[] = [...rejected];
  let inserted = 0;
  try {
    for (let start = 0; start < rows.length; start += batchRows) {
      const group = rows.slice(start, start + batchRows);
      inserted += await insertGroup(db, runId, group, inserted, failedProducts);
    }
  } catch (error) {
    throw new MigrationInsertError(error);
  }

  const [{ value: productCount }] = await db.select({ value: count() }).from(products);
  const migrationComplete = isMigrationComplete(productCount, entries.length);
  const status = migrationOutcome({ failed: failedProducts.length, migrationComplete });
  await db.batch([
    db
      .insert(settings)
      .values({ key: SETTING_MIGRATION_COMPLETE, value: String(migrationComplete) })
      .onConflictDoUpdate({ target: settings.key, set: { value: String(migrationComplete), updatedAt: isoNow } }),
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
        finishedAt: isoNow,
      })
      .where(activeRun(runId)),
  ]);
  const finished = await getMigrationRun(db, runId);
  if (!finished) throw new Error(`Migration run ${runId} vanished while it ran`);
  console.log(`Migration run ${runId}: ${finished.status}, ${inserted}/${entries.length} migrated, ${failedProducts.length} failed`);
  return { kind: "finished", run: finished };
}

/** Deletes every product and marks the run cleared, atomically; a no-op once the mark is set. */
async function clearProductsOnce(db: Db, runId: string) {
  const notYetCleared = db
    .select({ one: sql`1` })
    .from(migrationRuns)
    .where(and(eq(migrationRuns.id, runId), eq(migrationRuns.cleared, false)));
  await db.batch([
    db.delete(products).where(exists(notYetCleared)),
    db.update(migrationRuns).set({ cleared: true }).where(eq(migrationRuns.id, runId)),
  ]);
}

function progressUpdate(db: Db, runId: string, inserted: number, failedProducts: FailedProduct[]) {
  return db
    .update(migrationRuns)
    .set({ inserted, failed: failedProducts.length, failedProducts: JSON.stringify(failedProducts) })
    .where(activeRun(runId));
}

/**
 * Inserts one group of rows and its progress record in one atomic batch. When the batch fails,
 * the rows are tried one by one: a row that still fails goes into failedProducts and the rest go
 * on. Returns how many of the group's products are now in the database.
 */
async function insertGroup(db: Db, runId: string, group: CatalogueRow[], insertedBefore: number, failedProducts: FailedProduct[]) {
  const statements = productInsertStatements(db, group);
  try {
    // One transaction: the group's rows and the progress that counts them commit together (or not at all).
    await db.batch([progressUpdate(db, runId, insertedBefore + group.length, failedProducts), ...statements]);
    return group.length;
  } catch (batchError) {
    console.warn(`A batch of ${group.length} products failed; retrying them one by one: ${safeErrorMessage(batchError)}`);
  }
  let inserted = 0;
  for (const row of group) {
    const [statement] = productInsertStatements(db, [row]);
    try {
      await statement!.run();
      inserted += 1;
    } catch (rowError) {
      const reason = safeErrorMessage(rowError);
      console.warn(`Product "${row.catalogueKey}" could not be inserted: ${reason}`);
      failedProducts.push({ key: row.catalogueKey, name: row.name, reason });
    }
  }
  await progressUpdate(db, runId, insertedBefore + inserted, failedProducts);
  return inserted;
}

// ---------------------------------------------------------------------------------------------
// Queue wiring

function describeFailure(error: unknown) {
  return error instanceof MigrationInsertError
    ? MIGRATION_TEXT.insertError(error.message)
    : MIGRATION_TEXT.functionError(safeErrorMessage(error));
}

/** Keeps the last error on a run that will be retried, so the dead-letter step can report it. */
async function recordRunError(db: Db, runId: string, error: unknown) {
  try {
    await db
      .update(migrationRuns)
      .set({ error: describeFailure(error) })
      .where(activeRun(runId));
  } catch (recordError) {
    console.error(`Could not record the error of migration run ${runId}`, recordError);
  }
}

/** A message that exhausted its retries: the run is marked failed with its last error. */
export async function failDeadLetteredRun(db: Db, runId: string) {
  const run = await getMigrationRun(db, runId);
  if (!run) {
    console.warn(`Ignoring a dead-lettered migration message for unknown run ${runId}`);
    return;
  }
  if (isFinishedStatus(run.status)) return;
  await db
    .update(migrationRuns)
    .set({ status: "failed", error: run.error || MIGRATION_TEXT.unexpectedError, finishedAt: isoNow })
    .where(activeRun(runId));
  console.error(`Migration run ${runId} failed after its retries: ${run.error ?? "no error recorded"}`);
}

/**
 * Queue consumer for MIGRATION_QUEUE and its dead-letter queue (told apart by `batch.queue`).
 * A message of unknown shape is logged and acknowledged; a processing error is recorded on the run
 * and the message retried, and after max_retries the Queue moves it to the dead-letter queue.
 */
export async function handleMigrationBatch(batch: MessageBatch<unknown>, env: Env) {
  const db = createDb(env.DB);
  const deadLetters = batch.queue === MIGRATION_DLQ_NAME;
  for (const message of batch.messages) {
    const parsed = MigrationMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.warn(`Ignoring a message of unknown shape on ${batch.queue}`, parsed.error.issues);
      message.ack();
      continue;
    }
    const { runId } = parsed.data;
    try {
      if (deadLetters) await failDeadLetteredRun(db, runId);
      else await runMigration(db, runId, { bucket: env.IMAGES });
      message.ack();
    } catch (error) {
      console.error(`Migration run ${runId} failed on attempt ${message.attempts}; it will be retried`, error);
      if (!deadLetters) await recordRunError(db, runId, error);
      message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
    }
  }
}
