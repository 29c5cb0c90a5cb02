import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packshotPath, packshotSharePath } from "../../app/features/packshots/packshot";
import { products } from "../../db/schema";
import { adminCookie, get } from "./helpers";
import { db, deleteProducts, insertProducts, testProduct, textOf } from "./shop-helpers";
import { productPath } from "../../app/features/catalogue/product-path";
import { elementsOf, jsonLdOf } from "./page-parts";

const PLAIN = "Product Test Plain";
const SOLD_OUT = "Product Test Sold Out";
const HIDDEN = "Product Test Hidden";
const UNREVIEWED = "Product Test Rated Without Reviews";
let ids: Map<string, number>;

async function page(path: string, init?: RequestInit) {
  const response = await get(path, init);
  const html = await response.text();
  return { response, html, text: textOf(html) };
}

async function jsonLd(html: string) {
  const [script] = await elementsOf(html, 'script[type="application/ld+json"]');
  const [data] = await jsonLdOf(html);
  if (!script || !data) throw new Error("no JSON-LD script");
  return {
    nonce: script.attributes.nonce,
    data: data as Record<string, unknown> & { offers: Record<string, unknown>; aggregateRating: Record<string, unknown> },
  };
}

beforeAll(async () => {
  ids = await insertProducts([
    testProduct({
      name: PLAIN,
      priceCents: 4550,
      category: "gelato-punch",
      rating: 0,
      reviewCount: 0,
      description: "",
      effects: "[]",
      strainType: null,
      thcContent: null,
    }),
    testProduct({ name: SOLD_OUT, priceCents: 1000, category: "deps", inStock: false }),
    testProduct({ name: HIDDEN, priceCents: 1000, category: "deps", active: false }),
    testProduct({ name: UNREVIEWED, priceCents: 1000, category: "deps", rating: 4.5, reviewCount: 0 }),
  ]);
});

afterAll(async () => {
  await deleteProducts([PLAIN, SOLD_OUT, HIDDEN, UNREVIEWED]);
});

describe("/product/{id}", () => {
  it("shows the product with price, details, Add to Cart, bulk contact and JSON-LD", async () => {
    const [gummies] = await db.select().from(products).where(eq(products.catalogueKey, "wild-berry-gummies"));
    const { response, html, text } = await page(productPath(gummies!));
    expect(response.status).toBe(200);
    expect(html).toContain(`<h1 class="heading-display mt-2 text-3xl sm:text-4xl">${gummies!.name}</h1>`);
    expect(text).toContain("$5.00");
    // Gummies have the product's tier table: single $5.00, 100 $4.75, 250 $4.50, 500 $4.25, 1000 $4.00.
    expect(text).toMatch(/Single \$5\.00 100 units \$4\.75 250 units \$4\.50 500 units \$4\.25 1000 units \$4\.00/);
    expect(text).toContain("Category edibles");
    expect(text).toContain("Availability In Stock");
    expect((await elementsOf(html, 'button[type="submit"]')).map((button) => button.text)).toContain("Add to Cart");
    expect((await elementsOf(html, 'input[type="hidden"][name="productId"]')).map((input) => input.attributes.value)).toContainEqual(
      expect.stringMatching(/^\d+$/),
    );
    const bulk = (await elementsOf(html, "a[href]")).filter((link) => link.text.startsWith("Contact for Bulk Orders"));
    expect(bulk.map(({ attributes }) => attributes)).toContainEqual(
      expect.objectContaining({
        href: expect.stringMatching(/^https:\/\/t\.me\/[^?]+\?text=.+/),
        target: "_blank",
        rel: "noopener noreferrer",
      }),
    );

    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const { nonce, data } = await jsonLd(html);
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(data).toMatchObject({ "@type": "Product", name: gummies!.name });
    expect(data.offers).toMatchObject({ price: "5.00", priceCurrency: "USD", availability: "https://schema.org/InStock" });
    expect(data.aggregateRating).toMatchObject({ ratingValue: gummies!.rating, reviewCount: gummies!.reviewCount });
    // No uploaded image: JSON-LD lists the product's packshot and its PNG; the social preview is the PNG,
    // since link previews show no SVG (decision 051).
    const share = `http://localhost${packshotSharePath(gummies!)}`;
    expect(data.image).toEqual([`http://localhost${packshotPath(gummies!)}`, share]);
    expect(html).toContain(`<meta property="og:image" content="${share}"/>`);
    expect(html).toContain(`<meta property="og:type" content="product"/>`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost${productPath(gummies!)}"/>`);
  });

  it("shows 'No reviews yet' and a generated description, and states no rating in JSON-LD; category hyphens become spaces", async () => {
    const { html, text } = await page(productPath({ id: ids.get(PLAIN)!, name: PLAIN }));
    expect(text).toContain("No reviews yet");
    expect(text).not.toContain("Rated");
    expect(text).toContain(`Description ${PLAIN} from our gelato punch collection`);
    expect(text).toContain("Category gelato punch");
    expect(text).not.toContain("Strain Type");
    expect(text).not.toContain("THC Content");
    expect((await jsonLd(html)).data).not.toHaveProperty("aggregateRating");
    expect(html).not.toMatch(/"ratingValue"/);
  });

  it("states no rating in JSON-LD for a product rated but without reviews", async () => {
    const { html, text } = await page(productPath({ id: ids.get(UNREVIEWED)!, name: UNREVIEWED }));
    expect(text).toContain("No reviews yet");
    expect(text).not.toContain("Rated 4.5");
    expect((await jsonLd(html)).data).not.toHaveProperty("aggregateRating");
  });

  it("cannot be added to the cart when out of stock", async () => {
    const { html, text } = await page(productPath({ id: ids.get(SOLD_OUT)!, name: SOLD_OUT }));
    expect((await elementsOf(html, 'button[type="submit"][disabled]')).map((button) => button.text)).toContain("Out of Stock");
    expect(text).toContain("Availability Out of Stock");
    expect((await jsonLd(html)).data.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
  });

  it.each(["999999", "abc", "0", "12abc", "1e3"])("answers /product/%s with 404 'Product Not Found'", async (id) => {
    const { response, text } = await page(`/product/${id}`);
    expect(response.status).toBe(404);
    expect(text).toContain("Product Not Found");
    expect(text).toContain("The product you're looking for doesn't exist.");
    expect(text).toContain("Back to Shop");
  });

  it("hides an inactive product from shoppers but shows it to the admin", async () => {
    const id = ids.get(HIDDEN)!;
    expect((await page(productPath({ id, name: HIDDEN }))).response.status).toBe(404);
    const admin = await page(productPath({ id, name: HIDDEN }), { headers: { Cookie: await adminCookie() } });
    expect(admin.response.status).toBe(200);
    expect(admin.text).toContain("Inactive: shoppers cannot see this product");
  });
});

describe("/sitemap.xml", () => {
  it("lists public pages, category pages and active products only, cached for an hour", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const xml = await response.text();
    for (const path of [
      "/",
      "/shop",
      "/about",
      "/contact",
      "/reviews",
      "/faq",
      "/account",
      "/shop/indoor",
      "/shop/concentrates",
      "/shop/pens",
    ]) {
      expect(xml).toContain(`<loc>http://localhost${path}</loc>`);
    }
    expect(xml).toContain(`<loc>http://localhost${productPath({ id: ids.get(PLAIN)!, name: PLAIN })}</loc>`);
    expect(xml).not.toContain(`<loc>http://localhost/product/${ids.get(HIDDEN)}-`);
    expect(xml).not.toContain("/admin");
  });
});
