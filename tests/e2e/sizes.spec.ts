/**
 * Sizes, the owner's part of the done-when path: Runtz in four sizes with their own prices
 * and stock, set in the product form with JavaScript on and off. (The shopper's picker, cart and order
 * text are the next slice.)
 */
import { expect, signInSession, test, variants } from "./fixtures";

const SIZES = [
  { label: "1/8 oz", price: "45", stock: "12" },
  { label: "1/4 oz", price: "80", stock: "3" },
  { label: "1/2 oz", price: "150", stock: "" },
  { label: "1 oz", price: "280", stock: "0" },
];

for (const { javaScriptEnabled } of variants({ widths: [1280] })) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    // One product per run: both runs share the server's database.
    // Products the catalogue sells in one size (its strains, Runtz first, already come in sizes), none another spec changes.
    const [name, id] = javaScriptEnabled ? ["Northern Lights 1G Disposable", 21] : ["House Lows Indica Blend (1 lb)", 10];
    test(`the owner sells ${name} in four sizes with their own prices and stock`, async ({ page }) => {
      await signInSession(page);
      await page.goto(`/admin/edit-product/${id}`);
      await expect(page.getByLabel(/Product Name/)).toHaveValue(name);
      const sizes = page.getByRole("group", { name: "Sizes and stock" });
      await expect(sizes.getByText("Sold in one size.")).toBeVisible();
      for (let added = 0; added < 3; added++) {
        await sizes.getByRole("button", { name: "Add a size" }).click();
        await expect(sizes.getByRole("group", { name: `Size ${added + 2}`, exact: true })).toBeVisible();
      }
      const first = sizes.getByRole("group", { name: "Size 1", exact: true });
      await first.getByLabel("Size label").fill(SIZES[0]!.label);
      await page.locator(`input[name="price"]`).fill(SIZES[0]!.price);
      await first.getByLabel("Stock on hand").fill(SIZES[0]!.stock);
      for (const [index, size] of SIZES.slice(1).entries()) {
        const group = sizes.getByRole("group", { name: `Size ${index + 2}`, exact: true });
        await group.getByLabel("Size label").fill(size.label);
        await group.getByLabel("Price ($)", { exact: true }).fill(size.price);
        await group.getByLabel("Stock on hand").fill(size.stock);
      }
      if (javaScriptEnabled) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await sizes.screenshot({ path: "test-results/screens/sizes-admin-form-1280.png" });
      }
      await page
        .getByRole("button", { name: /^(Save|Update) Product/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/admin\/products/);
      await page.goto(`/admin/edit-product/${id}`);
      for (const [index, size] of SIZES.entries()) {
        const group = page.getByRole("group", { name: `Size ${index + 1}`, exact: true });
        await expect(group.getByLabel("Size label")).toHaveValue(size.label);
        await expect(group.getByLabel("Stock on hand")).toHaveValue(size.stock);
      }
      if (!javaScriptEnabled) {
        await page.setViewportSize({ width: 390, height: 844 });
        await page
          .getByRole("group", { name: "Sizes and stock" })
          .screenshot({ path: "test-results/screens/sizes-admin-form-390-nojs.png" });
      }
    });
  });
}
