import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import {
  cachePolicy,
  cookieNames,
  isNeverCachedPath,
  normalizeCacheQuery,
  pageCacheKey,
  sharedCookieHeader,
} from "../../app/features/page-cache/page-cache";

const request = (path: string, init: RequestInit = {}) => new Request(`https://shop.example${path}`, init);

describe("cachePolicy: who shares a cached page", () => {
  it("an anonymous GET or HEAD, by age-gate variant", () => {
    expect(cachePolicy(request("/shop"))).toEqual({ cacheable: true, variant: "gate" });
    expect(cachePolicy(request("/shop", { method: "HEAD" }))).toEqual({ cacheable: true, variant: "gate" });
    expect(cachePolicy(request("/shop", { headers: { Cookie: "age-verified=yes" } }))).toEqual({ cacheable: true, variant: "adult" });
    expect(cachePolicy(request("/shop", { headers: { Cookie: "age-verified=no" } }))).toEqual({ cacheable: true, variant: "gate" });
  });

  it.each(["toast=x", "adminSession=x", "__cf_bm=x", "a=b"])("any other cookie (%s) bypasses", (cookie) => {
    expect(cachePolicy(request("/", { headers: { Cookie: `age-verified=yes; ${cookie}` } }))).toEqual({
      cacheable: false,
      reason: "cookie",
    });
  });

  it("a cart holder (and a shopper whose order was just sent) shares a page, stamped, but not the checkout or a data request", () => {
    const cookie = "age-verified=yes; cannabis-cart=W10%3D; last-order=x";
    for (const path of ["/", "/shop", "/shop/edibles?sort=price-asc", "/product/1-runtz", "/faq"]) {
      expect(cachePolicy(request(path, { headers: { Cookie: cookie } })), path).toEqual({ cacheable: true, variant: "adult" });
    }
    expect(cachePolicy(request("/shop", { headers: { Cookie: "cannabis-cart=W10%3D" } }))).toEqual({ cacheable: true, variant: "gate" });
    for (const path of ["/checkout", "/checkout.data", "/shop.data", "/_root.data", "/product/1-runtz.data"]) {
      expect(cachePolicy(request(path, { headers: { Cookie: cookie } })), path).toEqual({ cacheable: false, reason: "cookie" });
    }
    expect(cachePolicy(request("/shop", { headers: { Cookie: `${cookie}; toast=x` } }))).toEqual({ cacheable: false, reason: "cookie" });
  });

  it("a shared copy is rendered with the age-gate answer alone", () => {
    expect(sharedCookieHeader("age-verified=yes; cannabis-cart=W10%3D; last-order=x")).toBe("age-verified=yes");
    expect(sharedCookieHeader("cannabis-cart=W10%3D")).toBeNull();
    expect(sharedCookieHeader(null)).toBeNull();
    fc.assert(
      fc.property(
        fc.string().filter((value) => !value.includes(";")),
        (value) => {
          const header = sharedCookieHeader(`cannabis-cart=${value}; age-verified=yes`);
          expect(header === null || header === "age-verified=yes" || header.startsWith("age-verified=")).toBe(true);
          expect(header ?? "").not.toContain("cannabis-cart");
        },
      ),
    );
  });

  it.each(["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])("%s is never cached", (method) => {
    expect(cachePolicy(request("/shop", { method }))).toEqual({ cacheable: false, reason: "method" });
  });

  it.each([
    "/admin",
    "/admin.data",
    "/admin/products",
    "/images/a.png",
    "/videos/v.mp4",
    "/cart",
    "/cart.data",
    "/age-gate",
    "/search",
    "/__manifest",
    "/sitemap.xml",
    "/robots.txt",
  ])("%s is not a shared page", (path) => {
    expect(isNeverCachedPath(path)).toBe(true);
  });

  it.each(["/", "/shop", "/shop.data", "/shop/concentrates", "/product/7", "/_root.data", "/administrator-notes", "/carts"])(
    "%s is a page",
    (path) => {
      expect(isNeverCachedPath(path)).toBe(false);
    },
  );

  it("reads cookie names from any header without throwing (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (header) => {
        const names = cookieNames(header);
        expect(names.every((name) => name.length > 0 && !name.includes(";"))).toBe(true);
        // A header on the wire is bytes: what a browser can send is Latin-1 without line breaks.
        const wire = [...header].filter((char) => char.charCodeAt(0) < 256 && !/[\r\n\0]/.test(char)).join("");
        const policy = cachePolicy(request("/", { headers: { Cookie: wire } }));
        expect(typeof policy.cacheable).toBe("boolean");
      }),
      { numRuns: fcRuns(500) },
    );
  });
});

describe("normalizeCacheQuery", () => {
  it("drops tracking parameters and sorts the rest by name, keeping the order of repeated names", () => {
    expect(
      normalizeCacheQuery("?utm_source=a&sort=price-asc&UTM_Medium=b&fbclid=1&gclid=2&category=edibles&strain=sativa&strain=indica"),
    ).toBe("category=edibles&sort=price-asc&strain=sativa&strain=indica");
    expect(normalizeCacheQuery("?utm_campaign=x")).toBe("");
    expect(normalizeCacheQuery("")).toBe("");
  });

  it("is the same for any order of the same parameters, for any text (property)", () => {
    const name = fc.oneof(
      fc.constantFrom("search", "sort", "category", "page", "utm_source", "fbclid"),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(name, fc.string({ unit: "grapheme", maxLength: 200 })), { selector: ([key]) => key, maxLength: 8 }),
        (pairs) => {
          const forward = new URLSearchParams(pairs).toString();
          const backward = new URLSearchParams([...pairs].reverse()).toString();
          expect(normalizeCacheQuery(forward)).toBe(normalizeCacheQuery(backward));
          expect(normalizeCacheQuery(normalizeCacheQuery(forward))).toBe(normalizeCacheQuery(forward));
          const key = pageCacheKey(new URL(`https://shop.example/shop?${forward}`), { build: "b", catalogue: "c", variant: "adult" });
          expect(() => new URL(key)).not.toThrow();
        },
      ),
      { numRuns: fcRuns(500) },
    );
  });
});
