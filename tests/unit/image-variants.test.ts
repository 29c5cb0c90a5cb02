import { describe, expect, it } from "vitest";
import {
  AVIF_MAX_SIDE,
  expectedOutputs,
  IMAGE_LAYOUTS,
  negotiateFormat,
  planVariants,
  refusalReason,
  resizedWidth,
  responsiveImage,
  servedFormat,
  sizedImageUrl,
  uploadedImageKey,
  uprightTransforms,
  variantWidthFor,
  VARIANT_WIDTHS,
} from "../../app/features/photos/photo-variants";

/** The variant rules (docs/decisions/022): the ladder, the product's sizing rule on it, URLs, negotiation, the plan. */

describe("the product's sizing rule, expressed through the variant widths", () => {
  it.each([
    [1, 400, 400],
    [120, 400, 400],
    [299, 400, 400],
    [300, 800, 800],
    [450, 800, 800],
    [600, 800, 800],
    [601, 601, 640],
    [700, 700, 800],
    [1000, 1000, 1200],
    [1200, 1200, 1200],
    [1700, 1700, 1920],
    [1920, 1920, 1920],
    [5000, 5000, 1920],
  ])("asked for %i px: docs/product.md says %i, the ladder serves %i", (requested, spec, ladder) => {
    expect(resizedWidth(requested)).toBe(spec);
    expect(variantWidthFor(requested)).toBe(ladder);
  });

  it("puts the product's 400 and 800 on the ladder", () => {
    expect(VARIANT_WIDTHS).toContain(400);
    expect(VARIANT_WIDTHS).toContain(800);
  });
});

describe("URLs", () => {
  it("sizes uploads through their variants and leaves art, packshots and other sites alone", () => {
    expect(sizedImageUrl("/images/image-1-abc.jpg", 96)).toBe("/images/image-1-abc.jpg/w400");
    expect(sizedImageUrl("image-1-abc.jpg", 1000)).toBe("/images/image-1-abc.jpg/w1200");
    expect(sizedImageUrl("public/images/image-1-abc.jpg", 500)).toBe("/images/image-1-abc.jpg/w800");
    expect(sizedImageUrl("/packshots/3/abcdefghijk.svg", 96)).toBe("/packshots/3/abcdefghijk.svg");
    expect(sizedImageUrl("/art/flower-1.svg", 96)).toBe("/art/flower-1.svg");
    expect(sizedImageUrl("https://cdn.example/x.jpg", 96)).toBe("https://cdn.example/x.jpg");
    expect(sizedImageUrl(null, 96)).toBe("/art/placeholder.svg");
  });

  it("reads upload keys only from our own upload paths", () => {
    expect(uploadedImageKey("/images/image-1-abc.png")).toBe("image-1-abc.png");
    expect(uploadedImageKey("/images/../secret")).toBeNull();
    expect(uploadedImageKey("/images/a/b.png")).toBeNull();
    expect(uploadedImageKey("https://shop.example/images/image-1.png")).toBeNull();
  });

  it("offers each layout its part of the ladder, widest as src, with a placeholder", () => {
    const card = responsiveImage("/images/image-1-abc.jpg", "card");
    expect(card.src).toBe("/images/image-1-abc.jpg/w800");
    expect(card.srcSet).toBe(
      "/images/image-1-abc.jpg/w160 160w, /images/image-1-abc.jpg/w320 320w, /images/image-1-abc.jpg/w400 400w, /images/image-1-abc.jpg/w640 640w, /images/image-1-abc.jpg/w800 800w",
    );
    expect(card.sizes).toBe(IMAGE_LAYOUTS.card.sizes);
    expect(card.placeholder).toBe("/images/image-1-abc.jpg/lqip");
    expect(responsiveImage("/images/image-1-abc.jpg", "zoom").srcSet).toContain("/w1920 1920w");
    expect(responsiveImage("/art/flower.svg", "gallery")).toEqual({ src: "/art/flower.svg" });
  });
});

describe("negotiateFormat", () => {
  it.each([
    ["image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", "avif"],
    ["image/webp,*/*", "webp"],
    ["image/avif;q=0, image/webp", "webp"],
    ["image/png,image/*;q=0.8", "jpeg"],
    ["", "jpeg"],
    [null, "jpeg"],
  ] as const)("%s gets %s", (accept, format) => {
    expect(negotiateFormat(accept)).toBe(format);
  });

  it("serves og as JPEG and the placeholder as WebP to AVIF browsers", () => {
    expect(servedFormat("og", "avif")).toBe("jpeg");
    expect(servedFormat("lqip", "avif")).toBe("webp");
    expect(servedFormat("w640", "avif")).toBe("avif");
  });
});

describe("the pipeline's plan", () => {
  it("turns every EXIF orientation upright: mirror first, then clockwise", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((o) => uprightTransforms(o as 1))).toEqual([
      {},
      { flip: "h" },
      { rotate: 180 },
      { flip: "v" },
      { flip: "h", rotate: 270 },
      { rotate: 90 },
      { flip: "h", rotate: 90 },
      { rotate: 270 },
    ]);
  });

  it("makes every slot in every format once for a large photo, AVIF only up to 1200 px on a side", () => {
    const jobs = planVariants({ width: 1920, height: 1440 });
    const outputs = jobs.flatMap((job) => job.outputs.map((output) => `${output.slot}.${output.format}`)).sort();
    const expected = expectedOutputs()
      .filter((output) => output.slot !== "og")
      .map((output) => `${output.slot}.${output.format}`)
      .sort();
    expect(outputs).toEqual(expected);
    for (const job of jobs.filter((candidate) => candidate.format === "avif")) {
      expect(Math.max(job.width, Math.round((job.width * 1440) / 1920))).toBeLessThanOrEqual(AVIF_MAX_SIDE);
    }
    // w1600 and w1920 are too large for AVIF there: their WebP answers AVIF requests.
    const w1920 = jobs.find((job) => job.width === 1920 && job.format === "webp")!;
    expect(w1920.outputs).toEqual([
      { slot: "w1920", format: "webp" },
      { slot: "w1920", format: "avif" },
    ]);
  });

  it("never enlarges: a 500 px photo's wider slots share its full-size copy", () => {
    const jobs = planVariants({ width: 500, height: 400 });
    expect(Math.max(...jobs.map((job) => job.width))).toBe(500);
    const full = jobs.find((job) => job.width === 500 && job.format === "jpeg")!;
    expect(full.outputs.map((output) => output.slot)).toEqual(["w640", "w800", "w960", "w1200", "w1600", "w1920"]);
  });

  it("refuses decompression bombs and oversized sides before any decoding", () => {
    expect(refusalReason({ width: 20_000, height: 20_000, pixels: 400_000_000 })).toMatch(/100 megapixels/);
    expect(refusalReason({ width: 13_000, height: 100, pixels: 1_300_000 })).toMatch(/12,000 pixels/);
    expect(refusalReason({ width: 4000, height: 3000, pixels: 12_000_000 })).toBeNull();
  });
});
