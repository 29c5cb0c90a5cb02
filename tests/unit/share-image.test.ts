import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { productShareImage } from "../../app/features/product-page/share-image";
import { SHARE_IMAGE, seo } from "../../app/features/site/seo";

describe("the image a shared link previews with", () => {
  it("is a product's uploaded cover as its 1200x630 JPEG crop, with the product named in its alt text", () => {
    expect(productShareImage("/images/image-1-abc.jpg", "Gelato Punch")).toEqual({
      path: "/images/image-1-abc.jpg/og",
      type: "image/jpeg",
      width: 1200,
      height: 630,
      alt: "Photo of Gelato Punch",
    });
  });

  it("is a packshot's 1200x630 PNG at the packshot's id and hash, with the product named in its alt text", () => {
    expect(productShareImage("/packshots/3/abcdefghijk.svg", "Runtz")).toEqual({
      path: "/share/packshots/3/abcdefghijk.png",
      type: "image/png",
      width: 1200,
      height: 630,
      alt: "Packshot of Runtz",
    });
  });

  it("is the brand's PNG card for art, an outside image, a look-alike of a packshot path or none (previews show no SVG)", () => {
    for (const cover of [
      "/art/indoors-1.svg",
      "https://cdn.example/x.jpg",
      "/packshots/3/abcdefghijk.svg?x",
      "/packshots/0/abcdefghijk.svg",
      "https://evil.example/packshots/3/abcdefghijk.svg",
      null,
    ]) {
      expect(productShareImage(cover, "Runtz")).toBe(SHARE_IMAGE);
    }
    expect(SHARE_IMAGE).toMatchObject({ path: "/share/brand.png", type: "image/png", width: 1200, height: 630 });
  });

  it("every page's meta names a raster image with its type, size and alt, og:type and a large card, for any name", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom("北京烤鸭 🍓", "Ультра ".repeat(40))),
        fc.boolean(),
        (name, photo) => {
          const meta = seo({
            title: name || "x",
            description: "A product.",
            origin: "https://shop.example",
            shop: { name: "A shop", tagline: "" },
            path: "/product/1",
            image: productShareImage(photo ? "/images/image-9-x.png" : "/packshots/1/abcdefghijk.svg", name),
            type: "product",
          });
          const properties = new Map(
            meta.flatMap((tag) => ("property" in tag && "content" in tag ? [[String(tag.property), String(tag.content)]] : [])),
          );
          const property = (key: string) => properties.get(key);
          expect(property("og:type")).toBe("product");
          expect(property("og:image")).toMatch(
            /^https:\/\/shop\.example\/(share\/packshots\/1\/abcdefghijk\.png|images\/image-9-x\.png\/og)$/,
          );
          expect(["image/png", "image/jpeg"]).toContain(property("og:image:type"));
          expect([property("og:image:width"), property("og:image:height")]).toEqual(["1200", "630"]);
          expect(property("og:image:alt")).toBeTruthy();
          expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
        },
      ),
      { numRuns: fcRuns(200) },
    );
  });
});
