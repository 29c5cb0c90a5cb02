import type { Page } from "@playwright/test";
import { expect, seriousViolations, test, variants } from "./fixtures";

/**
 * Predictive search: the header's search field (a Search button that opens it on
 * phones) and the home search box as ARIA comboboxes, by keyboard and pointer; the plain GET form
 * without JavaScript; axe with the suggestions open; the no-results help. Widths: see variants().
 */

/** The header's search field, opened with the Search button where the header has no room for it. */
async function headerSearch(page: Page) {
  const toggle = page.getByRole("banner").getByLabel("Search", { exact: true });
  const field = page.getByRole("banner").getByLabel("Search the shop", { exact: true }).filter({ visible: true });
  // The button opens the field and focuses it in the same tap (a phone shows its keyboard at once).
  if (await toggle.isVisible()) await toggle.click();
  else await field.click();
  await expect(field).toBeFocused();
  return field;
}

for (const { name, viewport } of variants({ javaScript: [true] })) {
  test.describe(`at ${viewport.width}px (${name})`, () => {
    test.use({ viewport });

    test("typing 'gel' in the header suggests Gelato products, and Enter opens the first", async ({ page }) => {
      await page.goto("/shop");
      const field = await headerSearch(page);
      await field.pressSequentially("gel");
      const combobox = page.getByRole("combobox", { name: "Search the shop" });
      await expect(combobox).toHaveAttribute("aria-expanded", "true");
      const listbox = page.getByRole("listbox", { name: "Search suggestions" });
      const options = listbox.getByRole("option");
      await expect(options.first()).toContainText("Gelato");
      // Products, the matching category, and "See all" last; the typed part is marked.
      await expect(listbox.getByRole("group", { name: "Products" }).getByRole("option")).toHaveCount(6);
      await expect(listbox.getByRole("group", { name: "Categories" }).getByRole("option", { name: "Gelato Punch" })).toBeVisible();
      await expect(options.last()).toHaveText("See all results for “gel”");
      await expect(options.first().locator("mark").first()).toHaveText(/^gel$/i);
      // A screen reader hears how many suggestions arrived.
      await expect(page.getByRole("status").filter({ hasText: "suggested" })).toHaveText(
        "6 products, 1 category suggested. Use the up and down arrow keys to review.",
      );
      // The first is highlighted: Enter opens it.
      await expect(options.first()).toHaveAttribute("aria-selected", "true");
      await expect(combobox).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
      await page.screenshot({ path: `test-results/screens/search-suggestions-${name}.png` });
      await combobox.press("Enter");
      await expect(page).toHaveURL(/\/product\/\d+(-[a-z0-9-]+)?$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Gelato");
    });

    test("arrow keys move through the suggestions and wrap, Escape closes, See all searches the shop", async ({ page }) => {
      await page.goto("/");
      const field = await headerSearch(page);
      await field.pressSequentially("kush");
      const combobox = page.getByRole("combobox", { name: "Search the shop" });
      const options = page.getByRole("listbox", { name: "Search suggestions" }).getByRole("option");
      await expect(options.first()).toHaveAttribute("aria-selected", "true");
      await combobox.press("ArrowDown");
      await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
      await expect(options.first()).toHaveAttribute("aria-selected", "false");
      await combobox.press("ArrowUp");
      await combobox.press("ArrowUp");
      await expect(options.last()).toHaveAttribute("aria-selected", "true");
      await expect(combobox).toHaveAttribute("aria-activedescendant", (await options.last().getAttribute("id"))!);

      await combobox.press("Escape");
      await expect(combobox).toHaveAttribute("aria-expanded", "false");
      await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeHidden();
      await combobox.press("ArrowUp");
      await expect(combobox).toHaveAttribute("aria-expanded", "true");
      await expect(options.last()).toHaveAttribute("aria-selected", "true");
      await combobox.press("Enter");
      await expect(page).toHaveURL("/shop?search=kush");
      await expect(page.getByText(/^Showing \d+ of \d+ products \(best matches first\)$/)).toBeVisible();
    });

    test("a word found only in effects highlights nothing, so Enter searches the shop", async ({ page }) => {
      await page.goto("/about");
      const field = await headerSearch(page);
      await field.pressSequentially("relax");
      const options = page.getByRole("listbox", { name: "Search suggestions" }).getByRole("option");
      await expect(options.first()).toBeVisible();
      await expect(page.getByRole("listbox", { name: "Search suggestions" }).locator('[aria-selected="true"]')).toHaveCount(0);
      await field.press("Enter");
      await expect(page).toHaveURL("/shop?search=relax");
    });

    test("the home search box suggests too; a click on a category opens it", async ({ page }) => {
      await page.goto("/");
      const field = page.getByLabel("Search products", { exact: true });
      await field.click();
      await field.pressSequentially("edi");
      const category = page.getByRole("listbox", { name: "Search suggestions" }).getByRole("option", { name: "Edibles" });
      await category.click();
      await expect(page).toHaveURL("/shop/edibles");
    });

    test("axe finds nothing serious with the suggestions open", async ({ page }) => {
      await page.goto("/");
      const field = await headerSearch(page);
      await field.pressSequentially("gel");
      await expect(page.getByRole("listbox", { name: "Search suggestions" }).getByRole("option").first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a search without results keeps Clear Filters and offers close names and popular categories", async ({ page }) => {
      await page.goto("/shop?search=gelatto");
      await expect(page.getByText("No products found matching your criteria.")).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Clear Filters" }).last()).toBeVisible();
      const closeNames = page.getByRole("region", { name: "Did you mean" });
      await expect(closeNames.getByRole("link").first()).toContainText("Gelato");
      await expect(page.getByRole("region", { name: "Popular categories" }).getByRole("link").first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await closeNames.getByRole("link").first().click();
      await expect(page).toHaveURL(/\/product\/\d+(-[a-z0-9-]+)?$/);
    });

    test("a long Unicode search gives a normal page with the note", async ({ page }) => {
      await page.goto("/");
      const field = await headerSearch(page);
      await field.fill("Лимонное джелато 日本語の長い検索語テキスト ".repeat(4));
      await field.press("Enter");
      await expect(page).toHaveURL(/\/shop\?search=/);
      await expect(page.getByText("Only the first 100 characters of your search were used.")).toBeVisible();
      await expect(page.getByText(/^Showing \d+ of \d+ products/)).toBeVisible();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { name, viewport } of variants({ javaScript: [false] })) {
    test(`the header search is a plain GET form to /shop at ${viewport.width}px (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/about");
      const toggle = page.getByRole("banner").getByLabel("Search", { exact: true });
      if (await toggle.isVisible()) await toggle.click();
      const field = page.getByRole("banner").getByRole("searchbox", { name: "Search the shop" });
      await field.fill("gelato");
      await field.press("Enter");
      await expect(page).toHaveURL("/shop?search=gelato");
      await expect(page.getByText(/^Showing \d+ of \d+ products \(best matches first\)$/)).toBeVisible();
      await expect(page.getByRole("article").first()).toContainText("Gelato");
    });
  }
});
