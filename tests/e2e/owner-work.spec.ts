import type { Page } from "@playwright/test";
import { catalogue } from "../../db/catalogue";
import { createProductWithImages, expect, signIn, test } from "./fixtures";

/**
 * A week of owner work, then the big yellow button. The owner adds a product with photos,
 * renames a catalogue product and keeps a shared link to another one; 'Load Full Product Catalog'
 * asks first, keeps all of it by default, and every old /product/<id> link still opens its product.
 * Then a delete is undone from its toast, and (without JavaScript) restored from the Trash page.
 */

// Loads and deletes on the shared server: one at a time.
test.describe.configure({ mode: "serial" });

const OWN = `House Gummies ${Date.now().toString(36)}`;
const RENAMED = `Owner Pick ${Date.now().toString(36)}`;
// A catalogue product no other browser test looks for by name.
const TO_RENAME = catalogue[catalogue.length - 1]!.name!;

async function loadCatalogue(page: Page) {
  await page.goto("/admin/dashboard");
  const panel = page.getByRole("region", { name: "Product catalogue" });
  await panel.getByRole("button", { name: "Load Full Product Catalog" }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue-load\??$/);
}

async function productIdOf(page: Page, name: string) {
  await page.goto(`/shop?search=${encodeURIComponent(name)}`);
  const href = await page.getByRole("article").filter({ hasText: name }).first().getByRole("link").first().getAttribute("href");
  return Number(/^\/product\/(\d+)/.exec(href ?? "")![1]);
}

test("a week of owner work survives 'Load Full Product Catalog', and old product links still open", async ({ page }) => {
  test.setTimeout(180_000);
  // Monday: a product of the owner's own, with photos.
  await createProductWithImages(page, OWN, ["leaf-gold.jpg", "cream-green.png"]);
  // Tuesday: a catalogue product renamed.
  await page.goto(`/admin/products?search=${encodeURIComponent(TO_RENAME)}`);
  await page.getByRole("article", { name: TO_RENAME, exact: true }).getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Product Name").fill(RENAMED);
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page).toHaveURL("/admin/products");
  // A link shared earlier, the bare id form every old link has.
  const gummiesId = await productIdOf(page, "Wild Berry Gummies");
  const renamedId = await productIdOf(page, RENAMED);
  const ownId = await productIdOf(page, OWN);

  // Friday: the big yellow button asks first.
  await loadCatalogue(page);
  const keep = page.getByRole("region", { name: "Load catalogue, keep my work" });
  await expect(keep.getByText(/Your products \(\d+ products?\): kept as they are/)).toBeVisible();
  await expect(keep.getByText(OWN)).toBeVisible();
  await expect(keep.getByText(`${RENAMED} — Name`)).toBeVisible();
  await expect(page.getByRole("region", { name: /replace my work/i }).getByText(/moved to the trash/)).toBeVisible();
  await page.screenshot({ path: "test-results/screens/catalogue-load-confirm-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screens/catalogue-load-confirm-phone.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await keep.getByRole("button", { name: "Load catalogue, keep my work" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard(\?run=[\w-]+)?$/);
  const panel = page.getByRole("region", { name: "Product catalogue" });
  await expect(panel.getByText("Complete migration successful!")).toBeVisible({ timeout: 20_000 });

  // Nothing lost: the own product with its photos, the rename, and the same ids.
  expect(await productIdOf(page, OWN)).toBe(ownId);
  expect(await productIdOf(page, RENAMED)).toBe(renamedId);
  await page.goto(`/product/${ownId}`);
  await expect(page).toHaveURL(new RegExp(`/product/${ownId}-house-gummies-`));
  await expect(page.getByRole("heading", { level: 1, name: OWN })).toBeVisible();
  await expect(page.locator('img[src*="/images/"]').first()).toBeVisible();
  await page.goto(`/product/${gummiesId}`);
  await expect(page).toHaveURL(`/product/${gummiesId}-wild-berry-gummies`);
  await expect(page.getByRole("heading", { level: 1, name: "Wild Berry Gummies" })).toBeVisible();
});

test("a deleted product comes back with the toast's Undo, same id and photos", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = await productIdOf(page, OWN);
  await page.goto(`/admin/products?search=${encodeURIComponent(OWN)}`);
  await page
    .getByRole("article", { name: OWN, exact: true })
    .getByRole("link", { name: `Delete ${OWN}` })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  const toast = page.getByRole("region", { name: "Notifications" });
  await expect(toast.getByText(`${OWN} has been deleted successfully`)).toBeVisible();
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(toast.getByText(`${OWN} is back in the shop`)).toBeVisible();
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: OWN })).toBeVisible();
  await expect(page.locator('img[src*="/images/"]').first()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the confirmation, the delete and the Trash's Restore are plain forms", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page);
    await loadCatalogue(page);
    await expect(page.getByRole("button", { name: "Load catalogue, keep my work" })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/admin/dashboard");

    await page.goto(`/admin/products?search=${encodeURIComponent(OWN)}`);
    await page
      .getByRole("article", { name: OWN, exact: true })
      .getByRole("link", { name: `Delete ${OWN}` })
      .click();
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(`${OWN} has been deleted successfully`)).toBeVisible();

    await page.goto("/admin/trash");
    await page.screenshot({ path: "test-results/screens/trash-nojs.png", fullPage: true });
    await page.getByRole("button", { name: `Restore ${OWN}` }).click();
    await expect(page.getByText(`${OWN} is back in the shop`)).toBeVisible();
    await expect(page.getByRole("button", { name: `Restore ${OWN}` })).toHaveCount(0);
  });
});
