import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { packshotPath, packSize } from "../../app/features/packshots/packshot";
import { products } from "../../db/schema";
import { cartCookie, expectAnswer, get } from "./helpers";
import { db, deleteProducts, insertProducts, testProduct, textOf } from "./shop-helpers";

const PLAIN = "Packshot Test Plain (1/8 oz)";
const UPLOADED = "Packshot Test Uploaded";
const HIDDEN = "Packshot Test Hidden";
const ART = "Packshot Test Old Art";
const NAMES = [PLAIN, UPLOADED, HIDDEN, ART];
let ids: Map<string, number>;

async function row(id: number) {
  const [found] = await db.select().from(products).where(eq(products.id, id));
  return found!;
}

beforeAll(async () => {
  ids = await insertProducts([
    testProduct({ name: PLAIN, priceCents: 4500, category: "pens", image: null, strainType: "sativa", thcContent: "88-92%" }),
    testProduct({ name: UPLOADED, priceCents: 4500, category: "pens", image: "/images/image-1-uploaded.png" }),
    testProduct({ name: HIDDEN, priceCents: 4500, category: "pens", image: null, active: false }),
    testProduct({
      name: ART,
      priceCents: 4500,
      category: "pens",
      image: "/art/pens-1.svg",
      extraImages: JSON.stringify(["/art/pens-2.svg", "/images/image-2-kept.png"]),
    }),
  ]);
});

afterAll(async () => {
  await deleteProducts(NAMES);
});

describe("/packshots/{id}/{hash}.svg", () => {
  it("serves a catalogue product's packshot as a sandboxed, nosniff SVG cached for a year, with 304 on its ETag", async () => {
    const [runtz] = await db.select().from(products).where(eq(products.catalogueKey, "runtz-eighth"));
    const response = await get(packshotPath(runtz!));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'.*sandbox/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(">Runtz</text>");
    // Sold in four sizes: the label names none of them (a size in a product's name is printed, tests/unit/packshot.test.ts).
    expect(svg).not.toContain("oz</text>");
    expect(svg).toContain(">Hybrid</text>");
    expect(svg).toContain(">THC 24-27%</text>");

    const etag = response.headers.get("ETag")!;
    for (const tag of [etag, `W/${etag}`, `"x", ${etag}`, "*"]) {
      const again = await get(packshotPath(runtz!), { headers: { "If-None-Match": tag } });
      expect(again.status, tag).toBe(304);
    }
    const other = await get(packshotPath(runtz!), { headers: { "If-None-Match": '"abd"' } });
    expect(other.status).toBe(200);
    await other.text();
  });

  it("draws a new packshot at a new URL when the name changes, and sends the old URL on to it", async () => {
    const id = ids.get(PLAIN)!;
    const before = packshotPath(await row(id));
    const oldSvg = await (await get(before)).text();
    await db
      .update(products)
      .set({ name: `${PLAIN} Renamed` })
      .where(eq(products.id, id));
    try {
      const after = packshotPath(await row(id));
      expect(after).not.toBe(before);
      const stale = await get(before);
      expect(stale.status).toBe(302);
      expect(stale.headers.get("Location")).toBe(after);
      const fresh = await get(after);
      expect(fresh.status).toBe(200);
      const newSvg = await fresh.text();
      expect(newSvg).not.toBe(oldSvg);
      expect(newSvg).toContain("Renamed");
    } finally {
      await db.update(products).set({ name: PLAIN }).where(eq(products.id, id));
    }
  });

  it("serves an inactive product's packshot only at its current URL", async () => {
    const hidden = await row(ids.get(HIDDEN)!);
    expect((await get(packshotPath(hidden))).status).toBe(200);
    expect((await get(`/packshots/${hidden.id}/aaaaaaaaaaa.svg`)).status).toBe(404);
  });

  it("answers unknown ids with 404 and malformed addresses with 400", async () => {
    expect((await get("/packshots/999999999/aaaaaaaaaaa.svg")).status).toBe(404);
    for (const path of [
      "/packshots/0/aaaaaaaaaaa.svg",
      "/packshots/-1/aaaaaaaaaaa.svg",
      "/packshots/abc/aaaaaaaaaaa.svg",
      "/packshots/1/short.svg",
      "/packshots/1/aaaaaaaaaaa.png",
      "/packshots/1/AAAAAAAAAAA.svg",
      "/packshots/99999999999999999999/aaaaaaaaaaa.svg",
    ]) {
      await expectAnswer(path, 400, ["Bad packshot address"]);
    }
  });

  it("never answers odd input with a 5xx (property-based: any id and file segment, any method)", async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.stringMatching(/^[0-9a-z]{11}\.svg$/),
      fc.integer().map(String),
      fc.constantFrom("1", "00001", "1e3", "9007199254740993", "%00", "..", "aaaaaaaaaaa.svg.svg", "ａａａ.svg"),
    );
    await fc.assert(
      fc.asyncProperty(segment, segment, fc.constantFrom("GET", "HEAD", "POST"), async (id, file, method) => {
        const response = await get(`/packshots/${encodeURIComponent(id)}/${encodeURIComponent(file)}`, {
          method,
          headers: { Origin: "http://localhost", Host: "localhost" },
        });
        await response.arrayBuffer();
        expect(response.status, `${method} ${id} / ${file}`).toBeLessThan(500);
      }),
      { numRuns: fcRuns(200) },
    );
  }, 60_000); // 200 requests: more than the default 5 s on a loaded 2-core machine
});

describe("where packshots are shown", () => {
  it("shows a product's packshot on its card when it has no uploaded image, and the upload when it has one", async () => {
    const html = await (await get(`/shop?search=${encodeURIComponent("Packshot Test")}`)).text();
    expect(html).toContain(`src="${packshotPath(await row(ids.get(PLAIN)!))}"`);
    expect(html).toContain(`src="/images/image-1-uploaded.png/w800"`);
    // The card says the weight, strain and THC in text too.
    expect(textOf(html)).toContain(`${packSize({ name: PLAIN, category: "pens" })} · sativa · THC 88-92%`);
  });

  it("shows the packshot in the cart", async () => {
    const plain = await row(ids.get(PLAIN)!);
    const html = await (
      await get("/checkout", { headers: { Cookie: `${cartCookie([{ id: plain.id, quantity: 1 }])}; age-verified=yes` } })
    ).text();
    expect(html).toContain(`src="${packshotPath(plain)}"`);
  });

  it("gives every catalogue product a distinct image on a new install (none shares an image)", async () => {
    const rows = await db.select().from(products);
    const catalogueRows = rows.filter((product) => product.catalogueKey && !product.catalogueKey.startsWith("generated-"));
    expect(catalogueRows.length).toBeGreaterThan(40);
    for (const product of catalogueRows) expect(product.image).toBeNull();
    expect(new Set(catalogueRows.map((product) => packshotPath(product))).size).toBe(catalogueRows.length);
  });
});

describe("migration 0007_catalogue_packshots", () => {
  it("drops the shared /art illustrations from products loaded before, keeps uploads, and bumps the version", async () => {
    const id = ids.get(ART)!;
    const before = await row(id);
    const migration = (env as TestEnv).TEST_MIGRATIONS.find((entry) => entry.name.startsWith("0007_catalogue_packshots"));
    expect(migration).toBeDefined();
    for (const query of migration!.queries) await env.DB.prepare(query).run();
    const after = await row(id);
    expect(after.image).toBeNull();
    expect(JSON.parse(after.extraImages)).toEqual(["/images/image-2-kept.png"]);
    expect(after.version).toBe(before.version + 1);
    // Uploaded images elsewhere are untouched.
    expect((await row(ids.get(UPLOADED)!)).image).toBe("/images/image-1-uploaded.png");
  });
});
