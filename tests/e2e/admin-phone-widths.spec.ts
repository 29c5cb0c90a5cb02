import { expect, signIn, test } from "./fixtures";

/**
 * The back office on small phones (320, 360, 390 px), with and without JavaScript: a product whose
 * long name has no spaces and mixes scripts, then every admin screen this round touched (the list,
 * the bulk confirmation and its refusal, trash, photos, dashboard, categories, the catalogue load):
 * no answer is a 5xx and none is wider than the screen.
 */
const long = `Ультра-Длинное-НазваниеБезПробелов${"ж".repeat(60)} 北京烤鸭大麻 ${"x".repeat(40)}`;
for (const js of [true, false]) {
  test(`admin screens at 320/360/390 px with a long non-Latin name, JavaScript ${js ? "on" : "off"}`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ javaScriptEnabled: js, baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page);
    // A product with a long non-Latin name, through the admin form.
    await page.goto("/admin/add-product");
    await page.getByLabel("Product Name").fill(long.slice(0, 120));
    await page.getByRole("textbox", { name: "Price", exact: true }).fill("12");
    await page.getByLabel("Description").fill("Долгое описание ".repeat(20));
    await page.getByLabel("Category").selectOption({ index: 1 });
    // Inactive: the shop's counts, which other tests read, stay as they are.
    await page.getByRole("checkbox", { name: /^Active/ }).uncheck();
    await page.getByRole("button", { name: /Add Product|Create Product/ }).click();
    await page.waitForURL(/\/admin\/products/);
    const q = encodeURIComponent(long.slice(0, 20));
    const pages = [
      `/admin/products?search=${q}`,
      `/admin/products/bulk?bulk=sale&percent=20&allMatching=1&search=${q}`,
      `/admin/products/bulk?bulk=sale&percent=abc&allMatching=1&search=${q}`,
      "/admin/trash",
      "/admin/photos",
      "/admin/dashboard",
      "/admin/categories",
      "/admin/catalogue-load",
    ];
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of pages) {
        const response = await page.goto(path);
        expect(response!.status(), path).toBeLessThan(500);
        const w = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(w, `${path} at ${width}`).toBeLessThanOrEqual(width);
      }
    }
    await context.close();
  });
}
