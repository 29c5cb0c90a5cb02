import type { Browser, Page } from "@playwright/test";
import { ADMIN, expect, signInSession, signInWithForm, test, variants } from "./fixtures";

/**
 * The back office as the shop owner uses it: once with JavaScript off (every form is a real
 * post, confirmations are pages) and once with it on (conform validation, confirm dialogs).
 * Screenshots of every admin screen at phone and desktop widths go to test-results/screens/.
 */

async function shoot(page: Page, name: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const [label, width] of [
    ["desktop", 1280],
    ["phone", 390],
  ] as const) {
    await page.setViewportSize({ width, height: label === "phone" ? 844 : 900 });
    await page.screenshot({ path: `test-results/screens/admin-${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(original);
}

async function signIn(page: Page) {
  await signInWithForm(page);
  await expect(page.getByText("Welcome to the admin panel")).toBeVisible();
}

/** What an anonymous shopper's /shop lists (a fresh context, past the age gate). */
async function shopperSees(browser: Browser, baseURL: string, name: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([{ name: "age-verified", value: "yes", url: baseURL }]);
  const page = await context.newPage();
  await page.goto("/shop".replace(/^/, baseURL));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const count = await page.getByRole("heading", { name, exact: true }).count();
  await context.close();
  return count > 0;
}

function productCard(page: Page, name: string) {
  return page.getByRole("article", { name, exact: true });
}

async function findProduct(page: Page, name: string) {
  await page.getByRole("searchbox", { name: "Search", exact: true }).fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText(`Showing 1 of`)).toBeVisible();
  await expect(page.getByText(`matching "${name}"`)).toBeVisible();
}

async function fillNewProduct(page: Page, name: string, js: boolean) {
  await page.getByLabel("Product Name").fill(name);
  await page.getByRole("textbox", { name: "Price", exact: true }).fill("42.50");
  await page.getByLabel("Description").fill("Smooth, citrus-forward indoor flower grown for the browser test.");
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption({ label: "Indoors" });
  await page.getByLabel("Strain Type").selectOption({ label: "Sativa" });
  await page.getByLabel("THC Content").fill("23.5");
  await page.getByLabel("Effect 1").fill("Uplifted");
  await page.getByRole("button", { name: "Add Effect" }).click();
  // Without JavaScript the Add Effect button is a post that comes back with one more input.
  await expect(page.getByLabel("Effect 2")).toBeVisible();
  await expect(page.getByLabel("Product Name")).toHaveValue(name);
  await page.getByLabel("Effect 2").fill("Creative");
  if (!js) await shoot(page, "add-product");
}

for (const { javaScriptEnabled: js } of variants({ widths: [1280], javaScript: [false, true] })) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  const tag = js ? "js" : "nojs";

  test.describe(`the back office ${mode}`, () => {
    test.use({ javaScriptEnabled: js });

    test("sign in, then create, edit, deactivate and delete a product", async ({ page, browser, baseURL }) => {
      test.setTimeout(180_000);
      const name = `E2E ${tag} Haze ${Date.now()}`;

      await page.goto("/admin");
      if (!js) await shoot(page, "sign-in");
      // A wrong password is refused on the server with the product's texts.
      await page.getByLabel("Username").fill(ADMIN.username);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Invalid username or password" }).first()).toBeVisible();

      await signIn(page);
      await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Load Full Product Catalog" })).toBeVisible();
      if (!js) await shoot(page, "dashboard");

      await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Manage Products" }).click();
      await expect(page.getByRole("heading", { name: "Product Management" })).toBeVisible();
      await expect(page.getByText(/Showing \d+ of \d+ products/)).toBeVisible();
      if (!js) await shoot(page, "products");

      // Create with two effects.
      await page.getByRole("link", { name: "Add New Product" }).click();
      await expect(page.getByRole("heading", { name: "Add New Product" })).toBeVisible();
      // Invalid input: with JavaScript conform stops it in the browser; without, the server answers
      // the form with the same schema's messages and the alert listing them at the top.
      await page.getByRole("textbox", { name: "Price", exact: true }).fill("12abc");
      await page.getByRole("button", { name: "Create Product" }).click();
      await expect(page.getByText("Product name is required").first()).toBeVisible();
      await expect(page.getByText("Price may contain only digits").first()).toBeVisible();
      if (!js) {
        await expect(page.getByRole("alert").filter({ hasText: "The product was not saved" })).toBeVisible();
        await expect(page.getByRole("textbox", { name: "Price", exact: true })).toHaveValue("12abc");
        await shoot(page, "add-product-errors");
      }
      await fillNewProduct(page, name, js);
      await page.getByRole("button", { name: "Create Product" }).click();
      await expect(page).toHaveURL("/admin/products");
      await expect(page.getByText("Product created successfully!")).toBeVisible();

      // Edit it: the form shows what was saved, the flags as they are.
      await findProduct(page, name);
      const card = productCard(page, name);
      await expect(card.getByText("THC: 23.5%")).toBeVisible();
      await expect(card.getByText("$42.50")).toBeVisible();
      await card.getByRole("link", { name: "Edit" }).click();
      await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
      await expect(page.getByLabel("Effect 1")).toHaveValue("Uplifted");
      await expect(page.getByLabel("Effect 2")).toHaveValue("Creative");
      await expect(page.getByLabel("THC Content")).toHaveValue("23.5%");
      await expect(page.getByRole("checkbox", { name: /In Stock/ })).toBeChecked();
      if (!js) await shoot(page, "edit-product");
      await page.getByRole("textbox", { name: "Price", exact: true }).fill("39");
      await page.getByRole("checkbox", { name: /In Stock/ }).uncheck();
      await page.getByRole("button", { name: "Update Product" }).click();
      await expect(page).toHaveURL("/admin/products");
      await expect(page.getByText("Product updated successfully!")).toBeVisible();
      await findProduct(page, name);
      await expect(productCard(page, name).getByText("$39.00")).toBeVisible();
      await expect(productCard(page, name).getByText("Out of Stock")).toBeVisible();

      // Shoppers see it while it is active, and not after it is deactivated.
      expect(await shopperSees(browser, baseURL!, name)).toBe(true);
      await productCard(page, name).getByRole("button", { name: "Deactivate" }).click();
      await expect(page.getByText(`${name} has been deactivated successfully`)).toBeVisible();
      await expect(productCard(page, name).getByText("Inactive", { exact: true })).toBeVisible();
      await expect(productCard(page, name).getByRole("button", { name: "Activate" })).toBeVisible();
      expect(await shopperSees(browser, baseURL!, name)).toBe(false);

      // Delete: a confirm page without JavaScript, a dialog with it.
      const question = `Are you sure you want to delete "${name}"? Moves to the trash. You can restore it from Trash for 30 days.`;
      await productCard(page, name).getByRole("link", { name: "Delete" }).click();
      if (js) {
        const dialog = page.getByRole("dialog", { name: "Delete Product" });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText(question)).toBeVisible();
        await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
        await shoot(page, "delete-product-dialog");
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await productCard(page, name).getByRole("link", { name: "Delete" }).click();
        await expect(dialog).toBeVisible();
        await dialog.getByRole("button", { name: "Delete" }).click();
      } else {
        await expect(page.getByRole("heading", { name: "Delete Product" })).toBeVisible();
        await expect(page.getByText(question)).toBeVisible();
        await shoot(page, "delete-product");
        await page.getByRole("button", { name: "Delete" }).click();
      }
      await expect(page.getByText(`${name} has been deleted successfully`)).toBeVisible();
      await expect(productCard(page, name)).toHaveCount(0);
      await expect(page.getByText("No products match your search criteria")).toBeVisible();
      await page.getByRole("link", { name: "Clear Filters" }).click();
      await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toHaveValue("");

      // Sign out from the admin bar.
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL("/admin");
      await page.goto("/admin/products");
      await expect(page).toHaveURL("/admin");
    });

    test("create, rename, toggle and delete a category", async ({ page }) => {
      const stamp = Date.now().toString(36);
      const name = `E2E ${tag} Rosin ${stamp}`;
      const renamed = `E2E ${tag} Live Rosin ${stamp}`;
      await signInSession(page);
      await page.goto("/admin/categories");
      await expect(page.getByRole("heading", { name: "Category Management" })).toBeVisible();
      await expect(page.getByRole("heading", { name: /Categories \(\d+\)/ })).toBeVisible();
      if (!js) await shoot(page, "categories");

      await page.getByRole("link", { name: "Add Category" }).click();
      await expect(page.getByRole("heading", { name: "Add New Category" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Add Category" })).toBeDisabled();
      const input = page.getByPlaceholder("Category name");
      if (js) {
        await expect(page.getByRole("button", { name: "Add", exact: true })).toBeDisabled();
        await input.fill("   ");
        await expect(page.getByRole("button", { name: "Add", exact: true })).toBeDisabled();
      }
      if (!js) await shoot(page, "category-add");
      // A duplicate is refused with the product's texts.
      await input.fill("Edibles");
      await input.press("Enter");
      await expect(page.getByRole("alert").filter({ hasText: "Category already exists" }).first()).toBeVisible();
      await expect(page.getByText("A category with this name already exists").first()).toBeVisible();
      if (!js) await shoot(page, "category-duplicate");
      await page.getByRole("link", { name: "Dismiss" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Category already exists" })).toHaveCount(0);

      // Add (Enter submits).
      await page.getByRole("link", { name: "Add Category" }).click();
      await page.getByPlaceholder("Category name").fill(`  ${name}  `);
      await page.getByPlaceholder("Category name").press("Enter");
      await expect(page.getByText(`${name} has been added successfully`)).toBeVisible();
      const row = page.getByRole("row", { name: new RegExp(name) });
      await expect(row.getByText("Active", { exact: true })).toBeVisible();
      await expect(row.getByText(name.toLowerCase().replace(/\s+/g, "-"))).toBeVisible();

      // Rename.
      await row.getByRole("link", { name: "Edit" }).click();
      await expect(page.getByRole("heading", { name: "Edit Category" })).toBeVisible();
      await expect(page.getByPlaceholder("Category name")).toHaveValue(name);
      await page.getByPlaceholder("Category name").fill(renamed);
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("Category has been updated successfully")).toBeVisible();
      const renamedRow = page.getByRole("row", { name: new RegExp(renamed) });
      await expect(renamedRow.getByText(renamed.toLowerCase().replace(/\s+/g, "-"))).toBeVisible();

      // Toggle off and on.
      await renamedRow.getByRole("button", { name: "Deactivate" }).click();
      await expect(page.getByText("Category has been deactivated")).toBeVisible();
      await expect(renamedRow.getByText("Inactive", { exact: true })).toBeVisible();
      await renamedRow.getByRole("button", { name: "Activate" }).click();
      await expect(page.getByText("Category has been activated")).toBeVisible();
      await expect(renamedRow.getByText("Active", { exact: true })).toBeVisible();

      // Delete.
      await renamedRow.getByRole("link", { name: "Delete" }).click();
      if (js) {
        const dialog = page.getByRole("dialog", { name: "Delete Category" });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText("No products use this category.")).toBeVisible();
        await shoot(page, "delete-category-dialog");
        await dialog.getByRole("button", { name: "Delete" }).click();
      } else {
        await expect(page.getByRole("heading", { name: "Delete Category" })).toBeVisible();
        await expect(
          page.getByText(`Are you sure you want to delete "${renamed}"? Moves to the trash. You can restore it from Trash for 30 days.`),
        ).toBeVisible();
        await shoot(page, "delete-category");
        await page.getByRole("button", { name: "Delete" }).click();
      }
      await expect(page.getByText(`${renamed} has been removed successfully`)).toBeVisible();
      await expect(page.getByRole("row", { name: new RegExp(renamed) })).toHaveCount(0);
    });
  });
}
