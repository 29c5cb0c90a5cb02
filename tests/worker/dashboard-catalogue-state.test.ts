import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { catalogue } from "../../db/catalogue";
import { adminCookie, catalogueChanged, get } from "./helpers";
import { textOf } from "./shop-helpers";

async function dashboard(): Promise<string> {
  const response = await get("/admin/dashboard", { headers: { Cookie: await adminCookie() } });
  expect(response.status).toBe(200);
  return textOf(await response.text());
}

async function forgetCatalogueKeys(limit: number) {
  await env.DB.prepare(
    "UPDATE products SET catalogue_key = NULL WHERE id IN (SELECT id FROM products WHERE catalogue_key IS NOT NULL ORDER BY id LIMIT ?)",
  )
    .bind(limit)
    .run();
  await catalogueChanged();
}

describe("the dashboard's catalogue panel says what the shop holds", () => {
  it("after start-up loaded the catalogue (no run from the dashboard): the built-in catalogue, at its real size, is loaded", async () => {
    expect((await env.DB.prepare("SELECT count(*) AS n FROM migration_runs").first<{ n: number }>())?.n).toBe(0);
    const text = await dashboard();
    expect(text).toContain(`Load the built-in catalogue (${catalogue.length} products) into the shop.`);
    expect(text).toContain(`The built-in catalogue (${catalogue.length} products) is loaded.`);
    expect(text).not.toContain("No migration has run yet");
    expect(text).not.toContain("100+");
  });

  it("counts the catalogue products the shop holds when some are gone, and says when none are", async () => {
    await forgetCatalogueKeys(1);
    expect(await dashboard()).toContain(
      `${catalogue.length - 1} of the built-in catalogue's ${catalogue.length} products are in the shop.`,
    );
    await forgetCatalogueKeys(catalogue.length);
    expect(await dashboard()).toContain("The built-in catalogue has not been loaded.");
  });
});
