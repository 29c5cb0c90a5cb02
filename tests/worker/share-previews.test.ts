import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FIRST_PRODUCT_PATH, ORIGIN, adminCookie, catalogueChanged, get } from "./helpers";
import { photo } from "./photos";
import { packshotSharePath, type PackshotSource } from "../../app/features/packshots/packshot";
import { metaOf } from "./page-parts";

/**
 * What a link shared on Telegram (or anywhere Open Graph is read) previews with: every public page
 * names a raster image — JPEG, PNG or WebP, which previews show; never an SVG — with its alt text,
 * size, og:type and a large Twitter card; a product photo's crop and a packshot's PNG answer 200 with that type.
 */

const VERIFIED = { headers: { Cookie: "age-verified=yes" } };

/** The preview's image as a crawler fetches it: no cookie, and whatever Accept it sends. */
async function shareImage(url: string) {
  expect(url.startsWith(ORIGIN)).toBe(true);
  const response = await SELF.fetch(url, { headers: { Accept: "*/*" } });
  return { status: response.status, type: response.headers.get("Content-Type") ?? "", bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function checkPreview(path: string, type: "website" | "product") {
  const response = await get(path, VERIFIED);
  expect(response.status).toBe(200);
  const page = await response.text();
  const meta = await metaOf(page);
  expect(meta["og:type"]).toBe(type);
  expect(meta["twitter:card"]).toBe("summary_large_image");
  expect(meta["og:image:alt"]?.length).toBeGreaterThan(0);
  expect([meta["og:image:width"], meta["og:image:height"]]).toEqual(["1200", "630"]);
  const url = meta["og:image"] ?? "";
  expect(url).not.toMatch(/\.svg$/);
  expect(meta["og:image:type"]).toMatch(/^image\/(png|jpeg|webp)$/);
  return { url, alt: meta["og:image:alt"], type: meta["og:image:type"] };
}

describe("shared links preview with a raster image and its alt text", () => {
  for (const path of ["/", "/shop", "/shop/concentrates", "/shop/indoor", "/contact", "/faq", "/about", "/reviews", "/checkout"]) {
    it(`on ${path}: the brand's card, og:type website`, async () => {
      const { url, alt } = await checkPreview(path, "website");
      // The card in the owner's trading name (worker/brand-share.test.ts; public/share.png when it cannot be drawn).
      expect(url).toBe(`${ORIGIN}/share/brand.png`);
      expect(alt).toBe("Greenleaf Supply: Cannabis, delivered discreetly");
    });
  }

  it("on a product shown by its packshot: its packshot's 1200x630 PNG, its alt naming the product, og:type product", async () => {
    const product = await env.DB.prepare(
      "SELECT id, name, category, strain_type AS strainType, thc_content AS thcContent FROM products WHERE id = 1",
    ).first<PackshotSource>();
    const { url, alt, type } = await checkPreview(FIRST_PRODUCT_PATH, "product");
    expect(url).toBe(`${ORIGIN}${packshotSharePath(product!)}`);
    expect(alt).toBe(`Packshot of ${product!.name}`);
    expect(type).toBe("image/png");
    // The image answers as the PNG the page names, to a crawler with no cookie.
    const image = await shareImage(url);
    expect(image.status).toBe(200);
    expect(image.type).toBe(type);
    expect([...image.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it("on a product with an uploaded photo: the photo's 1200x630 JPEG crop, its alt naming the product", async () => {
    const bytes = photo("small");
    const upload = await SELF.fetch(`${ORIGIN}/admin/uploads/image`, {
      method: "PUT",
      body: bytes,
      headers: { Origin: ORIGIN, Accept: "application/json", Cookie: await adminCookie(), "Content-Type": "image/jpeg" },
    });
    expect(upload.status).toBe(201);
    const { url: photoUrl } = await upload.json<{ url: string }>();
    await env.DB.prepare("UPDATE products SET image = ? WHERE id = 1").bind(photoUrl).run();
    // Written past the admin form: the page cache is told, as the form's save would.
    await catalogueChanged();
    const row = await env.DB.prepare("SELECT name FROM products WHERE id = 1").first<{ name: string }>();

    const { url, alt, type } = await checkPreview(FIRST_PRODUCT_PATH, "product");
    expect(url).toBe(`${ORIGIN}${photoUrl}/og`);
    expect(alt).toBe(`Photo of ${row?.name ?? ""}`);
    // The crop answers as the JPEG the page names, to a crawler with no cookie.
    const image = await shareImage(url);
    expect(image.status).toBe(200);
    expect(image.type).toBe(type);
    expect([...image.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });
});
