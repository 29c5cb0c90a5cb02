import { describe, expect, it } from "vitest";
import { galleryItems, wrapIndex } from "../../app/features/product-page/gallery-items";
import { categoryLabel, productDescription } from "../../app/features/product-page/product-page";
import { canPan, zoomIn, zoomOut, zoomPercent } from "../../app/features/product-page/zoom";

describe("gallery", () => {
  it("orders cover, extra images, then the video", () => {
    expect(galleryItems({ image: "/art/a.svg", extraImages: ["b.png", " "], video: "/videos/v.mp4" })).toEqual([
      { kind: "image", src: "/art/a.svg" },
      { kind: "image", src: "/images/b.png" },
      { kind: "video", src: "/videos/v.mp4" },
    ]);
    expect(galleryItems({ image: null, extraImages: [], video: null })).toEqual([{ kind: "image", src: "/art/placeholder.svg" }]);
  });

  it("wraps previous and next around", () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
  });
});

describe("zoom (0.5x to 4x in steps of 0.3)", () => {
  it("zooms in up to 4x and out down to 0.5x", () => {
    const ins: number[] = [];
    for (let scale = 1; scale < 4;) ins.push((scale = zoomIn(scale)));
    expect(ins).toEqual([1.3, 1.6, 1.9, 2.2, 2.5, 2.8, 3.1, 3.4, 3.7, 4]);
    expect(zoomIn(4)).toBe(4);
    expect(zoomOut(1)).toBe(0.7);
    expect(zoomOut(0.7)).toBe(0.5);
    expect(zoomOut(0.5)).toBe(0.5);
  });

  it("shows a percentage and pans only when zoomed in", () => {
    expect(zoomPercent(1.3)).toBe("130%");
    expect(zoomPercent(0.5)).toBe("50%");
    expect(canPan(1)).toBe(false);
    expect(canPan(1.3)).toBe(true);
  });
});

describe("product page texts", () => {
  it("shows the category with hyphens as spaces", () => {
    expect(categoryLabel("gelato-punch")).toBe("gelato punch");
  });

  it("generates a description when the product has none", () => {
    const base = { name: "Runtz", category: "new-drops", isLabTested: true };
    expect(productDescription({ ...base, description: "Sweet." })).toBe("Sweet.");
    expect(productDescription({ ...base, description: "  " })).toMatch(/^Runtz from our new drops collection/);
  });
});
