import { and, eq, inArray, or } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { products } from "~db/schema";
import { summaryColumns } from "~/features/catalogue/listings.server";
import { toProductSummary, type ProductSummary } from "~/features/catalogue/product-summary";
import type { ShopDocument } from "~/features/shop-documents/shop-document";
import { currentVersionQuery, documentFromRows, readDocument } from "~/features/shop-documents/shop-documents.server";
import type { Db } from "~/server/load-context";
import { featuredProductId, HOME_CONTENT, type HomeContent } from "./home-content";
import { REVIEWS_CONTENT } from "./reviews-content";

/** A page's storefront document, current version (one D1 query). */
export async function readContent<T>({ db, env }: AppLoadContext, document: ShopDocument<T>): Promise<T> {
  return (await readDocument(db, document, env)).value;
}

/**
 * The featured products the owner picked, in the owner's order, as the shop's cards show them.
 * One gone, inactive or unknown is simply skipped.
 */
export async function readFeaturedProducts(db: Db, refs: readonly string[]): Promise<ProductSummary[]> {
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
  const found = refs.flatMap((ref) => {
    const id = featuredProductId(ref);
    const row = rows.find((candidate) => (id === null ? candidate.catalogueKey === ref : candidate.id === id));
    return row ? [row] : [];
  });
  // A product picked twice (by id and by key) shows once.
  const unique = found.filter((row, index) => found.findIndex((other) => other.id === row.id) === index);
  return unique.map(({ thcUnit: _unit, thcMax: _max, catalogueKey: _key, ...row }) => toProductSummary(row));
}

/** The home page's words and its testimonials' source, in one D1 batch, then the featured cards. */
export async function loadHomeContent({ db, env }: AppLoadContext) {
  const [homeRows, reviewRows] = await db.batch([
    currentVersionQuery(db, HOME_CONTENT.name),
    currentVersionQuery(db, REVIEWS_CONTENT.name),
  ]);
  const content: HomeContent = documentFromRows(HOME_CONTENT, homeRows, env).value;
  const reviews = documentFromRows(REVIEWS_CONTENT, reviewRows, env).value;
  const featured = await readFeaturedProducts(db, content.featured.products);
  return { content, reviews, featured };
}
