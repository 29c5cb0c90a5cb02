import type { Page } from "@playwright/test";
import { expect, signInSession, test, variants } from "./fixtures";

/**
 * The owner's Specials area at 390 px, with JavaScript on and off: a "buy 2 pre-rolls, get 1 free"
 * and a Friday happy hour are created through the real form and listed with their status.
 */

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";

async function createSpecial(page: Page, fill: () => Promise<void>) {
  await page.goto("/admin/specials/new");
  await fill();
  await page.getByRole("button", { name: "Create special" }).last().click();
  // A save on a loaded machine can take a while.
  await expect(page.getByText("Special created")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin\/specials\/\d+$/);
  await expect(page.getByTestId("special-preview")).toContainText("Applies to");
}

async function tick(page: Page, category: string, label: string) {
  const group = page.getByRole("group", { name: "Categories, products and sizes" });
  const details = group.locator("details", { has: page.locator("summary", { hasText: category }) });
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await details.getByRole("checkbox", { name: label, exact: true }).check();
}

for (const { javaScriptEnabled: js, viewport } of variants({ widths: [390] })) {
  const how = js ? "with JavaScript" : "without JavaScript";
  test.describe(`specials admin ${how}`, () => {
    test.use({ javaScriptEnabled: js, viewport });

    test.setTimeout(180_000);
    test("the owner creates buy 2 get 1 free and a happy hour, and sees them listed", async ({ page }) => {
      const suffix = js ? "" : " (no JS)";
      await signInSession(page);
      await page.goto("/admin/specials");
      await expect(page.getByRole("heading", { name: "Specials", level: 1 })).toBeVisible();

      await createSpecial(page, async () => {
        await page.getByLabel("Kind").selectOption("buy_x_get_y");
        await page.getByLabel("Name shoppers see").fill(`Buy 2 pre-rolls, get 1 free${suffix}`);
        await page.getByLabel("Badge text").fill("Buy 2 get 1");
        await tick(page, "Lows", "All of Lows");
        await page.getByLabel("Buy (X)").fill("2");
        await page.getByLabel("Get (Y)").fill("1");
      });

      await createSpecial(page, async () => {
        await page.getByLabel("Kind").selectOption("percent_off");
        await page.getByLabel("Name shoppers see").fill(`Happy hour${suffix}`);
        await page.getByLabel("Badge text").fill("Happy hour −20%");
        await tick(page, "Edibles", "All of Edibles");
        await page.getByLabel("Percent off", { exact: true }).fill("20");
        await page.getByRole("checkbox", { name: "Fri", exact: true }).check();
        await page.getByLabel("Daily from").fill("16:00");
        await page.getByLabel("Daily until").fill("19:00");
        await page.getByRole("button", { name: "Preview" }).click();
        await expect(page.getByTestId("special-preview")).toContainText("active Fri 4:00 PM – 7:00 PM", { timeout: 30_000 });
      });
      await page.screenshot({ path: `${SHOTS}/form-${js ? "js" : "nojs"}-390.png`, fullPage: true });

      await page.goto("/admin/specials");
      const table = page.getByRole("table", { name: "Specials" });
      await expect(table.getByRole("link", { name: `Buy 2 pre-rolls, get 1 free${suffix}`, exact: true }).first()).toBeVisible();
      await expect(table.getByRole("link", { name: `Happy hour${suffix}`, exact: true }).first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/list-${js ? "js" : "nojs"}-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/list-${js ? "js" : "nojs"}-1280.png`, fullPage: true });
      await page.goto("/admin/specials/new");
      await page.screenshot({ path: `${SHOTS}/form-new-${js ? "js" : "nojs"}-1280.png`, fullPage: true });
    });
  });
}
