/**
 * One product as the product page, the sitemap and the packshot route read it, and the one way a
 * catalogue read fails: a D1 error becomes a 503 with a message safe to show (never SQL).
 */
import { data } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import { products, productSizes, settings } from "~db/schema";
import type { Db } from "~/server/load-context";
import { DEFAULT_LOW_STOCK_LEVEL, LOW_STOCK_SETTING } from "./low-stock";
import { toProduct } from "./product";
import { toProductSize } from "./sizes";

const CATALOGUE_UNAVAILABLE = "The product catalogue is unavailable right now. Please try again in a moment.";

/** Runs a catalogue read; a D1 failure is logged and becomes a 503 the route's ErrorBoundary shows. */
export async function readCatalogue<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("Failed to load products", error);
    throw data({ message: CATALOGUE_UNAVAILABLE }, { status: 503 });
  }
}

/**
 * One product and its sizes (in the picker's order), with the shop's low-stock level (a size at or
 * below it says 'Only N left'), in ONE D1 round trip (a batch): the product page stays at the layout's
 * trip plus this one. Null for an unknown id.
 */
export async function getProductWithSizes(db: Db, id: number) {
  const [rows, sizeRows, level] = await db.batch([
    db.select().from(products).where(eq(products.id, id)).limit(1),
    db.select().from(productSizes).where(eq(productSizes.productId, id)).orderBy(asc(productSizes.position), asc(productSizes.id)),
    db.select({ value: settings.value }).from(settings).where(eq(settings.key, LOW_STOCK_SETTING)),
  ]);
  const row = rows[0];
  const lowStockLevel = Number(level[0]?.value) || DEFAULT_LOW_STOCK_LEVEL;
  return row ? { product: toProduct(row), sizes: sizeRows.map(toProductSize), soldOut: row.soldOut, lowStockLevel } : null;
}

/** Active products for /sitemap.xml (id and last change), in id order. */
export async function listSitemapProducts(db: Db) {
  return db
    .select({ id: products.id, name: products.name, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.id));
}

/** What a packshot is drawn from (app/routes/packshots.$id.$file.ts), or null for an unknown id. */
export async function getPackshotSource(db: Db, id: number) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      strainType: products.strainType,
      thcContent: products.thcContent,
      active: products.active,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row ?? null;
}
