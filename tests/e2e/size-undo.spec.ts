/**
 * A removed size can come back (decision 028), with JavaScript on and off: of a product sold in two
 * sizes (arranged by posting its form), the owner removes the second in the form (nothing happens
 * until Save), saves, and the save's toast's Undo puts the size back with its price and stock;
 * removed again and left alone, it waits in the Trash, whose Restore brings it back.
 */
import { adminProductId, carryAdminSession, expect, test, updateProduct, variants } from "./fixtures";

for (const { javaScriptEnabled } of variants({ widths: [1280] })) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.describe.configure({ timeout: 120_000 });
    // One product per run: both runs share the server's database.
    const name = javaScriptEnabled ? "Sour Diesel Pre-Roll (1g)" : "Purple Punch Pre-Roll 2-Pack";
    const suffix = javaScriptEnabled ? "" : "-nojs";

    test(`the owner removes a size of ${name}, saves, and Undo brings it back`, async ({ page, admin }) => {
      // Sold in two sizes to begin with: the product form's fields, posted (the form's screen is the sizes spec's).
      const id = await adminProductId(admin, name);
      await updateProduct(admin, id, { sizeLabel: "1 g", "sizes[0].label": "5-pack", "sizes[0].price": "40", "sizes[0].stock": "7" });
      await carryAdminSession(page.context(), admin);
      const save = page.getByRole("button", { name: /^(Save|Update) Product/ }).first();

      // Remove only changes the form; Save removes the size, and its toast offers Undo.
      await page.goto(`/admin/edit-product/${id}`);
      await page
        .getByRole("group", { name: "Size 2", exact: true })
        .getByRole("button", { name: /^Remove/ })
        .click();
      await expect(page.getByRole("group", { name: "Size 2", exact: true })).toHaveCount(0);
      await save.click();
      await expect(page).toHaveURL(/\/admin\/products/);
      const toasts = page.getByRole("region", { name: "Notifications" });
      await expect(toasts.getByText("Removed size: 5-pack. Undo puts it back.")).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `test-results/screens/size-undo-toast-390${suffix}.png` });
      await toasts.getByRole("button", { name: "Undo" }).click();
      await expect(toasts.getByText(`5-pack is back on ${name}`)).toBeVisible();

      await page.goto(`/admin/edit-product/${id}`);
      const back = page.getByRole("group", { name: "Size 2", exact: true });
      await expect(back.getByLabel("Size label")).toHaveValue("5-pack");
      await expect(back.getByLabel("Price ($)", { exact: true })).toHaveValue("40");
      await expect(back.getByLabel("Stock on hand")).toHaveValue("7");

      // Removed again, and the toast left alone: the size waits in the Trash, whose Restore brings it back.
      await back.getByRole("button", { name: /^Remove/ }).click();
      await save.click();
      await expect(page).toHaveURL(/\/admin\/products/);
      await page.goto("/admin/trash");
      const table = page.getByRole("table", { name: "Sizes" });
      await expect(table.getByRole("rowheader", { name: new RegExp(`^${name.replace(/[()]/g, "\\$&")}: 5-pack`) })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/trash-sizes-390${suffix}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: `test-results/screens/trash-sizes-1280${suffix}.png`, fullPage: true });
      await table.getByRole("button", { name: `Restore the size of ${name}` }).click();
      await expect(toasts.getByText(`5-pack is back on ${name}`)).toBeVisible();
      await expect(page.getByRole("button", { name: `Restore the size of ${name}` })).toHaveCount(0);
      await page.goto(`/admin/edit-product/${id}`);
      await expect(page.getByRole("group", { name: "Size 2", exact: true }).getByLabel("Stock on hand")).toHaveValue("7");
    });
  });
}
