import { describe, expect, it } from "vitest";
import { get } from "./helpers";

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
