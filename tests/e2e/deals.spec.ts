import type { Page } from "@playwright/test";
import { expect, productIdOf, test, signIn } from "./fixtures";

/**
 * Deals, with JavaScript on and off: the owner sets a Compare-at price in the edit form,
 * and the shopper sees the price with the original struck through and 'Save N%' on the card, the
 * product page, the cart drawer (with JavaScript) and checkout (the cart page without). Each run uses
 * its own built-in product, so the two runs can share the server.
 */

/** Opens the product's edit form from the admin list and sets its Compare-at price; returns the product's id. */
async function putOnSale(page: Page, name: string, price: string, compareAt: string) {
  await signIn(page);
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await page.getByRole("article", { name, exact: true }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Price", exact: true })).toHaveValue(price);

  // At the price: refused on the field, with the rule's message.
  await page.getByLabel("Compare-at price").fill(price);
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Compare-at price must be higher than the price", { exact: true })).toBeVisible();

  await page.getByLabel("Compare-at price").fill(compareAt);
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page).toHaveURL("/admin/products");
  // The notice fades after a few seconds (by CSS without JavaScript), which a busy machine can spend
  // before this line runs: it is enough that the page was sent with it.
  await expect(page.getByText("Product updated successfully!")).toBeAttached();
  // The list badges it, and its On sale filter finds it (with its name: other tests put whole pages of
  // their own products on sale, which sort before it).
  await page.goto(`/admin/products?sale=1&search=${encodeURIComponent(name)}`);
  await expect(page.getByRole("article", { name, exact: true }).getByText("On sale")).toBeVisible();

  // Shoppers from here on: sign out (a POST from the admin chrome).
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await page.goto(`/shop?sale=1&search=${encodeURIComponent(name)}`);
  const href = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
  return productIdOf(href);
}

/** A price on sale, as it reads: the price, 'Was' and the original struck through, the saving. */
async function expectSale(scope: ReturnType<Page["locator"]>, now: string, was: string, save: string) {
  await expect(scope.getByText(now, { exact: true }).first()).toBeVisible();
  await expect(scope.locator("s", { hasText: `Was ${was}` }).first()).toBeVisible();
  await expect(scope.getByText(save, { exact: true }).first()).toBeVisible();
}

test.describe("deals with JavaScript", () => {
  test("the owner's compare-at price shows on the card, the product page, the cart drawer and checkout", async ({ page }) => {
    // A product sold in one size: its Compare-at price is the form's (sizes: tests/e2e/sizes*.spec.ts).
    const name = "Strawberry Cough 2G Disposable";
    const id = await putOnSale(page, name, "9", "12");

    // The card on /shop, found with the On sale filter.
    await expectSale(page.getByRole("article", { name }), "$9.00", "$12.00", "Save 25%");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "test-results/screens/deals-card-390.png" });

    await page.goto(`/product/${id}`);
    await expectSale(page.getByRole("main"), "$9.00", "$12.00", "Save 25%");
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await expect(page.getByText("Added to cart!").first()).toBeVisible();

    await page.getByRole("button", { name: /^Cart, 1 item/ }).click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await expectSale(drawer.getByRole("article", { name }), "$9.00 each", "$12.00", "Save 25%");
    await page.keyboard.press("Escape");

    await page.goto("/checkout");
    await expectSale(page.getByRole("article", { name }), "$9.00 each", "$12.00", "Save 25%");
    await page.screenshot({ path: "test-results/screens/deals-checkout-390.png", fullPage: true });
  });
});

test.describe("deals without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same on the card, the product page and the cart page (checkout)", async ({ page }) => {
    const name = "Granddaddy Purple 2G Disposable";
    const id = await putOnSale(page, name, "9", "18");

    await expectSale(page.getByRole("article", { name }), "$9.00", "$18.00", "Save 50%");

    await page.goto(`/product/${id}`);
    await expectSale(page.getByRole("main"), "$9.00", "$18.00", "Save 50%");
    await page.getByRole("button", { name: "Add to Cart" }).first().click();

    await page.goto("/cart");
    await expect(page).toHaveURL("/checkout");
    await expectSale(page.getByRole("article", { name }), "$9.00 each", "$18.00", "Save 50%");
  });
});
