import { env } from "cloudflare:test";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SETTINGS, defaultSettings } from "../../app/features/settings/settings";
import { saveDocument } from "../../app/features/shop-documents/shop-documents.server";
import { createSpecial } from "../../app/features/specials/specials.server";
import type { SpecialData } from "../../app/features/specials/special";
import { alwaysOnSpecial } from "./special-fixtures";
import { catalogueChanged } from "./helpers";
import { AGE, visit } from "./page-cache-helpers";
import { db, deleteProducts, insertProducts, testProduct } from "./shop-helpers";

/**
 * A shared cached copy of a page that badges a special lives no longer than the badge is true:
 * through the real Worker, its page cache and D1, with the clock moved past a special's end or start.
 */

const CATEGORY = "cache-deals";
const PRODUCT = "Cache Deal Test Gummies";
const PAGE = `/shop/${CATEGORY}`;

// The shop opens 09:00–17:00 UTC: between 17:00 and 09:00 the next open/close change is the next
// morning, so a special's start or end at midnight is the earliest change a copy must honour.
const week = Array.from({ length: 7 }, () => ({ open: true, opens: "09:00", closes: "17:00" }));

function special(fields: Partial<SpecialData> & Pick<SpecialData, "name" | "badge">): SpecialData {
  return alwaysOnSpecial({
    kind: "percent_off",
    percent: 20,
    selection: { categories: [CATEGORY], products: [], sizes: [] },
    ...fields,
  });
}

/** Saves the special (the page cache told, as an admin's save does) and fakes the clock (Date only). */
async function saveSpecial(fields: Parameters<typeof special>[0]) {
  await createSpecial(db, special(fields));
  await catalogueChanged();
  vi.useFakeTimers({ toFake: ["Date"] });
}

/** A shopper's visit to the page, the clock first set to `iso` when given; it must be a cache `outcome`. */
async function visitAt(outcome: "hit" | "miss", iso?: string) {
  if (iso) vi.setSystemTime(new Date(iso));
  const page = await visit(PAGE, AGE);
  expect(page.outcome).toBe(outcome);
  return page;
}

beforeAll(async () => {
  await env.DB.prepare("INSERT INTO categories (name, slug) VALUES ('Cache Deals', ?)").bind(CATEGORY).run();
  await insertProducts([testProduct({ name: PRODUCT, priceCents: 2000, category: CATEGORY })]);
  await saveDocument(db, SETTINGS, { ...defaultSettings(env), hours: { timeZone: "UTC", week, closures: [] } }, { from: env });
});

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM specials").run();
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await env.DB.prepare("DELETE FROM specials").run();
  await env.DB.prepare("DELETE FROM shop_document_versions WHERE name = 'settings'").run();
  await deleteProducts([PRODUCT]);
  await env.DB.prepare("DELETE FROM categories WHERE slug = ?").bind(CATEGORY).run();
  await catalogueChanged();
});

describe("a cached page with a special's badge", () => {
  it("is served until the special's last day ends, and the first request after that renders without the badge", async () => {
    await saveSpecial({ name: "Last-day sale", badge: "Last-day −20%", endsOn: "2030-01-07" });
    expect((await visitAt("miss", "2030-01-07T23:58:00Z")).body).toContain("Last-day −20%");
    await visitAt("hit");

    // One second before the end the shared copy is still the one served ...
    expect((await visitAt("hit", "2030-01-07T23:59:59Z")).body).toContain("Last-day −20%");

    // ... and at the very end it is not: the page is rendered again, without the badge.
    const after = await visitAt("miss", "2030-01-08T00:00:00Z");
    expect(after.body).not.toContain("Last-day −20%");
    expect(after.response.headers.has("X-Page-Changes-At")).toBe(false);
  });

  it("a daily window's badge ('until 7 PM') is gone from the shared copy when the window closes", async () => {
    await saveSpecial({ name: "Evening hour", badge: "Evening −20%", windowStart: "18:00", windowEnd: "19:00" });
    expect((await visitAt("miss", "2030-01-07T18:59:00Z")).body).toContain("Evening −20% until 7 PM");
    await visitAt("hit");

    expect((await visitAt("miss", "2030-01-07T19:00:00Z")).body).not.toContain("Evening −20%");
  });

  it("a copy made before a special starts lives only until its start, and the next shopper sees the badge", async () => {
    await saveSpecial({ name: "Tomorrow's sale", badge: "New day −20%", startsOn: "2030-01-08" });
    expect((await visitAt("miss", "2030-01-07T23:58:00Z")).body).not.toContain("New day −20%");
    expect((await visitAt("hit", "2030-01-07T23:59:59Z")).body).not.toContain("New day −20%");

    expect((await visitAt("miss", "2030-01-08T00:00:00Z")).body).toContain("New day −20%");
    await visitAt("hit");
  });
});
