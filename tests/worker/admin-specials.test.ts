import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get } from "./helpers";
import { adminGet, adminPost, follow, html, post, read } from "./admin-helpers";

/** The owner's Specials area through the Worker, the admin session and real D1. */

async function specialRow(name: string) {
  return env.DB.prepare("SELECT id, code, paused, deleted_at AS deletedAt, data FROM specials WHERE name = ? ORDER BY id DESC")
    .bind(name)
    .first<{ id: number; code: string | null; paused: number; deletedAt: string | null; data: string }>();
}

function form(fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(key, item);
  return body;
}

const KINDS: Array<[string, Record<string, string | string[]>, (data: Record<string, unknown>) => void]> = [
  [
    "percent_off",
    { categories: "edibles", percentOff: "20" },
    (data) => expect(data).toMatchObject({ percent: 20, selection: { categories: ["edibles"] } }),
  ],
  [
    "amount_off",
    { products: ["1", "2"], amountOff: "5" },
    (data) => expect(data).toMatchObject({ amountCents: 500, selection: { products: [1, 2] } }),
  ],
  [
    "buy_x_get_y",
    { categories: "lows", buy: "2", get: "1" },
    (data) => expect(data).toMatchObject({ buy: 2, get: 1, percent: 100, reward: null }),
  ],
  [
    "mix_match",
    { categories: "edibles", mixCount: "3", mixPrice: "50" },
    (data) => expect(data).toMatchObject({ count: 3, priceCents: 5000 }),
  ],
  [
    "bundle",
    { products: ["1", "2"], bundlePrice: "80.50" },
    (data) =>
      expect(data).toMatchObject({
        priceCents: 8050,
        items: [
          { productId: 1, sizeId: null, quantity: 1 },
          { productId: 2, sizeId: null, quantity: 1 },
        ],
      }),
  ],
  [
    "spend_save",
    { spendMin: "100", spendFreeDelivery: "on" },
    (data) => expect(data).toMatchObject({ minCents: 10000, percent: 0, freeDelivery: true }),
  ],
];

describe("/admin/specials", () => {
  it("refuses a visitor without the admin session (pages and forms)", async () => {
    for (const path of ["/admin/specials", "/admin/specials/new", "/admin/specials/1", "/admin/specials/1/delete"]) {
      const page = await get(path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("Location"), path).toMatch(/^\/admin(\?|$)/);
    }
    const posted = await post("/admin/specials/new", {
      kind: "percent_off",
      name: "Sneaky",
      badge: "x",
      categories: "edibles",
      percentOff: "90",
    });
    expect(posted.status).toBe(302);
    expect(await specialRow("Sneaky")).toBeNull();
  });

  it.each(KINDS)("creates a %s special from the form and lists it", async (kind, fields, check) => {
    const name = `Test ${kind}`;
    const response = await adminPost("/admin/specials/new", form({ kind, name, badge: `${kind} badge`, ...fields }));
    expect(response.status).toBe(302);
    const row = await specialRow(name);
    expect(row).not.toBeNull();
    check(JSON.parse(row!.data) as Record<string, unknown>);
    const next = await follow(response);
    expect(next.html).toContain("Special created");
    const list = await read(await adminGet("/admin/specials"));
    expect(list).toContain(html(name));
    expect(list).toContain(html(`${kind} badge`));
  });

  it("answers bad input beside each field, keeps what was typed, and writes nothing", async () => {
    const name = "Ünïcødé 特价 ".repeat(20);
    const response = await adminPost(
      "/admin/specials/new",
      form({ kind: "percent_off", name, badge: "", percentOff: "abc", windowStart: "16:00", code: "no spaces!" }),
    );
    expect(response.status).toBe(400);
    const page = await read(response);
    expect(page).toContain("Write the badge text.");
    expect(page).toContain("Enter a whole number, like 3.");
    expect(page).toContain("Choose at least one category, product or size.");
    expect(page).toContain("Keep it to 80 characters.");
    expect(page.match(/Fill this in\./g)).toBeNull();
    expect(page).toContain("Use letters, digits, - and _ only.");
    expect(page).toContain(html(name.trim()).slice(0, 40));
    expect(await env.DB.prepare("SELECT count(*) AS n FROM specials WHERE name LIKE 'Ünïcødé%'").first("n")).toBe(0);
    // Once the rest reads, the schedule's own rules answer too.
    const window = await adminPost(
      "/admin/specials/new",
      form({ kind: "percent_off", name: "Half a window", badge: "x", categories: "pens", percentOff: "10", windowStart: "16:00" }),
    );
    expect(window.status).toBe(400);
    expect(await read(window)).toContain("Give the time window both a start and an end, or neither.");
  });

  it("refuses a code another special uses", async () => {
    const base = { kind: "percent_off", badge: "10% off", categories: "pens", percentOff: "10", code: "weekend10" };
    expect((await adminPost("/admin/specials/new", form({ ...base, name: "Weekend" }))).status).toBe(302);
    expect((await specialRow("Weekend"))!.code).toBe("WEEKEND10");
    const taken = await adminPost("/admin/specials/new", form({ ...base, name: "Weekend again", code: "WEEKEND10" }));
    expect(taken.status).toBe(409);
    expect(await read(taken)).toContain("Another special already uses this code.");
    expect(await specialRow("Weekend again")).toBeNull();
  });

  it("previews what a special applies to without saving it", async () => {
    const response = await adminPost(
      "/admin/specials/new",
      form({
        kind: "percent_off",
        name: "Happy hour preview",
        badge: "Happy hour −20%",
        categories: "edibles",
        percentOff: "20",
        weekdays: "4",
        windowStart: "16:00",
        windowEnd: "19:00",
        intent: "preview",
      }),
    );
    expect(response.status).toBe(200);
    const page = await read(response);
    const active = await env.DB.prepare(
      "SELECT count(DISTINCT p.id) AS products, count(s.id) AS sizes FROM products p JOIN product_sizes s ON s.product_id = p.id WHERE p.active = 1 AND p.category = 'edibles'",
    ).first<{ products: number; sizes: number }>();
    expect(active!.products).toBeGreaterThan(0);
    expect(page).toContain(`Applies to ${active!.products} product${active!.products === 1 ? "" : "s"}, ${active!.sizes} size`);
    expect(page).toContain("active Fri 4:00 PM – 7:00 PM");
    expect(page).toContain(html("Happy hour −20%"));
    expect(await specialRow("Happy hour preview")).toBeNull();
  });

  it("the form's product boxes carry the product's own id, not a size's", async () => {
    const page = await read(await adminGet("/admin/specials/new"));
    const rows = await env.DB.prepare(
      "SELECT p.id AS productId, p.name AS name, s.id AS sizeId FROM products p JOIN product_sizes s ON s.product_id = p.id WHERE p.id <> s.id ORDER BY p.id LIMIT 3",
    ).all<{ productId: number; name: string; sizeId: number }>();
    expect(rows.results.length).toBeGreaterThan(0);
    for (const row of rows.results) {
      // The box just before the product's name (its label) holds the product's id, never one of its sizes' ids.
      const before = page.slice(0, page.indexOf(`<span>${html(row.name)}`));
      const box = before.slice(before.lastIndexOf('name="products"'));
      expect(/value="(\d+)"/.exec(box)?.[1], row.name).toBe(String(row.productId));
    }
  });

  it("pauses, resumes and duplicates from the list", async () => {
    const create = { kind: "percent_off", name: "Pausable", badge: "−15%", categories: "deps", percentOff: "15", code: "PAUSE15" };
    await adminPost("/admin/specials/new", form(create));
    const { id } = (await specialRow("Pausable"))!;
    const paused = await adminPost("/admin/specials", { intent: "pause", id: String(id) });
    expect(paused.status).toBe(302);
    expect((await specialRow("Pausable"))!.paused).toBe(1);
    expect(JSON.parse((await specialRow("Pausable"))!.data)).toMatchObject({ paused: true });
    expect((await follow(paused)).html).toContain("Special paused");
    await adminPost("/admin/specials", { intent: "resume", id: String(id) });
    expect((await specialRow("Pausable"))!.paused).toBe(0);

    const duplicated = await adminPost("/admin/specials", { intent: "duplicate", id: String(id) });
    expect(duplicated.status).toBe(302);
    const copy = (await specialRow("Pausable (copy)"))!;
    expect(copy).toMatchObject({ paused: 1, code: null });
    expect(duplicated.headers.get("Location")).toBe(`/admin/specials/${copy.id}`);
    expect(JSON.parse(copy.data)).toMatchObject({ percent: 15, selection: { categories: ["deps"] } });

    const junk = await adminPost("/admin/specials", { intent: "explode", id: "x" });
    expect(junk.status).toBe(302);
    expect((await follow(junk)).html).toContain("Not done");
  });

  it("edits a special in its form", async () => {
    await adminPost(
      "/admin/specials/new",
      form({ kind: "mix_match", name: "Any 3", badge: "3 for $50", categories: "edibles", mixCount: "3", mixPrice: "50" }),
    );
    const { id } = (await specialRow("Any 3"))!;
    const page = await read(await adminGet(`/admin/specials/${id}`));
    expect(page).toContain('value="3 for $50"');
    expect(page).toContain("Applies to");
    const saved = await adminPost(
      `/admin/specials/${id}`,
      form({ kind: "mix_match", name: "Any 3", badge: "3 for $45", categories: "edibles", mixCount: "3", mixPrice: "45" }),
    );
    expect(saved.status).toBe(302);
    expect(JSON.parse((await specialRow("Any 3"))!.data)).toMatchObject({ priceCents: 4500, badge: "3 for $45" });
    expect((await adminGet("/admin/specials/999999")).status).toBe(404);
    expect((await adminGet("/admin/specials/abc")).status).toBe(404);
  });

  it("deletes to the trash with Undo, and restores from the trash unless its code is taken again", async () => {
    const fields = { kind: "amount_off", name: "Five off", badge: "$5 off", categories: "pala", amountOff: "5", code: "FIVE" };
    await adminPost("/admin/specials/new", form(fields));
    const { id } = (await specialRow("Five off"))!;
    const confirm = await read(await adminGet(`/admin/specials/${id}/delete`));
    expect(confirm).toContain("Moves to the trash");

    const deleted = await adminPost(`/admin/specials/${id}/delete`, {});
    expect(deleted.status).toBe(302);
    expect((await specialRow("Five off"))!.deletedAt).not.toBeNull();
    const listed = await follow(deleted);
    expect(listed.html).toContain("Special deleted");
    expect(listed.html).toContain("Undo");
    expect(listed.html).not.toContain(">Five off<");

    // The toast's Undo posts this to the trash.
    const undone = await adminPost("/admin/trash", { intent: "restore-special", id: String(id), redirectTo: "/admin/specials" });
    expect(undone.headers.get("Location")).toBe("/admin/specials");
    expect((await specialRow("Five off"))!.deletedAt).toBeNull();
    expect((await follow(undone)).html).toContain("Special restored");

    // Deleted again, its code taken by a new special: Restore refuses and says why.
    await adminPost(`/admin/specials/${id}/delete`, {});
    const trash = await read(await adminGet("/admin/trash"));
    expect(trash).toContain("Five off");
    expect(trash).toContain('value="restore-special"');
    await adminPost("/admin/specials/new", form({ ...fields, name: "Five off again" }));
    const refused = await adminPost("/admin/trash", { intent: "restore-special", id: String(id) });
    expect((await follow(refused)).html).toContain("Another special uses the code of Five off now");
    expect((await specialRow("Five off"))!.deletedAt).not.toBeNull();
  });

  it("shows what runs now on the dashboard", async () => {
    await adminPost(
      "/admin/specials/new",
      form({ kind: "percent_off", name: "Always on", badge: "−5%", categories: "indoors", percentOff: "5" }),
    );
    const page = await read(await adminGet("/admin/dashboard"));
    expect(page).toContain("Running now");
    expect(page).toContain("Always on");
    expect(page).toContain('href="/admin/specials"');
  });
});
