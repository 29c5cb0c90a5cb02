/**
 * Every page reads any address it is given. Every loader (every route file, route-files.ts) — a
 * shopper's pages with the age gate answered, the admin's signed in — gets the same value in every
 * query parameter a page reads and in its path's own parameters, and never answers a 5xx. The values are
 * what a mistyped, hand-edited or hostile link carries: long and non-Latin text, markup, numbers out of
 * range, and the names every object inherits ("toString", "__proto__"), which a lookup with `in` takes
 * for a key of its own.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { BULK_FIELDS } from "../../app/features/admin/bulk-rules";
import { FILTER_FIELDS } from "../../app/features/shop-filters/shop-filters";
import { fcRuns, fcTimeout } from "../fast-check";
import { adminCookie, get } from "./helpers";
import { AGE } from "./page-cache-helpers";
import { ADMIN_ROUTES, PUBLIC_ROUTES, type RouteFile } from "./route-files";
import { textOf } from "./shop-helpers";

/** Every query parameter a loader reads (the shop's filters and the bulk form's fields among them). */
const PARAMS = [
  ...new Set([
    ...Object.values(FILTER_FIELDS).map((field) => field.param),
    ...Object.values(BULK_FIELDS),
    ...["sort", "view", "page", "inactive", "tab", "q", "size", "range", "error", "mode", "id", "returnTo", "redirectTo", "category"],
    ...["run", "uploadId"],
  ]),
];

const INHERITED = ["toString", "__proto__", "constructor", "hasOwnProperty", "valueOf"];

const VALUES = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.constantFrom("-1", "0", "1e309", "NaN", "99999999999999999999", "<script>", "%", "../", "ナ".repeat(120)),
  fc.integer().map(String),
);

/** The route's URL with `value` as its path parameters and in every query parameter. */
function addressWith(route: RouteFile, value: string) {
  const query = new URLSearchParams(PARAMS.map((param) => [param, value]));
  return `${route.urlWith(value)}?${query}`;
}

async function statusOf(path: string, cookie: string) {
  const response = await get(path, { headers: { Cookie: cookie } });
  await response.arrayBuffer();
  return response.status;
}

/** Every loader of `routes` with every inherited name: the addresses that answered a 5xx. */
async function failuresWithInheritedNames(routes: RouteFile[], cookie: string) {
  const failures: string[] = [];
  for (const route of routes.filter((each) => each.hasLoader)) {
    for (const name of INHERITED) {
      const path = addressWith(route, name);
      const status = await statusOf(path, cookie);
      if (status >= 500) failures.push(`${status} ${path}`);
    }
  }
  return failures;
}

/** Generated values on random loaders of `routes`: none answers a 5xx. */
async function generatedValuesAnswer(routes: RouteFile[], cookie: string) {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...routes.filter((route) => route.hasLoader)), VALUES, async (route, text) => {
      const path = addressWith(route, text);
      expect(await statusOf(path, cookie), path).toBeLessThan(500);
    }),
    { numRuns: fcRuns(300) },
  );
}

describe("a shopper's pages and any address", () => {
  it("answer every name an object inherits, in every parameter, without a 5xx", async () => {
    expect(await failuresWithInheritedNames(PUBLIC_ROUTES, AGE)).toEqual([]);
  });

  it(
    "answer generated values (long, non-Latin, markup, out-of-range numbers) without a 5xx",
    async () => {
      await generatedValuesAnswer(PUBLIC_ROUTES, AGE);
    },
    fcTimeout(300, 500),
  );
});

describe("admin pages and any address", () => {
  // A day of counts, so Insights draws its tables (an empty shop shows none, and reads less of the URL).
  beforeAll(async () => {
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO insight_product_days (day, product_id, size_id, views, adds, orders, ordered_units, revenue_cents) VALUES (?, 1, 0, 40, 6, 2, 3, 13500), (?, 2, 0, 25, 1, 0, 0, 0)",
      ).bind(day, day),
      env.DB.prepare(
        "INSERT INTO insight_terms (day, kind, term, uses, misses) VALUES (?, 'search', 'gelato', 5, 1), (?, 'deal', 'WEEKEND', 2, 0)",
      ).bind(day, day),
      env.DB.prepare("INSERT INTO insight_days (day, orders) VALUES (?, 2)").bind(day),
    ]);
  });

  it("answer every name an object inherits, in every parameter, without a 5xx", async () => {
    expect(await failuresWithInheritedNames(ADMIN_ROUTES, await adminCookie())).toEqual([]);
  });

  it("read an inherited name as they read no value at all: the default sort, range and no banner", async () => {
    const cookie = await adminCookie();
    const textAt = async (path: string) => textOf(await (await get(path, { headers: { Cookie: cookie } })).text());
    for (const [page, param] of [
      ["/admin/insights", "sort"],
      ["/admin/insights", "range"],
      ["/admin/categories", "error"],
    ] as const) {
      const plain = await textAt(page);
      for (const name of INHERITED) expect(await textAt(`${page}?${param}=${name}`), `${page}?${param}=${name}`).toBe(plain);
    }
  });

  it(
    "answer generated values (long, non-Latin, markup, out-of-range numbers) without a 5xx",
    async () => {
      await generatedValuesAnswer(ADMIN_ROUTES, await adminCookie());
    },
    fcTimeout(300, 500),
  );
});
