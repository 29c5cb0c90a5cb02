import { expect, test } from "./fixtures";

/**
 * The shared page cache in chromium (docs/decisions/017): an anonymous visitor's second visit is
 * served from the cache, with a fresh nonce that lets its scripts run, and a shopper who adds to
 * the cart keeps getting it, with their own badge (tests/e2e/cart-cache.spec.ts goes further).
 */

test("a cached page hydrates and works; after adding to the cart the shopper sees their own cart", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });

  const path = "/shop?search=Runtz";
  const first = await page.goto(path);
  expect(first?.headers()["server-timing"]).toMatch(/cache;desc=(miss|hit)/);
  const second = await page.goto(path);
  expect(second?.headers()["server-timing"]).toContain("cache;desc=hit");
  const nonce = /'nonce-([^']+)'/.exec(second?.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();

  // Hydrated: the cart link became the drawer's button, and it opens.
  const trigger = page.getByRole("button", { name: "Cart, 0 items" });
  await expect(trigger).toBeVisible();
  await trigger.click();
  const drawer = page.getByRole("dialog", { name: "Your Cart" });
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: "Close cart" }).click();
  await expect(drawer).toBeHidden();

  // A cart holder still gets the shared copy, with their own badge stamped in (decision 027).
  await page
    .getByRole("button", { name: /Add to Cart/ })
    .first()
    .click();
  await expect(page.getByText("Added to cart!").first()).toBeVisible();
  const third = await page.goto(path);
  expect(third?.headers()["server-timing"]).toContain("cache;desc=hit");
  await expect(page.getByRole("button", { name: "Cart, 1 item" })).toBeVisible();

  // No script was refused by the CSP, and nothing broke while hydrating.
  expect(errors.filter((text) => /Content Security Policy|Hydration|hydrat/i.test(text))).toEqual([]);
});
