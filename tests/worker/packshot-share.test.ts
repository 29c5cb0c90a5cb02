import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { packshotHash, packshotSharePath } from "../../app/features/packshots/packshot";
import { products } from "../../db/schema";
import { get } from "./helpers";
import { db, deleteProducts, insertProducts, testProduct } from "./shop-helpers";

/**
 * A packshot product's share image: /share/packshots/{id}/{hash}.png, a real 1200x630 PNG rendered by
 * resvg-wasm in the Worker once, then kept in the IMAGES bucket and served from there.
 */

const JAR = "Share Test Jar (1/8 oz)";
const CART = "Share Test Cart 1G Disposable";
const HIDDEN = "Share Test Hidden";
// Cyrillic (in the bundled font), CJK and emoji (not in it): the renderer must draw what it can and not fail.
const LONG = `${"Ультра Премиум Шишки Северное Сияние ".repeat(6)}北京烤鸭 🍓`;
const NAMES = [JAR, CART, HIDDEN, LONG];
let ids: Map<string, number>;

async function row(id: number) {
  const [found] = await db.select().from(products).where(eq(products.id, id));
  return found!;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The PNG's width and height from its IHDR chunk (the first chunk, at byte 8), or null when it is no PNG. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function stored(key: string): Promise<Uint8Array | null> {
  const object = await env.IMAGES.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

beforeAll(async () => {
  ids = await insertProducts([
    testProduct({ name: JAR, priceCents: 4500, category: "indoor", image: null, strainType: "indica", thcContent: "27%" }),
    testProduct({ name: CART, priceCents: 4500, category: "pens", image: null, strainType: "sativa", thcContent: "88-92%" }),
    testProduct({ name: HIDDEN, priceCents: 4500, category: "pens", image: null, active: false }),
    testProduct({ name: LONG, priceCents: 4500, category: "gelato-punch", image: null, strainType: null, thcContent: "10mg per piece" }),
  ]);
});

afterAll(async () => {
  await deleteProducts(NAMES);
});

describe("/share/packshots/{id}/{hash}.png", () => {
  it("answers a real 1200x630 PNG, sandboxed and cached for a year, and keeps it in R2 under its address", async () => {
    const jar = await row(ids.get(JAR)!);
    const path = packshotSharePath(jar);
    const key = path.slice(1);
    await env.IMAGES.delete(key);

    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("ETag")).toBe(`"${packshotHash(jar)}"`);
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    // What was answered is what R2 now holds.
    expect(await stored(key)).toEqual(bytes);

    const again = await get(path, { headers: { "If-None-Match": `"${packshotHash(jar)}"` } });
    expect(again.status).toBe(304);
    await again.arrayBuffer();
  });

  it("serves later requests from R2, not by rendering again", async () => {
    const cart = await row(ids.get(CART)!);
    const path = packshotSharePath(cart);
    const first = new Uint8Array(await (await get(path)).arrayBuffer());
    expect(pngSize(first)).toEqual({ width: 1200, height: 630 });
    // Bytes no render would make, put under the key: the next answer is them.
    const marker = new Uint8Array([...first.subarray(0, 33), ...new TextEncoder().encode("kept in R2")]);
    await env.IMAGES.put(path.slice(1), marker, { httpMetadata: { contentType: "image/png" } });
    const second = await get(path);
    expect(second.status).toBe(200);
    expect(second.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(marker);
    await env.IMAGES.delete(path.slice(1));
  });

  it("renders a long name in scripts the font lacks (CJK, emoji) without failing", async () => {
    const response = await get(packshotSharePath(await row(ids.get(LONG)!)));
    expect(response.status).toBe(200);
    expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it("sends a renamed product's old address on to the new image", async () => {
    const id = ids.get(JAR)!;
    const before = packshotSharePath(await row(id));
    await db
      .update(products)
      .set({ name: `${JAR} Renamed` })
      .where(eq(products.id, id));
    try {
      const after = packshotSharePath(await row(id));
      expect(after).not.toBe(before);
      const stale = await get(before);
      expect(stale.status).toBe(302);
      expect(stale.headers.get("Location")).toBe(after);
      const fresh = await get(after);
      expect(fresh.status).toBe(200);
      expect(pngSize(new Uint8Array(await fresh.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    } finally {
      await db.update(products).set({ name: JAR }).where(eq(products.id, id));
    }
  });

  it("serves an inactive product's image only at its current address", async () => {
    const hidden = await row(ids.get(HIDDEN)!);
    const current = await get(packshotSharePath(hidden));
    expect(current.status).toBe(200);
    await current.arrayBuffer();
    expect((await get(`/share/packshots/${hidden.id}/aaaaaaaaaaa.png`)).status).toBe(404);
  });

  it("answers unknown ids with 404 and malformed addresses with 400", async () => {
    expect((await get("/share/packshots/999999999/aaaaaaaaaaa.png")).status).toBe(404);
    for (const path of [
      "/share/packshots/0/aaaaaaaaaaa.png",
      "/share/packshots/-1/aaaaaaaaaaa.png",
      "/share/packshots/abc/aaaaaaaaaaa.png",
      "/share/packshots/1/short.png",
      "/share/packshots/1/aaaaaaaaaaa.svg",
      "/share/packshots/1/AAAAAAAAAAA.png",
      "/share/packshots/99999999999999999999/aaaaaaaaaaa.png",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toContain("Bad packshot address");
    }
  });

  it("never answers odd input with a 5xx (property-based: long and non-Latin id and file segments, any method)", async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: "grapheme", maxLength: 120 }),
      fc.stringMatching(/^[0-9a-z]{11}\.png$/),
      fc.integer().map(String),
      fc.constantFrom(
        "1",
        "00001",
        "1e3",
        "9007199254740993",
        "%00",
        "..",
        "aaaaaaaaaaa.png.png",
        "ａａａ.png",
        "北京烤鸭.png",
        "Ш".repeat(500),
      ),
    );
    await fc.assert(
      fc.asyncProperty(segment, segment, fc.constantFrom("GET", "HEAD", "POST"), async (id, file, method) => {
        const response = await get(`/share/packshots/${encodeURIComponent(id)}/${encodeURIComponent(file)}`, {
          method,
          headers: { Origin: "http://localhost", Host: "localhost" },
        });
        await response.arrayBuffer();
        expect(response.status, `${method} ${id} / ${file}`).toBeLessThan(500);
      }),
      { numRuns: fcRuns(150) },
    );
  }, 60_000);
});
