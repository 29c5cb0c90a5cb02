import { env } from "cloudflare:test";
import { ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { productSizes } from "../../db/schema";
import { readSizes, sizeWriteStatements } from "../../app/features/catalogue/sizes.server";
import { productPath } from "../../app/features/catalogue/product-path";
import { createSpecial } from "../../app/features/specials/specials.server";
import type { SpecialData } from "../../app/features/specials/special";
import { alwaysOnSpecial } from "./special-fixtures";
import { catalogueChanged, get } from "./helpers";
import { db, deleteProducts, insertProducts, testProduct } from "./shop-helpers";
import { decodeHtml } from "./page-parts";
import { eighth, quarter } from "./size-fixtures";

/**
 * A special on chosen sizes only: the product's card (which does not list sizes) still shows its
 * badge, marked "select sizes", and the product page says the same unless the special takes every size.
 */

const CATEGORY = "size-deals";
const PRODUCT = "Size Deal Test Flower";
let productId = 0;
let sizeIds: number[] = [];

function sizesSpecial(sizes: number[]): SpecialData {
  return alwaysOnSpecial({
    name: "Buy 2 eighths, get 1 free",
    badge: "Buy 2 get 1",
    kind: "buy_x_get_y",
    buy: 2,
    get: 1,
    percent: 100,
    selection: { categories: [], products: [], sizes },
  });
}

const page = async (path: string) => decodeHtml(await (await get(path, { headers: { Cookie: "age-verified=yes" } })).text());

beforeAll(async () => {
  await env.DB.prepare("INSERT INTO categories (name, slug) VALUES ('Size Deals', ?)").bind(CATEGORY).run();
  productId = (await insertProducts([testProduct({ name: PRODUCT, priceCents: 4500, category: CATEGORY })])).get(PRODUCT)!;
  const [first, ...rest] = sizeWriteStatements(db, productId, [eighth, quarter]);
  await db.batch([first!, ...rest]);
  sizeIds = (await readSizes(db, [productId])).get(productId)!.map((size) => size.id);
  expect(sizeIds).toHaveLength(2);
});

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM specials").run();
});

afterAll(async () => {
  await env.DB.prepare("DELETE FROM specials").run();
  await deleteProducts([PRODUCT]);
  await env.DB.prepare("DELETE FROM categories WHERE slug = ?").bind(CATEGORY).run();
});

describe("a special on some of a product's sizes", () => {
  it("badges the card and the product page, saying it is on select sizes", async () => {
    await createSpecial(db, sizesSpecial([sizeIds[0]!]));
    await catalogueChanged();
    expect(await page(`/shop/${CATEGORY}`)).toContain("Buy 2 get 1 · select sizes");
    expect(await page(`/shop?search=${encodeURIComponent(PRODUCT)}`)).toContain("Buy 2 get 1 · select sizes");
    expect(await page(productPath({ id: productId, name: PRODUCT }))).toContain("Buy 2 get 1 · select sizes");
  });

  it("on every size, the product page badges it plainly; the card, which knows only the listed sizes, still says select sizes", async () => {
    await createSpecial(db, sizesSpecial(sizeIds));
    await catalogueChanged();
    const product = await page(productPath({ id: productId, name: PRODUCT }));
    expect(product).toContain("Buy 2 get 1");
    expect(product).not.toContain("select sizes");
    expect(await page(`/shop/${CATEGORY}`)).toContain("Buy 2 get 1 · select sizes");
  });

  it("a size of another product badges nothing here", async () => {
    const [other] = await db.select({ id: productSizes.id }).from(productSizes).where(ne(productSizes.productId, productId)).limit(1);
    expect(other).toBeDefined();
    await createSpecial(db, sizesSpecial([other!.id]));
    await catalogueChanged();
    expect(await page(`/shop/${CATEGORY}`)).not.toContain("Buy 2 get 1");
  });
});
