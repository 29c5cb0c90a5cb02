import type { BrowserContext, Locator, Page } from "@playwright/test";
import { contactMessageText } from "../../app/features/contact/contact";
import { REFERENCE_PATTERN } from "../../app/features/orders/reference";
import { defaultSettings } from "../../app/features/settings/settings";
import { FAQ_CONTENT } from "../../app/features/storefront/faq-content";
import { expect, expectAccessiblePage, expectClearOfBottomBar, seriousViolations, test } from "./fixtures";

const FAQ_ITEMS = FAQ_CONTENT.defaults(defaultSettings({ TELEGRAM_USERNAME: "" })).entries;

const SIZES = [
  { label: "390", width: 390, height: 844 },
  { label: "1280", width: 1280, height: 900 },
] as const;

const PAGES = [
  {
    name: "home",
    path: "/",
    heading: "Premium cannabis, delivered discreetly",
    texts: [
      "Discreet packaging",
      "Fast Delivery",
      "Support daily",
      "NEW DROPS",
      "25% OFF",
      "Trending Now",
      "Popular Categories",
      "Featured Products",
      "All Categories",
      "The Greenleaf Supply promise",
      "In town? Book an appointment",
    ],
  },
  {
    name: "about",
    path: "/about",
    heading: "Grown with care, delivered with respect",
    texts: ["Our story", "Quality First", "Trust & Safety", "Fast Delivery", "Excellence", "Meet the team"],
  },
  {
    name: "contact",
    path: "/contact",
    heading: "We're here to help",
    texts: ["Telegram support", "Every day: 9:00 AM – 11:00 PM", "Nationwide", "Quick help", "Send us a message"],
  },
  {
    name: "faq",
    path: "/faq",
    heading: "Frequently asked questions",
    texts: [FAQ_ITEMS[0]!.question, FAQ_ITEMS[9]!.question, "Still have questions?"],
  },
  {
    name: "reviews",
    path: "/reviews",
    heading: "What our customers say",
    texts: ["No reviews yet.", "Bought from us? Tell us how it went"],
  },
  {
    name: "account",
    path: "/account",
    heading: "My Account",
    texts: ["Quick Actions", "View Cart", "Contact Support", "FAQ & Help", "Version 1.0.0"],
  },
] as const;

/** What else the home page's links promise, read on the desktop layout. */
async function expectHomeLinks(page: Page) {
  await expect(page).toHaveTitle(/Greenleaf Supply/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
  await expect(page.getByRole("link", { name: /NEW DROPS/ })).toHaveAttribute("href", "/shop/new-drops");
  await expect(page.getByRole("region", { name: "25% OFF" }).getByRole("link", { name: "Shop the deal" })).toHaveAttribute(
    "href",
    "/shop?sale=1",
  ); // decision 018: the deal lists what is on sale
  const trending = page.getByRole("region", { name: "Trending Now" });
  await expect(trending.getByRole("link", { name: /Concentrates/ })).toHaveAttribute("href", "/shop/concentrates");
  await expect(trending.getByRole("link", { name: /Edibles/ })).toHaveAttribute("href", "/shop/edibles");
  const popular = page.getByRole("region", { name: "Popular Categories" }).getByRole("link");
  await expect(popular).toHaveCount(4);
  expect(await popular.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
    "/shop",
    "/shop/concentrates",
    "/shop/edibles",
    "/shop/deps",
  ]);
  await expect(page.getByRole("region", { name: "Featured Products" }).getByRole("article")).toHaveCount(3);
  const categories = page.getByRole("region", { name: "All Categories" });
  await expect(categories.getByRole("link", { name: "Concentrates" })).toHaveAttribute("href", "/shop/concentrates");
  await expect(categories.getByRole("link", { name: "Branded Exotics" })).toHaveAttribute("href", "/shop/branded-exotics");
  // Testimonials are the owner's reviews shown on home: a new shop has none, and then no section.
  const testimonials = page.getByRole("region", { name: "What customers say" });
  if ((await testimonials.count()) > 0) {
    await expect(testimonials.getByRole("link", { name: "Read all reviews" })).toHaveAttribute("href", "/reviews");
  } else {
    await expect(page.getByRole("link", { name: "Read all reviews" })).toHaveCount(0);
  }
  await expect(page.getByRole("link", { name: /Book on Telegram/ })).toHaveAttribute("href", /^https:\/\/t\.me\/greenleafsupply\?text=/);
}

/** Checks a page makes beyond its texts, on the desktop layout of the same load. */
const MORE_CHECKS: Partial<Record<(typeof PAGES)[number]["name"], (page: Page) => Promise<void>>> = {
  home: expectHomeLinks,
  // The bottom bar is only on the home page.
  about: async (page) => expect(page.getByRole("navigation", { name: "Quick actions" })).toHaveCount(0),
};

test.describe("static pages at phone and desktop width: key texts, then the whole-page accessibility checks", () => {
  // The budget of the tests each replaces: a load per width (60 s each) and axe's (90 s, slow over a whole
  // page on a shared core), plus the home page's links.
  test.describe.configure({ timeout: 270_000 });

  for (const { name, path, heading, texts } of PAGES) {
    test(`${path} at 390px and 1280px`, async ({ page }) => {
      // One load at the phone's size, then a resize: these pages' layouts are CSS media queries alone
      // (no script of the app reads the viewport's width), so the desktop layout is the one a load at 1280 gets.
      await page.setViewportSize({ width: SIZES[0].width, height: SIZES[0].height });
      await page.goto(path);
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await expect(page.getByRole("heading", { level: 1, name: heading }), `${heading} at ${size.label}`).toBeVisible();
        for (const text of texts) await expect(page.getByText(text, { exact: true }).first(), `${text} at ${size.label}`).toBeVisible();
        await page.screenshot({ path: `test-results/screens/${name}-${size.label}.png`, fullPage: true });
      }
      await MORE_CHECKS[name]?.(page);
      await expectAccessiblePage(page);
    });
  }
});

test.describe("home", () => {
  test("search goes to the shop with the trimmed term; a blank search stays put", async ({ page }) => {
    const searches: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/shop")) searches.push(url.searchParams.get("search") ?? "");
    });
    await page.goto("/");
    // A combobox once its suggestions have loaded (tests/e2e/search.spec.ts), a search box before.
    const search = page.getByLabel("Search products", { exact: true });
    await search.fill("   ");
    await search.press("Enter");
    await expect(search).toBeFocused();
    await expect(page).toHaveURL("/");

    await search.fill("  gelato punch ");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/shop?search=gelato+punch");
    // The blank search never reached the shop.
    expect(searches.every((term) => term === "gelato punch")).toBe(true);
  });

  test("the bottom bar shows Shop, Cart with its count and Telegram, and never hides the page's end", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const bar = page.getByRole("navigation", { name: "Quick actions" });
    // Shop opens the shop, not the home page the bar is already on.
    await expect(bar.getByRole("link", { name: "Shop" })).toHaveAttribute("href", "/shop");
    await expect(bar.getByRole("link", { name: "Cart, 0 items" })).toHaveAttribute("href", "/checkout");
    await expect(bar.getByRole("link", { name: /Telegram/ })).toHaveAttribute("href", "https://t.me/greenleafsupply");
    await expectClearOfBottomBar(page, bar, page.getByText(/All rights reserved/));
    await page.screenshot({ path: "test-results/screens/home-390-bottom.png" });
    await bar.getByRole("link", { name: "Shop" }).click();
    await expect(page).toHaveURL("/shop");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("FAQ", () => {
  test("opens one answer at a time by keyboard", async ({ page }) => {
    await page.goto("/faq");
    const [first, second] = [FAQ_ITEMS[0]!, FAQ_ITEMS[1]!];
    await expect(page.getByText(first.answer)).toBeHidden();
    await page.getByText(first.question, { exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(first.answer)).toBeVisible();

    await page.keyboard.press("Tab");
    await expect(page.getByText(second.question, { exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText(second.answer)).toBeVisible();
    await expect(page.getByText(first.answer)).toBeHidden();

    await page.keyboard.press("Space");
    await expect(page.getByText(second.answer)).toBeHidden();
    await expect(page.getByRole("link", { name: /Contact Support/ })).toHaveAttribute("href", "https://t.me/greenleafsupply");
  });
});

test.describe("FAQ without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("still opens one answer at a time", async ({ page }) => {
    await page.goto("/faq");
    await page.getByText(FAQ_ITEMS[2]!.question, { exact: true }).click();
    await expect(page.getByText(FAQ_ITEMS[2]!.answer)).toBeVisible();
    await page.getByText(FAQ_ITEMS[3]!.question, { exact: true }).click();
    await expect(page.getByText(FAQ_ITEMS[3]!.answer)).toBeVisible();
    await expect(page.getByText(FAQ_ITEMS[2]!.answer)).toBeHidden();
  });
});

const MESSAGE = { name: "Ada Lovelace", email: "ada@example.com", subject: "Bulk order", message: "Do you ship 5+ units of Pala?" };

/**
 * /contact with Telegram faked (its pages answer from here, it is never reached) and every new
 * tab counted; `send` is the form's Send Message button.
 */
async function openContactForm(page: Page, context: BrowserContext) {
  await context.route("https://t.me/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Telegram</title><p>Telegram</p>" }),
  );
  let tabs = 0;
  context.on("page", () => tabs++);
  await page.goto("/contact");
  return { send: page.getByRole("button", { name: "Send Message" }), tabs: () => tabs };
}

async function fillMessage(page: Page, values: typeof MESSAGE) {
  await page.getByLabel("Name", { exact: true }).fill(values.name);
  await page.getByLabel("Email", { exact: true }).fill(values.email);
  await page.getByLabel("Subject", { exact: true }).fill(values.subject);
  await page.getByLabel("Message", { exact: true }).fill(values.message);
}

/** Corrects the email of the refused message and sends it: the new tab lands in Telegram with the contact text. */
async function sendCorrectedMessage(page: Page, send: Locator) {
  await page.getByLabel("Email", { exact: true }).fill(MESSAGE.email);
  const popupPromise = page.waitForEvent("popup");
  await send.click();
  const popup = await popupPromise;
  await popup.waitForURL(/^https:\/\/t\.me\//);
  const url = new URL(popup.url());
  expect(`${url.origin}${url.pathname}`).toBe("https://t.me/greenleafsupply");
  const text = url.searchParams.get("text") ?? "";
  const reference = /^Reference (\S+)$/m.exec(text)?.[1] ?? "";
  expect(reference).toMatch(REFERENCE_PATTERN);
  expect(text).toBe(contactMessageText(MESSAGE, { shopName: "Greenleaf Supply", reference }));
}

test.describe("contact form", () => {
  // In the full browser, as each contact test: the new tab's redirect to Telegram must meet the fake one.
  test(
    "shows an error per field (axe finds nothing serious then), then opens the message in Telegram in a new tab",
    { tag: "@full-chromium" },
    async ({ page, context }) => {
      // The journey's 60 s and axe's 90 s (slow over a whole page on a shared core).
      test.setTimeout(150_000);
      const { send, tabs } = await openContactForm(page, context);

      await send.click();
      for (const [label, error] of [
        ["Name", "Name is required"],
        ["Email", "Email is required"],
        ["Subject", "Subject is required"],
        ["Message", "Message is required"],
      ] as const) {
        const field = page.getByLabel(label, { exact: true });
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toHaveAccessibleDescription(error);
      }
      expect(await seriousViolations(page)).toEqual([]);
      // axe finishes its run in a blank page of its own: the tabs the form opens are counted from here.
      const before = tabs();

      await fillMessage(page, { ...MESSAGE, email: "ada@localhost" });
      await send.click();
      await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Please enter a valid email address");
      await expect(page.getByLabel("Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
      expect(tabs() - before).toBe(0);

      // The notice shows for 4 s while the new tab opens: watched for at the same time, as a busy
      // machine can take longer than that to open the tab.
      await Promise.all([
        sendCorrectedMessage(page, send),
        expect(page.getByText("Message sent!")).toBeVisible({ timeout: 20_000 }),
        expect(page.getByText("Your message has been sent via Telegram. We'll get back to you soon!")).toBeVisible({ timeout: 20_000 }),
      ]);
      expect(tabs() - before).toBe(1);
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
      await page.screenshot({ path: "test-results/screens/contact-sent-1280.png" });
    },
  );
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "the browser stops an empty message, the server reports a bad email, and a valid one opens Telegram",
    { tag: "@full-chromium" },
    async ({ page, context }) => {
      const { send, tabs } = await openContactForm(page, context);

      // Empty: the browser's own required checks stop it, field by field; no tab opens.
      await send.click();
      for (const label of ["Name", "Email", "Subject", "Message"]) {
        await expect(page.getByLabel(label, { exact: true })).toHaveJSProperty("validity.valueMissing", true);
      }
      await expect(page).toHaveURL("/contact");

      // An address the browser accepts but the schema refuses: the new tab shows the form with the error.
      await fillMessage(page, { ...MESSAGE, email: "ada@localhost" });
      const errorTabPromise = page.waitForEvent("popup");
      await send.click();
      const errorTab = await errorTabPromise;
      await errorTab.waitForLoadState();
      await expect(errorTab.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Please enter a valid email address");
      await expect(errorTab.getByLabel("Name", { exact: true })).toHaveValue(MESSAGE.name);
      await errorTab.screenshot({ path: "test-results/screens/contact-nojs-error-1280.png" });
      expect(tabs()).toBe(1);

      // Valid: the new tab lands in Telegram with the contact text.
      await sendCorrectedMessage(page, send);
    },
  );
});

test.describe("age gate", () => {
  test.use({ ageVerified: false });

  test("asks on the first visit, traps the keyboard, and remembers the answer", async ({ page, context }) => {
    await page.goto("/faq?ref=home");
    const gate = page.getByRole("dialog", { name: "Are you 21 or older?" });
    await expect(gate).toBeVisible();
    const yes = gate.getByRole("button", { name: "Yes, I'm 21 or older" });
    const no = gate.getByRole("link", { name: "No, I'm under 21" });
    await expect(yes).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(no).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(yes).toBeFocused();
    // Past its last control Tab reaches nothing of the page behind (the browser may step out to its own toolbar).
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const outside = await page.evaluate(() => {
      const focused = document.activeElement;
      return focused !== null && focused !== document.body && !document.querySelector("dialog[open]")?.contains(focused);
    });
    expect(outside).toBe(false);
    // Escape, even twice, does not dismiss it.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(gate).toBeVisible();
    // The page is underneath, but out of reach.
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions", includeHidden: true })).toBeAttached();
    await page.screenshot({ path: "test-results/screens/age-gate-1280.png" });

    await yes.focus();
    await page.keyboard.press("Enter");
    await expect(gate).toBeHidden();
    await expect(page).toHaveURL("/faq?ref=home");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
    // The answer is posted in the background (the page is not rendered again for it).
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "age-verified")?.value).toBe("yes");

    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("'No' leads to a polite refusal page", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.screenshot({ path: "test-results/screens/age-gate-390.png" });
    await page.getByRole("link", { name: "No, I'm under 21" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sorry, this shop is for adults 21 and over" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("age gate without JavaScript", () => {
  test.use({ ageVerified: false, javaScriptEnabled: false });

  test("is a real form: keyboard reaches only the dialog, confirming returns to the page and is remembered", async ({ page }) => {
    await page.goto("/reviews");
    const gate = page.getByRole("dialog", { name: "Are you 21 or older?" });
    await expect(gate).toBeVisible();
    // The page behind is inert, so the first Tab lands in the dialog.
    await page.keyboard.press("Tab");
    const yes = gate.getByRole("button", { name: "Yes, I'm 21 or older" });
    await expect(yes).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/reviews");
    await expect(page.getByRole("heading", { level: 1, name: "What our customers say" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
