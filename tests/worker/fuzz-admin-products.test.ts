import { env, SELF } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { parsePriceToCents } from "../../app/features/money/money";
import { fuzzEndpoints, nastyString, snapshot } from "./fuzz";
import { adminCookie, ORIGIN } from "./helpers";

fuzzEndpoints(["add product", "edit product"]);

/**
 * The Compare-at price on an otherwise valid product: any text a stranger could type —
 * long, non-Latin, numeric edge values, prices around the product's own — is stored as a sale above
 * the price, stored as no sale when blank, or refused with nothing written. Never a 5xx.
 */
describe("the Compare-at price field, generated", () => {
  const PREFIX = "Fuzz Deal";
  const compareAt = fc.oneof(
    nastyString,
    fc.constantFrom(
      "",
      "   ",
      "45",
      "45.00",
      "45.001",
      "45.01",
      "44.999",
      "0",
      "0.00",
      "1000000",
      "1000000.00",
      "1000000.001",
      "1000000.01",
      "99999999999999999999",
      "٤٥",
      "６０",
      "60 ",
      " 60",
      "$60",
      "60,00",
      "6e1",
    ),
    fc
      .tuple(fc.integer({ min: 0, max: 200_000_000 }), fc.integer({ min: 0, max: 3 }))
      .map(([cents, digits]) => (cents / 100).toFixed(digits)),
  );

  afterAll(async () => {
    await env.DB.prepare(`DELETE FROM products WHERE name LIKE '${PREFIX} %'`).run();
  });

  it("stores a sale above the price, no sale for blank, or refuses with nothing written", async () => {
    const cookie = await adminCookie();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(compareAt, async (value) => {
        const name = `${PREFIX} ${++run}`;
        const form = new FormData();
        for (const [key, field] of Object.entries({
          name,
          price: "45",
          description: "Fuzzed.",
          category: "indoors",
          strainType: "hybrid",
          thcContent: "20",
          compareAt: value,
        }))
          form.append(key, field);
        const before = await snapshot();
        const response = await SELF.fetch(`${ORIGIN}/admin/add-product`, {
          method: "POST",
          body: form,
          redirect: "manual",
          headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, Cookie: cookie, Accept: "text/html" },
        });
        const text = await response.text();
        expect(response.status, `${JSON.stringify(value)}: ${text.slice(0, 200)}`).toBeLessThan(500);
        const row = await env.DB.prepare("SELECT price_cents, compare_at_cents FROM products WHERE name = ?")
          .bind(name)
          .first<{ price_cents: number; compare_at_cents: number | null }>();
        if (response.status >= 400) {
          expect(row).toBeNull();
          expect(await snapshot()).toBe(before);
          return;
        }
        expect(response.status).toBe(302);
        expect(row).not.toBeNull();
        if (value.trim() === "") expect(row!.compare_at_cents).toBeNull();
        else {
          expect(row!.compare_at_cents).toBe(parsePriceToCents(value.trim()));
          expect(row!.compare_at_cents!).toBeGreaterThan(row!.price_cents);
          expect(row!.compare_at_cents!).toBeLessThanOrEqual(100_000_000);
        }
      }),
      { numRuns: fcRuns(150) },
    );
  }, 300_000);
});
