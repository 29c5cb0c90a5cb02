import type { Page } from "@playwright/test";
import { expect, signInSession, test } from "./fixtures";

/**
 * The shop owner's first edit, without JavaScript: open a built-in product, press Update Product
 * without changing anything, and it saves — the form shows exactly what it showed before.
 */

/** Every field the owner sees in the form, by its label. */
async function formValues(page: Page) {
  const values: Record<string, string | boolean> = {};
  for (const label of ["Product Name", "Price", "Description", "THC Content", "Effect 1"]) {
    values[label] = await page.getByRole("textbox", { name: label, exact: true }).inputValue();
  }
  values.category = await page.getByRole("combobox", { name: "Category", exact: true }).inputValue();
  values.strain = await page.getByLabel("Strain Type").inputValue();
  for (const flag of [/Active/, /In Stock/, /Lab Tested/]) {
    values[String(flag)] = await page.getByRole("checkbox", { name: flag }).isChecked();
  }
  return values;
}

async function openEdit(page: Page, name: string) {
  await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
  await page.getByRole("article", { name, exact: true }).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
}

test.describe("an unchanged edit saves (JavaScript off)", () => {
  test.use({ javaScriptEnabled: false });

  for (const [kind, name, thc] of [
    // Runtz is sold in four sizes: they save unchanged too.
    ["flower", "Runtz", "24-27%"],
    ["edible", "Wild Berry Gummies", "10mg per piece"],
  ] as const) {
    test(`a ${kind}: ${name}`, async ({ page }) => {
      await signInSession(page);
      await openEdit(page, name);
      await expect(page.getByLabel("THC Content")).toHaveValue(thc);
      const before = await formValues(page);
      await page.screenshot({ path: `test-results/screens/owner-edit-${kind}-nojs.png`, fullPage: true });

      await page.getByRole("button", { name: "Update Product" }).click();
      await expect(page).toHaveURL("/admin/products");
      await expect(page.getByText("Product updated successfully!")).toBeVisible();

      await openEdit(page, name);
      expect(await formValues(page)).toEqual(before);
    });
  }
});
