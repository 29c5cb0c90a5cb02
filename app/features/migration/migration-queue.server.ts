import { z } from "zod";
import { migrationRuns, sqlNow } from "~db/schema";
import { createDb, type Db } from "~/server/load-context";
import { validMessages } from "~/server/queue-messages";
import { isFinishedStatus, MIGRATION_TEXT, safeErrorMessage } from "./migration";
import { activeRun, MigrationInsertError, getMigrationRun, runMigration } from "./migration-runs.server";

/** The migration Queue's consumer: each message names a run; a run whose retries ran out is marked failed. */

export const MIGRATION_QUEUE_NAME = "catalogue-migration";
export const MIGRATION_DLQ_NAME = "catalogue-migration-dlq";

/** Seconds before the Queue redelivers a message whose processing threw. */
const RETRY_DELAY_SECONDS = 5;

const MigrationMessageSchema = z.object({ runId: z.string().uuid() }).strict();
export type MigrationMessage = z.infer<typeof MigrationMessageSchema>;

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
async function failDeadLetteredRun(db: Db, runId: string) {
  const run = await getMigrationRun(db, runId);
  if (!run) {
    console.warn(`Ignoring a dead-lettered migration message for unknown run ${runId}`);
    return;
  }
  if (isFinishedStatus(run.status)) return;
  await db
    .update(migrationRuns)
    .set({ status: "failed", error: run.error || MIGRATION_TEXT.unexpectedError, finishedAt: sqlNow })
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
  for (const [message, { runId }] of validMessages(batch, MigrationMessageSchema)) {
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
