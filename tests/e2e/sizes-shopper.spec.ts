/**
 * Sizes, the shopper's part of the done-when path: on a phone, a shopper picks 1/4 oz of
 * a strain sold in four sizes, adds two, and sends an order that says so — with JavaScript on and off.
 * The owner gives the strain its sizes first: the product form's fields posted to its action (the form
 * itself is tests/e2e/sizes.spec.ts's).
 */
import type { APIRequestContext } from "@playwright/test";
import {
  adminProductId,
  chooseShippingAndCash,
  expect,
  expectOrderMessage,
  interceptTelegram,
  seriousViolations,
  SHIPPING_MESSAGE_LINE,
  test,
  updateProduct,
  variants,
} from "./fixtures";

const SIZES = [
  { label: "1/8 oz", price: "45", compareAt: "50", stock: "12" },
  { label: "1/4 oz", price: "80", compareAt: "", stock: "3" },
  { label: "1/2 oz", price: "150", compareAt: "", stock: "" },
  { label: "1 oz", price: "280", compareAt: "", stock: "0" },
];

/** The owner sells product `id` in SIZES: the product form's fields, posted to its action (the form's screen is the sizes spec's). */
async function sellInSizes(admin: APIRequestContext, id: number) {
  const [first, ...more] = SIZES;
  await updateProduct(admin, id, {
    sizeLabel: first!.label,
    price: first!.price,
    compareAt: first!.compareAt,
    stock: first!.stock,
    ...Object.fromEntries(
      more.flatMap((size, index) => [
        [`sizes[${index}].label`, size.label],
        [`sizes[${index}].price`, size.price],
        [`sizes[${index}].compareAt`, size.compareAt],
        [`sizes[${index}].stock`, size.stock],
      ]),
    ),
  });
}

for (const { javaScriptEnabled } of variants({ widths: [1280] })) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    // The owner's form, the shopper's path, an order and (with JavaScript) a page whose scripts are held 3 s.
    test.describe.configure({ timeout: 120_000 });
    // One product per run: both runs share the server's database.
    // Products the catalogue sells in one size (its strains already come in sizes), none another spec changes.
    const name = javaScriptEnabled ? "Blue Dream 2G Disposable" : "House Lows Sativa Blend (QP)";

    test(`a shopper on a phone picks 1/4 oz of ${name}, adds two, and the order says so`, async ({ page, context, baseURL, admin }) => {
      const id = await adminProductId(admin, name);
      await sellInSizes(admin, id);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/product/${id}`);
      const picker = page.getByRole("group", { name: "Size", exact: true });
      await expect(picker.getByRole("radio")).toHaveCount(4);
      await expect(picker.getByRole("radio", { name: /1\/8 oz/ })).toBeChecked();
      await expect(picker.getByRole("radio", { name: /1 oz\s*Out of Stock/ })).toBeDisabled();
      // The page's price follows the checked size (CSS alone without JavaScript).
      const price = page.locator("[data-size-panel] > .price.text-3xl");
      await expect(price.filter({ visible: true })).toHaveCount(1);
      await expect(price.filter({ visible: true })).toContainText("$45.00");
      await expect(price.filter({ visible: true })).toContainText("Save 10%");

      // Keyboard: from the checked radio, the arrow key moves to the next size.
      await picker.getByRole("radio", { name: /1\/8 oz/ }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(picker.getByRole("radio", { name: /1\/4 oz/ })).toBeChecked();
      await expect(price.filter({ visible: true })).toHaveText(/^\$80\.00$/);
      await expect(page.getByRole("definition").filter({ hasText: "In Stock" }).filter({ visible: true })).toHaveCount(1);

      // The title, price, picker and button on one phone screen.
      await page.evaluate(() => document.querySelector("h1")?.scrollIntoView());
      await page.screenshot({ path: `test-results/screens/sizes-product-390${javaScriptEnabled ? "" : "-nojs"}.png` });
      await page.locator("#quantity-main").fill("2");
      const form = page.getByRole("form", { name: `Add ${name} to cart` });
      await form.getByRole("button", { name: javaScriptEnabled ? "Add 2 to cart — $160.00" : "Add to Cart" }).click();
      await expect(page.getByText("Added to cart!").first()).toBeVisible();
      await expect(page.getByText(`${name} — 1/4 oz has been added to your cart`).first()).toBeVisible();

      if (javaScriptEnabled) {
        expect(await seriousViolations(page)).toEqual([]);
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(`/product/${id}`);
        await page
          .getByRole("group", { name: "Size", exact: true })
          .getByRole("radio", { name: /1\/4 oz/ })
          .check();
        await page.screenshot({ path: "test-results/screens/sizes-product-1280.png", fullPage: false });
        await page.setViewportSize({ width: 390, height: 844 });
      }

      await page.goto("/checkout");
      const line = page.getByRole("article", { name: `${name} — 1/4 oz` });
      await expect(line).toBeVisible();
      await expect(line.getByRole("spinbutton", { name: `Quantity of ${name} — 1/4 oz` })).toHaveValue("2");
      await page.screenshot({ path: `test-results/screens/sizes-checkout-390${javaScriptEnabled ? "" : "-nojs"}.png` });
      await chooseShippingAndCash(page);
      const telegram = interceptTelegram(context);
      await page.getByRole("button", { name: "Place Order via Telegram" }).click();
      expectOrderMessage((await telegram).text, [
        `• 2 x ${name} — 1/4 oz ($80.00 each = $160.00)`,
        "Subtotal: $160.00",
        SHIPPING_MESSAGE_LINE,
        "Total to pay: $160.00",
      ]);

      if (javaScriptEnabled) {
        // The sent order takes this tab home after a moment: let it, before loading the next page.
        await expect(page).toHaveURL(`${baseURL}/`);
        // A size ticked before the page's JavaScript arrives (scripts held 3 s) stays ticked, and is the one the button adds.
        await page.route("**/assets/*.js", async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 3000));
          await route.continue();
        });
        await page.goto(`/product/${id}`, { waitUntil: "domcontentloaded" });
        await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
        const half = page.getByRole("group", { name: "Size", exact: true }).getByRole("radio", { name: /1\/2 oz/ });
        await half.check();
        await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 20_000 });
        await expect(half).toBeChecked();
        await expect(form.getByRole("button", { name: "Add to Cart — $150.00" })).toBeVisible();
      }
    });
  });
}
