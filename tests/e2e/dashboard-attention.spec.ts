import type { Page } from "@playwright/test";
import { expect, test, signIn } from "./fixtures";

/**
 * With JavaScript on and off: the dashboard's "Needs attention" count for products marked
 * lab tested without a report opens Product Management filtered to exactly those, and Duplicate
 * opens the copy's edit page. Each run duplicates its own built-in product (the copies are inactive,
 * so shoppers and the other specs never see them).
 */

async function labTestedWithoutReport(page: Page) {
  await signIn(page);
  const attention = page.getByRole("region", { name: "Needs attention" });
  await expect(attention).toBeVisible();
  const link = attention.getByRole("link", { name: /^Lab tested without a report: \d+ products?$/ });
  const count = Number(/(\d+)/.exec((await link.getAttribute("aria-label")) ?? "")![1]);
  expect(count).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/admin\/products\?report=missing$/);
  await expect(page.getByText(new RegExp(`^Showing ${count} of \\d+ products lab tested without a lab report$`))).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Lab tested without a report" })).toBeChecked();
}

async function duplicate(page: Page, name: string) {
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await page
    .getByRole("article", { name, exact: true })
    .getByRole("button", { name: `Duplicate ${name}` })
    .click();
  await expect(page).toHaveURL(/\/admin\/edit-product\/\d+$/);
  await expect(page.getByText("Product duplicated")).toBeVisible();
  await expect(page.getByLabel("Product Name")).toHaveValue(`${name} (copy)`);
}

test.describe("needs attention and duplicate, with JavaScript", () => {
  test("the lab-report count opens the filtered list; Duplicate opens the copy's edit page", async ({ page }) => {
    await labTestedWithoutReport(page);
    await duplicate(page, "Pala Sour Diesel");
  });

  test("the dashboard at 390 and 1280 px", async ({ page }) => {
    await signIn(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole("region", { name: "Needs attention" })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/dashboard-attention-${width}.png`, fullPage: true });
    }
  });
});

test.describe("needs attention and duplicate, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the lab-report count opens the filtered list; Duplicate opens the copy's edit page", async ({ page }) => {
    await labTestedWithoutReport(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/screens/products-report-missing-nojs-${width}.png` });
    }
    await duplicate(page, "Pala Wedding Cake");
  });
});
