import { PAGE_SIZE } from "../../app/features/shop-filters/paging";
import { expect, signInSession, test } from "./fixtures";

// The home page's brand and shop link are checked on its one load in pages.spec.ts, its phone menu in menu.spec.ts.
test.describe("the shop renders in a real browser", () => {
  test("shop lists the catalogue", async ({ page }) => {
    await page.goto("/shop");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(/Showing \d+ of \d+ products/)).toBeVisible();
    // The catalogue (50+ products) is paged.
    await expect(page.getByRole("article")).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/shop-desktop.png" });
  });

  test("the shop's pages and the back office say nothing wrong in the browser's console", async ({ page }) => {
    const complaints: string[] = [];
    let at = "";
    page.on("console", (message) => {
      // Linux Chromium keeps Web Bluetooth behind a flag, so it does not know the policy's `bluetooth`
      // (which other platforms' Chrome obeys): the one note expected.
      if (/Unrecognized feature: 'bluetooth'/.test(message.text())) return;
      if (message.type() === "error" || message.type() === "warning") complaints.push(`${at}: ${message.text()}`);
    });
    page.on("pageerror", (error) => complaints.push(`${at}: ${error.message}`));
    const shop = ["/", "/shop", "/shop/indoors", "/product/1", "/checkout", "/faq", "/about", "/contact", "/reviews", "/privacy"];
    const backOffice = [
      "/admin/dashboard",
      "/admin/products",
      "/admin/add-product",
      "/admin/settings",
      "/admin/specials",
      "/admin/insights",
    ];
    for (const path of [...shop, "/terms", "/shipping", "/returns"]) {
      at = path;
      await page.goto(path);
    }
    await signInSession(page);
    for (const path of backOffice) {
      at = path;
      await page.goto(path);
    }
    expect(complaints).toEqual([]);
  });

  test("an unknown path shows the 404 page with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });
});
