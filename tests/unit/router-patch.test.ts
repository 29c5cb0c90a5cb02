import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as Router from "@remix-run/router";
import type { AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+router+1.23.3.patch (applied by `npm install`'s postinstall, decision 020):
 * the router's CommonJS build — the one the Worker bundles (wrangler.toml [alias]) — ranks a route
 * tree once and compiles each route path once, instead of on every request. These tests pin that
 * the patch is installed and that matching answers exactly as before.
 */
const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router");
const { matchPath, matchRoutes } = require(routerFile) as typeof Router;

const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((match) => match.route.id) ?? null;

/** The shape of this app's route tree (app/routes): a root with flat children, params, index routes, a splat. */
function routeTree(): AgnosticRouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "routes/_index", index: true },
        { id: "routes/shop._index", path: "shop", index: true },
        { id: "routes/shop.$categorySlug", path: "shop/:categorySlug" },
        { id: "routes/product.$productId", path: "product/:productId" },
        { id: "routes/admin._index", path: "admin", index: true },
        {
          id: "routes/admin.products._index",
          path: "admin/products",
          index: true,
        },
        {
          id: "routes/admin.edit-product.$productId",
          path: "admin/edit-product/:productId",
        },
        { id: "routes/checkout", path: "checkout" },
        { id: "routes/packshots.$id.$file", path: "packshots/:id/:file" },
        { id: "routes/$", path: "*" },
      ],
    },
  ];
}

describe("the patched router", () => {
  it("is the one installed, and the one the Worker bundles", () => {
    expect(routerFile).toMatch(/router\.cjs\.js$/);
    const source = readFileSync(routerFile, "utf8");
    expect(source).toContain("function rankedBranches(routes)");
    expect(source).toContain("const compiledPaths = new Map()");
    expect(readFileSync("wrangler.toml", "utf8")).toContain('"@remix-run/router" = "./node_modules/@remix-run/router/dist/router.cjs.js"');
  });

  it("matches every kind of path as the router always has, again and again", () => {
    const routes = routeTree();
    const matched: [path: string, ids: string[]][] = [
      ["/", ["root", "routes/_index"]],
      ["/shop", ["root", "routes/shop._index"]],
      ["/shop/", ["root", "routes/shop._index"]],
      ["/SHOP/Concentrates", ["root", "routes/shop.$categorySlug"]],
      ["/admin/products", ["root", "routes/admin.products._index"]],
      ["/packshots/1/abc.svg", ["root", "routes/packshots.$id.$file"]],
    ];
    const params: [path: string, params: Record<string, string>][] = [
      ["/shop/concentrates", { categorySlug: "concentrates" }],
      ["/product/12", { productId: "12" }],
      ["/no/such/page", { "*": "no/such/page" }],
      ["/東京/ショップ", { "*": "東京/ショップ" }],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [path, expected] of matched) expect(ids(matchRoutes(routes, path)), path).toEqual(expected);
      for (const [path, expected] of params) expect(matchRoutes(routes, path)?.[1]?.params, path).toEqual(expected);
    }
  });

  it("a tree that gains routes in place (lazy route discovery) is ranked again", () => {
    const routes = routeTree();
    expect(ids(matchRoutes(routes, "/deals"))).toEqual(["root", "routes/$"]);
    routes[0]!.children!.push({ id: "routes/deals", path: "deals" });
    expect(ids(matchRoutes(routes, "/deals"))).toEqual(["root", "routes/deals"]);
  });

  it("a path compiled once still answers for its own case sensitivity and end", () => {
    expect(matchPath({ path: "/Shop", caseSensitive: true }, "/shop")).toBeNull();
    expect(matchPath({ path: "/Shop", caseSensitive: false }, "/shop")?.pathname).toBe("/shop");
    expect(matchPath({ path: "/Shop", caseSensitive: true }, "/shop")).toBeNull();
    expect(matchPath({ path: "/shop", end: false }, "/shop/edibles")?.pathnameBase).toBe("/shop");
    expect(matchPath({ path: "/shop", end: true }, "/shop/edibles")).toBeNull();
    expect(matchPath("/shop", "/shop")?.pathname).toBe("/shop");
  });

  it("many distinct patterns (matchPath is public) never stop matching", () => {
    for (let i = 0; i < 2500; i++) expect(matchPath(`/p${i}/:id`, `/p${i}/x`)?.params).toEqual({ id: "x" });
    expect(matchPath("/p0/:id", "/p0/y")?.params).toEqual({ id: "y" });
  });
});
