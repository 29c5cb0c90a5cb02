import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { PAGE_SIZE } from "../../app/features/shop-filters/paging";
import { createProductWithImages, expect, seriousViolations, test, variants } from "./fixtures";

/** WCAG 2.1 A/AA plus axe's best practices, as the site-wide accessibility spec checks them. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

const countLine = (page: Page) => page.getByText(/^Showing \d+ of \d+ products? \(/);
const cardPrices = async (page: Page) =>
  (
    await page
      .getByRole("article")
      .locator("p", { hasText: /^\$[\d,]+\.\d\d$/ })
      .allTextContents()
  ).map((text) => Number(text.replace(/[$,]/g, "")));
const cardNames = (page: Page) => page.getByRole("article").getByRole("heading", { level: 3 }).allTextContents();

/** On phones the filters are a sheet behind the Filters button; on desktops a panel beside the grid. */
async function openFilters(page: Page) {
  const filters = page.getByRole("region", { name: "Filters" });
  if (!(await filters.getByLabel("Search").isVisible())) await page.getByRole("button", { name: /^Filters/ }).click();
  await expect(filters.getByLabel("Search")).toBeVisible();
  return filters;
}

/** Closes the phone's sheet with its close button; the desktop panel stays. */
async function closeFilters(page: Page) {
  const close = page.getByRole("button", { name: "Close filters" });
  if (await close.isVisible()) await close.click();
  await expect(close).toBeHidden();
}

for (const { name, viewport } of variants({ javaScript: [true] })) {
  test.describe(`at ${viewport.width}px (${name})`, () => {
    test.use({ viewport });

    test("filters apply as they change, live in the URL, and Clear Filters keeps the sort", async ({ page }) => {
      await page.goto("/shop");
      await expect(countLine(page)).toHaveText(new RegExp(`^Showing ${PAGE_SIZE} of \\d+ products \\(sorted A-Z\\)$`));

      const filters = await openFilters(page);
      // Hydrated: the sheet's submit button counts the products (it reads 'Apply Filters' before).
      await expect(filters.getByRole("button", { name: /^Show \d+ products?$/, includeHidden: true })).toBeAttached();
      await page.getByLabel("Price range").selectOption("under-25");
      await expect(page).toHaveURL(/[?&]price=under-25/);
      // The address changes as the navigation commits; the grid follows in a React transition, so the
      // test waits for what a shopper sees: the filter's chip.
      await expect(page.getByRole("link", { name: "Remove filter: Under $25" })).toBeVisible();
      await expect(countLine(page)).toHaveText(/\(sorted A-Z\)$/);
      const prices = await cardPrices(page);
      expect(prices.length).toBeGreaterThan(0);
      for (const price of prices) expect(price).toBeLessThan(25);

      await page.getByLabel("Sort by").selectOption({ label: "Price: High to Low" });
      await expect(page).toHaveURL(/sort=price-desc/);
      await closeFilters(page);
      await expect(page).toHaveURL(/sort=price-desc/);
      await expect(countLine(page)).toHaveText(/\(sorted by price: high to low\)$/);
      const sorted = await cardPrices(page);
      expect(sorted).toEqual([...sorted].sort((a, b) => b - a));

      await openFilters(page);
      await page.getByRole("searchbox", { name: "Search", exact: true }).fill("GUMMIES");
      await expect(page).toHaveURL(/search=GUMMIES/);
      await expect.poll(() => cardNames(page)).not.toHaveLength(0);
      for (const title of await cardNames(page)) expect(title.toLowerCase()).toContain("gumm");

      await page.getByRole("searchbox", { name: "Search", exact: true }).fill("no such product anywhere");
      await expect(page).toHaveURL(/search=no\+such/);
      await closeFilters(page);
      await expect(page.getByText("No products found matching your criteria.")).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Clear Filters" }).last().click();
      await expect(page).toHaveURL(/\/shop\?sort=price-desc$/);
      await openFilters(page);
      await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toHaveValue("");
      await expect(page.getByLabel("Price range")).toHaveValue("");
      await expect(page.getByLabel("Sort by")).toHaveValue("price-desc");
      await page.screenshot({ path: `test-results/screens/shop-${name}.png`, fullPage: false });
    });

    test("the list view and the pager", async ({ page }) => {
      await page.goto("/shop");
      const filters = await openFilters(page);
      // Hydrated: the sheet's submit button counts the products (it reads 'Apply Filters' before).
      await expect(filters.getByRole("button", { name: /^Show \d+ products?$/, includeHidden: true })).toBeAttached();
      await page.getByRole("radio", { name: "List" }).check();
      await expect(page).toHaveURL(/view=list/);
      await closeFilters(page);
      await expect(page).toHaveURL(/view=list/);
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: /Next/ }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page).toHaveURL(/view=list/);
      await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
      await page.screenshot({ path: `test-results/screens/shop-list-page2-${name}.png`, fullPage: false });
    });

    test("concentrates tabs are links with counts", async ({ page }) => {
      await page.goto("/shop/concentrates");
      const tabs = page.getByRole("navigation", { name: "Concentrate types" });
      await expect(tabs.getByRole("link", { name: /^All \d+ products$/ })).toHaveAttribute("aria-current", "page");
      const liveResin = tabs.getByRole("link", { name: /^Live Resin \d+ products$/ });
      const expected = Number((await liveResin.textContent())!.replace(/\D+/g, ""));
      await liveResin.click();
      await expect(page).toHaveURL(/\/shop\/concentrates\?tab=live-resin$/);
      await expect(liveResin).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("article")).toHaveCount(expected);
      for (const title of await cardNames(page)) expect(title.toLowerCase()).toMatch(/live[ -]resin/);
      await page.screenshot({ path: `test-results/screens/concentrates-${name}.png`, fullPage: false });
    });

    test("product gallery and zoom work from the keyboard", async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      // Catalogue products show one packshot; this one gets two uploaded images.
      const product = `Gallery Test Kush ${name} ${Date.now()}`;
      await createProductWithImages(page, product, ["leaf-gold.jpg", "cream-green.png"]);
      await page.goto(`/shop?search=${encodeURIComponent(product)}`);
      await page.getByRole("article").getByRole("link", { name: product, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: product, exact: true })).toBeVisible();
      const counter = page.getByText(/^Item \d+ \/ \d+$/);
      await expect(counter).toHaveText("Item 1 / 2");

      await page.getByRole("button", { name: "Next image" }).click();
      await expect(counter).toHaveText("Item 2 / 2");
      await page.getByRole("button", { name: "Next image" }).press("Enter");
      await expect(counter).toHaveText("Item 1 / 2");
      await page.getByRole("button", { name: "Previous image" }).press("Enter");
      await expect(counter).toHaveText("Item 2 / 2");
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText("Item 1 / 2");
      await page.getByRole("button", { name: "Show image 2 of 2" }).click();
      await expect(counter).toHaveText("Item 2 / 2");
      await page.keyboard.press("ArrowLeft");
      await expect(counter).toHaveText("Item 1 / 2");
      await page.screenshot({ path: `test-results/screens/product-${name}.png`, fullPage: true });

      const opener = page.getByRole("link", { name: `Zoom in on ${product}` });
      await opener.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: product });
      await expect(dialog).toBeVisible();
      const level = dialog.getByLabel("Zoom level");
      await expect(level).toHaveText("100%");
      await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
      await dialog.getByRole("button", { name: "Zoom in" }).press("Enter");
      await expect(level).toHaveText("130%");
      await page.keyboard.press("+");
      await expect(level).toHaveText("160%");
      await dialog.getByRole("button", { name: "Zoom out" }).press("Enter");
      await expect(level).toHaveText("130%");
      // Tab reaches nothing of the page behind (the browser may step out to its own toolbar).
      for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
      const outside = await page.evaluate(() => {
        const focused = document.activeElement;
        return focused !== null && focused !== document.body && !document.querySelector("dialog[open]")?.contains(focused);
      });
      expect(outside).toBe(false);
      await page.screenshot({ path: `test-results/screens/zoom-${name}.png` });
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      // Hydration went cleanly on the shop and the product page (no React or CSP errors).
      expect(errors).toEqual([]);
    });

    test("drag pans the zoomed image", async ({ page }) => {
      await page.goto("/shop?search=Runtz");
      await page.getByRole("article").getByRole("link", { name: "Runtz", exact: true }).click();
      await page.getByRole("link", { name: "Zoom in on Runtz" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Zoom in" }).click();
      await dialog.getByRole("button", { name: "Zoom in" }).click();
      await expect(dialog.getByLabel("Zoom level")).toHaveText("160%");
      const image = dialog.getByRole("img", { name: "Runtz" });
      const box = (await image.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 5 });
      await page.mouse.up();
      await expect(image).toHaveAttribute("style", /translate\(60px, 30px\) scale\(1\.6\)/);
      await dialog.getByRole("button", { name: "Reset" }).click();
      await expect(dialog.getByLabel("Zoom level")).toHaveText("100%");
      await expect(image).toHaveAttribute("style", /translate\(0px, 0px\) scale\(1\)/);
    });
  });
}

test.describe("accessibility", () => {
  // /shop, /shop/concentrates and /product/1 get the same axe run, at the same width, in a11y.spec.ts.
  for (const path of ["/shop?view=list&search=zzz", "/shop/mushrooms", "/shop/branded-exotics", "/product/999999"]) {
    test(`axe finds nothing serious on ${path}`, async ({ page }) => {
      await page.goto(path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test("the zoom dialog passes axe too", async ({ page }) => {
  await page.goto("/product/1");
  await page.getByRole("link", { name: /^Zoom in on / }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).include("dialog").analyze();
  expect(
    violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id),
  ).toEqual([]);
});

test("a product image that fails to load falls back to 'Image not available'", async ({ page }) => {
  await page.route("**/packshots/**", (route) => route.abort());
  await page.goto("/shop?search=Runtz");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Runtz", exact: true }) });
  await expect(card.getByText("Image not available")).toBeVisible();
  // The product page's main image falls back the same way, and keeps its accessible name.
  await card.getByRole("link", { name: "Runtz", exact: true }).click();
  await expect(page).toHaveURL(/\/product\/\d+(-[a-z0-9-]+)?$/);
  await expect(page.getByRole("img", { name: "Runtz: image not available", exact: true })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { name, viewport } of variants({ javaScript: [false] })) {
    test(`filters, pager and tabs work as plain GET forms and links at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/shop");
      await openFilters(page);
      await page.getByRole("searchbox", { name: "Search", exact: true }).fill("kush");
      await page.getByLabel("Price range").selectOption("500-1000");
      await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
      await page.getByRole("button", { name: "Apply Filters" }).click();
      await expect(page).toHaveURL(/search=kush/);
      await expect(page).toHaveURL(/price=500-1000/);
      await expect(countLine(page)).toHaveText(/\(sorted by price: low to high\)$/);
      const prices = await cardPrices(page);
      expect(prices.length).toBeGreaterThan(0);
      for (const price of prices) expect(price >= 500 && price <= 1000).toBe(true);
      for (const title of await cardNames(page)) expect(title.toLowerCase()).toContain("kush");
      await page.screenshot({ path: `test-results/screens/shop-nojs-${name}.png` });

      await page.goto("/shop");
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
      await expect(page).toHaveURL(/\/shop\?page=2$/);
      await expect(countLine(page)).toHaveText(/^Showing \d+ of \d+ products \(sorted A-Z\)$/);

      await page.goto("/shop/concentrates");
      await page.getByRole("link", { name: /^Diamonds \d+ products$/ }).click();
      await expect(page).toHaveURL(/tab=diamonds/);
      for (const title of await cardNames(page)) expect(title.toLowerCase()).toContain("diamond");
    });
  }

  test("the product image is a link to the full-size file", async ({ page }) => {
    await page.goto("/shop?search=Runtz");
    await page.getByRole("article").getByRole("link", { name: "Runtz", exact: true }).click();
    await expect(page.getByRole("link", { name: "Zoom in on Runtz" })).toHaveAttribute("href", /^\/packshots\/\d+\/[0-9a-z]{11}\.svg$/);
    await expect(page.getByRole("button", { name: "Next image" })).toHaveCount(0);
  });
});
