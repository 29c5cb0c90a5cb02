/**
 * Sizes in the shop's listings (decision 028) through the real Worker and local D1: a price
 * range finds a product by any of its sizes (its card still says 'from' its lowest), the price facet
 * counts it in every range one of its sizes is in, the sorts use the card's price, search suggestions
 * say 'from $X', and a product with none left in any size reads Out of Stock everywhere a shopper and
 * the owner look.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, productSizes } from "../../db/schema";
import { sizeWriteStatements } from "../../app/features/catalogue/sizes.server";
import type { SizeInput } from "../../app/features/catalogue/sizes";
import { loadShop } from "../../app/features/listings/listings.server";
import { parseShopQuery } from "../../app/features/shop-filters/shop-query";
import { productPath } from "../../app/features/catalogue/product-path";
import { adminCookie, catalogueChanged, get } from "./helpers";
import { cardNames, db, textOf } from "./shop-helpers";
import { eighth, half, ounce, quarter } from "./size-fixtures";
import { textsOf } from "./page-parts";

const NAME = "Runtz";
/** $45, $80, $150 and $280: the lowest is under $100, two sizes are in $100 to $500. */
const sizes: SizeInput[] = [eighth, quarter, half, ounce];
let runtz: number;

async function catalogueId(key: string) {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.catalogueKey, key));
  if (!row) throw new Error(`catalogue product ${key} missing`);
  return row.id;
}

async function setSizes(id: number, list: readonly SizeInput[]) {
  const kept = await db.select({ id: productSizes.id }).from(productSizes).where(eq(productSizes.productId, id));
  await db.batch(
    sizeWriteStatements(
      db,
      id,
      list.map((size, i) => (i === 0 && kept[0] ? { ...size, id: kept[0].id } : size)),
    ),
  );
  await catalogueChanged();
}

async function shopNames(query: string) {
  const response = await get(`/shop${query}`);
  expect(response.status).toBe(200);
  return cardNames(await response.text());
}

/** The listing's facet counts, as the filter sheet shows them, for a query string. */
async function priceFacet(query: string) {
  const { facets } = await loadShop(db, parseShopQuery(new URLSearchParams(query)), { isAdmin: false });
  return facets;
}

/** The text of one product's card on a page (each card is an <article> with one <h3>). */
async function cardText(html: string, name: string) {
  const index = (await textsOf(html, "article h3")).indexOf(name);
  expect(index, `${name}'s card`).toBeGreaterThan(-1);
  return (await textsOf(html, "article", { spaced: true }))[index] ?? "";
}

beforeAll(async () => {
  runtz = await catalogueId("runtz-eighth");
  await db.update(products).set({ name: NAME }).where(eq(products.id, runtz));
  await setSizes(runtz, sizes);
});

describe("a price range over every size", () => {
  it("finds a product whose lowest price is outside the range by a size inside it", async () => {
    // $150 and $280 are in $100 to $500; the card's price, $45, is not.
    expect(await shopNames("?price=100-500")).toContain(NAME);
    expect(await shopNames("?price=25-100")).toContain(NAME);
    expect(await shopNames("?price=under-25")).not.toContain(NAME);
    expect(await shopNames("?price=over-1000")).not.toContain(NAME);
    // On the price sorts too (the rows query seeks the price index by the range's top).
    expect(await shopNames("?price=100-500&sort=price-asc")).toContain(NAME);
    expect(await shopNames("?price=100-500&sort=price-desc")).toContain(NAME);
    // The card says what a shopper pays at least.
    const html = await (await get("/shop?price=100-500")).text();
    expect(await cardText(html, NAME)).toContain("from $45.00");
  });

  it("reads the sizes only when the range lies between the lowest and the highest price, and finds a size there", async () => {
    const gram: SizeInput = { ...eighth, label: "1 g", priceCents: 4500, compareAtCents: null };
    const pound: SizeInput = { ...ounce, label: "1 lb", priceCents: 60000, stock: null };
    // $45 and $600: nothing in $100 to $500, though the range lies between them.
    await setSizes(runtz, [gram, pound]);
    expect(await shopNames("?price=100-500")).not.toContain(NAME);
    expect(await shopNames("?price=500-1000")).toContain(NAME);
    // A size at $150 between them is found.
    await setSizes(runtz, [gram, half, pound]);
    expect(await shopNames("?price=100-500")).toContain(NAME);
    expect(await shopNames("?price=100-500&sort=price-desc")).toContain(NAME);
    await setSizes(runtz, sizes);
  });

  it("counts the product in every price range one of its sizes is in, and the count matches the list", async () => {
    const facets = await priceFacet("");
    const narrowed = await priceFacet("price=100-500");
    expect(narrowed.total).toBe(facets.options.price["100-500"]);
    // Without its sizes it would be counted under $25 to $100 only.
    await setSizes(runtz, [eighth]);
    const single = await priceFacet("");
    expect(facets.options.price["100-500"]).toBe(single.options.price["100-500"]! + 1);
    expect(facets.options.price["25-100"]).toBe(single.options.price["25-100"]);
    await setSizes(runtz, sizes);
  });

  it("sorts by the card's price: the lowest of the sizes", async () => {
    const names = await shopNames("?price=25-100&sort=price-asc");
    const { listing } = await loadShop(db, parseShopQuery(new URLSearchParams("price=25-100&sort=price-asc")), { isAdmin: false });
    const prices = listing.products.map((product) => product.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(listing.products.find((product) => product.name === NAME)?.priceCents).toBe(eighth.priceCents);
    expect(names).toEqual(listing.products.map((product) => product.name));
  });
});

describe("search suggestions in sizes", () => {
  it("say 'from $X' for a product whose sizes differ in price, and the plain price otherwise", async () => {
    const response = await get("/search?q=runtz");
    const body = (await response.json()) as { products: Array<{ name: string; price: string }> };
    expect(body.products.find((product) => product.name === NAME)?.price).toBe("from $45.00");
    const other = body.products.find((product) => product.name !== NAME);
    if (other) expect(other.price).toMatch(/^\$\d/);
  });
});

describe("none left in any size", () => {
  const soldOut: SizeInput[] = sizes.map((size) => ({ ...size, stock: 0 }));

  async function shown() {
    const shop = await (await get("/shop?search=runtz")).text();
    const page = await (await get(productPath({ id: runtz, name: NAME }))).text();
    const inStockOnly = await shopNames("?search=runtz&stock=in");
    return { card: await cardText(shop, NAME), page: textOf(page), inStockOnly };
  }

  it("reads Out of Stock on its card and page, leaves In stock only, and is counted by the dashboard", async () => {
    await setSizes(runtz, soldOut);
    const [row] = await db.select({ soldOut: products.soldOut }).from(products).where(eq(products.id, runtz));
    expect(row?.soldOut).toBe(true);
    const out = await shown();
    expect(out.card).toContain("Out of Stock");
    expect(out.card).not.toContain("In Stock");
    expect(out.page).toContain("Out of Stock");
    expect(out.inStockOnly).not.toContain(NAME);
    const admin = await adminCookie();
    const list = await (await get("/admin/products?stock=out", { headers: { Cookie: admin } })).text();
    expect(textOf(list)).toContain(NAME);

    // One size back on the shelf: the product is in stock again, whatever wrote the stock.
    await env.DB.prepare("UPDATE product_sizes SET stock = 2 WHERE product_id = ? AND position = 1").bind(runtz).run();
    await catalogueChanged();
    const back = await shown();
    expect(back.card).toContain("In Stock");
    expect(back.inStockOnly).toContain(NAME);
    await setSizes(runtz, sizes);
  });

  it("holds for a product sold in one size, and untracked stock never sells out", async () => {
    await setSizes(runtz, [{ ...eighth, stock: 0 }]);
    expect((await shown()).card).toContain("Out of Stock");
    await setSizes(runtz, [{ ...eighth, stock: null }]);
    expect((await shown()).card).toContain("In Stock");
    await setSizes(runtz, sizes);
  });
});
