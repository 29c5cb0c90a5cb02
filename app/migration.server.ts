import type { MessageBatch } from "@cloudflare/workers-types";
import { desc } from "drizzle-orm";
import { migrationRuns, type MigrationRunRow } from "../db/schema";
import type { Db } from "./load-context";

/** The newest migration run, for the dashboard. */
export async function getLatestMigrationRun(db: Db): Promise<MigrationRunRow | null> {
  const [run] = await db.select().from(migrationRuns).orderBy(desc(migrationRuns.createdAt)).limit(1);
  return run ?? null;
}

/** Queue consumer for MIGRATION_QUEUE. Placeholder until the migration issue lands: acks. */
export async function handleMigrationBatch(batch: MessageBatch<unknown>, _env: Env) {
  batch.ackAll();
}
