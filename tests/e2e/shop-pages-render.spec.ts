import { PAGE_SIZE } from "../../app/features/shop-filters/paging";
import { expect, test } from "./fixtures";

test.describe("the shop renders in a real browser", () => {
  test("home page shows the brand and links to the shop", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Greenleaf Supply/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/home-desktop.png", fullPage: true });
  });

  test("shop lists the catalogue", async ({ page }) => {
    await page.goto("/shop");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(/Showing \d+ of \d+ products/)).toBeVisible();
    // The catalogue (50+ products) is paged.
    await expect(page.getByRole("article")).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/shop-desktop.png" });
  });

  test("an unknown path shows the 404 page with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });

  test("the mobile menu opens at phone width", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByLabel("Menu").click();
    await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "FAQ" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/home-phone.png" });
  });
});
