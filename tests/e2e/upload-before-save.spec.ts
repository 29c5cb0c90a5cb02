import path from "node:path";
import { expect, fillNewProductForm, holdRequests, test } from "./fixtures";

/**
 * A product form is never saved while a photo it holds is still uploading: the save button says
 * what it waits for and cannot be pressed (nor reached with Enter), and once the photo has arrived
 * the save puts it on the product.
 */

const SHOTS = "test-results/screens";

test("Create Product waits for a slow photo upload, then saves the product with its photo", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Slow Upload Kush ${Date.now()}`;
  await fillNewProductForm(page, { name, price: "38", description: "Saved only once its photo has arrived.", thc: "21" });

  // Hold the photo on the wire until the test lets it go.
  const photo = await holdRequests(page, "**/admin/uploads/image");
  await page.getByLabel("Upload images").setInputFiles(path.join(import.meta.dirname, "fixtures", "leaf-gold.jpg"));
  await photo.requested;

  const waiting = page.getByRole("button", { name: "Wait for the photo to finish uploading…" });
  await expect(waiting).toBeDisabled();
  await expect(page.getByRole("button", { name: "Create Product" })).toHaveCount(0);
  // Enter in a text field does not save either: the form's default button waits too.
  await page.getByLabel("Product Name").press("Enter");
  await page.waitForTimeout(500);
  await expect(page).toHaveURL("/admin/add-product");
  await waiting.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/upload-wait-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await waiting.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/upload-wait-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  photo.release();
  const create = page.getByRole("button", { name: "Create Product" });
  await expect(create).toBeEnabled({ timeout: 60_000 });
  await expect(page.locator('input[type="hidden"][name="images"]')).toHaveCount(1);
  await create.click();
  await expect(page).toHaveURL("/admin/products", { timeout: 60_000 });
  await expect(page.getByText("Product created successfully!")).toBeVisible();

  // The product has the photo: its card in the shop shows the uploaded image, not a packshot.
  await page.goto(`/shop?search=${encodeURIComponent(name)}`);
  const card = page.getByRole("article", { name, exact: true });
  await expect(card.locator("img").first()).toHaveAttribute("src", /^\/images\/image-/);
});

test("a photo upload that loses its connection, then meets a 503, is sent again and arrives without an error", async ({ page }) => {
  test.setTimeout(120_000);
  await fillNewProductForm(page, { name: `Retried Upload Kush ${Date.now()}`, price: "37", description: "Sent a third time.", thc: "20" });
  // The first attempt's connection drops; the second gets a gateway's 503 (as the local engine's proxy
  // answers when its connection to the Worker closed); the third reaches the route.
  const attempts: string[] = [];
  await page.route("**/admin/uploads/image", async (route) => {
    attempts.push(route.request().method());
    if (attempts.length === 1) return route.abort("connectionreset");
    if (attempts.length === 2) return route.fulfill({ status: 503, contentType: "text/plain", body: "Your worker restarted mid-request." });
    return route.continue();
  });
  await page.getByLabel("Upload images").setInputFiles(path.join(import.meta.dirname, "fixtures", "leaf-gold.jpg"));
  await expect(page.locator('input[type="hidden"][name="images"]')).toHaveCount(1, { timeout: 60_000 });
  await expect(page.getByRole("img", { name: "Cover image: leaf-gold.jpg" })).toBeVisible();
  expect(attempts).toEqual(["PUT", "PUT", "PUT"]);
  await expect(page.getByText("Upload failed")).toHaveCount(0);
});

test("a photo removed while its upload waits to be sent again is not sent again, and no error shows", async ({ page }) => {
  await fillNewProductForm(page, { name: `Removed Upload Kush ${Date.now()}`, price: "37", description: "Taken off.", thc: "20" });
  const attempts: string[] = [];
  await page.route("**/admin/uploads/image", async (route) => {
    attempts.push(route.request().method());
    await route.fulfill({ status: 503, contentType: "text/plain", body: "Service unavailable" });
  });
  await page.getByLabel("Upload images").setInputFiles(path.join(import.meta.dirname, "fixtures", "leaf-gold.jpg"));
  await expect.poll(() => attempts.length).toBe(1);
  await page.getByRole("button", { name: "Remove image 1" }).click();
  await expect(page.getByText("No images yet.")).toBeVisible();
  // Past the first two waits (1 s, then 2 s): had the removal not stopped it, it would have been sent twice more.
  await page.waitForTimeout(3_500);
  expect(attempts).toEqual(["PUT"]);
  await expect(page.getByText("Upload failed")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the photo travels with the form: Create Product saves the product with it", async ({ page }) => {
    test.setTimeout(120_000);
    const name = `Plain Upload Kush ${Date.now()}`;
    await fillNewProductForm(page, { name, price: "36", description: "Its photo goes with the post.", thc: "22" });
    await page.getByLabel("Upload images").setInputFiles(path.join(import.meta.dirname, "fixtures", "cream-green.png"));
    await page.getByRole("button", { name: "Create Product" }).click();
    await expect(page).toHaveURL("/admin/products", { timeout: 60_000 });

    await page.goto(`/shop?search=${encodeURIComponent(name)}`);
    const card = page.getByRole("article", { name, exact: true });
    await expect(card.locator("img").first()).toHaveAttribute("src", /^\/images\/image-/);
  });
});
