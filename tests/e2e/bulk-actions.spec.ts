import type { Browser, Page } from "@playwright/test";
import { expect, signInSession, test, type TestProducts, variants } from "./fixtures";

/**
 * Bulk actions: the owner puts twenty products on sale in one action, with JavaScript (the
 * confirmation in a dialog) and without (the confirmation as a page), on a phone and a desktop. Each
 * run makes its own twenty inactive products (hidden from the shop, so no other test sees them) and
 * trashes them when it ends.
 */

const SHOTS = "test-results/screens";

/** Twenty inactive products of this run, trashed when the test ends. */
async function makeTwenty(products: TestProducts, tag: string) {
  for (let index = 0; index < 20; index += 1) {
    await products.create(`${tag} Kush ${String(index).padStart(2, "0")}`, { price: String(40 + index) });
  }
}

async function selectAllMatching(page: Page, tag: string) {
  await page.goto(`/admin/products?search=${encodeURIComponent(tag)}`);
  await expect(page.getByText(`Showing 20 of`)).toBeVisible();
  const bulk = page.getByRole("form", { name: "Bulk actions" });
  await page.getByRole("checkbox", { name: `Select ${tag} Kush 00` }).check();
  await page.getByRole("checkbox", { name: `Select ${tag} Kush 01` }).check();
  await bulk.getByRole("checkbox", { name: "Select all 20 matching" }).check();
  await bulk.getByLabel("Action").selectOption("sale");
  await bulk.getByLabel("Percent off").fill("25");
  return bulk;
}

async function expectTwentyOnSale(page: Page, tag: string) {
  await page.goto(`/admin/products?sale=1&search=${encodeURIComponent(tag)}`);
  await expect(page.getByText("Showing 20 of")).toBeVisible();
  const first = page.getByRole("article", { name: `${tag} Kush 00`, exact: true });
  await expect(first.getByText("On sale")).toBeVisible();
  await expect(first.getByText("$30.00")).toBeVisible();
  await expect(first.locator("s", { hasText: "$40.00" })).toBeVisible();
}

test.describe("bulk actions with JavaScript", () => {
  for (const { width } of variants({ javaScript: [true] })) {
    test(`twenty products on sale in one action, confirmed in a dialog (${width} px)`, async ({ page, products }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const tag = `BulkJs${width}x${Date.now().toString(36)}`;
      await signInSession(page);
      await makeTwenty(products, tag);
      const bulk = await selectAllMatching(page, tag);
      await expect(bulk.getByText("2 products selected")).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/bulk-list-selected-js-${width}.png` });

      const asked = page.waitForResponse((response) => response.url().includes("/admin/products/bulk.data"));
      await bulk.getByRole("button", { name: "Apply" }).click();
      expect((await asked).status()).toBe(200);
      const dialog = page.getByRole("dialog", { name: "Put 20 products on sale at 25% off?" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(`${tag} Kush 19`)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/bulk-dialog-js-${width}.png` });
      // Cancel changes nothing.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await bulk.getByRole("button", { name: "Apply" }).click();
      await dialog.getByRole("button", { name: "Put on sale" }).click();
      await expect(page.getByText("20 products put on sale at 25% off.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
      await expectTwentyOnSale(page, tag);
    });
  }

  test("select all on this page ticks every box; a bad percent is said in place", async ({ page }) => {
    await signInSession(page);
    await page.goto("/admin/products?category=indoors");
    const bulk = page.getByRole("form", { name: "Bulk actions" });
    await bulk.getByRole("checkbox", { name: "Select all on this page" }).check();
    const boxes = page.locator('input[name="ids"]');
    const count = await boxes.count();
    expect(count).toBeGreaterThan(1);
    await expect(bulk.getByText(`${count} products selected`)).toBeVisible();
    await bulk.getByLabel("Action").selectOption("sale");
    await bulk.getByLabel("Percent off").fill("100");
    await bulk.getByRole("button", { name: "Apply" }).click();
    await expect(bulk.getByText("Enter the sale as a whole percent from 1 to 99.")).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});

async function noJsPage(browser: Browser, baseURL: string, width: number) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: width === 390 ? 844 : 900 } });
  await context.addCookies([{ name: "age-verified", value: "yes", url: baseURL }]);
  const page = await context.newPage();
  return { context, page };
}

test.describe("bulk actions without JavaScript", () => {
  for (const { width } of variants({ javaScript: [false] })) {
    test(`twenty products on sale in one action, confirmed on a page (${width} px)`, async ({ browser, baseURL, products }) => {
      const { context, page } = await noJsPage(browser, baseURL!, width);
      const tag = `BulkNoJs${width}x${Date.now().toString(36)}`;
      await signInSession(page);
      await makeTwenty(products, tag);
      const bulk = await selectAllMatching(page, tag);
      await page.screenshot({ path: `${SHOTS}/bulk-list-selected-nojs-${width}.png` });
      await bulk.getByRole("button", { name: "Apply" }).click();

      await expect(page).toHaveURL(/\/admin\/products\/bulk\?/);
      await expect(page.getByRole("heading", { level: 1, name: "Put 20 products on sale at 25% off?" })).toBeVisible();
      await expect(page.getByText(`${tag} Kush 19`)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/bulk-confirm-nojs-${width}.png`, fullPage: true });
      // Nothing changed yet.
      await page.goto(`/admin/products?sale=1&search=${encodeURIComponent(tag)}`);
      await expect(page.getByText("Showing 0 of")).toBeVisible();
      await page.goBack();

      await page.getByRole("button", { name: "Put on sale" }).click();
      await expect(page).toHaveURL(/\/admin\/products\?search=/);
      await expect(page.getByText("20 products put on sale at 25% off.")).toBeAttached();
      await expectTwentyOnSale(page, tag);
      await context.close();
    });
  }

  test("a bad request gets the confirmation page's message and a way back", async ({ browser, baseURL }) => {
    const { context, page } = await noJsPage(browser, baseURL!, 390);
    await signInSession(page);
    await page.goto("/admin/products?category=indoors");
    await page.getByRole("form", { name: "Bulk actions" }).getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Choose an action for the selected products.")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/bulk-error-nojs-390.png` });
    await page.getByRole("link", { name: "Back to products" }).click();
    await expect(page).toHaveURL(/\/admin\/products\?category=indoors$/);
    await context.close();
  });
});
