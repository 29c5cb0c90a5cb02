import type { Browser, Page } from "@playwright/test";
import { chooseShippingAndCash, expect, expectOrderMessage, interceptTelegram, SHIPPING_MESSAGE_LINE, signIn, test } from "./fixtures";

/**
 * Specials, the shopper's journey: the owner makes "buy 2 get 1 free" and a 10%-off special behind a
 * code through the real Specials form, each on a product of the test's own (every variant runs
 * beside others on one database, so no special reaches a product another test reads). A shopper sees
 * the badge on the card and the product page, adds three, sees one free, opens the code's deal link,
 * and sends an order whose text names both specials and the total after them.
 */

const SHOTS = "test-results/screens";

const VARIANTS = [
  { width: 390, js: true },
  { width: 390, js: false },
  { width: 1280, js: true },
] as const;

/** Ticks `label` in the form's picker, under the category `category` (its list opened first). */
async function tick(page: Page, category: string, label: string) {
  const group = page.getByRole("group", { name: "Categories, products and sizes" });
  const details = group.locator("details", { has: page.locator("summary", { hasText: new RegExp(`^${category} \\(`) }) });
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await details.getByRole("checkbox", { name: label, exact: true }).check();
}

/**
 * The owner makes a special through /admin/specials/new: its kind, name, badge and one Indoors product,
 * then the kind's own fields (`fillTerms`); answers its id.
 */
async function createSpecial(
  page: Page,
  { kind, name, badge, product }: { kind: string; name: string; badge: string; product: string },
  fillTerms: () => Promise<void>,
): Promise<number> {
  await page.goto("/admin/specials/new");
  await page.getByLabel("Kind").selectOption(kind);
  await page.getByLabel("Name shoppers see").fill(name);
  await page.getByLabel("Badge text").fill(badge);
  await tick(page, "Indoors", product);
  await fillTerms();
  await page.getByRole("button", { name: "Create special" }).last().click();
  // A save on a loaded machine can take a while.
  await expect(page.getByText("Special created")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin\/specials\/\d+$/);
  return Number(/\/admin\/specials\/(\d+)$/.exec(page.url())?.[1]);
}

/** Puts the test's specials in the trash (as the list's Delete does), from an admin session of its own. */
async function trashSpecials(browser: Browser, baseURL: string, ids: number[]) {
  if (ids.length === 0) return;
  const origin = new URL(baseURL).origin;
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: origin } });
  const page = await context.newPage();
  await signIn(page);
  for (const id of ids) {
    const removed = await page.request.post(`/admin/specials/${id}/delete`, { form: {}, maxRedirects: 0 });
    expect(removed.status(), `special ${id} trashed`).toBe(302);
  }
  await context.close();
}

/** Adds `quantity` of the product page's product to the cart with its own form. */
async function addFromProductPage(page: Page, name: string, quantity: number) {
  await page.locator("#quantity-main").fill(String(quantity));
  await page
    .getByRole("form", { name: `Add ${name} to cart` })
    .getByRole("button", { name: /^Add/ })
    .click();
  await expect(page.getByText(`${name} has been added to your cart`).first()).toBeVisible();
}

for (const { width, js } of VARIANTS) {
  const variant = `${width}-${js ? "js" : "nojs"}`;
  test.describe(`specials for shoppers at ${width} px, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js, viewport: { width, height: width < 600 ? 844 : 900 } });
    test.describe.configure({ timeout: 240_000 });

    const made: number[] = [];
    test.afterEach(async ({ browser, baseURL }) => {
      await trashSpecials(browser, baseURL!, made.splice(0));
    });

    test("buy 2 get 1 and a deal code show on the cards, in the cart and in the order text", async ({
      page,
      context,
      baseURL,
      products,
    }) => {
      // Letters and digits only: the tag names the products, the specials and the code apart from every other run.
      const tag = `${width}${js ? "J" : "N"}${Date.now().toString(36).toUpperCase()}`;
      const roll = await products.create(`Journey Roll ${tag}`, { price: "20", active: "on" });
      const cart = await products.create(`Journey Cart ${tag}`, { price: "30", active: "on" });
      const rollDeal = `Roll deal ${tag}`;
      const codeDeal = `Ten off ${tag}`;
      const code = `TESTCODE-${tag}`;

      await signIn(page);
      made.push(
        await createSpecial(page, { kind: "buy_x_get_y", name: rollDeal, badge: "Buy 2 get 1", product: roll.name }, async () => {
          await page.getByLabel("Buy (X)").fill("2");
          await page.getByLabel("Get (Y)").fill("1");
        }),
      );
      made.push(
        await createSpecial(page, { kind: "percent_off", name: codeDeal, badge: "10% off", product: cart.name }, async () => {
          await page.getByLabel("Percent off", { exact: true }).fill("10");
          await page.getByLabel("Code (optional)").fill(code);
        }),
      );

      // The shopper: no admin session.
      await context.clearCookies();
      await context.addCookies([{ name: "age-verified", value: "yes", url: baseURL! }]);

      // The badge on the product's card ...
      await page.goto(`/shop?search=${encodeURIComponent(roll.name)}`);
      const card = page.getByRole("article", { name: roll.name, exact: true });
      await expect(card.getByText("Buy 2 get 1", { exact: true })).toBeVisible();
      // ... and on its page; a code special is its holder's, never badged on a shared page.
      await page.goto(`/product/${roll.id}`);
      await expect(page.getByRole("heading", { name: roll.name, level: 1 })).toBeVisible();
      await expect(page.getByRole("list", { name: "Specials" }).getByRole("listitem")).toHaveText(["Buy 2 get 1"]);
      await page.goto(`/product/${cart.id}`);
      await expect(page.getByRole("list", { name: "Specials" })).toHaveCount(0);

      await page.goto(`/product/${roll.id}`);
      await addFromProductPage(page, roll.name, 3);

      if (js) {
        // The drawer says one is free and what it saves.
        await page.getByRole("button", { name: "Cart, 3 items" }).click();
        const drawer = page.getByRole("dialog", { name: "Your Cart" });
        const specials = drawer.getByRole("region", { name: "Specials" });
        await expect(specials.getByRole("term")).toHaveText([rollDeal, "Total after specials"]);
        await expect(specials.getByRole("definition")).toHaveText(["−$20.00", "$40.00"]);
        await page.screenshot({ path: `${SHOTS}/drawer-one-free-${variant}.png` });
        await drawer.getByRole("button", { name: "Close cart" }).click();
      }
      await page.goto("/checkout");
      const oneSpecial = page.getByRole("region", { name: "Specials" });
      await expect(oneSpecial.getByRole("term")).toHaveText([rollDeal, "Total after specials"]);
      await expect(oneSpecial.getByRole("definition")).toHaveText(["−$20.00", "$40.00"]);

      // The deal link keeps the code and lands on its special's one product.
      await page.goto(`/deal/${code}`);
      await expect(page).toHaveURL(new RegExp(`/product/${cart.id}-`));
      await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
      await addFromProductPage(page, cart.name, 1);

      await page.goto("/checkout");
      const both = page.getByRole("region", { name: "Specials" });
      await expect(both.getByRole("term")).toHaveText([rollDeal, codeDeal, "Total after specials"]);
      await expect(both.getByRole("definition")).toHaveText(["−$20.00", "−$3.00", "$67.00"]);
      await both.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/checkout-two-specials-${variant}.png` });
      await page.screenshot({ path: `${SHOTS}/checkout-two-specials-${variant}-full.png`, fullPage: true });

      await chooseShippingAndCash(page);
      const telegram = interceptTelegram(context);
      await page.getByRole("button", { name: "Place Order via Telegram" }).click();
      const { text } = await telegram;
      console.log(`Order text (${variant}):\n${text}`);
      expectOrderMessage(text, [
        `• 3 x ${roll.name} ($20.00 each = $60.00)`,
        `• 1 x ${cart.name} ($30.00 each = $30.00)`,
        "Subtotal: $90.00",
        "Specials:",
        `• ${rollDeal}: saves $20.00`,
        `• ${codeDeal}: saves $3.00`,
        "Total after specials: $67.00",
        SHIPPING_MESSAGE_LINE,
        "Total to pay: $67.00",
      ]);
    });
  });
}
