import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { writePhonePhoto } from "../../scripts/photo-fixtures";
import { createProductWithImages, expect, test, variants } from "./fixtures";

/**
 * A product with two 4000x3000 phone photos (made here with ImageMagick and exiftool, GPS and all),
 * uploaded through the admin form, prepared by the Queue and the Images binding, then seen as a
 * shopper: what the product page and a card download, that each image is the variant its layout
 * needs (currentSrc), with JavaScript on and off, and that nothing shifts (docs/decisions/022).
 */

/**
 * A phone's screen. Not Playwright's isMobile: under that emulation Chrome's preload scanner sizes
 * images for a 980 px layout viewport before the meta viewport applies and fetches one candidate
 * too wide (measured: the gallery's w1600, 131 KB; the page stayed inside the budgets at 171 KB).
 * We take that for an artefact of the emulation, so the phone here is a 390 px, DPR 3 touch screen.
 */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true } satisfies BrowserContextOptions;
const DESKTOP = { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 } satisfies BrowserContextOptions;

let dir = "";
let photos: string[] = [];
let productPath = "";
let name = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(600_000);
  dir = mkdtempSync(path.join(tmpdir(), "e2e-photos-"));
  photos = [1, 2].map((seed) => {
    const file = path.join(dir, `phone-${seed}.jpg`);
    writePhonePhoto(file, seed);
    return file;
  });
  name = `Phone Photo Kush ${Date.now()}`;
  const context = await browser.newContext({ ...DESKTOP, storageState: undefined });
  await context.addCookies([{ name: "age-verified", value: "yes", url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  await createProductWithImages(page, name, photos);
  // The product's page, found as a shopper would (the search suggestions).
  const search = await page.request.get(`/search?q=${encodeURIComponent(name)}`);
  productPath = ((await search.json()) as { products: { href: string }[] }).products[0]!.href;
  // Both photos' variants made by the Queue (the product form's status route, as the owner sees it).
  const html = await (await page.request.get(productPath)).text();
  const keys = [...new Set([...html.matchAll(/\/images\/(image-[A-Za-z0-9._-]+?)\/(?:w\d+|lqip)/g)].map((match) => match[1]!))];
  expect(keys).toHaveLength(2);
  for (const key of keys) {
    await expect
      .poll(
        async () => {
          // The local server is busy making the variants: a dropped poll is tried again.
          const response = await page.request.get(`/admin/uploads/image/${key}`).catch(() => null);
          return response?.ok() ? ((await response.json()) as { status: string }).status : "unreachable";
        },
        {
          timeout: 180_000,
          intervals: [1000],
        },
      )
      .toBe("ready");
  }
  await context.close();
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Loaded {
  images: Array<{ url: string; bytes: number; type: string }>;
  page: Page;
}

/** Opens a page in a fresh context and records every image response (bytes of its body) until the network is idle. */
async function open(browser: Browser, url: string, options: BrowserContextOptions): Promise<Loaded> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: "age-verified", value: "yes", url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  const images: Loaded["images"] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "image") return;
    pending.push(
      response
        .body()
        .then(
          (body) =>
            void images.push({ url: new URL(response.url()).pathname, bytes: body.length, type: response.headers()["content-type"] ?? "" }),
        )
        .catch(() => undefined),
    );
  });
  if (options.javaScriptEnabled !== false) {
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
  }
  await page.goto(url, { waitUntil: "networkidle" });
  await Promise.all(pending);
  return { images, page };
}

/** The width of the variant an <img> chose, and the width it should have chosen: the smallest offered one that covers its drawn width. */
async function choice(page: Page, selector: string) {
  return page.locator(selector).evaluate((img: HTMLImageElement) => {
    const offered = (img.srcset || "")
      .split(",")
      .map((candidate) => Number(/(\d+)w\s*$/.exec(candidate.trim())?.[1] ?? 0))
      .filter(Boolean)
      .sort((a, b) => a - b);
    const needed = img.getBoundingClientRect().width * window.devicePixelRatio;
    const fitting = offered.find((width) => width >= needed) ?? offered.at(-1) ?? 0;
    const chosen = Number(/\/w(\d+)$/.exec(new URL(img.currentSrc || img.src).pathname)?.[1] ?? 0);
    return { chosen, fitting, needed: Math.round(needed), width: img.getAttribute("width"), height: img.getAttribute("height") };
  });
}

const total = (images: Loaded["images"]) => images.reduce((sum, image) => sum + image.bytes, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const { width, javaScriptEnabled } of variants()) {
  const [label, options] = width === PHONE.viewport.width ? (["390 px, DPR 3", PHONE] as const) : (["1280 px", DESKTOP] as const);
  test(`product page at ${label}, JavaScript ${javaScriptEnabled ? "on" : "off"}: right-sized variants, no metadata, no shift`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { images, page } = await open(browser, productPath, { ...options, javaScriptEnabled });
    const originals = photos.reduce((sum, file) => sum + statSync(file).size, 0);
    const photoImages = images.filter((image) => image.url.startsWith("/images/"));
    console.log(
      `[photos] ${label} JS ${javaScriptEnabled ? "on" : "off"}: ${photoImages.length} photo responses, ${kb(total(photoImages))} ` +
        `(largest ${kb(Math.max(...photoImages.map((image) => image.bytes)))}; ${photoImages.map((image) => `${image.url.split("/").pop()} ${image.type} ${kb(image.bytes)}`).join(", ")}); ` +
        `the two originals: ${kb(originals)}`,
    );
    // No original, and every photo a modern format.
    for (const image of photoImages) {
      expect(image.url, "an original was served").toMatch(/\/(w\d+|lqip)$/);
      expect(image.type).toMatch(/^image\/(avif|webp)$/);
      expect(image.bytes, image.url).toBeLessThanOrEqual(200 * 1024);
    }
    expect(total(photoImages)).toBeLessThanOrEqual(300 * 1024);

    // The cover: eager, high priority, sized, and the variant its width needs.
    const cover = page.getByRole("link", { name: /^Zoom in on/ }).locator("img");
    await expect(cover).toHaveAttribute("fetchpriority", "high");
    await expect(cover).not.toHaveAttribute("loading", "lazy");
    const chosen = await choice(page, 'a[aria-label^="Zoom in on"] img');
    console.log(
      `[photos] ${label} JS ${javaScriptEnabled ? "on" : "off"}: cover drawn ${chosen.needed} device px, chose w${chosen.chosen}`,
    );
    expect(chosen.chosen).toBeGreaterThan(0);
    expect(chosen.chosen).toBeLessThanOrEqual(chosen.fitting);
    // Every image has its size in the markup.
    for (const img of await page.locator("main img").all()) {
      expect(await img.getAttribute("width")).toBeTruthy();
      expect(await img.getAttribute("height")).toBeTruthy();
    }
    if (javaScriptEnabled) {
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      console.log(`[photos] ${label}: cumulative layout shift ${cls.toFixed(4)}`);
      expect(cls).toBeLessThan(0.01);
    }
    if (label.startsWith("390") && javaScriptEnabled) {
      await page.screenshot({ path: "test-results/screens/photos-product-390.png" });
    }
    await page.context().close();
  });
}

test("a card on /shop downloads one small variant of the phone photo", async ({ browser }) => {
  const { images, page } = await open(browser, `/shop?search=${encodeURIComponent(name)}`, PHONE);
  const photoImages = images.filter((image) => image.url.startsWith("/images/") && !image.url.endsWith("/lqip"));
  console.log(
    `[photos] /shop card at 390 px DPR 3: ${photoImages.map((image) => `${image.url.split("/").pop()} ${image.type} ${kb(image.bytes)}`).join(", ")}`,
  );
  expect(photoImages).toHaveLength(1);
  expect(photoImages[0]!.bytes).toBeLessThanOrEqual(60 * 1024);
  const card = await choice(page, `article[aria-labelledby] img[alt="${name}"]`);
  expect(card.chosen).toBeLessThanOrEqual(card.fitting);
  await page.context().close();
});
