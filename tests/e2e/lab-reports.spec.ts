import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, productIdOf, signInSession, test, variants } from "./fixtures";

/**
 * Lab reports, with JavaScript on and off: the owner attaches a lab report (a committed
 * sample PDF) with its facts to a catalogue product; the shopper reads the facts on the product page
 * and opens the report in a new tab, where Chromium's PDF viewer shows it under our sandboxing CSP.
 */

const REPORT = path.join(import.meta.dirname, "..", "..", "db", "lab-reports", "sample-coa-runtz-eighth.pdf");

/** The product page of a catalogue product, found through the shop's search. */
async function productPath(page: Page, name: string) {
  await page.goto(`/shop?search=${encodeURIComponent(name)}`);
  const link = page.getByRole("link", { name, exact: true });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/product\/\d+(-[a-z0-9-]+)?$/);
  return href!;
}

for (const { javaScriptEnabled: js } of variants({ widths: [1280] })) {
  const mode = js ? "with JavaScript" : "without JavaScript";
  const product = js ? "Apple Fritter" : "Permanent Marker";

  test.describe(`lab reports ${mode}`, () => {
    test.use({ javaScriptEnabled: js });

    // In the full browser: the report opens in its PDF viewer.
    test(
      "the owner attaches a report with facts; the shopper reads them and opens the report",
      { tag: "@full-chromium" },
      async ({ page, context }) => {
        await signInSession(page);
        const shopPath = await productPath(page, product);
        await page.goto(`/admin/edit-product/${productIdOf(shopPath)}`);

        const section = page.getByRole("group", { name: "Lab report" });
        await expect(section.getByText("No lab report yet.")).toBeVisible();
        await section.getByLabel("Upload lab report").setInputFiles(REPORT);
        if (js) {
          // Uploaded at once, with a progress bar; the form then holds the stored report.
          await expect(section.getByRole("link", { name: /View lab report/ })).toBeVisible();
          await expect(section.getByRole("progressbar")).toHaveCount(0);
          await expect(section.getByRole("button", { name: "Remove lab report" })).toBeVisible();
        }
        await section.getByLabel("Lab name").fill("Example Analytical Labs");
        await section.getByLabel("Test date").fill("2026-10-14");
        await section.getByLabel("Batch number").fill(`E2E-${js ? "JS" : "NOJS"}-7`);
        await section.getByLabel("THC %").fill("25.84");
        await section.getByLabel("CBD %").fill("0.07");
        await page.getByRole("button", { name: "Update Product" }).click();
        await expect(page).toHaveURL("/admin/products");

        // The shopper (a fresh context without the admin session) sees the facts and the report.
        const shopper = await context.browser()!.newContext({ javaScriptEnabled: js });
        await shopper.addCookies([{ name: "age-verified", value: "yes", url: new URL(page.url()).origin }]);
        const shop = await shopper.newPage();
        await shop.goto(new URL(shopPath, page.url()).href);
        const lab = shop.getByRole("region", { name: "Lab report" });
        await expect(lab.getByRole("definition").filter({ hasText: "Example Analytical Labs" })).toBeVisible();
        await expect(lab.getByRole("definition").filter({ hasText: "14 October 2026" })).toBeVisible();
        await expect(lab.getByRole("definition").filter({ hasText: "25.84%" })).toBeVisible();
        await expect(lab.getByText("Lab report available on request")).toHaveCount(0);

        const open = lab.getByRole("link", { name: /View lab report.*opens in a new tab/ });
        const [tab] = await Promise.all([shop.waitForEvent("popup"), open.click()]);
        await expect(tab).toHaveURL(/\/lab-reports\/report-\d+-[a-z0-9]+\.pdf$/);
        // The real PDF: Chromium hands it to its PDF viewer (an extension frame) despite the sandboxing CSP.
        await expect.poll(() => tab.frames().some((frame) => frame.url().startsWith("chrome-extension://"))).toBe(true);
        const served = await shop.request.get(tab.url());
        expect(served.headers()["content-type"]).toBe("application/pdf");
        expect(served.headers()["content-security-policy"]).toContain("sandbox");
        expect((await served.body()).subarray(0, 5).toString()).toBe("%PDF-");
        await shopper.close();
      },
    );
  });
}

test("a product without a report says it is available on request, through Telegram", async ({ page }) => {
  await page.goto(`/shop?search=${encodeURIComponent("Zkittlez")}`);
  await page.getByRole("link", { name: "Zkittlez", exact: true }).click();
  const lab = page.getByRole("region", { name: "Lab report" });
  await expect(lab.getByText("Lab report available on request.")).toBeVisible();
  await expect(lab.getByRole("link", { name: /Ask us on Telegram/ })).toHaveAttribute("href", /^https:\/\/t\.me\//);
});
