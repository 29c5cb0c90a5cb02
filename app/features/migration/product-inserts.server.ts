import type { BatchItem } from "drizzle-orm/batch";
import { products, type NewProductRow } from "~db/schema";
import { isPlainSize } from "~db/transform";
import type { Db } from "~/server/load-context";
import { thcColumns } from "~/features/catalogue/thc";
import type { SizeInput } from "~/features/catalogue/sizes";
import { sizeWriteStatements } from "~/features/catalogue/sizes.server";

/** Inserting product rows under D1's bound-parameter limit: the catalogue load, imports and the local seed. */

/** D1 allows at most 100 bound parameters per statement. */
export const D1_MAX_BOUND_PARAMETERS = 100;

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
