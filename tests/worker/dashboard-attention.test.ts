import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { ATTENTION_ITEMS } from "../../app/features/admin/attention";
import { COPY_SUFFIX, PRODUCT_NAME_MAX } from "../../app/features/admin/product-form-schema";
import { productPath } from "../../app/features/catalogue/product-path";
import { adminGet, adminPost, follow, post, read } from "./admin-helpers";
import { get } from "./helpers";
import { nastyString } from "./fuzz";
import { deleteProducts, insertProducts, testProduct, textOf } from "./shop-helpers";
import { elementsOf, textsOf } from "./page-parts";

/**
 * Three parts: the dashboard's "Needs attention" counts, each a link to Product Management
 * filtered to exactly the products it counts; the shop's low stock level; and Duplicate.
 */

const TAG = `attn${crypto.randomUUID().slice(0, 8)}`;
const named = (label: string) => `${TAG} ${label}`;

/** Test products, neutral unless a field says otherwise: active, in stock, a photo, not on sale, not marked lab tested. */
const ROWS = [
  { name: named("Calm"), fields: {} },
  { name: named("Sold Out"), fields: { inStock: false } },
  { name: named("Bargain"), fields: { priceCents: 3000, compareAtCents: 4500 } },
  { name: named("Compare Below"), fields: { priceCents: 3000, compareAtCents: 2500 } },
  { name: named("Hidden"), fields: { active: false } },
  { name: named("No Photo"), fields: { image: null } },
  { name: named("Blank Photo"), fields: { image: "   " } },
  { name: named("Tested No Report"), fields: { isLabTested: true } },
  { name: named("Tested With Report"), fields: { isLabTested: true, labReportKey: `${TAG}.pdf` } },
  { name: named("Everything"), fields: { active: false, inStock: false, image: null, isLabTested: true, compareAtCents: 9000 } },
  { name: named("Few Left"), fields: {} },
  { name: named("Plenty"), fields: {} },
  { name: named("None Left"), fields: {} },
] as const;

/** Units on hand of the test products' one size (the others are not tracked: NULL). */
const STOCK: Record<string, number> = { [named("Few Left")]: 3, [named("Plenty")]: 50, [named("None Left")]: 0 };

/** Which test products each item lists. */
const EXPECTED: Record<(typeof ATTENTION_ITEMS)[number]["key"], string[]> = {
  // The switch off, or none left of its one size (the shop shows both Out of Stock).
  outOfStock: [named("Sold Out"), named("Everything"), named("None Left")],
  // The default level is 5: 3 on hand is low; 50 is not, and 0 is out, not low.
  lowStock: [named("Few Left")],
  onSale: [named("Bargain"), named("Everything")],
  inactive: [named("Hidden"), named("Everything")],
  noPhoto: [named("No Photo"), named("Blank Photo"), named("Everything")],
  labReportMissing: [named("Tested No Report"), named("Everything")],
};

let ids = new Map<string, number>();

/** The dashboard's "Needs attention" items: each label with its count and, for a count above 0, its link. */
async function attention() {
  const html = await read(await adminGet("/admin/dashboard"));
  const [section] = await textsOf(html, 'section[aria-labelledby="attention-heading"]', { spaced: true });
  expect(section, "the dashboard has a Needs attention section").toBeDefined();
  const links = await elementsOf(html, 'section[aria-labelledby="attention-heading"] a[aria-label]');
  return Object.fromEntries(
    ATTENTION_ITEMS.map((item) => {
      const link = links.find(({ attributes }) => attributes["aria-label"]?.startsWith(`${item.label}:`));
      if (!link) {
        // A 0 is shown calmly: the label with 0, not a link.
        expect(section).toContain(`${item.label} ${item.hint} 0`);
        return [item.key, { count: 0, href: null }];
      }
      const count = Number(/: (\d+) products?$/.exec(link.attributes["aria-label"] ?? "")?.[1]);
      return [item.key, { count, href: link.attributes.href ?? null }];
    }),
  ) as Record<(typeof ATTENTION_ITEMS)[number]["key"], { count: number; href: string | null }>;
}

/** The list page's summary count and the product names it shows. */
async function listed(path: string) {
  const response = await adminGet(path);
  expect(response.status).toBe(200);
  const html = await read(response);
  const showing = /Showing (\d+) of (\d+) products/.exec(textOf(html));
  expect(showing, `the summary line of ${path}`).toBeTruthy();
  return {
    html,
    count: Number(showing![1]),
    names: (await elementsOf(html, "article[aria-label]")).map((article) => article.attributes["aria-label"]),
  };
}

let before: Awaited<ReturnType<typeof attention>>;

beforeAll(async () => {
  before = await attention();
  // Size ids no longer equal product ids (as in any shop once the owner adds a size): a condition that
  // joined a size to its product by the wrong id would only pass by that coincidence.
  await env.DB.prepare(
    "INSERT INTO product_sizes (product_id, position, label, price_cents, tiers) SELECT id, 99, 'gap', 1, '[]' FROM products LIMIT 1",
  ).run();
  await env.DB.prepare("DELETE FROM product_sizes WHERE label = 'gap'").run();
  ids = await insertProducts(
    ROWS.map(({ name, fields }) =>
      testProduct({
        name,
        priceCents: 4000,
        category: "indoors",
        image: "/art/indoors-1.svg",
        isLabTested: false,
        ...fields,
      }),
    ),
  );
  for (const [name, stock] of Object.entries(STOCK)) {
    await env.DB.prepare("UPDATE product_sizes SET stock = ? WHERE product_id = ?").bind(stock, ids.get(name)!).run();
  }
});

afterAll(async () => {
  await deleteProducts(ROWS.map((row) => row.name));
  await env.DB.prepare("DELETE FROM products WHERE name LIKE ?").bind(`${TAG}%`).run();
});

describe("the dashboard says what needs attention", () => {
  it("counts each kind of product in the one stats query, and each count is what its link lists", async () => {
    const after = await attention();
    for (const item of ATTENTION_ITEMS) {
      const { count, href } = after[item.key];
      expect(count - before[item.key].count, item.label).toBe(EXPECTED[item.key].length);
      expect(href, item.label).toBe(item.href);
      // The linked list shows exactly that many products…
      expect((await listed(href!)).count, item.label).toBe(count);
      // …and, among the test's products, exactly those it should.
      const ours = await listed(`${href}&search=${TAG}`);
      expect(ours.names.sort(), item.label).toEqual([...EXPECTED[item.key]].sort());
      expect(ours.count).toBe(EXPECTED[item.key].length);
    }
  });

  it("reads every figure and count in one query: 4 D1 round trips (the session read and its touch, the stats, the migration run)", async () => {
    const response = await adminGet("/admin/dashboard");
    await response.arrayBuffer();
    const timing = /d1;dur=[\d.]+;desc="(\d+) round trips"/.exec(response.headers.get("Server-Timing") ?? "");
    expect(Number(timing?.[1])).toBe(4);
  });

  it("keeps the dashboard's figures and texts", async () => {
    const text = textOf(await read(await adminGet("/admin/dashboard")));
    for (const figure of [
      "Total products",
      "Active",
      "Inactive",
      "Out of stock",
      "Categories",
      "Manage Products",
      "Load Full Product Catalog",
    ]) {
      expect(text).toContain(figure);
    }
    expect(text).toContain("Needs attention");
  });

  it("shows a count of 0 calmly, without a link", async () => {
    await env.DB.prepare("UPDATE products SET lab_report_key = 'placeholder.pdf' WHERE is_lab_tested AND lab_report_key IS NULL").run();
    try {
      const now = await attention();
      expect(now.labReportMissing).toEqual({ count: 0, href: null });
    } finally {
      await env.DB.prepare("UPDATE products SET lab_report_key = NULL WHERE lab_report_key = 'placeholder.pdf'").run();
    }
  });

  it("shows each filter in the list's summary line and checked in its GET form", async () => {
    const cases = [
      ["status=inactive", "inactive", /<select[^>]*name="status"[\s\S]*?<option value="inactive" selected="">/],
      ["stock=out", "out of stock", /<select[^>]*name="stock"[\s\S]*?<option value="out" selected="">/],
      ["stock=low", "low stock", /<select[^>]*name="stock"[\s\S]*?<option value="low" selected="">/],
      ["photo=none", "without a photo", /<input type="checkbox" name="photo"[^>]* checked=""[^>]* value="none"/],
      ["report=missing", "lab tested without a lab report", /<input type="checkbox" name="report"[^>]* checked=""[^>]* value="missing"/],
    ] as const;
    for (const [query, phrase, control] of cases) {
      const { html } = await listed(`/admin/products?${query}`);
      expect(textOf(html)).toMatch(new RegExp(`Showing \\d+ of \\d+ products ${phrase}`));
      expect(await elementsOf(html, 'form[method="get"][aria-label="Filter products"]')).not.toHaveLength(0);
      expect(html).toMatch(control);
    }
    const both = await listed(`/admin/products?status=inactive&stock=out&photo=none&search=${TAG}`);
    expect(both.names).toEqual([named("Everything")]);
    expect(textOf(both.html)).toContain(`matching "${TAG}" inactive, out of stock, without a photo`);
    const active = await listed(`/admin/products?status=active&stock=in&search=${TAG}`);
    expect(active.names).not.toContain(named("Hidden"));
    expect(active.names).not.toContain(named("Sold Out"));
    expect(active.names).toContain(named("Calm"));
  });

  it("ignores a bad filter value (the unfiltered list), never a 5xx", async () => {
    const all = await listed(`/admin/products?search=${TAG}`);
    for (const query of ["status=deleted", "stock=-1", "photo=yes", "report=1", "status=ACTIVE&stock=%00", "photo=none%00", "report=草"]) {
      const bad = await listed(`/admin/products?search=${TAG}&${query}`);
      expect(bad.count, query).toBe(all.count);
      expect(bad.names.sort(), query).toEqual(all.names.sort());
    }
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("status", "stock", "photo", "report", "sale", "page", "category"),
        nastyString,
        async (name, value) => {
          const response = await adminGet(`/admin/products?${new URLSearchParams({ [name]: value })}`);
          expect(response.status).toBe(200);
          await response.arrayBuffer();
        },
      ),
      { numRuns: fcRuns(60) },
    );
  });

  it("sends a visitor who is not signed in to the sign-in page", async () => {
    for (const path of ["/admin/dashboard", "/admin/products?report=missing", "/admin/products?photo=none"]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/admin(\?|$)/);
      await response.arrayBuffer();
    }
  });
});

describe("the low stock level", () => {
  const level = async () =>
    (await env.DB.prepare("SELECT value FROM settings WHERE key = 'low_stock_threshold'").first<{ value: string }>())?.value ?? null;
  const save = (value: string) => adminPost("/admin/dashboard", { level: value });
  const lowCount = async () => (await attention()).lowStock.count;

  it("shows the level in a form under the counts, 5 until the owner sets one", async () => {
    const html = await read(await adminGet("/admin/dashboard"));
    expect(await elementsOf(html, 'form[method="post"][action="/admin/dashboard"]')).not.toHaveLength(0);
    // The label names the level's input.
    const label = (await elementsOf(html, "label[for]")).find((element) => element.text === "Low stock level");
    expect(await elementsOf(html, `input[id="${label?.attributes.for}"][name="level"][value="5"]`)).toHaveLength(1);
  });

  it("moves the count when the owner changes it, and says so", async () => {
    const base = await lowCount();
    const response = await save("2");
    expect(response.status).toBe(302);
    const page = await follow(response);
    expect(page.location).toBe("/admin/dashboard");
    expect(page.html).toContain("Low stock level saved");
    expect(await level()).toBe("2");
    // 3 on hand is no longer low at 2 (Few Left, and the catalogue's Runtz 1 oz)…
    expect(await lowCount()).toBe(base - 2);
    // …and the list behind the count agrees.
    expect((await listed(`/admin/products?stock=low&search=${TAG}`)).names).toEqual([]);
    await save("60");
    expect((await listed(`/admin/products?stock=low&search=${TAG}`)).names.sort()).toEqual([named("Few Left"), named("Plenty")].sort());
    await save("5");
    expect(await lowCount()).toBe(base);
  });

  it("refuses a value that is not a whole number of units from 1 to 1,000,000 with the message, saving nothing", async () => {
    await save("5");
    for (const value of ["", "0", "-1", "abc", "1.5", "1e3", "1000001", "999999999999", "草", " ".repeat(3), "5".repeat(300)]) {
      const response = await save(value);
      expect(response.status, JSON.stringify(value)).toBe(400);
      const html = await read(response);
      expect(textOf(html)).toContain("Enter a whole number of units from 1 to 1,000,000");
      expect(html).toMatch(/name="level"[^>]*aria-invalid="true"/);
      expect(await level()).toBe("5");
    }
    await fc.assert(
      fc.asyncProperty(nastyString, async (value) => {
        const response = await save(value);
        await response.arrayBuffer();
        expect(response.status).toBeLessThan(500);
        const saved = await level();
        if (response.status === 302) expect(saved).toBe(String(Number(value.trim())));
        else expect(saved).not.toBeNull();
        await save("5");
      }),
      { numRuns: fcRuns(40) },
    );
  });

  it("is the owner's: a visitor who is not signed in is sent to sign in, nothing saved", async () => {
    await save("5");
    const response = await post("/admin/dashboard", { level: "9" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin(\?|$)/);
    await response.arrayBuffer();
    expect(await level()).toBe("5");
  });
});

interface Row {
  id: number;
  name: string;
  active: number;
  catalogue_key: string | null;
  catalogue_snapshot: string | null;
  [column: string]: unknown;
}

const byId = (id: number) => env.DB.prepare("SELECT * FROM products WHERE id = ?").bind(id).first<Row>();
const copiesOf = (name: string) => env.DB.prepare("SELECT * FROM products WHERE name = ? ORDER BY id").bind(name).all<Row>();

async function duplicate(productId: string) {
  return adminPost("/admin/products", { intent: "duplicate", productId, redirectTo: "/admin/products" });
}

describe("Duplicate a product", () => {
  it("creates an inactive copy with every field, media reference and lab fact, and opens its edit page", async () => {
    const id = ids.get(named("Tested With Report"))!;
    await env.DB.prepare(
      "UPDATE products SET extra_images = ?, video = ?, description = ?, lab_name = 'Steep Hill', lab_thc_percent = 24.5, lab_report_name = 'coa.pdf', lab_report_type = 'application/pdf', lab_report_size = 1234, bulk_note = '5+ units @ $525' WHERE id = ?",
    )
      .bind(JSON.stringify(["/art/indoors-2.svg"]), "/videos/clip.mp4", "Copied text 日本語", id)
      .run();
    const original = (await byId(id))!;
    const response = await duplicate(String(id));
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    const copyId = Number(/^\/admin\/edit-product\/(\d+)$/.exec(location)?.[1]);
    expect(copyId).toBeGreaterThan(id);
    const page = await follow(response);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Product duplicated");
    expect(page.html).toContain(`value="${original.name}${COPY_SUFFIX}"`);

    const copy = (await byId(copyId))!;
    expect(copy.name).toBe(`${original.name}${COPY_SUFFIX}`);
    expect(copy.active).toBe(0);
    expect(copy.catalogue_key).toBeNull();
    expect(copy.version).toBe(1);
    for (const column of Object.keys(original)) {
      if (["id", "name", "active", "catalogue_key", "catalogue_snapshot", "version", "created_at", "updated_at"].includes(column)) continue;
      expect(copy[column], column).toEqual(original[column]);
    }
    // The original is untouched.
    expect(await byId(id)).toEqual(original);
  });

  it("copies a catalogue product as the owner's own: no catalogue key or snapshot", async () => {
    const catalogue = await env.DB.prepare("SELECT id, name FROM products WHERE catalogue_key IS NOT NULL ORDER BY id LIMIT 1").first<{
      id: number;
      name: string;
    }>();
    const response = await duplicate(String(catalogue!.id));
    expect(response.status).toBe(302);
    const copyId = Number(/(\d+)$/.exec(response.headers.get("Location")!)![1]);
    const copy = (await byId(copyId))!;
    expect(copy.catalogue_key).toBeNull();
    expect(copy.catalogue_snapshot).toBeNull();
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(copyId).run();
  });

  it("keeps a long non-Latin name within the form's limit, the suffix whole", async () => {
    const longNames = [`${TAG} ${"草".repeat(200)}`, `${TAG} ${"🌿✨".repeat(100)}`, `${TAG} ${"Лимонное джелато ".repeat(12)}`];
    const made = await insertProducts(longNames.map((name) => testProduct({ name, priceCents: 1000, category: "indoors" })));
    for (const name of longNames) {
      const response = await duplicate(String(made.get(name)));
      expect(response.status).toBe(302);
      const copy = (await byId(Number(/(\d+)$/.exec(response.headers.get("Location")!)![1])))!;
      expect(copy.name.length).toBeLessThanOrEqual(PRODUCT_NAME_MAX);
      expect(copy.name.endsWith(COPY_SUFFIX)).toBe(true);
      expect(name.startsWith(copy.name.slice(0, -COPY_SUFFIX.length))).toBe(true);
      expect(copy.name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
  });

  it("is not shown to shoppers", async () => {
    const original = ids.get(named("Calm"))!;
    const response = await duplicate(String(original));
    const copyId = Number(/(\d+)$/.exec(response.headers.get("Location")!)![1]);
    const copy = (await byId(copyId))!;
    const shopper = await get(productPath({ id: copyId, name: copy.name }));
    expect(shopper.status).toBe(404);
    await shopper.arrayBuffer();
    // The search suggestions find the original, never the inactive copy.
    const suggestions = await (await get(`/search?q=${encodeURIComponent(TAG)}`)).text();
    expect(suggestions).toContain(named("Calm"));
    expect(suggestions).not.toContain(copy.name);
  });

  it("refuses a visitor who is not signed in, copying nothing", async () => {
    const name = named("Calm");
    const copies = (await copiesOf(`${name}${COPY_SUFFIX}`)).results.length;
    const response = await post("/admin/products", { intent: "duplicate", productId: String(ids.get(name)) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin(\?|$)/);
    await response.arrayBuffer();
    expect((await copiesOf(`${name}${COPY_SUFFIX}`)).results.length).toBe(copies);
  });

  it("answers a bad or unknown id with a clear message, copying nothing", async () => {
    const count = async () => (await env.DB.prepare("SELECT count(*) AS n FROM products").first<{ n: number }>())!.n;
    const n = await count();
    for (const productId of ["", "abc", "-3", "1.5", "99999999999999999999", "草"]) {
      const response = await duplicate(productId);
      expect(response.status, productId).toBe(400);
      expect(textOf(await read(response))).toContain("Failed to duplicate product: the request did not name a product to copy.");
    }
    // Generated ids and return paths (long, non-Latin, numeric edges): never a 5xx; a refusal copies nothing.
    await fc.assert(
      fc.asyncProperty(nastyString, nastyString, async (productId, redirectTo) => {
        const before = await count();
        const response = await adminPost("/admin/products", { intent: "duplicate", productId, redirectTo });
        await response.arrayBuffer();
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expect(await count()).toBe(before);
        else if (response.headers.get("Location")?.startsWith("/admin/edit-product/")) {
          await env.DB.prepare("DELETE FROM products WHERE id = ?")
            .bind(Number(/(\d+)$/.exec(response.headers.get("Location")!)![1]))
            .run();
        }
      }),
      { numRuns: fcRuns(60) },
    );
    const missing = await duplicate("987654321");
    expect(missing.status).toBe(302);
    const page = await follow(missing);
    expect(page.location).toBe("/admin/products");
    expect(page.html).toContain("Failed to duplicate product");
    expect(page.html).toContain("The product no longer exists.");
    expect(await count()).toBe(n);
  });
});
