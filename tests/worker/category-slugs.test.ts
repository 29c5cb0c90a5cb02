import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CATEGORY_SLUG_EMPTY } from "../../app/features/admin/category-form";
import { SLUG_PATTERN, slugify } from "../../app/features/catalogue/slug";
import { adminPost, html, read } from "./admin-helpers";

/**
 * Category slugs contain only a-z, 0-9 and single hyphens: the category form makes them so, and the
 * custom migration fixes slugs stored under the old rule, moving their products with them.
 */

const migrationFiles = import.meta.glob<string>("../../migrations/*_fix_category_slugs.sql", {
  query: "?raw",
  import: "default",
  eager: true,
});

async function runSlugMigration() {
  const [sql] = Object.values(migrationFiles);
  expect(sql).toBeTruthy();
  const statements = sql!
    .split("--> statement-breakpoint")
    .map((statement) => statement.replace(/^--.*$/gm, "").trim())
    .filter(Boolean);
  await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
}

async function insertCategories(rows: { name: string; slug: string }[]) {
  const statements = rows.map((row) => env.DB.prepare("INSERT INTO categories (name, slug) VALUES (?, ?)").bind(row.name, row.slug));
  for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));
}

async function slugOf(name: string) {
  return env.DB.prepare("SELECT id, slug FROM categories WHERE name = ?").bind(name).first<{ id: number; slug: string }>();
}

describe("the category form makes rule-abiding slugs", () => {
  it("transliterates accents and drops other characters", async () => {
    const response = await adminPost("/admin/categories", { intent: "add", name: "Crème Brûlée & Co." });
    expect(response.status).toBe(302);
    expect((await slugOf("Crème Brûlée & Co."))?.slug).toBe("creme-brulee-co");
  });

  it("refuses a name whose slug another category has, with the product's duplicate message, and changes nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM categories").first<number>("n");
    const response = await adminPost("/admin/categories", { intent: "add", name: "Creme Brulee, Co!" });
    expect(response.status).toBe(409);
    expect(await read(response)).toContain(html("A category with this name already exists"));
    expect(await env.DB.prepare("SELECT count(*) AS n FROM categories").first<number>("n")).toBe(before);
  });

  it("refuses a name that gives no slug at all, with a clear message", async () => {
    for (const name of ["🌿🌿", "日本茶", "&&&"]) {
      const response = await adminPost("/admin/categories", { intent: "add", name });
      expect(response.status).toBe(400);
      expect(await read(response)).toContain(html(CATEGORY_SLUG_EMPTY));
      expect(await slugOf(name)).toBeNull();
    }
  });
});

describe("the slug-fixing migration", () => {
  it("gives every stored slug that breaks the rule its name's new slug, moves its products, and leaves good slugs alone", async () => {
    const before = await env.DB.prepare("SELECT id, slug FROM categories ORDER BY id").all<{ id: number; slug: string }>();
    await insertCategories([
      { name: "Pre-Rolls & More", slug: "pre-rolls-&-more" },
      { name: "Crème  Fraîche", slug: "crème-fraîche" },
      { name: "Crème Fraiche!", slug: "crème-fraiche!" },
      { name: "🍄 Caps", slug: "🍄-caps" },
      { name: "🌿", slug: "🌿" },
      { name: "Indoors!", slug: "indoors!" },
    ]);
    await env.DB.prepare("INSERT INTO products (name, price_cents, category) VALUES ('Slug test joint', 1000, 'pre-rolls-&-more')").run();
    const product = await env.DB.prepare("SELECT id, version FROM products WHERE name = 'Slug test joint'").first<{
      id: number;
      version: number;
    }>();

    await runSlugMigration();

    expect((await slugOf("Pre-Rolls & More"))?.slug).toBe("pre-rolls-more");
    expect((await slugOf("Crème  Fraîche"))?.slug).toBe("creme-fraiche");
    // Two names with the same new slug: the later one gets its id appended.
    const second = (await slugOf("Crème Fraiche!"))!;
    expect(second.slug).toBe(`creme-fraiche-${second.id}`);
    expect((await slugOf("🍄 Caps"))?.slug).toBe("caps");
    const empty = (await slugOf("🌿"))!;
    expect(empty.slug).toBe(`category-${empty.id}`);
    // "indoors" belongs to the catalogue's category already.
    const taken = (await slugOf("Indoors!"))!;
    expect(taken.slug).toBe(`indoors-${taken.id}`);

    const moved = await env.DB.prepare("SELECT category, version FROM products WHERE id = ?")
      .bind(product!.id)
      .first<{ category: string; version: number }>();
    expect(moved).toEqual({ category: "pre-rolls-more", version: product!.version + 1 });

    const after = await env.DB.prepare("SELECT id, slug FROM categories ORDER BY id").all<{ id: number; slug: string }>();
    for (const row of after.results) expect(row.slug, String(row.id)).toMatch(SLUG_PATTERN);
    // Categories that followed the rule kept their slugs.
    expect(after.results.slice(0, before.results.length)).toEqual(before.results);
    // The migration's work tables are gone.
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name LIKE '\\_slug%' ESCAPE '\\'").all();
    expect(tables.results).toEqual([]);
  });

  it("transliterates every letter exactly as app/features/catalogue/slug.ts does", async () => {
    const ranges: [number, number][] = [
      [0x80, 0x24f],
      [0x1e00, 0x1eff],
      [0xfb00, 0xfb06],
      [0xff10, 0xff5a],
      [0x2000, 0x200a],
    ];
    const rows: { name: string; slug: string }[] = [];
    for (const [from, to] of ranges) {
      for (let code = from; code <= to; code++) {
        const name = `Z${String.fromCodePoint(code)}Q${code}`;
        rows.push({ name, slug: name.toLowerCase() });
      }
    }
    await insertCategories(rows);
    await runSlugMigration();
    const { results } = await env.DB.prepare("SELECT name, slug FROM categories WHERE name GLOB 'Z*Q*'").all<{
      name: string;
      slug: string;
    }>();
    expect(results).toHaveLength(rows.length);
    const mismatches = results
      .filter((row) => row.slug !== slugify(row.name))
      .map((row) => `${row.name}: ${row.slug} ≠ ${slugify(row.name)}`);
    expect(mismatches).toEqual([]);
  });
});
