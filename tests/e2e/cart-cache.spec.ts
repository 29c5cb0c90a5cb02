import { expect, test } from "./fixtures";

/**
 * A cart holder on a cached page (docs/decisions/027): the shared copy of /shop with their badge
 * stamped in by the Worker, the same badge once React has hydrated, and the drawer with their own
 * lines at current prices (read when they reach for the cart).
 */

const TOTAL = (scope: import("@playwright/test").Locator) =>
  scope.locator("dt", { hasText: /^Total$/ }).locator("xpath=following-sibling::dd");
const SUBTOTAL = (scope: import("@playwright/test").Locator) =>
  scope.locator("dt", { hasText: /^Subtotal/ }).locator("xpath=following-sibling::dd");

test("a cart holder gets the cached /shop with their badge before and after hydration, and the drawer with current prices", async ({
  page,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });

  // Three products from the listing, added through the real cart action (1 + 2 + 3 = 6 items).
  await page.goto("/shop");
  const ids = await page
    .locator('form input[name="productId"]')
    .evaluateAll((inputs) => [...new Set(inputs.map((input) => (input as HTMLInputElement).value))].slice(0, 3));
  expect(ids).toHaveLength(3);
  for (const [index, id] of ids.entries()) {
    const added = await page.request.post("/cart", {
      form: { intent: "add", productId: id, quantity: String(index + 1) },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
  }

  // What the checkout (rendered from D1, never shared) says the lines cost right now, before any delivery
  // fee; it also shows (and so clears) the "Added to cart!" notices the posts left in the toast cookie.
  await page.goto("/checkout");
  const total = (await SUBTOTAL(page.locator("main")).first().textContent())?.trim();
  expect(total).toMatch(/^\$[\d,]+\.\d\d$/);

  // The cached listing: a hit, its badge stamped into the HTML before any script runs. The first visit
  // fills the cache, the second finds it (this spec runs alone: no owner's save starts a new copy meanwhile).
  await page.goto("/shop");
  const response = await page.goto("/shop");
  expect(response?.headers()["server-timing"]).toContain("cache;desc=hit");
  const html = await response!.text();
  expect(html).toMatch(/<a(?=[^>]*href="\/checkout")[^>]*aria-label="Cart, 6 items"/);
  expect(html).toMatch(/<span[^>]*data-cart-count=""[^>]*>6<\/span>/);

  // Hydrated (the fixture waits for it): the drawer's button says the same.
  const trigger = page.getByRole("button", { name: "Cart, 6 items" });
  await expect(trigger).toBeVisible();
  await expect(trigger).toHaveText("6");

  // The drawer shows the shopper's own lines at today's prices.
  await trigger.click();
  const drawer = page.getByRole("dialog", { name: "Your Cart" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("list", { name: "Items in your cart" }).getByRole("listitem")).toHaveCount(3);
  await expect(TOTAL(drawer)).toHaveText(total!);
  await expect(page.getByRole("button", { name: "Cart, 6 items" })).toBeVisible();

  // No script was refused by the CSP, and nothing broke while hydrating.
  expect(errors.filter((text) => /Content Security Policy|Hydration|hydrat|did not match/i.test(text))).toEqual([]);
});
