import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { lastDays } from "../../app/features/insights/insights";
import { adminGet, read } from "./admin-helpers";
import { definitionsOf, elementsOf } from "./page-parts";
import { get } from "./helpers";

/**
 * The product edit page's sparkline draws that product's own views per day over the last 30 days
 * (the settings' time zone), with its total in words, for the signed-in owner only.
 */

const TIME_ZONE = "America/New_York";
const PRODUCT = 3;

async function count(day: string, productId: number, views: number, sizeId = 0) {
  await env.DB.prepare("INSERT INTO insight_product_days (day, product_id, size_id, views, adds) VALUES (?, ?, ?, ?, 1)")
    .bind(day, productId, sizeId, views)
    .run();
}

/** The sparkline's heights per day (0: none, 1: the peak), read from its points. */
function heights(points: string) {
  const ys = points.split(" ").map((point) => Number(point.split(",")[1]));
  // The chart is 36 high with 2 of margin: y = 34 - share × 32.
  return ys.map((y) => Math.round(((34 - y) / 32) * 100) / 100);
}

describe("the product edit page's sparkline", () => {
  it("draws the product's own views per day, sizes added together, other products left out", async () => {
    const days = lastDays(Date.now(), TIME_ZONE, 30);
    await count(days[29]!, PRODUCT, 6);
    await count(days[29]!, PRODUCT, 2, 99);
    await count(days[27]!, PRODUCT, 4);
    await count(days[0]!, PRODUCT, 2);
    // Another product's views and a day older than 30 days draw nothing here.
    await count(days[10]!, PRODUCT + 1, 50);
    const older = new Date(Date.parse(`${days[0]}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await count(older, PRODUCT, 40);

    const page = await read(await adminGet(`/admin/edit-product/${PRODUCT}`));
    const [chart] = await elementsOf(page, 'section[aria-labelledby="product-insights"] svg[role="img"]');
    expect(chart?.attributes["aria-label"]).toBe("Views per day, last 30 days: 14 in all");
    const [line] = await elementsOf(page, 'section[aria-labelledby="product-insights"] polyline');
    const drawn = heights(line!.attributes.points!);
    expect(drawn).toHaveLength(30);
    expect(drawn[29]).toBe(1);
    expect(drawn[27]).toBe(0.5);
    expect(drawn[0]).toBe(0.25);
    expect(drawn.filter((height, index) => ![0, 27, 29].includes(index)).every((height) => height === 0)).toBe(true);
    expect(await definitionsOf(page)).toContainEqual(["Views", "14"]);
  });

  it("is flat with no views, and never shown to a visitor who is not signed in", async () => {
    const page = await read(await adminGet(`/admin/edit-product/${PRODUCT + 5}`));
    const [chart] = await elementsOf(page, 'section[aria-labelledby="product-insights"] svg[role="img"]');
    expect(chart?.attributes["aria-label"]).toBe("Views per day, last 30 days: 0 in all");
    const [line] = await elementsOf(page, 'section[aria-labelledby="product-insights"] polyline');
    expect(heights(line!.attributes.points!).every((height) => height === 0)).toBe(true);

    const stranger = await get(`/admin/edit-product/${PRODUCT}`);
    expect(stranger.status).toBe(302);
    expect(await stranger.text()).not.toContain("Views per day");
  });
});
