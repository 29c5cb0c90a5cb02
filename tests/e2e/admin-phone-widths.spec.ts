import { expect, signIn, test, variants } from "./fixtures";

/**
 * The back office on small phones (320, 360, 390 px), with and without JavaScript: a product whose
 * long name has no spaces and mixes scripts, then the admin screens (the list, the bulk confirmation
 * and its refusal, trash (with a removed size of that product), photos, dashboard, categories, the
 * catalogue load, the specials list and a new special, settings, insights): no answer is a 5xx, none
 * is wider than the screen, and no table needs to scroll inside its card.
 */
const long = `Ультра-Длинное-НазваниеБезПробелов${"ж".repeat(60)} 北京烤鸭大麻 ${"x".repeat(40)}`;
for (const { javaScriptEnabled: js } of variants({ widths: [390] })) {
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
    // Sold in two sizes, then one removed: the trash's Sizes table names the product in full.
    await page.goto(`/admin/products?search=${q}`);
    await page
      .getByRole("link", { name: /^Edit Ультра/ })
      .first()
      .click();
    const sizes = page.getByRole("group", { name: "Sizes and stock" });
    await sizes.getByRole("button", { name: "Add a size" }).click();
    await sizes.getByRole("group", { name: "Size 1", exact: true }).getByLabel("Size label").fill("1 g");
    const second = sizes.getByRole("group", { name: "Size 2", exact: true });
    await second.getByLabel("Size label").fill(`${"ж".repeat(30)}-pack`);
    await second.getByLabel("Price ($)", { exact: true }).fill("40");
    const save = page.getByRole("button", { name: /^(Save|Update) Product/ }).first();
    await save.click();
    await page.waitForURL(/\/admin\/products/);
    await page.goto(`/admin/products?search=${q}`);
    await page
      .getByRole("link", { name: /^Edit Ультра/ })
      .first()
      .click();
    await page
      .getByRole("group", { name: "Size 2", exact: true })
      .getByRole("button", { name: /^Remove/ })
      .click();
    await save.click();
    await page.waitForURL(/\/admin\/products/);
    const pages = [
      `/admin/products?search=${q}`,
      `/admin/products/bulk?bulk=sale&percent=20&allMatching=1&search=${q}`,
      `/admin/products/bulk?bulk=sale&percent=abc&allMatching=1&search=${q}`,
      "/admin/trash",
      "/admin/photos",
      "/admin/dashboard",
      "/admin/categories",
      "/admin/catalogue-load",
      "/admin/specials",
      "/admin/specials/new",
      "/admin/settings",
      "/admin/insights",
    ];
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of pages) {
        const response = await page.goto(path);
        expect(response!.status(), path).toBeLessThan(500);
        const w = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(w, `${path} at ${width}`).toBeLessThanOrEqual(width);
        // Tables scroll inside their card: none may need to (the trash's Sizes row has the long name).
        const tables = await page.evaluate(() =>
          [...document.querySelectorAll("table")].map((table) => table.scrollWidth - table.parentElement!.clientWidth),
        );
        for (const over of tables) expect(over, `a table on ${path} at ${width}`).toBeLessThanOrEqual(0);
      }
    }
    await context.close();
  });
}
