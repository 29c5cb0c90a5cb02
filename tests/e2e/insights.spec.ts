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

/** Writes the scripted week into this run's D1; `scale` multiplies every count. */
async function writeWeek(scale = 1) {
  for (let attempt = 1; ; attempt++) {
    try {
      const args = ["scripts/insights-week.ts", "--persist-to", `.wrangler/e2e-${port}`, "--scale", String(scale)];
      execFileSync("node_modules/.bin/tsx", args, { stdio: "inherit" });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

test.beforeAll(() => writeWeek());

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

test("a busy shop's six- and seven-figure counts stay inside their cards on a 320 px phone", async ({ page }) => {
  await writeWeek(5_000);
  try {
    await page.setViewportSize({ width: 320, height: 800 });
    await signInSession(page);
    await page.goto("/admin/insights?range=7");
    await expect(page.getByRole("term").filter({ hasText: "Product views" })).toBeVisible();
    const views = await page.getByRole("definition").first().textContent();
    expect(views?.replace(/\D/g, "").length, `the week's views (${views}) have seven figures`).toBeGreaterThanOrEqual(7);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // No figure runs out of its card, and no table needs to scroll inside its box.
    const overflowing = await page.evaluate(() => [
      ...[...document.querySelectorAll("dd")].filter((dd) => dd.scrollWidth > dd.clientWidth).map((dd) => `figure ${dd.textContent}`),
      ...[...document.querySelectorAll("table")]
        .filter((table) => table.scrollWidth > table.parentElement!.clientWidth)
        .map((table) => `table ${table.querySelector("caption")?.textContent}`),
    ]);
    expect(overflowing).toEqual([]);
  } finally {
    await writeWeek();
  }
});
