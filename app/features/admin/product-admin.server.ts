import { and, asc, count, eq, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import { liveSpecialsJson, readSpecialsJson } from "~/features/specials/specials.server";
import { categories, products, productSizes, settings, sqlNow } from "~db/schema";
import type { Db } from "~/server/load-context";
import { toProduct } from "~/features/catalogue/product";
import { thcColumns } from "~/features/catalogue/thc";
import { abortUnlessChanged, readSizes, sizeWriteStatements } from "~/features/catalogue/sizes.server";
import type { SizeInput } from "~/features/catalogue/sizes";
import { pageOffset } from "~/features/shop-filters/paging";
import { availableCondition, onSaleCondition, productListColumns } from "~/features/listings/listing-sql.server";
import { searchSource } from "~/features/search/search.server";
import { titleCaseSlug } from "~/features/catalogue/slug";
import { productImageOrPackshot } from "~/features/packshots/packshot";
import { versionBump } from "~db/product-version";
import { DEFAULT_LOW_STOCK_LEVEL, LOW_STOCK_SETTING } from "~/features/catalogue/low-stock";
import { copyName, type ProductColumns } from "./product-form-schema";

/**
 * Every query of the admin's product screens: the filtered list with its counts, one product,
 * create, the versioned update, toggle, delete and the dashboard statistics.
 */

export const ADMIN_PRODUCTS_PER_PAGE = 48;

export interface AdminProductFilters {
  search: string;
  category: string;
  /** only products on sale */
  onSale?: boolean;
  /** only active or only inactive products ("" is both) */
  status?: "" | "active" | "inactive";
  /** only products in stock, only those out of stock, or only those with a size at or below the low-stock level ("" is all) */
  stock?: "" | "in" | "out" | "low";
  /** only products without an uploaded photo (the shop shows their packshot) */
  noPhoto?: boolean;
  /** only products marked lab tested that have no lab report */
  labReportMissing?: boolean;
  page: number;
}

/**
 * What the dashboard's "Needs attention" counts and the product list's filters select, in SQL:
 * one definition each, so a count always equals the number of products its link lists.
 */
/** The shop's low-stock level, read inside the statement that uses it (no round trip of its own). */
const lowStockLevel = () =>
  sql<number>`coalesce((SELECT CAST(${settings.value} AS INTEGER) FROM ${settings} WHERE ${settings.key} = ${LOW_STOCK_SETTING}), ${DEFAULT_LOW_STOCK_LEVEL})`;

const ATTENTION = {
  // The shop's Out of Stock: the switch off, or every size tracked with none left (decision 028).
  outOfStock: () => sql`NOT ${availableCondition()}`,
  // In stock by the owner's switch, with a tracked size that has some units left but no more than the level.
  // "products"."id" by hand: drizzle writes a one-table select's columns bare, and a bare id here is the size's.
  lowStock: () =>
    sql`(${products.inStock} AND EXISTS (SELECT 1 FROM ${productSizes} WHERE ${productSizes.productId} = "products"."id" AND ${productSizes.stock} > 0 AND ${productSizes.stock} <= ${lowStockLevel()}))`,
  onSale: () => onSaleCondition(),
  inactive: () => sql`NOT ${products.active}`,
  // An uploaded photo is the image column; without one the shop draws the packshot (productImageOrPackshot).
  noPhoto: () => sql`trim(coalesce(${products.image}, '')) = ''`,
  labReportMissing: () => sql`(${products.isLabTested} AND ${products.labReportKey} IS NULL)`,
} satisfies Record<string, () => SQL>;

export type AttentionKey = keyof typeof ATTENTION;

/** The list's filters other than search and page, as one condition (undefined when none is set). */
function filterCondition(filters: AdminProductFilters) {
  return and(
    filters.category ? eq(products.category, filters.category) : undefined,
    filters.onSale ? ATTENTION.onSale() : undefined,
    filters.status === "active" ? sql`${products.active}` : undefined,
    filters.status === "inactive" ? ATTENTION.inactive() : undefined,
    filters.stock === "in" ? availableCondition() : undefined,
    filters.stock === "out" ? ATTENTION.outOfStock() : undefined,
    filters.stock === "low" ? ATTENTION.lowStock() : undefined,
    filters.noPhoto ? ATTENTION.noPhoto() : undefined,
    filters.labReportMissing ? ATTENTION.labReportMissing() : undefined,
  );
}

const listColumns = {
  ...productListColumns,
  active: products.active,
  inStock: sql<boolean>`${availableCondition()}`.mapWith(Boolean),
  // Whether its lab report is a sample (the list labels it).
  labName: products.labName,
  labBatch: products.labBatch,
};

/**
 * A page of products by name, or for a search the shop's search (search.server.ts: the same index,
 * rules and ranking, inactive products included), and their count.
 */
function adminListQueries(db: Db, filters: AdminProductFilters) {
  const offset = pageOffset(Math.max(1, filters.page), ADMIN_PRODUCTS_PER_PAGE);
  const inCategory = filterCondition(filters);
  if (!filters.search) {
    return {
      rows: db
        .select(listColumns)
        .from(products)
        .where(inCategory)
        .orderBy(asc(products.name), asc(products.id))
        .limit(ADMIN_PRODUCTS_PER_PAGE)
        .offset(offset),
      filtered: db.select({ value: count() }).from(products).where(inCategory),
    };
  }
  const source = searchSource(filters.search);
  const where = and(source.on, inCategory);
  return {
    rows: db
      .select(listColumns)
      .from(source.ranked)
      .crossJoin(products)
      .where(where)
      .orderBy(...source.order)
      .limit(ADMIN_PRODUCTS_PER_PAGE)
      .offset(offset),
    filtered: db.select({ value: count() }).from(source.matched).crossJoin(products).where(where),
  };
}

export async function listAdminProducts(db: Db, filters: AdminProductFilters) {
  const list = adminListQueries(db, filters);
  const [rows, [filtered], [total], categoryRows] = await db.batch([
    list.rows,
    list.filtered,
    db.select({ value: count() }).from(products),
    db
      .select({ slug: products.category, name: categories.name, count: count() })
      .from(products)
      .leftJoin(categories, eq(categories.slug, products.category))
      .groupBy(products.category),
  ]);
  const categoryCounts = categoryRows
    .map((row) => ({ slug: row.slug, name: row.name ?? titleCaseSlug(row.slug), count: row.count }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    // The thumbnail is what the shop shows: the uploaded image, or the packshot when there is none.
    products: rows.map((row) => ({ ...row, image: productImageOrPackshot(row) })),
    filteredCount: filtered?.value ?? 0,
    totalCount: total?.value ?? 0,
    categories: categoryCounts,
  };
}

/**
 * The products the list's filters select (all pages), by name, for a bulk action: at most `max`
 * of them, and how many match in all (so a caller can refuse a set larger than it may change).
 */
export async function adminMatchingProducts(db: Db, filters: AdminProductFilters, max: number) {
  const condition = filterCondition(filters);
  const search = filters.search ? searchSource(filters.search) : null;
  const where = search ? and(search.on, condition) : condition;
  const from = search
    ? db.select({ id: products.id, name: products.name }).from(search.matched).crossJoin(products)
    : db.select({ id: products.id, name: products.name }).from(products);
  const counted = search
    ? db.select({ value: count() }).from(search.matched).crossJoin(products)
    : db.select({ value: count() }).from(products);
  const [rows, [matched]] = await db.batch([
    from.where(where).orderBy(asc(products.name), asc(products.id)).limit(max),
    counted.where(where),
  ]);
  return { products: rows, count: matched?.value ?? 0 };
}

/** The products of one page of the list, as the owner sees it (the same query and order). */
export async function adminPageProducts(db: Db, filters: AdminProductFilters) {
  const rows = await adminListQueries(db, filters).rows;
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

/** D1 binds at most 100 parameters per statement: id lists go in slices well under it. */
const IDS_PER_STATEMENT = 90;

export function idSlices(ids: readonly number[]): number[][] {
  const slices: number[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) slices.push(ids.slice(start, start + IDS_PER_STATEMENT));
  return slices;
}

/** The products among `ids` that exist, by name. */
export async function productsByIds(db: Db, ids: readonly number[]) {
  const [first, ...rest] = idSlices(ids).map((slice) =>
    db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, slice)),
  );
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  return results.flat().sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * Sets the In Stock flag of products (the bulk action "set stock"), as statements for the caller's
 * atomic batch; each returns the ids it changed. Products already in that state are left as they are
 * (no version bump). The one place stock is set in bulk: when sizes carry quantities, it sets them here.
 */
export function setStockStatements(db: Db, ids: readonly number[], inStock: boolean) {
  return idSlices(ids).map((slice) =>
    db
      .update(products)
      .set({ inStock, ...versionBump() })
      .where(and(inArray(products.id, slice), ne(products.inStock, inStock)))
      .returning({ id: products.id }),
  );
}

export type AdminProductListItem = Awaited<ReturnType<typeof listAdminProducts>>["products"][number];

export async function getAdminProduct(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ? toProduct(row) : null;
}

/**
 * What the product form's rules depend on: the stored THC content, and the category the product has
 * now (perhaps one deleted since); null when the product does not exist.
 */
export async function getProductFormFacts(db: Db, id: number) {
  const [row] = await db
    .select({ thcContent: products.thcContent, category: products.category })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row ?? null;
}

/** The name of a product, for confirmations; null when it does not exist. */
export async function getProductName(db: Db, id: number) {
  const [row] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

/** The row a create or update writes: lists as JSON, and the THC potency columns computed from the text. */
function columnsToRow(columns: ProductColumns) {
  return {
    ...columns,
    effects: JSON.stringify(columns.effects),
    extraImages: JSON.stringify(columns.extraImages),
    ...thcColumns(columns.thcContent),
  };
}

/** A new product and its sizes (decision 028), in one batch. */
export async function createProduct(db: Db, columns: ProductColumns, sizes?: readonly SizeInput[]) {
  const [[row]] = await db.batch([
    db.insert(products).values(columnsToRow(columns)).returning({ id: products.id }),
    ...(sizes ? sizeWriteStatements(db, "inserted", sizes) : []),
  ]);
  return row!.id;
}

export type UpdateResult = { status: "updated"; version: number } | { status: "not-found" } | { status: "conflict" };

/**
 * UPDATE ... WHERE id = ? AND version = ?, bumping the version. When no row matched, tells a
 * deleted product (nothing is created) from one that another tab saved first (nothing is overwritten).
 */
export async function updateProductVersioned(
  db: Db,
  id: number,
  version: number,
  columns: ProductColumns,
  sizes?: readonly SizeInput[],
): Promise<UpdateResult> {
  // The sizes the save removes are kept for its Undo, marked with the version it gives the product.
  const keepRemoved = { version: version + 1 };
  const update = db
    .update(products)
    .set({ ...columnsToRow(columns), ...versionBump() })
    .where(and(eq(products.id, id), eq(products.version, version)))
    .returning({ version: products.version });
  let updated: { version: number } | undefined;
  if (!sizes) [updated] = await update;
  else {
    try {
      [[updated]] = await db.batch([update, abortUnlessChanged(db, id), ...sizeWriteStatements(db, id, sizes, keepRemoved)]);
    } catch (error) {
      // The guard refused a stale or deleted product (nothing was written); anything else is an error.
      if (!/NOT NULL|FOREIGN KEY/.test(String(error))) throw error;
    }
  }
  if (updated) return { status: "updated", version: updated.version };
  const existing = await getProductName(db, id);
  return existing ? { status: "conflict" } : { status: "not-found" };
}

/** Flips the active flag; returns the product's name and new state, or null when it does not exist. */
export async function toggleProductActive(db: Db, id: number) {
  const [row] = await db
    .update(products)
    .set({ active: sql`NOT ${products.active}`, ...versionBump() })
    .where(eq(products.id, id))
    .returning({ name: products.name, active: products.active });
  return row ?? null;
}

/** A count of the products a condition selects, as a conditional sum (0 for an empty table). */
function countWhere(condition: SQL) {
  return sql<number>`coalesce(sum(CASE WHEN ${condition} THEN 1 ELSE 0 END), 0)`;
}

/** Sets the shop's low-stock level (the dashboard's form). */
export async function setLowStockLevel(db: Db, level: number) {
  await db
    .insert(settings)
    .values({ key: LOW_STOCK_SETTING, value: String(level) })
    .onConflictDoUpdate({ target: settings.key, set: { value: String(level), updatedAt: sqlNow } });
}

/**
 * The dashboard's figures, its "Needs attention" counts and the low-stock level, in one query.
 * `also` adds counts other features define (their conditions on `products`), so the dashboard stays
 * one D1 round trip without this module importing them.
 */
export async function getDashboardStats<K extends string>(db: Db, also: Record<K, SQL> = {} as Record<K, SQL>) {
  const extra = Object.fromEntries(Object.entries<SQL>(also).map(([key, condition]) => [key, countWhere(condition)]));
  const [row] = await db
    .select({
      // The live specials ride along as JSON, so the dashboard's "running now / starts next" costs no round trip.
      specials: liveSpecialsJson(),
      total: count(),
      active: countWhere(sql`${products.active}`),
      inactive: countWhere(ATTENTION.inactive()),
      outOfStock: countWhere(ATTENTION.outOfStock()),
      lowStock: countWhere(ATTENTION.lowStock()),
      lowStockLevel: lowStockLevel(),
      onSale: countWhere(ATTENTION.onSale()),
      noPhoto: countWhere(ATTENTION.noPhoto()),
      labReportMissing: countWhere(ATTENTION.labReportMissing()),
      categories: sql<number>`(SELECT count(*) FROM ${categories})`,
      fromCatalogue: countWhere(isNotNull(products.catalogueKey)),
      ...extra,
    })
    .from(products);
  // `also`'s keys were spread into the select, which types the row by the fixed ones only, and
  // Object.fromEntries loses key types: the casts restore what the two lines above built.
  const counted = Object.fromEntries(
    Object.keys(also).map((key) => [key, Number((row as Record<string, unknown> | undefined)?.[key] ?? 0)]),
  ) as Record<K, number>;
  return {
    ...counted,
    specials: readSpecialsJson(row?.specials),
    total: row?.total ?? 0,
    active: Number(row?.active ?? 0),
    inactive: Number(row?.inactive ?? 0),
    outOfStock: Number(row?.outOfStock ?? 0),
    categories: Number(row?.categories ?? 0),
    /** products that came from the built-in catalogue (they carry its key) */
    fromCatalogue: Number(row?.fromCatalogue ?? 0),
    lowStockLevel: Number(row?.lowStockLevel ?? DEFAULT_LOW_STOCK_LEVEL),
    attention: {
      outOfStock: Number(row?.outOfStock ?? 0),
      lowStock: Number(row?.lowStock ?? 0),
      onSale: Number(row?.onSale ?? 0),
      inactive: Number(row?.inactive ?? 0),
      noPhoto: Number(row?.noPhoto ?? 0),
      labReportMissing: Number(row?.labReportMissing ?? 0),
    } satisfies Record<AttentionKey, number>,
  };
}

/**
 * Duplicate: a copy of the product under a new id, inactive, named '{name} (copy)' within
 * the name limit, with the same fields, media references and lab facts. It is the owner's product, so
 * no catalogue key or snapshot. Media are shared safely: the trash purges an R2 object only when no
 * product still points at it. Returns the copy's id and name, or null when the product does not exist.
 */
export async function duplicateProduct(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) return null;
  const {
    id: _id,
    catalogueKey: _catalogueKey,
    catalogueSnapshot: _catalogueSnapshot,
    version: _version,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...fields
  } = row;
  const name = copyName(row.name);
  // The copy gets the same sizes (new ids), in the same batch (decision 028).
  const sizes = (await readSizes(db, [id])).get(id) ?? [];
  const [copy] = await db.batch([
    db
      .insert(products)
      .values({ ...fields, name, active: false })
      .returning({ id: products.id, name: products.name }),
    ...(sizes.length > 0
      ? sizeWriteStatements(
          db,
          "inserted",
          sizes.map(({ id: _sizeId, ...size }) => size),
        )
      : []),
  ]);
  return copy[0]!;
}
