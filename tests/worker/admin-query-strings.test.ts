/**
 * A signed-in owner's admin pages read any address they are given: every admin loader (every admin
 * route file, admin-routes.ts), with the same value in every query parameter an admin page reads and in
 * the path's own parameter, never answers a 5xx. The values are what a mistyped or hand-edited link
 * carries: long and non-Latin text, markup, numbers out of range, and the names every object inherits
 * ("toString", "__proto__"), which a lookup with `in` takes for a key of its own.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { BULK_FIELDS } from "../../app/features/admin/bulk-rules";
import { FILTER_FIELDS } from "../../app/features/shop-filters/shop-filters";
import { fcRuns, fcTimeout } from "../fast-check";
import { ADMIN_ROUTES } from "./admin-routes";
import { adminCookie, get } from "./helpers";
import { textOf } from "./shop-helpers";

/** Every query parameter an admin loader reads (the product list's filters and the bulk form's fields among them). */
const PARAMS = [
  ...new Set([
    ...Object.values(FILTER_FIELDS).map((field) => field.param),
    ...Object.values(BULK_FIELDS),
    ...["sort", "view", "page", "inactive", "range", "error", "mode", "id", "returnTo", "redirectTo", "category", "run", "uploadId"],
  ]),
];

const INHERITED = ["toString", "__proto__", "constructor", "hasOwnProperty", "valueOf"];

const loaders = ADMIN_ROUTES.filter((route) => route.hasLoader);

/** The route's URL with `value` as its path parameter and in every query parameter. */
function addressWith(route: (typeof loaders)[number], value: string) {
  const query = new URLSearchParams(PARAMS.map((param) => [param, value]));
  return `${route.urlWith(value)}?${query}`;
}

async function statusOf(path: string, cookie: string) {
  const response = await get(path, { headers: { Cookie: cookie } });
  await response.arrayBuffer();
  return response.status;
}

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
    const cookie = await adminCookie();
    const failures: string[] = [];
    for (const route of loaders) {
      for (const name of INHERITED) {
        const path = addressWith(route, name);
        const status = await statusOf(path, cookie);
        if (status >= 500) failures.push(`${status} ${path}`);
      }
    }
    expect(failures).toEqual([]);
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
      const cookie = await adminCookie();
      const value = fc.oneof(
        fc.string({ unit: "grapheme", maxLength: 300 }),
        fc.constantFrom("-1", "0", "1e309", "NaN", "99999999999999999999", "<script>", "%", "../", "ナ".repeat(120)),
        fc.integer().map(String),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...loaders), value, async (route, text) => {
          const path = addressWith(route, text);
          expect(await statusOf(path, cookie), path).toBeLessThan(500);
        }),
        { numRuns: fcRuns(300) },
      );
    },
    fcTimeout(300, 500),
  );
});
