import { and, eq, inArray, isNotNull, ne, notExists, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { productSizes, stockMovements } from "~db/schema";
import type { Db } from "~/server/load-context";

export type StockMoved = Array<{ sizeId: number; quantity: number }>;

/** The recorded units of a size's movement, matched by `where` (a correlated subquery on product_sizes). */
const movedUnits = (where: ReturnType<typeof sql>) =>
  sql`(SELECT m.quantity FROM ${stockMovements} m WHERE ${where} AND m.size_id = ${productSizes.id})`;

/**
 * Lowers each size's stock by the order's units, once per order reference (decision 044): ONE
 * batch (one transaction). Each size's movement is inserted only if the reference has none from
 * another take and the size tracks stock, recording what was really on hand (stock never goes
 * below zero); the update then lowers exactly the rows this take inserted. A second take — a
 * double click, another tab — inserts nothing and so lowers nothing.
 */
export async function takeFromStock(db: Db, reference: string, bySize: ReadonlyMap<number, number>, now = Date.now()): Promise<StockMoved> {
  if (bySize.size === 0) return [];
  const takeId = crypto.randomUUID();
  const inserts: BatchItem<"sqlite">[] = [...bySize].map(([sizeId, quantity]) =>
    db
      .insert(stockMovements)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            reference: sql<string>`${reference}`.as("reference"),
            sizeId: productSizes.id,
            quantity: sql<number>`MAX(0, MIN(${productSizes.stock}, ${quantity}))`.as("quantity"),
            takenAt: sql<number>`${now}`.as("taken_at"),
            takeId: sql<string>`${takeId}`.as("take_id"),
          })
          .from(productSizes)
          .where(
            and(
              eq(productSizes.id, sizeId),
              isNotNull(productSizes.stock),
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(stockMovements)
                  .where(and(eq(stockMovements.reference, reference), ne(stockMovements.takeId, takeId))),
              ),
            ),
          ),
      )
      .onConflictDoNothing(),
  );
  const mine = db.select({ sizeId: stockMovements.sizeId }).from(stockMovements).where(eq(stockMovements.takeId, takeId));
  const [first, ...rest] = inserts;
  const results = await db.batch([
    first!,
    ...rest,
    db
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} - ${movedUnits(sql`m.take_id = ${takeId}`)}` })
      .where(inArray(productSizes.id, mine)),
    db
      .select({ sizeId: stockMovements.sizeId, quantity: stockMovements.quantity })
      .from(stockMovements)
      .where(eq(stockMovements.takeId, takeId))
      .orderBy(stockMovements.sizeId),
  ]);
  // The last statement is the select of what moved (the spread above loses the batch's per-statement types).
  return results[results.length - 1] as StockMoved;
}

/**
 * Puts back exactly what was taken for the reference and forgets the movement, in ONE batch; a
 * second put-back finds nothing to return. Taking again is the way back.
 */
export async function putBackStock(db: Db, reference: string): Promise<StockMoved> {
  const [, returned] = await db.batch([
    db
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} + ${movedUnits(sql`m.reference = ${reference}`)}` })
      .where(
        inArray(
          productSizes.id,
          db.select({ sizeId: stockMovements.sizeId }).from(stockMovements).where(eq(stockMovements.reference, reference)),
        ),
      ),
    db
      .delete(stockMovements)
      .where(eq(stockMovements.reference, reference))
      .returning({ sizeId: stockMovements.sizeId, quantity: stockMovements.quantity }),
  ]);
  return returned;
}
