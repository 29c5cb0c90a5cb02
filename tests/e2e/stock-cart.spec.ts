/**
 * A cart never holds more than is on hand (decision 028), with JavaScript on and off, on a phone:
 * the owner sets a product's stock to 3 (the product form posted to its action: its screen is the
 * admin spec's); a shopper asking for 5 gets 3 and the notice; a quantity typed past it on the
 * checkout page stops at it; the owner lowers the stock to 2 and the shopper's next look at the cart
 * says so and holds 2, which is what the order then sends.
 */
import type { Page } from "@playwright/test";
import {
  chooseShippingAndCash,
  expect,
  expectOrderMessage,
  interceptTelegram,
  productIdOf,
  test,
  updateProduct,
  variants,
} from "./fixtures";

const notice = (page: Page, text: string) => page.getByText(text).first();

for (const { javaScriptEnabled } of variants({ widths: [1280] })) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.describe.configure({ timeout: 120_000 });
    // One product per run: both runs share the server's database.
    const name = javaScriptEnabled ? "Pineapple Express 1G Disposable" : "Mango Haze 1G Disposable";
    const suffix = javaScriptEnabled ? "" : "-nojs";

    test(`a shopper is told when ${name} has fewer left than asked, and the cart holds what is left`, async ({ page, context, admin }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/shop?search=${encodeURIComponent(name)}`);
      const id = productIdOf(await page.getByRole("link", { name, exact: true }).first().getAttribute("href"));
      await updateProduct(admin, id, { stock: "3" });

      await page.goto(`/product/${id}`);
      // At or below the shop's low-stock level (5) the page says how many are left.
      await expect(page.getByText("Only 3 left", { exact: true })).toBeVisible();
      await page.locator("#quantity-main").fill("5");
      await page
        .getByRole("form", { name: `Add ${name} to cart` })
        .getByRole("button", { name: /^Add/ })
        .click();
      await expect(notice(page, `Only 3 left of ${name}: your cart now holds 3.`)).toBeVisible();
      await page.screenshot({ path: `test-results/screens/stock-notice-add-390${suffix}.png` });

      await page.goto("/checkout");
      const quantity = page.getByRole("spinbutton", { name: `Quantity of ${name}` });
      await expect(quantity).toHaveValue("3");
      await quantity.fill("8");
      if (javaScriptEnabled) await quantity.press("Enter");
      else await page.getByRole("button", { name: `Update quantity of ${name}` }).click();
      await expect(notice(page, `Only 3 left of ${name}: your cart now holds 3.`)).toBeVisible();
      await expect(quantity).toHaveValue("3");

      // The owner lowers the stock; the shopper's next look at the cart lowers the line and says so.
      await updateProduct(admin, id, { stock: "2" });
      await page.goto("/checkout");
      await expect(notice(page, `Only 2 left of ${name}: your cart now holds 2.`)).toBeVisible();
      await expect(page.getByRole("spinbutton", { name: `Quantity of ${name}` })).toHaveValue("2");
      await page.screenshot({ path: `test-results/screens/stock-notice-checkout-390${suffix}.png` });
      // The rewritten cookie: the next page's badge counts 2, and says nothing again.
      await page.goto("/shop");
      await expect(page.locator('[aria-label="Cart, 2 items"]').first()).toBeVisible();
      await expect(page.getByText("Quantity lowered")).toHaveCount(0);

      // The order sends the 2 the cart holds.
      await page.goto("/checkout");
      await chooseShippingAndCash(page);
      const telegram = interceptTelegram(context);
      await page.getByRole("button", { name: "Place Order via Telegram" }).click();
      const { text } = await telegram;
      expectOrderMessage(text, []);
      expect(text).toMatch(new RegExp(`\\n• 2 x ${name} \\(\\$\\d+\\.\\d\\d each = \\$\\d+\\.\\d\\d\\)\\n`));
    });
  });
}
