import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CATALOGUE_CSV_COLUMNS } from "../../app/features/catalogue-csv/catalogue-csv";
import { parseCsv } from "../../app/features/catalogue-csv/csv";
import { adminCookie, catalogueChanged, get } from "./helpers";

/** 'Export catalogue' (decision 026) through the real Worker and D1. */

describe("GET /admin/catalogue.csv", () => {
  it("downloads every product as UTF-8 CSV with a BOM, a row per size, tricky names intact and formulas neutralised", async () => {
    const tricky = '=HYPERLINK("http://evil","x"), "quoted"\nand 草莓 🌿';
    await env.DB.prepare(
      "INSERT INTO products (name, price_cents, compare_at_cents, category, effects) VALUES (?, 1234, 2000, 'edibles', ?)",
    )
      .bind(tricky, JSON.stringify(["Calm", "Happy"]))
      .run();
    await catalogueChanged();
    const response = await get("/admin/catalogue.csv", { headers: { Cookie: await adminCookie() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x""), ""quoted""\nand 草莓 🌿"`);

    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error(parsed.message);
    const [header, ...rows] = parsed.rows;
    expect(header).toEqual([...CATALOGUE_CSV_COLUMNS]);
    // A row per size (decision 028); a product's first row carries its name.
    const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
    expect(rows).toHaveLength(await count("product_sizes"));
    expect(rows.filter((cells) => cells[2] !== "")).toHaveLength(await count("products"));
    const row = Object.fromEntries(header!.map((column, i) => [column, rows.find((cells) => cells[2] === tricky)![i]]));
    expect(row).toMatchObject({
      key: "",
      name: tricky,
      price: "12.34",
      compare_at_price: "20",
      category: "edibles",
      effects: "Calm; Happy",
    });
    // Catalogue products carry their stable key.
    expect(rows.filter((cells) => cells[1] !== "").length).toBeGreaterThan(0);
  });

  it("is for the admin only", async () => {
    const response = await get("/admin/catalogue.csv");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
  });
});
