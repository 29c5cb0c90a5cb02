import { and, count, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { catalogue as builtInCatalogue } from "~db/catalogue";
import { categories, migrationRuns, productTrash, products, settings, type MigrationRunRow, type NewProductRow } from "~db/schema";
import { putSampleLabReports } from "~db/sample-lab-reports";
import { catalogueEntryToProduct, isPlainSize } from "~db/transform";
import { createDb, type Db } from "~/server/load-context";
import { validMessages } from "~/server/queue-messages";
import { thcColumns } from "~/features/catalogue/thc";
import type { ProductSize, SizeInput } from "~/features/catalogue/sizes";
import { abortUnlessChanged, readSizes, sizeWriteStatements } from "~/features/catalogue/sizes.server";
import { moveProductsToTrash, trashedCatalogueProducts } from "~/features/trash/trash.server";
import { IMPORT_BATCH_ROWS, IMPORT_TEXT } from "~/features/catalogue-csv/catalogue-import";
import {
  importObjectKey,
  keepSizeIds,
  planCatalogueImport,
  readStagedImport,
  sizesChanged,
  stagedImport,
  type ImportStep,
} from "~/features/catalogue-csv/catalogue-import.server";
import { readCatalogueRevision } from "~/features/catalogue/counts-cache.server";
import {
  catalogueFields,
  effectiveSnapshot,
  planRow,
  planToken,
  serializeSnapshot,
  SIZE_PRICE_FIELDS,
  type EditedField,
  type ExistingProduct,
  type LoadMode,
  type PlanSummary,
  type RowPlan,
} from "./catalogue-plan";
import { readExistingProducts } from "./existing-products.server";
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

/** How many products the shop has (a count query always answers one row). */
async function productTotal(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(products);
  return row?.value ?? 0;
}

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

/** A catalogue product to insert: its keyed row and its sizes (decision 028). */
export interface KeyedProduct {
  row: NewProductRow & { catalogueKey: string };
  sizes: readonly SizeInput[];
}

/**
 * The statements that insert catalogue products with their sizes, for one batch, in order. Products sold
 * in one plain size go in as multi-row INSERTs (the insert trigger gives each its size); a product with sizes
 * of its own is its INSERT followed at once by its sizes, named by its key as the row just inserted
 * (`{ insertedKey }`), so each product's sizes attach to its own row. A key that already exists is
 * skipped (ON CONFLICT DO NOTHING) and its sizes then fail the batch instead of landing elsewhere.
 */
export function catalogueInsertStatements(db: Db, items: readonly KeyedProduct[]): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  // In the catalogue's order, so a new shop's ids follow it (Runtz is product 1).
  let plain: NewProductRow[] = [];
  const flush = () => {
    statements.push(...productInsertStatements(db, plain));
    plain = [];
  };
  for (const item of items) {
    if (isPlainSize(item.sizes)) {
      plain.push(item.row);
      continue;
    }
    flush();
    statements.push(
      ...productInsertStatements(db, [item.row]),
      ...sizeWriteStatements(db, { insertedKey: item.row.catalogueKey }, item.sizes),
    );
  }
  flush();
  return statements;
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
      finishedAt: isoNow,
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
  const rows: KeyedProduct[] = [];
  const rejected: FailedProduct[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    let row: NewProductRow;
    let sizes: SizeInput[];
    try {
      ({ row, sizes } = catalogueEntryToProduct(entry));
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
      rows.push({ row: { ...row, catalogueKey: key }, sizes });
    }
  });
  return { rows, rejected };
}

// ---------------------------------------------------------------------------------------------
// Planning a load (the confirmation page and the consumer alike; decision 024)

export interface LoadStep {
  row: CatalogueRow;
  /** the catalogue's sizes of this product */
  sizes: readonly SizeInput[];
  /** an update that also makes the catalogue's sizes this product's (a one-size product becoming several, see `sizesToWrite`) */
  writeSizes?: SizeInput[];
  plan: RowPlan;
}

export interface OwnerProduct {
  id: number;
  name: string;
  createdAt: string;
}

export interface CatalogueLoadPlan {
  summary: Omit<PlanSummary, "ownerProducts"> & { ownerProducts: OwnerProduct[] };
  steps: LoadStep[];
  rejected: FailedProduct[];
}

/** Catalogue category slug -> the category's current slug (the owner may have renamed it since). */
async function categorySlugsByKey(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: categories.catalogueKey, slug: categories.slug })
    .from(categories)
    .where(isNotNull(categories.catalogueKey));
  return new Map(rows.map((row) => [row.key!, row.slug]));
}

/** What loading `entries` would do now, in `mode`: per product, and summed up for the confirmation. */
export async function planCatalogueLoad(db: Db, entries: readonly unknown[], mode: LoadMode): Promise<CatalogueLoadPlan> {
  const prepared = prepareCatalogueRows(entries);
  const [existing, trashed, categorySlugs] = await Promise.all([
    readExistingProducts(db),
    trashedCatalogueProducts(db),
    categorySlugsByKey(db),
  ]);
  const byKey = new Map(existing.filter((row) => row.catalogueKey).map((row) => [row.catalogueKey!, row]));
  const trashedByKey = new Map(trashed.map((entry) => [entry.catalogueKey!, entry]));
  const catalogueKeys = new Set(prepared.rows.map(({ row }) => row.catalogueKey));
  const ownSizes = await readSizes(
    db,
    prepared.rows.flatMap(({ row }) => {
      const current = byKey.get(row.catalogueKey);
      return current ? [current.id] : [];
    }),
  );
  const summary: CatalogueLoadPlan["summary"] = {
    mode,
    catalogueSize: entries.length,
    added: 0,
    updated: 0,
    unchanged: 0,
    ownerProducts: existing
      .filter((row) => !row.catalogueKey || !catalogueKeys.has(row.catalogueKey))
      .map(({ id, name, createdAt }) => ({ id, name, createdAt })),
    ownerEdits: [],
    trashed: [],
  };
  const steps: LoadStep[] = [];
  for (const { row: catalogueRow, sizes } of prepared.rows) {
    // A renamed category keeps its products: the catalogue's slug is looked up by the category's stable key.
    const row = { ...catalogueRow, category: categorySlugs.get(catalogueRow.category) ?? catalogueRow.category };
    const current = byKey.get(row.catalogueKey);
    const inTrash = current ? undefined : trashedByKey.get(row.catalogueKey);
    if (inTrash) {
      summary.trashed.push({ id: inTrash.id, name: inTrash.name });
      if (mode === "keep") {
        steps.push({ row, sizes, plan: { kind: "skip" } });
      } else {
        summary.added += 1;
        steps.push({ row, sizes, plan: { kind: "restore", id: inTrash.id } });
      }
      continue;
    }
    const planned = planRow(current, catalogueFields(row), mode);
    const sizing = current ? sizesToWrite(current, sizes, ownSizes.get(current.id) ?? [], mode) : { differ: false };
    const writeSizes = sizing.write;
    // The sizes go in with an update of the row (its version guards them; see stepStatements).
    const plan: RowPlan =
      writeSizes && planned.plan.kind === "unchanged"
        ? { kind: "update", id: current!.id, version: current!.version, set: {}, snapshot: planned.plan.snapshot ?? "" }
        : planned.plan;
    if (plan.kind === "add") summary.added += 1;
    else if (planned.updated || writeSizes) summary.updated += 1;
    else summary.unchanged += 1;
    // Sizes that differ are listed as one field, "Sizes" (their prices with them), kept or written as the load does.
    const sized = writeSizes !== undefined || (ownSizes.get(current?.id ?? 0)?.length ?? 0) > 1;
    const fields = sized ? planned.ownerEdits.filter((field) => !SIZE_PRICE_FIELDS.has(field)) : planned.ownerEdits;
    const ownerEdits: EditedField[] = sizing.differ ? [...fields, "sizes"] : fields;
    if (current && ownerEdits.length > 0) summary.ownerEdits.push({ id: current.id, name: current.name, fields: ownerEdits });
    steps.push({ row, sizes, ...(writeSizes ? { writeSizes } : {}), plan });
  }
  return { summary, steps, rejected: prepared.rejected };
}

/**
 * The sizes a load writes on a product that exists (decisions 028 and 040), and whether the product's
 * sizes differ from the catalogue's at all. A product still sold in ONE size that the catalogue sells in
 * sizes of its own ('Runtz (1/8 oz)' loaded before sizes) gets them when the owner never changed its
 * prices since the last load. 'replace' makes every catalogue product's sizes exactly the catalogue's:
 * labels, prices, compare-at and bulk prices. Either way a size keeps the id of the owner's size with
 * its label (cart lines naming it stay valid), and the owner's SKU and stock when set (stock is what is
 * on the shelf, not the catalogue's to say). 'keep' never rewrites sizes the owner sells in several.
 */
export function sizesToWrite(
  current: ExistingProduct,
  sizes: readonly SizeInput[],
  own: readonly ProductSize[],
  mode: LoadMode,
): { write?: SizeInput[]; differ: boolean } {
  const byId = new Map(own.map((size) => [size.id, size]));
  const matched = keepSizeIds(sizes, own);
  // A product sold in one size keeps that size's id as the catalogue's first size when no label matches it.
  const [onlyOwn] = own;
  const ids =
    own.length === 1 && onlyOwn && !matched.some((size) => size.id === onlyOwn.id)
      ? matched.map((size, index) => (index === 0 ? { ...size, id: onlyOwn.id } : size))
      : matched;
  const wanted = ids.map((size) => {
    const mine = size.id ? byId.get(size.id) : undefined;
    return mine ? { ...size, sku: mine.sku ?? size.sku, stock: mine.stock ?? size.stock } : size;
  });
  // One price on both sides: the products row's fields carry it (planRow lists and writes them).
  if (own.length <= 1 && isPlainSize(sizes)) return { differ: false };
  if (!sizesChanged(wanted, own)) return { differ: false };
  if (mode === "replace") return { write: wanted, differ: true };
  const snapshot = effectiveSnapshot(current);
  const ownerChanged = !snapshot || [...SIZE_PRICE_FIELDS].some((field) => snapshot[field] !== current.fields[field]);
  if (own.length === 1 && !ownerChanged) return { write: wanted, differ: false };
  return { differ: true };
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
  if (existing.kind === "import")
    return runCatalogueImport(db, runId, options.bucket, existing.startedAt === null ? existing.source : null);

  const [run] = await db
    .update(migrationRuns)
    .set({ status: "running", startedAt: sql`coalesce(${migrationRuns.startedAt}, ${isoNow})`, total: entries.length })
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
      const thc = "thcContent" in plan.set ? thcColumns(plan.set.thcContent as string | null) : {};
      return [
        db
          .update(products)
          .set({
            ...(plan.set as Partial<NewProductRow>),
            ...thc,
            catalogueSnapshot: plan.snapshot,
            // A change bumps the version, so an edit form opened before the load reports a conflict instead of undoing it.
            ...(changes ? { version: sql`${products.version} + 1`, updatedAt: isoNow } : {}),
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
    .set({ status: "running", startedAt: sql`coalesce(${migrationRuns.startedAt}, ${isoNow})` })
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
    await db.update(migrationRuns).set({ status: "failed", error: problem, finishedAt: isoNow }).where(activeRun(runId));
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
      finishedAt: isoNow,
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
    const insert = productInsertStatements(db, [{ ...(step.fields as Partial<NewProductRow>), catalogueKey: step.key } as NewProductRow]);
    if (!step.sizes || isPlainSize(step.sizes)) return insert;
    // The file's sizes on the row just inserted (by its key when it has one, see SizesTarget).
    return [...insert, ...sizeWriteStatements(db, step.key === null ? "inserted" : { insertedKey: step.key }, step.sizes)];
  }
  if (step.kind === "unchanged") return [];
  const thc = "thcContent" in step.set ? thcColumns(step.set.thcContent as string | null) : {};
  return [
    db
      .update(products)
      .set({ ...(step.set as Partial<NewProductRow>), ...thc, version: sql`${products.version} + 1`, updatedAt: isoNow })
      // Only while the row is as planned: an owner's save in the meantime wins.
      .where(and(eq(products.id, step.id), eq(products.version, step.version))),
    // The file's sizes only with that update (a stale version fails the batch: nothing is written).
    // Sizes the file leaves out go to the trash under the version this update gives the product.
    ...(step.sizes
      ? [abortUnlessChanged(db, step.id), ...sizeWriteStatements(db, step.id, step.sizes, { version: step.version + 1 })]
      : []),
  ];
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

// ---------------------------------------------------------------------------------------------
// The confirmation (decision 024)

/** The summary without row-level detail the page does not need (what a confirmation token covers). */
function publicSummary(summary: CatalogueLoadPlan["summary"]): PlanSummary {
  return { ...summary, ownerProducts: summary.ownerProducts.map(({ id, name }) => ({ id, name })) };
}

/** What the confirmation shows: the load in both modes, and the token the confirming POST must send back. */
export async function catalogueLoadChoices(db: Db, entries: readonly unknown[] = builtInCatalogue) {
  const [keep, replace] = await Promise.all([planCatalogueLoad(db, entries, "keep"), planCatalogueLoad(db, entries, "replace")]);
  const choices = { keep: publicSummary(keep.summary), replace: publicSummary(replace.summary) };
  return { ...choices, token: planToken(choices.keep, choices.replace) };
}
