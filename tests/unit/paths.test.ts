import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { canonicalPathname, isAdminPath, routePatterns } from "../../app/server/paths";

/** The route table of this site, as the server build lists it. */
const routes = {
  root: { id: "root", path: "" },
  "routes/$": { id: "routes/$", parentId: "root", path: "*" },
  "routes/shop._index": { id: "routes/shop._index", parentId: "root", path: "shop" },
  "routes/shop.$categorySlug": { id: "routes/shop.$categorySlug", parentId: "root", path: "shop/:categorySlug" },
  "routes/product.$productId": { id: "routes/product.$productId", parentId: "root", path: "product/:productId" },
  "routes/images.$key": { id: "routes/images.$key", parentId: "root", path: "images/:key" },
  "routes/admin._index": { id: "routes/admin._index", parentId: "root", path: "admin" },
  "routes/admin.products._index": { id: "routes/admin.products._index", parentId: "root", path: "admin/products" },
  "routes/admin.catalogue[.]csv": { id: "routes/admin.catalogue[.]csv", parentId: "root", path: "admin/catalogue.csv" },
};
const patterns = routePatterns(routes);

describe("canonicalPathname", () => {
  it("lowercases the fixed segments of the route a path matches, and nothing else", () => {
    expect(canonicalPathname("/ADMIN", patterns)).toBe("/admin");
    expect(canonicalPathname("/ADMIN.data", patterns)).toBe("/admin.data");
    expect(canonicalPathname("/Admin/Products/", patterns)).toBe("/admin/products/");
    expect(canonicalPathname("/Admin/Catalogue.CSV", patterns)).toBe("/admin/catalogue.csv");
    expect(canonicalPathname("/%41dmin", patterns)).toBe("/admin");
    expect(canonicalPathname("/SHOP/Edibles", patterns)).toBe("/shop/Edibles");
    expect(canonicalPathname("/Images/AbC", patterns)).toBe("/images/AbC");
    expect(canonicalPathname("/Product/1-%C3%84gypten", patterns)).toBe("/product/1-%C3%84gypten");
    expect(canonicalPathname("/Nowhere/At-All", patterns)).toBe("/Nowhere/At-All");
    expect(canonicalPathname("/", patterns)).toBe("/");
  });

  it("for any segment text (long, non-Latin, percent-encoded): parameters are kept, and the result is canonical", () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: "grapheme", maxLength: 60 }),
      fc.constantFrom("ADMIN", "Shop", "ÄÖÜ", "日本語", "%C3%A9"),
    );
    fc.assert(
      fc.property(fc.constantFrom("product", "PRODUCT", "Images", "shop", "admin", "Nowhere"), segment, (fixed, raw) => {
        const param = encodeURIComponent(raw) || "x";
        const path = `/${fixed}/${param}`;
        const canonical = canonicalPathname(path, patterns);
        expect(canonicalPathname(canonical, patterns)).toBe(canonical);
        if (/^(product|images|shop)$/i.test(fixed)) expect(canonical).toBe(`/${fixed.toLowerCase()}/${param}`);
        else expect(canonical.split("/")[2]).toBe(param);
      }),
      { numRuns: fcRuns(500) },
    );
  });
});

describe("isAdminPath", () => {
  it("is the back office, its pages and its .data answers, and nothing that merely starts alike", () => {
    for (const path of ["/admin", "/admin/", "/admin/products", "/admin.data", "/admin/products.data"])
      expect(isAdminPath(path), path).toBe(true);
    for (const path of ["/", "/shop", "/administrator", "/adminx", "/ADMIN", "/shop/admin"]) expect(isAdminPath(path), path).toBe(false);
  });
});
