import { asc, eq } from "drizzle-orm";
import { products } from "../db/schema";
import type { Db } from "./load-context";
import { toProduct } from "./lib/product";

/** Every active product, sorted by name. */
export async function listActiveProducts(db: Db) {
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.name));
  return rows.map(toProduct);
}
