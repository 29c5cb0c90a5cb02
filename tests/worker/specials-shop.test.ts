import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSpecial } from "../../app/features/specials/specials.server";
import type { SpecialData } from "../../app/features/specials/special";
import { alwaysOnSpecial } from "./special-fixtures";
import { cartCookie, catalogueChanged, expectAnswer, get, orderTextOf, ORIGIN, postForm, setCookie, SHIPPING_CHOICES } from "./helpers";
import { fcRuns } from "../fast-check";
import { db, deleteProducts, insertProducts, testProduct } from "./shop-helpers";

/** Specials as shoppers meet them, through the real cart cookie, D1 and the Worker. */

const CATEGORY = "special-rolls";
const PRE_ROLL = "Special Test Pre-Roll";
let productId = 0;

function special(fields: Partial<SpecialData> & Pick<SpecialData, "name" | "badge">): SpecialData {
  return alwaysOnSpecial({
    kind: "buy_x_get_y",
    buy: 2,
    get: 1,
    percent: 100,
    selection: { categories: [CATEGORY], products: [], sizes: [] },
    ...fields,
  });
}

beforeAll(async () => {
  await env.DB.prepare("INSERT INTO categories (name, slug) VALUES ('Special Rolls', ?)").bind(CATEGORY).run();
  const ids = await insertProducts([testProduct({ name: PRE_ROLL, priceCents: 1500, category: CATEGORY })]);
  productId = ids.get(PRE_ROLL)!;
  await createSpecial(db, special({ name: "Buy 2 pre-rolls, get 1 free", badge: "Buy 2 get 1" }));
  await createSpecial(
    db,
    special({
      name: "Weekend ten off",
      badge: "Code deal",
      code: "WEEKEND10",
      kind: "percent_off",
      percent: 10,
    } as Partial<SpecialData> & Pick<SpecialData, "name" | "badge">),
  );
  await createSpecial(db, special({ name: "Last year's deal", badge: "Old", code: "OLDDEAL", endsOn: "2020-01-01" }));
  await catalogueChanged();
});

afterAll(async () => {
  await env.DB.prepare("DELETE FROM specials").run();
  await deleteProducts([PRE_ROLL]);
  await env.DB.prepare("DELETE FROM categories WHERE slug = ?").bind(CATEGORY).run();
});

const threePreRolls = () => [{ id: productId, quantity: 3 }];

describe("specials in the shop", () => {
  it("badges the category's cards with a running special", async () => {
    const html = await (await get(`/shop/${CATEGORY}`)).text();
    expect(html).toContain("Buy 2 get 1");
    // A code special is the code holder's: never badged on a shared page.
    expect(html).not.toContain("Code deal");
  });

  it("a 3-pre-roll cart shows one free on the cart page and in the order text", async () => {
    const html = await (await get("/checkout", { headers: { Cookie: cartCookie(threePreRolls()) } })).text();
    expect(html).toContain("Buy 2 pre-rolls, get 1 free");
    expect(html).toContain("Total after specials");
    const text = await orderTextOf(threePreRolls(), "/checkout");
    expect(text).toContain("• Buy 2 pre-rolls, get 1 free: saves $15.00");
    expect(text).toContain("Total after specials: $30.00");
  });

  it("a deal link keeps its code in a cookie, and the cart then applies the code's special", async () => {
    const response = await get("/deal/weekend10");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/shop/${CATEGORY}`);
    const code = setCookie(response, "special-code")?.split(";")[0];
    expect(code).toBeTruthy();
    const cookie = `${cartCookie([{ id: productId, quantity: 4 }])}; ${code}`;
    const order = await postForm(
      "/cart",
      { intent: "order", source: "checkout", js: "1", ...SHIPPING_CHOICES },
      { headers: { Cookie: cookie, Referer: `${ORIGIN}/checkout` } },
    );
    const text = new URL(order.headers.get("Location")!).searchParams.get("text") ?? "";
    // 4 units: either one free (buy 2 get 1) or 10% off each; each line takes the best one for the shopper.
    expect(text).toContain("Specials:");
    expect(text).toMatch(/Buy 2 pre-rolls, get 1 free|Weekend ten off/);
  });

  it("'Have a code?' in the cart sets the same cookie; an expired code is refused in words", async () => {
    const taken = await postForm("/cart", { intent: "code", code: "weekend10" }, { headers: { Referer: `${ORIGIN}/checkout` } });
    expect(taken.status).toBe(303);
    expect(setCookie(taken, "special-code")).toBeTruthy();
    const refused = await postForm("/cart", { intent: "code", code: "OLDDEAL" }, { headers: { Referer: `${ORIGIN}/checkout` } });
    expect(refused.status).toBe(303);
    expect(setCookie(refused, "special-code")).toBeUndefined();
  });

  it("an expired or unknown deal link gets a clear page with a way to the shop", async () => {
    await expectAnswer("/deal/OLDDEAL", 410, ["not running right now", 'href="/shop"']);
    await expectAnswer("/deal/NOSUCHCODE", 404);
  });

  it("any deal code, long or non-Latin, gets a page, never a server error (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom("a", "Z", "9", "-", "Ж", "漢", "😀", " ", "%", "/"), maxLength: 300 }),
        async (raw) => {
          const response = await get(`/deal/${encodeURIComponent(raw) || "x"}`);
          expect([303, 404, 410]).toContain(response.status);
        },
      ),
      { numRuns: fcRuns(25) },
    );
  }, 60_000);

  it("the badge leaves the cached page once the special is paused (an admin write moves the cache on)", async () => {
    expect(await (await get(`/shop/${CATEGORY}`)).text()).toContain("Buy 2 get 1");
    await env.DB.prepare(
      "UPDATE specials SET paused = 1, data = json_set(data, '$.paused', json('true')) WHERE name = 'Buy 2 pre-rolls, get 1 free'",
    ).run();
    await catalogueChanged();
    expect(await (await get(`/shop/${CATEGORY}`)).text()).not.toContain("Buy 2 get 1");
  });
});
