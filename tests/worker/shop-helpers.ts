import { env } from "cloudflare:test";
import { inArray } from "drizzle-orm";
import { createDb } from "../../app/server/load-context";
import { products, type NewProductRow } from "../../db/schema";
import { insertProductRows } from "../../db/seed";
import { catalogueChanged } from "./helpers";
import { decodeHtml, elementsOf, textsOf } from "./page-parts";

export const db = createDb(env.DB);

/** A products row for a test, with the catalogue's defaults for everything not given. */
export function testProduct(fields: Partial<NewProductRow> & { name: string; priceCents: number; category: string }): NewProductRow {
  return { image: "/art/placeholder.svg", effects: JSON.stringify(["Relaxed"]), thcContent: "20%", strainType: "hybrid", ...fields };
}

/** Inserts test rows (through the seed's chunked batch insert) and returns their ids by name. */
export async function insertProducts(rows: NewProductRow[]): Promise<Map<string, number>> {
  await insertProductRows(db, rows);
  await catalogueChanged();
  const inserted = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      inArray(
        products.name,
        rows.map((row) => row.name),
      ),
    );
  return new Map(inserted.map((row) => [row.name, row.id]));
}

export async function deleteProducts(names: string[]) {
  if (names.length > 0) await db.delete(products).where(inArray(products.name, names));
  await catalogueChanged();
}

/** Product names as the cards show them, in page order (each card's <h3> link). */
export function cardNames(html: string): Promise<string[]> {
  return textsOf(html, "h3 > a");
}

/** The count line, e.g. "Showing 48 of 66 products (sorted A-Z)". */
export function countLineOf(html: string): string | null {
  return /Showing \d+ of \d+ products? \([^)]*\)/.exec(html)?.[0] ?? null;
}

/** Visible text of an HTML fragment, roughly: tags dropped, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return decodeHtml(
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** SQLite's plan for a drizzle query (EXPLAIN QUERY PLAN): its SQL and the plan's detail lines. */
export async function queryPlan(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return { sql, detail: results.map((row) => row.detail) };
}

/** The product page's cards under the buy button (delivery ways, lab), each as its title and its line. */
export async function productPromiseCards(html: string): Promise<Array<{ title: string; text: string }>> {
  const cards: Array<{ title: string; text: string }> = [];
  for (const part of await elementsOf(html, 'ul[aria-label="Delivery and lab reports"] > li > span > span')) {
    if (part.attributes.class?.includes("font-semibold")) cards.push({ title: part.text, text: "" });
    else if (cards.length > 0) cards[cards.length - 1]!.text = part.text;
  }
  return cards;
}
