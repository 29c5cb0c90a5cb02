import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { products, shopDocumentVersions } from "~db/schema";
import { summaryColumns } from "~/features/listings/listings.server";
import { toProductSummary, type ProductSummary } from "~/features/catalogue/product-summary";
import type { ShopDocument } from "~/features/shop-documents/shop-document";
import { currentVersionQuery, documentFromRows } from "~/features/shop-documents/shop-documents.server";
import { SETTINGS, type Settings } from "~/features/settings/settings";
import type { Db } from "~/server/load-context";
import { featuredProductId, HOME_CONTENT, NEW_SHOP_FEATURED, type HomeContent } from "./home-content";
import { REVIEWS_CONTENT } from "./reviews-content";

/**
 * A page's storefront document, current version; until the owner saves one, its defaults written
 * from the current settings. One D1 batch: the page's round trip beside the layout's.
 */
export async function readContent<T>({ db, env }: AppLoadContext, document: ShopDocument<T, Settings>): Promise<T> {
  const [rows, settingsRows] = await db.batch([currentVersionQuery(db, document.name), currentVersionQuery(db, SETTINGS.name)]);
  return documentFromRows(document, rows, documentFromRows(SETTINGS, settingsRows, env).value).value;
}

/**
 * The featured products the owner picked, in the owner's order, as the shop's cards show them.
 * One gone, inactive or unknown is simply skipped.
 */
async function readFeaturedProducts(db: Db, refs: readonly string[]): Promise<ProductSummary[]> {
  if (refs.length === 0) return [];
  const ids = refs.map(featuredProductId).filter((id): id is number => id !== null);
  const keys = refs.filter((ref) => featuredProductId(ref) === null);
  const rows = await db
    .select({ ...summaryColumns, catalogueKey: products.catalogueKey })
    .from(products)
    .where(
      and(
        eq(products.active, true),
        or(ids.length > 0 ? inArray(products.id, ids) : undefined, keys.length > 0 ? inArray(products.catalogueKey, keys) : undefined),
      ),
    );
  return featuredInOrder(refs, rows);
}

type FeaturedRow = Awaited<ReturnType<typeof featuredRowsQuery>>[number];

/**
 * The rows of the products the current home document features, read by SQL from the stored
 * document itself (the defaults' list when none is stored or it is not JSON), so the home page reads
 * its words and its featured cards in one batch.
 */
function featuredRowsQuery(db: Db) {
  const fallback = JSON.stringify({ featured: { products: NEW_SHOP_FEATURED } });
  const stored = db
    .select({ body: shopDocumentVersions.body })
    .from(shopDocumentVersions)
    .where(eq(shopDocumentVersions.name, HOME_CONTENT.name))
    .orderBy(desc(shopDocumentVersions.id))
    .limit(1);
  const body = sql`(SELECT CASE WHEN json_valid(b) THEN b ELSE ${fallback} END FROM (SELECT COALESCE((${stored}), ${fallback}) AS b))`;
  const refs = sql`(SELECT value FROM json_each(${body}, '$.featured.products'))`;
  return db
    .select({ ...summaryColumns, catalogueKey: products.catalogueKey })
    .from(products)
    .where(and(eq(products.active, true), or(sql`CAST(${products.id} AS TEXT) IN ${refs}`, sql`${products.catalogueKey} IN ${refs}`)));
}

/** The featured rows in the owner's order, each once (a product picked by id and by key shows once). */
function featuredInOrder(refs: readonly string[], rows: readonly FeaturedRow[]): ProductSummary[] {
  const found = refs.flatMap((ref) => {
    const id = featuredProductId(ref);
    const row = rows.find((candidate) => (id === null ? candidate.catalogueKey === ref : candidate.id === id));
    return row ? [row] : [];
  });
  const unique = found.filter((row, index) => found.findIndex((other) => other.id === row.id) === index);
  return unique.map(({ thcUnit: _unit, thcMax: _max, catalogueKey: _key, ...row }) => toProductSummary(row));
}

/** The home page's words, its testimonials' source and its featured cards, in one D1 batch. */
export async function loadHomeContent({ db, env }: AppLoadContext) {
  const [homeRows, reviewRows, featuredRows, settingsRows] = await db.batch([
    currentVersionQuery(db, HOME_CONTENT.name),
    currentVersionQuery(db, REVIEWS_CONTENT.name),
    featuredRowsQuery(db),
    currentVersionQuery(db, SETTINGS.name),
  ]);
  const settings = documentFromRows(SETTINGS, settingsRows, env).value;
  const home = documentFromRows(HOME_CONTENT, homeRows, settings);
  const content: HomeContent = home.value;
  const reviews = documentFromRows(REVIEWS_CONTENT, reviewRows, settings).value;
  // A stored version the schema refuses reads as the defaults: their featured list is read on its own.
  const featured = home.malformed
    ? await readFeaturedProducts(db, content.featured.products)
    : featuredInOrder(content.featured.products, featuredRows);
  return { content, reviews, featured };
}
