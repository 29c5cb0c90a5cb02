import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ownRating } from "../../app/features/catalogue/rating";

describe("ownRating", () => {
  it("is the product's own rating and count when it has at least one review", () => {
    expect(ownRating({ rating: 4.6, reviewCount: 12 })).toEqual({ value: 4.6, count: 12 });
    expect(ownRating({ rating: 5, reviewCount: 1 })).toEqual({ value: 5, count: 1 });
  });

  it("is null without reviews or without a rating, never a made-up one", () => {
    expect(ownRating({ rating: 0, reviewCount: 0 })).toBeNull();
    expect(ownRating({ rating: 5, reviewCount: 0 })).toBeNull();
    expect(ownRating({ rating: 0, reviewCount: 12 })).toBeNull();
  });

  it("never states a rating without a count of at least one", () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), fc.integer({ min: -5, max: 10_000 }), (rating, reviewCount) => {
        const own = ownRating({ rating, reviewCount });
        if (own) {
          expect(own.count).toBeGreaterThanOrEqual(1);
          expect(own.count).toBe(reviewCount);
          expect(own.value).toBeGreaterThan(0);
          expect(own.value).toBeLessThanOrEqual(5);
        } else expect(rating <= 0 || reviewCount < 1).toBe(true);
      }),
    );
  });
});
