import { execFileSync } from "node:child_process";
import { expect, signInSession, test, variants } from "./fixtures";

/**
 * The owner opens Insights after a scripted week of counts (scripts/insights-week.ts, written into
 * this run's local D1) and reads the chart, its table, the top products and a search that found
 * nothing, on a phone and a laptop, with JavaScript on and off.
 */

const port = Number(process.env.E2E_PORT ?? 8790);

// One worker writes the week once. The script opens the running server's database from a second
// process, which SQLite can refuse while the server writes; a short wait and another try settle it.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync("node_modules/.bin/tsx", ["scripts/insights-week.ts", "--persist-to", `.wrangler/e2e-${port}`], { stdio: "inherit" });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
});

for (const { width, viewport, javaScriptEnabled } of variants({ height: 900 })) {
  test.describe(`${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport, javaScriptEnabled });

    test("the owner reads a week of insights", async ({ page }) => {
      await signInSession(page);
      await page.goto("/admin/dashboard");
      await page
        .getByRole("link", { name: /^Insights/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/admin\/insights/);
      await page.getByRole("link", { name: "7 days" }).click();
      await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
      await expect(page.getByRole("img", { name: /Views, adds to cart and orders sent per day, last 7 days/ })).toBeVisible();
      const perDay = page.getByRole("table", { name: "Views, adds and orders per day" });
      await expect(perDay.getByRole("row")).toHaveCount(8);
      const missed = page.getByRole("region", { name: "Searches that found nothing" });
      await expect(missed.getByRole("cell", { name: "rosin" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Top products" }).getByRole("row")).not.toHaveCount(0);
      await page.getByRole("link", { name: "By quoted revenue" }).click();
      await expect(page).toHaveURL(/sort=revenue/);
      await page.screenshot({
        path: `test-results/screens/insights-${width}-js-${javaScriptEnabled ? "on" : "off"}.png`,
        fullPage: true,
      });
    });
  });
}
