import { sql } from "drizzle-orm";
import { productSizes, stockMovements } from "~db/schema";
import type { Db } from "~/server/load-context";

export type TakeResult = { taken: Array<{ sizeId: number; quantity: number }> };

/**
 * Lowers each size's stock by the order's units, once per order reference (decision 044): ONE
 * batch (one transaction). Each size's movement is inserted only if the reference has none yet and
 * the size tracks stock, recording what was really on hand (stock never goes below zero); the update
 * then lowers exactly the rows this take inserted. A second take — a double click, another tab —
 * inserts nothing and so lowers nothing.
 */
export async function takeFromStock(db: Db, reference: string, bySize: ReadonlyMap<number, number>, now = Date.now()): Promise<TakeResult> {
  if (bySize.size === 0) return { taken: [] };
  const takeId = crypto.randomUUID();
  const inserts = [...bySize].map(([sizeId, quantity]) =>
    db.run(sql`INSERT INTO ${stockMovements} (reference, size_id, quantity, taken_at, take_id)
      SELECT ${reference}, id, MAX(0, MIN(stock, ${quantity})), ${now}, ${takeId} FROM ${productSizes}
      WHERE id = ${sizeId} AND stock IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ${stockMovements} WHERE reference = ${reference} AND take_id <> ${takeId})
      ON CONFLICT (reference, size_id) DO NOTHING`),
  );
  const [first, ...rest] = inserts;
  const results = await db.batch([
    first!,
    ...rest,
    db.run(sql`UPDATE ${productSizes}
      SET stock = stock - (SELECT m.quantity FROM ${stockMovements} m WHERE m.take_id = ${takeId} AND m.size_id = ${productSizes}.id)
      WHERE id IN (SELECT size_id FROM ${stockMovements} WHERE take_id = ${takeId})`),
    db.all<{ sizeId: number; quantity: number }>(
      sql`SELECT size_id AS sizeId, quantity FROM ${stockMovements} WHERE take_id = ${takeId} ORDER BY size_id`,
    ),
  ]);
  const taken = results[results.length - 1] as Array<{ sizeId: number; quantity: number }>;
  return { taken };
}

/**
 * Puts back exactly what was taken for the reference and forgets the movement, in ONE batch; a
 * second put-back finds nothing to return. Taking again is the way back.
 */
export async function putBackStock(db: Db, reference: string): Promise<{ returned: Array<{ sizeId: number; quantity: number }> }> {
  const results = await db.batch([
    db.run(sql`UPDATE ${productSizes}
      SET stock = stock + (SELECT m.quantity FROM ${stockMovements} m WHERE m.reference = ${reference} AND m.size_id = ${productSizes}.id)
      WHERE id IN (SELECT size_id FROM ${stockMovements} WHERE reference = ${reference})`),
    db.all<{ sizeId: number; quantity: number }>(
      sql`DELETE FROM ${stockMovements} WHERE reference = ${reference} RETURNING size_id AS sizeId, quantity`,
    ),
  ]);
  return { returned: results[1] };
}
