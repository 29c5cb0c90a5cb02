import type { Page } from "@playwright/test";
import { expect, postAdminForm, productIdOf, seriousViolations, signIn, signInSession, test } from "./fixtures";

/**
 * As a shopper and the owner see it: the shop in its own typefaces, a distinct packshot on
 * every card, and a back office with its own chrome.
 */

/** The card images on the page, once each has loaded or failed: src and natural width. */
async function cardImages(page: Page) {
  const images = page.getByRole("article").getByRole("img");
  await expect(images.first()).toBeVisible();
  return page
    .getByRole("article")
    .locator("img")
    .evaluateAll(async (elements) =>
      Promise.all(
        (elements as HTMLImageElement[]).map(async (img) => {
          img.loading = "eager";
          await img.decode().catch(() => undefined);
          return { src: img.getAttribute("src") ?? "", width: img.naturalWidth };
        }),
      ),
    );
}

// One load of /shop for both: the fonts are read first, before the cards' images are forced to load.
test("the shop renders in its own faces, self-hosted, within 80 KB of fonts; every card shows its own packshot, with its size, strain and THC in text", async ({
  page,
}) => {
  // The two tests' budgets together.
  test.setTimeout(120_000);
  await page.goto("/shop");
  await page.evaluate(() => document.fonts.ready);
  const faces = await page.evaluate(() => ({
    heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
    body: getComputedStyle(document.body).fontFamily,
    loaded: [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replace(/"/g, "")),
    fonts: performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".woff2"))
      .map((entry) => ({ url: entry.name, bytes: (entry as PerformanceResourceTiming).encodedBodySize })),
  }));
  expect(faces.heading).toMatch(/^"?Fraunces"?,/);
  expect(faces.body).toMatch(/^"?Inter"?,/);
  expect(faces.loaded).toEqual(expect.arrayContaining(["Fraunces", "Inter"]));
  // Served from our own origin, and no more than 80 KB together.
  for (const font of faces.fonts) expect(new URL(font.url).origin).toBe(new URL(page.url()).origin);
  expect(faces.fonts.reduce((sum, font) => sum + font.bytes, 0)).toBeLessThanOrEqual(80 * 1024);
  // Both faces are preloaded (they start with the stylesheet, not after it), and only they.
  const preloads = page.locator('link[rel="preload"][as="font"][href$=".woff2"]');
  await expect(preloads).toHaveCount(2);
  expect((await preloads.evaluateAll((links) => links.map((link) => link.getAttribute("href")!))).sort()).toEqual(
    faces.fonts.map((font) => new URL(font.url).pathname).sort(),
  );

  const images = await cardImages(page);
  expect(images.length).toBeGreaterThan(10);
  for (const image of images) {
    expect(image.src).toMatch(/^\/packshots\/\d+\/[0-9a-z]{11}\.svg$/);
    expect(image.width, image.src).toBeGreaterThan(0);
  }
  expect(new Set(images.map((image) => image.src)).size).toBe(images.length);
  // The weight in a name is on the card's line (a strain sold in sizes has none there: it has several).
  await page.goto("/shop?search=House%20Lows%20Indica");
  const lows = page.getByRole("article", { name: "House Lows Indica Blend (1 lb)", exact: true });
  await expect(lows.getByText("1 lb", { exact: true })).toBeVisible();
  await expect(lows.getByText("indica", { exact: true })).toBeVisible();
  await expect(lows.getByText("THC 16-19%", { exact: true })).toBeVisible();
});

test("a product the owner creates without an image shows a packshot, whatever its name", async ({ page }) => {
  const name = `Fresa 草莓 🍓 <Gummies> & 'Co' ${Date.now()}`;
  // Made and put in the trash through the product form's and the delete confirmation's own actions.
  await signInSession(page);
  await postAdminForm(page, "/admin/add-product", {
    name,
    price: "12",
    description: "A packshot test product.",
    thcContent: "10",
    category: "edibles",
    "effects[0]": "Happy",
    active: "on",
    inStock: "on",
  });

  await page.goto(`/shop?search=${encodeURIComponent("Fresa")}`);
  const [image] = await cardImages(page);
  expect(image!.src).toMatch(/^\/packshots\//);
  expect(image!.width).toBeGreaterThan(0);
  const card = page.getByRole("article", { name, exact: true });
  await expect(card.getByText("Image not available")).toHaveCount(0);

  const id = productIdOf(await card.getByRole("link", { name, exact: true }).first().getAttribute("href"));
  await postAdminForm(page, `/admin/products/${id}/delete`, { redirectTo: "/admin/products" });
});

test.describe("the back office wears its own chrome", () => {
  // No age gate in the back office, even for a visitor who never answered it.
  test.use({ ageVerified: false });

  test("on a desktop: admin header, no cart, no age gate, no shop footer; Sign out posts", async ({ page }) => {
    await signInSession(page);
    await page.goto("/admin/products");
    const header = page.getByRole("banner");
    for (const link of ["Dashboard", "Products", "Categories", "Add Product", "View shop"]) {
      await expect(header.getByRole("link", { name: link, exact: true })).toBeVisible();
    }
    await expect(header.getByRole("link", { name: "Products", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: /^Cart/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Cart/ })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await header.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { name: "Admin Sign In" })).toBeVisible();
    // Signed out, the header offers only the way back to the shop.
    await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "View shop" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("from a tablet to a wide screen the admin header fits: every section, the brand and the actions side by side, none overlapping", async ({
    page,
  }) => {
    // Six widths of the longest admin list on a shared 2-core machine.
    test.setTimeout(150_000);
    await signInSession(page);
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto("/admin/products");
    // One load, then a resize per width: the header's layout is CSS media queries alone (no script of the
    // app reads the viewport's width); scrolled back to the top, each width is drawn as a fresh load draws it.
    for (const width of [768, 1024, 1280, 1440, 1536, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `scroll width at ${width}`).toBeLessThanOrEqual(width);
      const header = page.getByRole("banner");
      // Every control the header shows, as drawn: none may cover another or leave the screen.
      const controls = await header.evaluate((element) =>
        [...element.querySelectorAll("a, button, summary")]
          .filter((control) => control.checkVisibility())
          .map((control) => {
            const box = control.getBoundingClientRect();
            return {
              name: control.getAttribute("aria-label") ?? control.textContent!.trim(),
              left: box.left,
              right: box.right,
              top: box.top,
              bottom: box.bottom,
            };
          }),
      );
      for (const [index, a] of controls.entries()) {
        expect(a.left, `${a.name} at ${width}`).toBeGreaterThanOrEqual(0);
        expect(a.right, `${a.name} at ${width}`).toBeLessThanOrEqual(width);
        for (const b of controls.slice(index + 1)) {
          const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
          expect(apart, `${a.name} and ${b.name} overlap at ${width}`).toBe(true);
        }
      }
      const names = controls.map((control) => control.name);
      expect(names).toContain("Greenleaf Supply admin home");
      if (width >= 1024) {
        expect(names).toEqual(
          expect.arrayContaining([
            "Dashboard",
            "Insights",
            "Products",
            "Categories",
            "Specials",
            "Photos",
            "Storefront",
            "Trash",
            "Settings",
            "Add Product",
            "View shop",
            "Sign out",
          ]),
        );
        await expect(header.getByText("Greenleaf Supply", { exact: true })).toBeVisible();
        // Scrolled, the sections' row stays on screen, no taller than the phone's bar.
        await page.evaluate(() => window.scrollTo(0, 800));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(800);
        const settings = await header.getByRole("link", { name: "Settings", exact: true }).boundingBox();
        expect(settings!.y, `the Settings link scrolled at ${width}`).toBeGreaterThanOrEqual(0);
        const pinned = (await header.boundingBox())!;
        expect(pinned.y + pinned.height, `the pinned header's bottom at ${width}`).toBeLessThanOrEqual(64);
      } else {
        expect(names).toContain("Menu");
        await expect(header.getByRole("link", { name: "Products", exact: true })).toBeHidden();
      }
    }
  });

  test("on a phone: one compact menu, nothing wider than the screen", async ({ page }) => {
    await signInSession(page);
    // One load per page, then a resize per width (the layout is CSS media queries alone); the dashboard,
    // last, is left at 390 px for the menu.
    for (const path of ["/admin/products", "/admin/categories", "/admin/dashboard"]) {
      await page.setViewportSize({ width: 320, height: 844 });
      await page.goto(path);
      for (const width of [320, 360, 390]) {
        await page.setViewportSize({ width, height: 844 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width}`).toBeLessThanOrEqual(width);
      }
    }
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Products", exact: true })).toBeHidden();
    await header.getByText("Menu").click();
    const menu = header.getByRole("navigation", { name: "Admin" });
    for (const link of ["Dashboard", "Products", "Categories", "Add Product", "View shop"]) {
      await expect(menu.getByRole("link", { name: link, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await menu.getByRole("link", { name: "Categories", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Category Management" })).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the phone menu opens and Sign out still posts", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page);
      const header = page.getByRole("banner");
      await header.getByText("Menu").click();
      await header.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL("/admin");
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL("/admin");
    });
  });
});
