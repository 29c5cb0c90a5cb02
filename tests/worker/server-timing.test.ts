import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cartCookie, get } from "./helpers";
import { productPath } from "../../app/features/catalogue/product-path";

function parseServerTiming(header: string | null) {
  const metrics = new Map<string, { dur: number; desc?: string }>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().split(";");
    const values = Object.fromEntries(params.map((p) => p.split("=") as [string, string]));
    metrics.set(name!, { dur: Number(values.dur), desc: values.desc?.replace(/"/g, "") });
  }
  return metrics;
}

describe("Server-Timing", () => {
  it("reports D1 time, round trips and render time on a page", async () => {
    const response = await get("/shop");
    await response.text();
    const metrics = parseServerTiming(response.headers.get("Server-Timing"));
    expect(metrics.get("d1")?.dur).toBeGreaterThanOrEqual(0);
    expect(metrics.get("d1")?.desc).toMatch(/^\d+ round trips$/);
    expect(Number(metrics.get("d1")?.desc?.split(" ")[0])).toBeGreaterThan(0);
    expect(metrics.get("render")?.dur).toBeGreaterThanOrEqual(0);
  });

  it("is on single-fetch data responses too", async () => {
    const response = await get("/shop.data");
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(parseServerTiming(response.headers.get("Server-Timing")).has("d1")).toBe(true);
  });
});

/** D1 round trips a response reports (Server-Timing `d1;desc="N round trips"`). */
async function roundTrips(path: string, cookie = "") {
  const response = await get(path, { headers: cookie ? { Cookie: cookie } : {} });
  await response.arrayBuffer();
  expect(response.status, path).toBe(200);
  const metrics = parseServerTiming(response.headers.get("Server-Timing"));
  // A page served from the shared cache reads nothing from D1.
  if (metrics.get("cache")?.desc === "hit") return 0;
  return Number(parseServerTiming(response.headers.get("Server-Timing")).get("d1")?.desc?.split(" ")[0]);
}

describe("no page issues more than 2 D1 round trips", () => {
  it("with and without a 3-line cart, on every public page", async () => {
    const { results } = await env.DB.prepare("SELECT id, name FROM products WHERE active = 1 ORDER BY id LIMIT 3").all<{
      id: number;
      name: string;
    }>();
    const ids = results.map((row) => row.id);
    const firstProduct = productPath(results[0]!);
    const cart = cartCookie(ids.map((id) => ({ id, quantity: 2 })));
    const pages = [
      "/",
      "/shop",
      "/shop?category=edibles&sort=price-desc&page=2",
      "/shop?strain=indica&thc=over-35&effect=relaxed&stock=in&sort=thc-desc",
      "/shop/concentrates",
      "/shop/concentrates?tab=live-resin&strain=indica&sort=price-desc&page=2",
      "/shop/edibles",
      firstProduct,
      "/checkout",
      "/about",
      "/faq",
      "/reviews",
      "/contact",
      "/account",
    ];
    for (const path of pages) {
      expect(await roundTrips(path), path).toBeLessThanOrEqual(2);
      expect(await roundTrips(path, cart), `${path} with a cart`).toBeLessThanOrEqual(2);
    }
  });

  it("reads the layout's categories and cart rows once: home and checkout share them with the root loader", async () => {
    const { results } = await env.DB.prepare("SELECT id, name FROM products WHERE active = 1 ORDER BY id LIMIT 3").all<{
      id: number;
      name: string;
    }>();
    const cart = cartCookie(results.map(({ id }) => ({ id, quantity: 1 })));
    // A cart holder's documents come from the page cache (decision 027); what renders with their
    // cart is the checkout and a client navigation's data.
    // Home's data: the layout's batch, then one batch of its own words and featured cards.
    expect(await roundTrips("/_root.data", cart)).toBe(2);
    expect(await roundTrips("/checkout", cart)).toBe(1);
    // The FAQ's data: the layout's batch, then the owner's questions and answers.
    expect(await roundTrips("/faq.data", cart)).toBe(2);
  });
});
