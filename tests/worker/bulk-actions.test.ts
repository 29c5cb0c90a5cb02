/**
 * Bulk actions in Product Management (decision 029) through the built Worker with real D1:
 * each action, "all matching" a filter, the confirmation before any change, bad input (a table and a
 * property test), the admin guard, and all-or-nothing batches.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { BULK_MAX, BULK_MESSAGES as M, tooManyMatching } from "../../app/features/admin/bulk-rules";
import { adminGet, adminPost, follow, html, post, read } from "./admin-helpers";
import { get } from "./helpers";
import { nastyString, snapshot } from "./fuzz";
import { createDb } from "../../app/server/load-context";
import { readSizes, sizeWriteStatements } from "../../app/features/catalogue/sizes.server";

const ROUTE = "/admin/products/bulk";

interface Row {
  id: number;
  name: string;
  price_cents: number;
  compare_at_cents: number | null;
  category: string;
  active: number;
  in_stock: number;
  version: number;
  updated_at: string;
}

/** A category of its own and `count` products in it (names sort in creation order). */
async function makeProducts(
  count: number,
  overrides: Partial<Record<"price_cents" | "compare_at_cents" | "active" | "in_stock", number | null>> = {},
) {
  const tag = crypto.randomUUID().slice(0, 8);
  const slug = `bulk-${tag}`;
  await env.DB.prepare("INSERT INTO categories (name, slug) VALUES (?, ?)").bind(`Bulk ${tag}`, slug).run();
  const statements = Array.from({ length: count }, (_, index) =>
    env.DB.prepare(
      "INSERT INTO products (name, price_cents, compare_at_cents, category, active, in_stock, updated_at) VALUES (?, ?, ?, ?, ?, ?, '2020-01-01T00:00:00.000Z') RETURNING id",
    ).bind(
      `Bulk ${tag} ${String(index).padStart(3, "0")}`,
      overrides.price_cents ?? 4000 + index * 100,
      overrides.compare_at_cents ?? null,
      slug,
      overrides.active ?? 1,
      overrides.in_stock ?? 1,
    ),
  );
  const results = statements.length > 0 ? await env.DB.batch<{ id: number }>(statements) : [];
  return { slug, tag, ids: results.map((result) => result.results[0]!.id) };
}

async function rows(ids: number[]) {
  const { results } = await env.DB.prepare(`SELECT * FROM products WHERE id IN (${ids.map(() => "?").join(",")}) ORDER BY name`)
    .bind(...ids)
    .all<Row>();
  return results;
}

function confirmed(fields: Record<string, string>) {
  return adminPost(ROUTE, { confirmed: "1", redirectTo: "/admin/products", ...fields });
}

async function expectDone(response: Response, text: string) {
  expect(response.status).toBe(302);
  const next = await follow(response);
  expect(next.location).toBe("/admin/products");
  expect(next.html).toContain(html(text));
  return next.html;
}

describe("bulk actions: the confirmation comes first", () => {
  it("the list's form (a GET) answers with the question and the names, and changes nothing", async () => {
    const { ids } = await makeProducts(3);
    const before = await rows(ids);
    const response = await adminGet(`${ROUTE}?bulk=deactivate&ids=${ids.join("&ids=")}`);
    expect(response.status).toBe(200);
    const page = await read(response);
    expect(page).toContain("Deactivate 3 products?");
    for (const row of before) expect(page).toContain(html(row.name));
    expect(page).toContain('name="confirmed" value="1"');
    expect(page).toContain(">Cancel<");
    expect(await rows(ids)).toEqual(before);
  });

  it("the delete question says the products go to the trash for 30 days, not that it cannot be undone", async () => {
    const { ids } = await makeProducts(2);
    const page = await read(await adminGet(`${ROUTE}?bulk=delete&ids=${ids.join("&ids=")}`));
    expect(page).toContain("Delete 2 products?");
    expect(page).toContain("They move to the trash. You can restore them from Trash for 30 days.");
    expect(page).not.toContain("cannot be undone");
    expect(await rows(ids)).toHaveLength(2);
  });

  it("a post without the confirmation is sent to the confirmation, changing nothing", async () => {
    const { ids } = await makeProducts(2);
    const before = await rows(ids);
    const response = await adminPost(ROUTE, { bulk: "delete", ids: ids.join(",") });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toContain(`${ROUTE}?`);
    expect(await rows(ids)).toEqual(before);
  });

  it("the product list has the bulk form: a box per product, select all on the page and all matching", async () => {
    const { slug, ids } = await makeProducts(2);
    const page = await read(await adminGet(`/admin/products?category=${slug}`));
    expect(page).toContain('id="bulk-actions"');
    for (const id of ids)
      expect(page).toContain(`<input type="checkbox" name="ids" form="bulk-actions" class="h-5 w-5 accent-forest-800" value="${id}"/>`);
    expect(page).toContain("Select all on this page");
    expect(page).toContain("Select all 2 matching");
  });
});

describe("bulk actions: each action", () => {
  it("deactivates and activates, bumping each changed product's version and updated_at; Undo reverses", async () => {
    const { ids } = await makeProducts(3);
    const html1 = await expectDone(await confirmed({ bulk: "deactivate", ids: ids.join(",") }), "3 products deactivated.");
    expect(html1).toContain("Undo");
    const after = await rows(ids);
    expect(after.every((row) => row.active === 0 && row.version === 2 && row.updated_at > "2020")).toBe(true);
    // Undo: the toast's form, the reverse action on the same ids.
    await expectDone(await confirmed({ bulk: "activate", ids: ids.join(",") }), "3 products activated.");
    expect((await rows(ids)).every((row) => row.active === 1 && row.version === 3)).toBe(true);
    // Already active: nothing changes, no version bump.
    await expectDone(await confirmed({ bulk: "activate", ids: ids.join(",") }), "0 products activated.");
    expect((await rows(ids)).every((row) => row.version === 3)).toBe(true);
  });

  it("moves products to another category; from one category, Undo moves them back", async () => {
    const { ids, slug, tag } = await makeProducts(2);
    const target = await makeProducts(0);
    const done = await expectDone(
      await confirmed({ bulk: "category", toCategory: target.slug, ids: ids.join(",") }),
      `2 products moved to "Bulk ${target.tag}".`,
    );
    expect((await rows(ids)).every((row) => row.category === target.slug && row.version === 2)).toBe(true);
    expect(done).toContain("Undo");
    expect(done).toContain(`value="${slug}"`);
    // Undo: the toast's form, a move back to the category they came from.
    await expectDone(await confirmed({ bulk: "category", toCategory: slug, ids: ids.join(",") }), `2 products moved to "Bulk ${tag}".`);
    expect((await rows(ids)).every((row) => row.category === slug && row.version === 3)).toBe(true);
  });

  it("puts products on sale by N% (compare-at = the original), never stacking; ending the sale restores the price", async () => {
    const { ids } = await makeProducts(2); // $40.00 and $41.00
    const done = await expectDone(
      await confirmed({ bulk: "sale", percent: "25", ids: ids.join(",") }),
      "2 products put on sale at 25% off.",
    );
    expect(done).toContain("Undo");
    let after = await rows(ids);
    expect(after.map((row) => [row.price_cents, row.compare_at_cents])).toEqual([
      [3000, 4000],
      [3075, 4100],
    ]);
    // A second sale is measured from the original price, not from the sale price.
    await confirmed({ bulk: "sale", percent: "50", ids: ids.join(",") });
    after = await rows(ids);
    expect(after.map((row) => [row.price_cents, row.compare_at_cents])).toEqual([
      [2000, 4000],
      [2050, 4100],
    ]);
    await expectDone(await confirmed({ bulk: "end-sale", ids: ids.join(",") }), "Sale ended for 2 products.");
    after = await rows(ids);
    expect(after.map((row) => [row.price_cents, row.compare_at_cents, row.version])).toEqual([
      [4000, null, 4],
      [4100, null, 4],
    ]);
  });

  it("a product sold in several sizes goes on sale size by size, and ending the sale restores every size", async () => {
    const db = createDb(env.DB);
    const { ids } = await makeProducts(2); // the second stays in one size: $41.00
    const [several] = ids;
    const size = (label: string, priceCents: number, compareAtCents: number | null = null) => ({
      label,
      priceCents,
      compareAtCents,
      sku: null,
      stock: null,
      tiers: null,
    });
    // 1/4 oz is already on sale ($70 from $80): a new sale is measured from its original, never stacked.
    await db.batch(sizeWriteStatements(db, several!, [size("1/8 oz", 4500), size("1/4 oz", 7000, 8000), size("1 oz", 28000)]));
    const prices = async () =>
      (await readSizes(db, [several!])).get(several!)!.map((s) => [s.label, s.priceCents, s.compareAtCents] as const);

    await expectDone(await confirmed({ bulk: "sale", percent: "10", ids: ids.join(",") }), "2 products put on sale at 10% off.");
    expect(await prices()).toEqual([
      ["1/8 oz", 4050, 4500],
      ["1/4 oz", 7200, 8000],
      ["1 oz", 25200, 28000],
    ]);
    // The products row follows its lowest size, so listings sort and filter by it.
    let after = await rows(ids);
    expect(after.map((row) => [row.price_cents, row.compare_at_cents, row.version])).toEqual([
      [4050, 4500, 2],
      [3690, 4100, 2],
    ]);

    await expectDone(await confirmed({ bulk: "end-sale", ids: ids.join(",") }), "Sale ended for 2 products.");
    expect(await prices()).toEqual([
      ["1/8 oz", 4500, null],
      ["1/4 oz", 8000, null],
      ["1 oz", 28000, null],
    ]);
    after = await rows(ids);
    expect(after.map((row) => [row.price_cents, row.compare_at_cents])).toEqual([
      [4500, null],
      [4100, null],
    ]);
  });

  it("a price N% off would not lower is left as it is, and said so", async () => {
    const { ids } = await makeProducts(1, { price_cents: 1 });
    await expectDone(await confirmed({ bulk: "sale", percent: "10", ids: ids.join(",") }), "1 product kept its price");
    expect((await rows(ids))[0]).toMatchObject({ price_cents: 1, compare_at_cents: null, version: 1 });
  });

  it("sets stock out and in", async () => {
    const { ids } = await makeProducts(2);
    await expectDone(await confirmed({ bulk: "out-of-stock", ids: ids.join(",") }), "2 products marked out of stock.");
    expect((await rows(ids)).every((row) => row.in_stock === 0 && row.version === 2)).toBe(true);
    await expectDone(await confirmed({ bulk: "in-stock", ids: ids.join(",") }), "2 products marked in stock.");
    expect((await rows(ids)).every((row) => row.in_stock === 1)).toBe(true);
  });

  it("deletes to the trash, and the toast's Undo restores every one with its id", async () => {
    const { ids } = await makeProducts(3);
    const done = await expectDone(await confirmed({ bulk: "delete", ids: ids.join(",") }), "3 products moved to the Trash.");
    expect(done).toContain("Undo");
    expect(await rows(ids)).toEqual([]);
    const trashed = await env.DB.prepare(`SELECT count(*) AS n FROM product_trash WHERE id IN (${ids.join(",")})`).first<{ n: number }>();
    expect(trashed?.n).toBe(3);
    await expectDone(await confirmed({ bulk: "restore", ids: ids.join(",") }), "3 products restored.");
    expect((await rows(ids)).map((row) => row.id).sort()).toEqual([...ids].sort());
  });
});

describe("bulk actions: all matching the filters", () => {
  it("acts on the filter's whole match set, re-queried on the server, and on nothing else", async () => {
    const { slug, ids } = await makeProducts(60); // more than a page (48)
    const other = await makeProducts(2);
    const inactive = ids.slice(0, 5);
    await env.DB.prepare(`UPDATE products SET active = 0 WHERE id IN (${inactive.join(",")})`).run();
    const question = await read(await adminGet(`${ROUTE}?bulk=sale&percent=20&allMatching=1&category=${slug}&status=active&page=1`));
    expect(question).toContain("Put 55 products on sale at 20% off?");
    expect(question).toContain("and 25 more");
    await expectDone(
      await confirmed({ bulk: "sale", percent: "20", allMatching: "1", category: slug, status: "active" }),
      "55 products put on sale at 20% off.",
    );
    const after = await rows(ids);
    expect(after.filter((row) => row.compare_at_cents !== null)).toHaveLength(55);
    expect(after.filter((row) => inactive.includes(row.id)).every((row) => row.compare_at_cents === null)).toBe(true);
    expect((await rows(other.ids)).every((row) => row.compare_at_cents === null)).toBe(true);
  });

  it("all on this page is the page the owner sees", async () => {
    const { slug, ids } = await makeProducts(50);
    await expectDone(
      await confirmed({ bulk: "out-of-stock", allOnPage: "1", category: slug, page: "2" }),
      "2 products marked out of stock.",
    );
    const after = await rows(ids);
    expect(after.filter((row) => row.in_stock === 0).map((row) => row.name)).toEqual(after.slice(48).map((row) => row.name));
  });

  it(`refuses more than ${BULK_MAX} matching products with a message`, async () => {
    const { slug } = await makeProducts(BULK_MAX + 1);
    const response = await confirmed({ bulk: "deactivate", allMatching: "1", category: slug });
    expect(response.status).toBe(400);
    expect(await read(response)).toContain(html(tooManyMatching(BULK_MAX + 1)));
    const active = await env.DB.prepare("SELECT count(*) AS n FROM products WHERE category = ? AND active = 1")
      .bind(slug)
      .first<{ n: number }>();
    expect(active?.n).toBe(BULK_MAX + 1);
  });
});

describe("bulk actions: bad input is a message, never a 5xx, nothing written", () => {
  const many = Array.from({ length: 100_000 }, (_, index) => index + 1).join(",");
  const cases: Array<[string, (ids: string, slug: string) => Record<string, string>, string]> = [
    ["an unknown action", (ids) => ({ bulk: "explode", ids }), M.unknownAction],
    ["no action", (ids) => ({ ids }), M.unknownAction],
    ["0 ids", () => ({ bulk: "activate" }), M.noProducts],
    ["an empty id list", () => ({ bulk: "activate", ids: " , ," }), M.noProducts],
    ["non-numeric ids", (ids) => ({ bulk: "activate", ids: `${ids},abc` }), M.badIds],
    ["id 0 and negative ids", () => ({ bulk: "activate", ids: "0,-5" }), M.badIds],
    [
      `${BULK_MAX + 1} ids`,
      () => ({ bulk: "activate", ids: Array.from({ length: BULK_MAX + 1 }, (_, index) => index + 1).join(",") }),
      M.tooMany,
    ],
    ["percent 0", (ids) => ({ bulk: "sale", percent: "0", ids }), M.percent],
    ["percent 100", (ids) => ({ bulk: "sale", percent: "100", ids }), M.percent],
    ["percent -5", (ids) => ({ bulk: "sale", percent: "-5", ids }), M.percent],
    ["percent abc", (ids) => ({ bulk: "sale", percent: "abc", ids }), M.percent],
    ["percent 12.5", (ids) => ({ bulk: "sale", percent: "12.5", ids }), M.percent],
    ["no percent", (ids) => ({ bulk: "sale", ids }), M.percent],
    ["an unknown category", (ids) => ({ bulk: "category", toCategory: "no-such-category", ids }), M.unknownCategory],
    ["no category", (ids) => ({ bulk: "category", ids }), M.noCategory],
    ["ids that do not exist", () => ({ bulk: "activate", ids: "999999991,999999992" }), M.gone],
    ["all matching nothing", (_, slug) => ({ bulk: "activate", allMatching: "1", category: `${slug}-none` }), M.noneMatch],
  ];

  it.each(cases)("%s", async (_, fields, message) => {
    const { ids, slug } = await makeProducts(2);
    const before = await snapshot();
    for (const response of [
      await confirmed(fields(ids.join(","), slug)),
      await adminGet(`${ROUTE}?${new URLSearchParams(fields(ids.join(","), slug)).toString()}`),
    ]) {
      expect(response.status).toBe(400);
      const page = await read(response);
      expect(page).toContain(html(message));
      expect(page).toContain("Nothing was changed");
    }
    expect(await snapshot()).toBe(before);
  });

  it("100000 ids: the admin forms' body limit refuses them with its message (413), nothing written", async () => {
    const before = await snapshot();
    const response = await confirmed({ bulk: "activate", ids: many });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("far more than it needs");
    const shown = await adminGet(`${ROUTE}?bulk=activate&ids=${many.slice(0, 60_000)}`);
    expect(shown.status).toBeLessThan(500);
    await shown.arrayBuffer();
    expect(await snapshot()).toBe(before);
  });

  it("any posted form (long and non-Latin text included): never a 5xx; a refusal writes nothing", async () => {
    const { ids } = await makeProducts(2);
    const value = fc.oneof(nastyString, fc.constantFrom(...ids.map(String), ids.join(","), "25", "1"));
    const field = fc.constantFrom(
      "bulk",
      "ids",
      "percent",
      "toCategory",
      "allMatching",
      "allOnPage",
      "category",
      "search",
      "status",
      "page",
      "confirmed",
    );
    const action = fc.constantFrom(
      "activate",
      "deactivate",
      "category",
      "sale",
      "end-sale",
      "in-stock",
      "out-of-stock",
      "delete",
      "restore",
      "Активировать",
      "",
    );
    await fc.assert(
      fc.asyncProperty(action, fc.array(fc.tuple(field, value), { maxLength: 8 }), async (bulk, pairs) => {
        const body = new URLSearchParams([["bulk", bulk], ["confirmed", "1"], ...pairs]);
        // Only refusals are compared: a well-formed request may legitimately change the two products.
        const before = await snapshot();
        const response = await adminPost(ROUTE, body);
        expect(response.status).toBeLessThan(500);
        if (response.status === 400) {
          await response.arrayBuffer();
          expect(await snapshot()).toBe(before);
        } else await response.arrayBuffer();
        const shown = await adminGet(`${ROUTE}?${body.toString()}`);
        expect(shown.status).toBeLessThan(500);
        await shown.arrayBuffer();
      }),
      { numRuns: fcRuns(60) },
    );
  });
});

describe("bulk actions: the admin guard", () => {
  it("the confirmation and the change need an admin session", async () => {
    const { ids } = await makeProducts(2);
    const before = await rows(ids);
    const shown = await get(`${ROUTE}?bulk=delete&ids=${ids.join(",")}`);
    expect(shown.status).toBe(302);
    expect(shown.headers.get("Location")).toBe("/admin");
    const posted = await post(ROUTE, { bulk: "delete", ids: ids.join(","), confirmed: "1" });
    expect([302, 401]).toContain(posted.status);
    expect(await rows(ids)).toEqual(before);
  });
});

describe("bulk actions: all or nothing", () => {
  it("when one product's write fails, none of them changes", async () => {
    const { ids } = await makeProducts(3);
    const before = await rows(ids);
    await env.DB.exec(
      `CREATE TRIGGER bulk_fail BEFORE UPDATE ON products WHEN NEW.id = ${ids[2]} BEGIN SELECT RAISE(ABORT, 'refused'); END;`,
    );
    try {
      const response = await confirmed({ bulk: "deactivate", ids: ids.join(",") });
      expect(response.status).toBe(400);
      expect(await read(response)).toContain(html(M.failed));
      const sale = await confirmed({ bulk: "sale", percent: "10", ids: ids.join(",") });
      expect(sale.status).toBe(400);
      await sale.arrayBuffer();
    } finally {
      await env.DB.exec("DROP TRIGGER bulk_fail;");
    }
    expect(await rows(ids)).toEqual(before);
  });

  it("a delete that fails for one product leaves all of them in place and the trash untouched", async () => {
    const { ids } = await makeProducts(3);
    await env.DB.exec(
      `CREATE TRIGGER bulk_fail_delete BEFORE DELETE ON products WHEN OLD.id = ${ids[1]} BEGIN SELECT RAISE(ABORT, 'refused'); END;`,
    );
    try {
      const response = await confirmed({ bulk: "delete", ids: ids.join(",") });
      expect(response.status).toBe(400);
      await response.arrayBuffer();
    } finally {
      await env.DB.exec("DROP TRIGGER bulk_fail_delete;");
    }
    expect(await rows(ids)).toHaveLength(3);
    const trashed = await env.DB.prepare(`SELECT count(*) AS n FROM product_trash WHERE id IN (${ids.join(",")})`).first<{ n: number }>();
    expect(trashed?.n).toBe(0);
  });
});
