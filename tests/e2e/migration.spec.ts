import { PAGE_SIZE } from "../../app/features/shop-filters/paging";
import { catalogue } from "../../db/catalogue";
import { expect, test, signIn } from "./fixtures";

/**
 * The owner reloads the built-in catalogue from the dashboard: the button opens the confirmation
 * (/admin/catalogue-load), whose default choice posts to /admin/migration, the run goes through the real Queue consumer of `wrangler dev`, and the
 * panel follows it to the product's success message.
 */

// Both tests reload the same catalogue on the shared server: one at a time.
test.describe.configure({ mode: "serial" });

test("the owner loads the full catalogue and watches it finish", async ({ page }) => {
  // Sign-in, the confirmation, the run and the shop checks: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await signIn(page);
  const panel = page.getByRole("region", { name: "Product catalogue" });
  const start = panel.getByRole("button", { name: "Load Full Product Catalog" });
  await expect(start).toBeEnabled();

  // Locally the consumer can finish within milliseconds, so the 'Loading More Products...' state is
  // not always observable here; the worker tests render the panel for a queued and a running run.
  await start.click();
  await expect(page).toHaveURL(/\/admin\/catalogue-load\??$/);
  await page.getByRole("button", { name: "Load catalogue, keep my work" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard(\?run=[\w-]+)?$/);

  // Polling brings the outcome in without a reload.
  await expect(panel.getByText("Complete migration successful!")).toBeVisible({ timeout: 20_000 });
  // The notice counts what the load did to this shop (the seeded shop has most products already).
  await expect(
    panel.getByText(
      new RegExp(`^Loaded the built-in catalogue \\(${catalogue.length} products\\): \\d+ added, \\d+ updated, \\d+ unchanged`),
    ),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Complete migration successful!")).toBeVisible();
  await expect(start).toBeEnabled();
  await expect(panel.getByText(`${catalogue.length} / ${catalogue.length}`)).toBeVisible();
  await page.screenshot({ path: "test-results/screens/migration-done-desktop.png", fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screens/migration-done-phone.png", fullPage: true });

  await page.goto("/shop");
  // The shop paginates; its count line names the whole catalogue (and any product the owner added, which a load keeps).
  await expect(page.getByText(/Showing \d+ of \d+ products/)).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(Math.min(PAGE_SIZE, catalogue.length));
  for (const { name } of catalogue.slice(0, 3)) {
    await page.goto(`/shop?search=${encodeURIComponent(name!)}`);
    await expect(page.getByRole("heading", { name: name!, exact: true })).toBeVisible();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still starts the run and the page refreshes itself until it is done", async ({ page }) => {
    await signIn(page);
    const panel = page.getByRole("region", { name: "Product catalogue" });
    let dashboardLoads = 0;
    page.on("load", () => {
      if (new URL(page.url()).pathname === "/admin/dashboard") dashboardLoads += 1;
    });

    await panel.getByRole("button", { name: "Load Full Product Catalog" }).click();
    await expect(page).toHaveURL(/\/admin\/catalogue-load\??$/);
    await page.getByRole("button", { name: "Load catalogue, keep my work" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard(\?run=[\w-]+)?$/);
    const landedWhileRunning = await panel.getByRole("link", { name: "Refresh status" }).isVisible();
    if (landedWhileRunning) {
      await expect(panel.getByRole("button", { name: "Loading More Products..." })).toBeDisabled();
      await page.screenshot({ path: "test-results/screens/migration-nojs-running.png" });
    }

    // No clicks from here: the meta refresh reloads the dashboard until the outcome is there.
    await expect(panel.getByText("Complete migration successful!")).toBeVisible({ timeout: 20_000 });
    if (landedWhileRunning) expect(dashboardLoads).toBeGreaterThan(1);
    await expect(panel.getByRole("link", { name: "Refresh status" })).toHaveCount(0);
  });
});
