import type { Page } from "@playwright/test";
import { catalogue } from "../../db/catalogue";
import { CATALOGUE_CSV_COLUMNS } from "../../app/features/catalogue-csv/catalogue-csv";
import { csvLine, CSV_BOM, parseCsv } from "../../app/features/catalogue-csv/csv";
import { expect, signIn, test } from "./fixtures";

/**
 * 'Import catalogue' (decision 026) in the browser, with JavaScript and without: the exported file,
 * edited as in a spreadsheet, is uploaded from the dashboard; the preview shows the change field by
 * field and the new product; confirming runs the import through the migration panel's run.
 */

test.describe.configure({ mode: "serial" });

/** The shop's export with one catalogue product renamed and one new product appended. */
async function editedExport(page: Page, target: string, renamed: string, added: string) {
  const response = await page.request.get("/admin/catalogue.csv");
  expect(response.status()).toBe(200);
  const parsed = parseCsv(await response.text());
  if (!parsed.ok) throw new Error(parsed.message);
  const [header, ...rows] = parsed.rows;
  const nameAt = header!.indexOf("name");
  const edited = rows.map((cells) => (cells[nameAt] === target ? cells.map((cell, i) => (i === nameAt ? renamed : cell)) : cells));
  const newRow: Record<string, string> = {
    name: added,
    price: "18",
    category: "edibles",
    strain_type: "indica",
    thc_content: "10mg per piece",
    effects: "Sleepy; Calm",
    description: 'Imported from a supplier\'s list, with "quotes", commas, and 草莓.',
    rating: "4.5",
    review_count: "2",
    lab_tested: "yes",
    in_stock: "yes",
    active: "yes",
  };
  const lines = [header!, ...edited, CATALOGUE_CSV_COLUMNS.map((column) => newRow[column] ?? "")];
  return Buffer.from(CSV_BOM + lines.map((cells) => csvLine(cells)).join(""), "utf8");
}

async function importFromDashboard(page: Page, file: Buffer) {
  await page.goto("/admin/dashboard");
  const panel = page.getByRole("region", { name: "Product catalogue" });
  await panel.getByLabel("Catalogue file (CSV)").setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: file });
  await panel.getByRole("button", { name: "Import catalogue" }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue-import$/);
  await expect(page.getByRole("heading", { name: "Import the catalogue?" })).toBeVisible();
}

async function checkPreview(page: Page, target: string, renamed: string, added: string) {
  const changed = page.getByRole("region", { name: /Changed \(1 product\)/ });
  await expect(changed.getByText(`Name: ${target} → ${renamed}`)).toBeVisible();
  await expect(page.getByRole("region", { name: /Added \(1 product\)/ }).getByText(added)).toBeVisible();
}

async function confirmAndFinish(page: Page, renamed: string, added: string) {
  await page.getByRole("button", { name: "Import the catalogue" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  // The migration panel follows the run (polling with JavaScript, a meta refresh without).
  const panel = page.getByRole("region", { name: "Product catalogue" });
  await expect(panel.getByText("Catalogue import finished", { exact: true })).toBeVisible({ timeout: 30_000 });
  for (const name of [renamed, added]) {
    await page.goto(`/shop?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole("article").filter({ hasText: name }).first()).toBeVisible();
  }
}

test("with JavaScript: export, edit, import from the dashboard, preview field by field, confirm", async ({ page }) => {
  test.setTimeout(120_000);
  const target = catalogue[catalogue.length - 2]!.name!;
  const renamed = `${target} Imported ${Date.now().toString(36)}`;
  const added = `Supplier Gummies ${Date.now().toString(36)}`;
  await signIn(page);
  await page.getByRole("region", { name: "Product catalogue" }).screenshot({ path: "test-results/screens/catalogue-panel-desktop.png" });
  await importFromDashboard(page, await editedExport(page, target, renamed, added));
  await checkPreview(page, target, renamed, added);
  await page.screenshot({ path: "test-results/screens/catalogue-import-preview-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screens/catalogue-import-preview-phone.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await confirmAndFinish(page, renamed, added);

  // A file with refused rows: listed with row, column and message, and nothing to confirm.
  await page.goto("/admin/catalogue-import");
  const bad = [
    { name: "Too Strong", thc_content: "very strong", category: "edibles" },
    { name: "Nowhere", thc_content: "20%", category: "no-such-category" },
  ].map((row) => {
    const cells: Record<string, string> = {
      price: "5",
      description: "x",
      rating: "5",
      review_count: "0",
      lab_tested: "yes",
      in_stock: "yes",
      active: "yes",
      ...row,
    };
    return CATALOGUE_CSV_COLUMNS.map((column) => cells[column] ?? "");
  });
  await page.getByLabel("Catalogue file (CSV)").setInputFiles({
    name: "supplier.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csvLine(CATALOGUE_CSV_COLUMNS) + bad.map((cells) => csvLine(cells)).join("")),
  });
  await page.getByRole("button", { name: "Import catalogue" }).click();
  await expect(page.getByText("Nothing can be imported until every row is accepted")).toBeVisible();
  await expect(page.getByRole("region", { name: "Refused rows (2)" }).getByText(/Row 3, column category/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Import the catalogue" })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screens/catalogue-import-refused-phone.png", fullPage: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the file form, the preview and the confirmation are plain forms", async ({ page }) => {
    test.setTimeout(120_000);
    const target = catalogue[catalogue.length - 3]!.name!;
    const renamed = `${target} No-JS ${Date.now().toString(36)}`;
    const added = `Supplier Mints ${Date.now().toString(36)}`;
    await signIn(page);
    await importFromDashboard(page, await editedExport(page, target, renamed, added));
    await checkPreview(page, target, renamed, added);
    await confirmAndFinish(page, renamed, added);
  });
});
