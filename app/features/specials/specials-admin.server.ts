import { asc, eq, isNull } from "drizzle-orm";
import { categories, products, productSizes, specials } from "~db/schema";
import type { Db } from "~/server/load-context";
import { KIND_LABELS } from "./special";
import { readSpecials } from "./specials.server";
import { scheduleText, specialStatus, type CatalogueChoices, type SpecialStatus } from "./specials-status";

/** The back office's D1 reads of specials: the list and the form's choices. */

/** Categories, products and their sizes for the form's pickers (one batch: two reads in one round trip). */
export async function catalogueChoices(db: Db): Promise<CatalogueChoices> {
  const [categoryRows, sizeRows] = await db.batch([
    db.select({ slug: categories.slug, name: categories.name }).from(categories).orderBy(asc(categories.name)),
    db
      .select({
        // product_sizes.product_id, not products.id: a batch returns rows keyed by column name, so a
        // second "id" column would overwrite the first.
        productId: productSizes.productId,
        name: products.name,
        category: products.category,
        active: products.active,
        sizeId: productSizes.id,
        label: productSizes.label,
      })
      .from(products)
      .innerJoin(productSizes, eq(productSizes.productId, products.id))
      .orderBy(asc(products.category), asc(products.name), asc(products.id), asc(productSizes.position)),
  ]);
  const byId = new Map<number, CatalogueChoices["products"][number]>();
  for (const row of sizeRows) {
    let product = byId.get(row.productId);
    if (!product) {
      product = { id: row.productId, name: row.name, category: row.category, active: row.active, sizes: [] };
      byId.set(row.productId, product);
    }
    product.sizes.push({ id: row.sizeId, label: row.label });
  }
  return { categories: categoryRows, products: [...byId.values()] };
}

/** The product a size belongs to, for the form's bundle. */
export function sizeProductOf(choices: CatalogueChoices) {
  const owner = new Map<number, number>();
  for (const product of choices.products) for (const size of product.sizes) owner.set(size.id, product.id);
  return (sizeId: number) => owner.get(sizeId);
}

export interface SpecialListRow {
  id: number;
  name: string;
  kind: string;
  badge: string;
  code: string | null;
  paused: boolean;
  status: SpecialStatus;
  next: string | null;
  schedule: string;
}

/** Every special not in the trash, newest first, with its status in the shop's zone. */
export async function listSpecials(db: Db, now: Date, timeZone: string): Promise<SpecialListRow[]> {
  const rows = await db
    .select({ id: specials.id, data: specials.data })
    .from(specials)
    .where(isNull(specials.deletedAt))
    .orderBy(asc(specials.id));
  return readSpecials(rows)
    .reverse()
    .map((special) => ({
      id: special.id,
      name: special.name,
      kind: KIND_LABELS[special.kind],
      badge: special.badge,
      code: special.code,
      paused: special.paused,
      schedule: scheduleText(special),
      ...specialStatus(special, now, timeZone),
    }));
}
