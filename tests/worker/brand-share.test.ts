import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { defaultSettings, SETTINGS } from "../../app/features/settings/settings";
import { saveDocument } from "../../app/features/shop-documents/shop-documents.server";
import { createDb } from "../../app/server/load-context";
import { catalogueChanged, get } from "./helpers";

/**
 * /share/brand.png: the brand's share card in the owner's trading name and tagline, rendered once
 * per wording by resvg-wasm in the Worker and kept in R2 under the wording's hash.
 */

afterEach(async () => {
  await env.DB.prepare("DELETE FROM shop_document_versions WHERE name = 'settings'").run();
  await catalogueChanged();
});

function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((byte, index) => bytes[index] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function card() {
  const response = await get("/share/brand.png");
  return {
    status: response.status,
    type: response.headers.get("Content-Type"),
    etag: response.headers.get("ETag") ?? "",
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

describe("the brand's share card", () => {
  it("is a 1200x630 PNG kept in R2 under its wording's hash, and a new trading name draws a new one", async () => {
    const before = await card();
    expect(before.status).toBe(200);
    expect(before.type).toBe("image/png");
    expect(pngSize(before.bytes)).toEqual({ width: 1200, height: 630 });
    const beforeKey = `share/brand/${before.etag.replace(/"/g, "")}.png`;
    expect(new Uint8Array(await (await env.IMAGES.get(beforeKey))!.arrayBuffer())).toEqual(before.bytes);

    const settings = defaultSettings(env);
    settings.identity.tradingName = "Зелёный Лист 北京 Collective";
    settings.identity.tagline = "Small-batch flower, delivered across the valley.";
    await saveDocument(createDb(env.DB), SETTINGS, settings, { from: env });
    const after = await card();
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect(after.bytes).not.toEqual(before.bytes);
    expect(pngSize(after.bytes)).toEqual({ width: 1200, height: 630 });
    expect(await env.IMAGES.head(`share/brand/${after.etag.replace(/"/g, "")}.png`)).not.toBeNull();

    const unchanged = await get("/share/brand.png", { headers: { "If-None-Match": after.etag } });
    expect(unchanged.status).toBe(304);
    await unchanged.arrayBuffer();
  });
});
