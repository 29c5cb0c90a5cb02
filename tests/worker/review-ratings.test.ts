import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPath } from "../../app/features/catalogue/product-path";
import { get } from "./helpers";
import { jsonLdOf, textsOf } from "./page-parts";
import { deleteProducts, insertProducts, testProduct } from "./shop-helpers";

const NEW = "Ratings Test Brand New";
const RATED_NO_COUNT = "Ratings Test Five Stars Zero Reviews";
const REVIEWED = "Ratings Test Twelve Reviews";
let ids: Map<string, number>;

beforeAll(async () => {
  ids = await insertProducts([
    testProduct({ name: NEW, priceCents: 2000, category: "deps", rating: 0, reviewCount: 0 }),
    // A rating without a review behind it (e.g. from an import) is not a rating the shop can show.
    testProduct({ name: RATED_NO_COUNT, priceCents: 2000, category: "deps", rating: 5, reviewCount: 0 }),
    testProduct({ name: REVIEWED, priceCents: 2000, category: "deps", rating: 4.6, reviewCount: 12 }),
  ]);
});

afterAll(async () => {
  await deleteProducts([NEW, RATED_NO_COUNT, REVIEWED]);
});

/** The text of the product's card on /shop (searched by its name). */
async function cardText(name: string): Promise<string> {
  const html = await (await get(`/shop?${new URLSearchParams({ search: name })}`)).text();
  const cards = await textsOf(html, "article.product-card");
  const card = cards.find((text) => text.includes(name));
  if (!card) throw new Error(`no card for ${name}`);
  return card;
}

async function productPage(name: string) {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`no product ${name}`);
  const response = await get(productPath({ id, name }));
  expect(response.status).toBe(200);
  const html = await response.text();
  // The line under the product's name: its rating, or that it has none.
  const heading = (await textsOf(html, "p")).find((text) => /^Rated |^No reviews yet$/.test(text));
  const product = (await jsonLdOf(html)).find((data) => data["@type"] === "Product");
  if (!product) throw new Error("no Product JSON-LD");
  return { rating: heading ?? "", product };
}

describe("a product's rating is only ever its own", () => {
  it.each([NEW, RATED_NO_COUNT])("%s shows 'No reviews yet' and no rating on its card, its page and its JSON-LD", async (name) => {
    const card = await cardText(name);
    expect(card).toContain("No reviews yet");
    expect(card).not.toMatch(/Rated|\(\d/);

    const page = await productPage(name);
    expect(page.rating).toBe("No reviews yet");
    expect(page.product).not.toHaveProperty("aggregateRating");
  });

  it("a product rated 4.6 from 12 reviews shows exactly that on its card, its page and its JSON-LD", async () => {
    const card = await cardText(REVIEWED);
    // The card reads "Rated 4.6 out of 5 (12 reviews)"; its count sits in an element of its own.
    expect(card).toMatch(/Rated 4\.6 out of 5\s*\(12 reviews\)/);
    expect(card).not.toContain("No reviews yet");

    const page = await productPage(REVIEWED);
    expect(page.rating).toMatch(/^Rated 4\.6 out of 5\s*\(12 reviews\)$/);
    expect(page.product.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.6, reviewCount: 12, bestRating: 5 });
  });

  it("no page of the built-in catalogue states a review count of 234 it does not have", async () => {
    const html = await (await get("/shop")).text();
    const cards = await textsOf(html, "article.product-card");
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).not.toContain("(234 reviews)");
  });
});
