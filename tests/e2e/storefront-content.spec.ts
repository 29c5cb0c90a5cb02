import type { Browser, Page } from "@playwright/test";
import { expect, signIn, signInSession, test, variants } from "./fixtures";

/**
 * The owner changes the storefront's words in the admin Storefront area — the home page's welcome,
 * its featured products, the privacy policy, a review — and a shopper in another browser sees all of
 * it on the next request (the shared page cache included), with JavaScript on and off, at phone and
 * desktop widths. Screenshots go to SCREENS when it is set (they are not part of the repository).
 */

const SCREENS = process.env.SCREENS;
const SIZES = [
  { label: "390", width: 390, height: 844 },
  { label: "1280", width: 1280, height: 900 },
] as const;

test.describe.configure({ mode: "serial" });

async function shopper(browser: Browser, baseURL: string, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addCookies([{ name: "age-verified", value: "yes", url: baseURL }]);
  return { context, page: await context.newPage() };
}

async function screenshot(page: Page, name: string) {
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/h7-${name}.png`, fullPage: true });
}

/** Saves the section's form and lands back on it with the saved notice. */
async function save(page: Page, title: string) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(`${title} saved`)).toBeVisible();
}

for (const { width, javaScriptEnabled } of variants()) {
  const size = SIZES.find((candidate) => candidate.width === width) ?? SIZES[0];
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"} at ${size.label} px`, () => {
    test.use({ javaScriptEnabled, viewport: { width: size.width, height: size.height } });

    test("the owner edits the home page, picks a featured product and writes the privacy policy; a shopper sees it all next", async ({
      page,
      browser,
      baseURL,
    }) => {
      const mark = `${javaScriptEnabled ? "js" : "nojs"}-${size.label}`;
      const visitor = await shopper(browser, baseURL!, size.width, size.height);
      // The shopper's pages are in the shared cache before the owner's edit.
      await visitor.page.goto("/");
      await visitor.page.goto("/privacy");
      await expect(visitor.page.getByRole("heading", { level: 1 })).toBeVisible();

      await signIn(page);
      await page
        .getByRole("link", { name: /^Storefront/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/admin\/storefront$/);
      await screenshot(page, `admin-storefront-${mark}`);
      await page.getByRole("link", { name: /^Home page/ }).click();

      const welcome = page.getByRole("group", { name: "Welcome banner" });
      await welcome.getByRole("textbox", { name: "Heading", exact: true }).fill(`Fresh harvest, hand-trimmed (${mark})`);
      // A refused save keeps what was typed and says what is wrong, beside the field.
      await page.getByRole("group", { name: "Deal banner" }).getByLabel("Button link").fill("https://elsewhere.example");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Use a path on this shop")).toBeVisible();
      await expect(welcome.getByRole("textbox", { name: "Heading", exact: true })).toHaveValue(`Fresh harvest, hand-trimmed (${mark})`);
      await page.getByRole("group", { name: "Deal banner" }).getByLabel("Button link").fill("/shop?sale=1");

      const featured = page.getByRole("group", { name: "Featured products" });
      // Take the first one off and add another, each by its button (a post of the form without JavaScript).
      await featured.getByRole("button", { name: "Remove featured product 1" }).click();
      await expect(featured.getByRole("combobox")).toHaveCount(2);
      await featured.getByRole("button", { name: "Add a featured product" }).click();
      const picker = featured.getByLabel("Featured product 3");
      await expect(picker).toBeVisible();
      await picker.selectOption({ index: 10 + SIZES.indexOf(size) + (javaScriptEnabled ? 0 : 2) });
      const picked = ((await picker.locator("option:checked").textContent()) ?? "").replace(/ \([^)]*\)$/, "");
      expect(picked).not.toBe("");
      await screenshot(page, `admin-home-${mark}`);
      await save(page, "Home page");
      // The versions list names what this save changed.
      await expect(page.getByRole("region", { name: "Versions" }).getByRole("listitem").first()).toContainText("Welcome banner");

      await page.goto("/admin/storefront/policies");
      const privacy = page.getByRole("group", { name: "Privacy (/privacy)" });
      await privacy
        .getByLabel("Text", { exact: true })
        .fill(`## Our promise\nWe keep your cart in your browser and nothing else (${mark}).\n\n- No orders stored\n- No tracking`);
      await save(page, "Policies");

      // The shopper's next request shows the owner's words.
      await visitor.page.goto("/");
      await expect(visitor.page.getByRole("heading", { level: 1, name: `Fresh harvest, hand-trimmed (${mark})` })).toBeVisible();
      const cards = visitor.page.getByRole("region", { name: "Featured Products" });
      await expect(cards.getByRole("link", { name: picked, exact: true })).toHaveAttribute("href", /^\/product\//);
      await visitor.page.goto("/privacy");
      await expect(visitor.page.getByRole("heading", { level: 2, name: "Our promise" })).toBeVisible();
      await expect(visitor.page.getByText(`We keep your cart in your browser and nothing else (${mark}).`)).toBeVisible();
      await expect(visitor.page.getByRole("listitem").filter({ hasText: "No tracking" })).toBeVisible();
      await visitor.context.close();
    });
  });
}

test.describe("the owner's first review", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows on /reviews with its date and the figures computed from it, and on the home page; screenshots of the owner's shop", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInSession(page);
    await page.goto("/admin/storefront/reviews");
    await page.getByRole("button", { name: "Add a review" }).click();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Dana K.");
    await page.getByLabel("Place").fill("Eugene, OR");
    await page.getByLabel("Rating").selectOption("5");
    await page.getByLabel("Date").fill("2026-11-20");
    await page.getByLabel("Review", { exact: true }).fill("Ordered on a Tuesday, delivered Thursday, exactly as described.");
    await page.getByLabel("Verified purchase").check();
    await page.getByLabel("Show on the home page").check();
    await save(page, "Reviews");
    await screenshot(page, "admin-reviews-390");

    const visitor = await shopper(browser, baseURL!, 390, 844);
    await visitor.page.goto("/reviews");
    const stats = visitor.page.getByRole("region", { name: "Review stats" });
    await expect(stats).toContainText("1");
    await expect(stats).toContainText("5.0");
    await expect(visitor.page.getByText("November 20, 2026")).toBeVisible();
    await expect(visitor.page.getByText("Verified Purchase", { exact: true })).toHaveCount(1);
    await screenshot(visitor.page, "reviews-390");
    await visitor.page.goto("/");
    await expect(visitor.page.getByText("Ordered on a Tuesday, delivered Thursday, exactly as described.")).toBeVisible();
    await screenshot(visitor.page, "home-390");
    await visitor.page.goto("/privacy");
    await screenshot(visitor.page, "privacy-390");
    await visitor.context.close();
  });
});

/** Fills the tiles, the appointments band and the footer's tagline, and saves both forms (the storefront's and the settings'). */
async function writeTilesAndTagline(
  page: Page,
  words: { trending: string; deps: string; appointments: string; text: string; tagline: string },
) {
  await page.goto("/admin/storefront/home");
  const tiles = page.getByRole("group", { name: "Category tiles" });
  await tiles.getByLabel("Trending heading").fill(words.trending);
  await tiles.getByLabel("Category tile 4 (opens /shop/deps)").fill(words.deps);
  const band = page.getByRole("group", { name: "Appointments band" });
  await band.getByRole("textbox", { name: "Heading", exact: true }).fill(words.appointments);
  await band.getByRole("textbox", { name: "Text", exact: true }).fill(words.text);
  await save(page, "Home page");

  await page.goto("/admin/settings");
  await page.getByLabel("Tagline").fill(words.tagline);
  const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/admin/settings"));
  await page.getByRole("button", { name: "Save ordering account and business" }).click();
  await saved;
  await page.waitForLoadState("networkidle");
  await expect(page.getByLabel("Tagline")).toHaveValue(words.tagline);
}

const ORIGINAL_WORDS = {
  trending: "Trending Now",
  deps: "Deps",
  appointments: "In town? Book an appointment",
  text: "Message us on Telegram to pick up in person or see products before you buy",
  tagline: "Cannabis, delivered discreetly.",
};

for (const { javaScriptEnabled, size } of [
  { javaScriptEnabled: true, size: SIZES[0] },
  { javaScriptEnabled: false, size: SIZES[1] },
]) {
  test.describe(`tiles, appointments and tagline, JavaScript ${javaScriptEnabled ? "on" : "off"} at ${size.label} px`, () => {
    test.use({ javaScriptEnabled, viewport: { width: size.width, height: size.height } });

    test("the owner rewrites the home tiles, the appointments band and the footer's tagline; a shopper sees them next", async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const mark = `${javaScriptEnabled ? "js" : "nojs"}-${size.label}`;
      const words = {
        trending: `Hot this week (${mark})`,
        deps: `Light deps — свет (${mark})`,
        appointments: `Pick up in Portland (${mark})`,
        text: "Message us to meet at our studio",
        tagline: `Grown with care in Oregon · 緑の葉 (${mark})`,
      };
      const visitor = await shopper(browser, baseURL!, size.width, size.height);
      // The shopper's pages are in the shared cache before the owner's edit.
      await visitor.page.goto("/");
      await visitor.page.goto("/shop");

      await signIn(page);
      await writeTilesAndTagline(page, words);

      await visitor.page.goto("/");
      await expect(visitor.page.getByRole("heading", { level: 2, name: words.trending })).toBeVisible();
      await expect(visitor.page.locator('a[href="/shop/deps"]').filter({ hasText: words.deps }).first()).toBeVisible();
      const band = visitor.page.getByRole("region", { name: words.appointments });
      await expect(band).toBeVisible();
      // The owner's text, then the hours from Settings.
      await expect(band).toContainText(/Message us to meet at our studio, every day, 9:00 AM – 11:00 PM\./);
      const footer = visitor.page.getByRole("contentinfo");
      await expect(footer.getByText(words.tagline)).toBeVisible();
      await footer.scrollIntoViewIfNeeded();
      await screenshot(visitor.page, `home-tiles-tagline-${mark}`);
      await visitor.page.goto("/shop");
      await expect(visitor.page.getByRole("contentinfo").getByText(words.tagline)).toBeVisible();
      await visitor.context.close();

      // The original words again, for the specs that read the new shop's home page.
      await writeTilesAndTagline(page, ORIGINAL_WORDS);
    });
  });
}
