import path from "node:path";
import { expect, fillNewProductForm, holdRequests, test } from "./fixtures";

/**
 * Product media in a real browser: two images uploaded and reordered, a real MP4 uploaded with
 * pause and resume, then both shown on the product page, through the admin product form's labels.
 */
const fixture = (name: string) => path.join(import.meta.dirname, "fixtures", name);

test.describe("product images and video", () => {
  test("upload and reorder images, upload a video with pause and resume, see both on the product page", async ({ page }) => {
    // Two uploads (one paused and resumed) and two full-page screenshots: long on a busy 2-core machine.
    test.setTimeout(120_000);
    const name = `Media Test Kush ${Date.now()}`;

    await fillNewProductForm(page, { name, price: "42", description: "A test strain with a gallery and a video.", thc: "24" });

    // Two images, each with its own upload; the first picked is the cover until reordered. Each upload's
    // notice shows for a few seconds, in either order: both are watched for from the start.
    const notices = Promise.all(
      ["Cover image has been updated", "Extra image has been added"].map((notice) =>
        expect(page.getByText(notice)).toBeVisible({ timeout: 30_000 }),
      ),
    );
    await page.getByLabel("Upload images").setInputFiles([fixture("leaf-gold.jpg"), fixture("cream-green.png")]);
    await expect(page.getByRole("img", { name: "Cover image: leaf-gold.jpg" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Extra image 1: cream-green.png" })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await notices;

    // Reorder with the keyboard-operable button: the PNG becomes the cover.
    await page.getByRole("button", { name: "Move image 2 up" }).click();
    await expect(page.getByRole("img", { name: "Cover image: cream-green.png" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Extra image 1: leaf-gold.jpg" })).toBeVisible();
    const imageUrls = await page
      .locator('input[type="hidden"][name="images"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(imageUrls).toHaveLength(2);
    expect(imageUrls[0]).toMatch(/^\/images\/image-\d+-[a-z0-9]+\.png$/);
    expect(imageUrls[1]).toMatch(/^\/images\/image-\d+-[a-z0-9]+\.jpg$/);

    // The video: hold its only part on the wire, pause, let the part land, resume.
    const part = await holdRequests(page, "**/admin/uploads/video/part?**");
    await page.getByLabel("Upload video").setInputFiles(fixture("clip.mp4"));
    await part.requested;
    await expect(page.getByText("Uploading chunk 1/1...")).toBeVisible();
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByText("Upload paused")).toBeVisible();
    part.release();
    // The part is stored (85%), but nothing is combined while paused.
    const progress = page.getByRole("progressbar", { name: "Video upload progress" });
    await expect(progress).toHaveAttribute("aria-valuenow", "85");
    await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByText("Upload resumed")).toBeVisible();
    await expect(page.getByText("Video uploaded successfully!")).toBeVisible();
    await expect(page.getByText(/clip\.mp4 \(0\.02 MB\) uploaded in \d+s using 1 chunk\./)).toBeVisible();
    await expect(page.getByLabel("Product video preview")).toBeVisible();
    // The bar clears about a second after completion.
    await expect(progress).toHaveCount(0);
    const videoUrl = await page.locator('input[type="hidden"][name="video"]').inputValue();
    expect(videoUrl).toMatch(/^\/videos\/video-\d+-[a-z0-9]+\.mp4$/);

    await page.getByRole("button", { name: "Create Product" }).click();
    await expect(page.getByText("Product created successfully!")).toBeVisible();

    // The shopper's view: find the product and open it.
    await page.goto(`/shop?search=${encodeURIComponent(name)}`);
    await page.getByRole("article", { name }).getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(/\/product\/\d+(-[a-z0-9-]+)?$/);
    await expect(page.getByRole("heading", { name })).toBeVisible();

    // Cover first, then the extra image, in the order chosen on the form. The URL changes before
    // React commits the new page, so wait for the gallery's three thumbnails first.
    await expect(page.getByRole("list", { name: "Thumbnails" }).getByRole("listitem")).toHaveCount(3);
    const gallerySources = await page
      .locator("img")
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).currentSrc || (image as HTMLImageElement).src));
    const coverAt = gallerySources.findIndex((src) => src.includes(imageUrls[0]!));
    const extraAt = gallerySources.findIndex((src) => src.includes(imageUrls[1]!));
    expect(coverAt).toBeGreaterThanOrEqual(0);
    expect(extraAt).toBeGreaterThan(coverAt);
    await expect(page.locator(`img[src*="${imageUrls[0]}"]`).first()).toBeVisible();

    // The video is the last gallery item: step forward until its player shows, then play it.
    const player = page.locator(`video[src*="${videoUrl}"], video:has(source[src*="${videoUrl}"])`).first();
    for (let step = 0; step < 3 && !(await player.isVisible()); step++) {
      await page.getByRole("button", { name: /next/i }).first().click();
    }
    await expect(player).toBeVisible();
    await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await player.evaluate((video: HTMLVideoElement) => Math.round(video.duration))).toBe(2);
    await player.evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      await video.play();
    });
    await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "test-results/screens/product-media-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "test-results/screens/product-media-1280.png", fullPage: true });
  });
});
