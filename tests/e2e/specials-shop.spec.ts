import type { Page } from "@playwright/test";
import { chooseShippingAndCash, expect, expectOrderMessage, interceptTelegram, SHIPPING_MESSAGE_LINE, test } from "./fixtures";

/**
 * Specials, the shopper's journey: the owner's "buy 2 get 1 free" and a 10%-off special behind a code,
 * posted to the Specials form's own action (its screen is the specials-admin spec's), each on a product
 * of the test's own (every variant runs beside others on one database, so no special reaches a product
 * another test reads). A shopper sees the badge on the card and the product page, adds three, sees one
 * free, opens the code's deal link, and sends an order whose text names both specials and the total
 * after them.
 */

const SHOTS = "test-results/screens";

const VARIANTS = [
  { width: 390, js: true },
  { width: 390, js: false },
  { width: 1280, js: true },
] as const;

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

    test("buy 2 get 1 and a deal code show on the cards, in the cart and in the order text", async ({
      page,
      context,
      products,
      specials,
    }) => {
      // Letters and digits only: the tag names the products, the specials and the code apart from every other run.
      const tag = `${width}${js ? "J" : "N"}${Date.now().toString(36).toUpperCase()}`;
      const roll = await products.create(`Journey Roll ${tag}`, { price: "20", active: "on" });
      const cart = await products.create(`Journey Cart ${tag}`, { price: "30", active: "on" });
      const rollDeal = `Roll deal ${tag}`;
      const codeDeal = `Ten off ${tag}`;
      const code = `TESTCODE-${tag}`;

      const [rollProduct, cartProduct] = [String(roll.id), String(cart.id)];
      await specials.create({ kind: "buy_x_get_y", name: rollDeal, badge: "Buy 2 get 1", products: rollProduct, buy: "2", get: "1" });
      await specials.create({ kind: "percent_off", name: codeDeal, badge: "10% off", products: cartProduct, percentOff: "10", code });

      // The badge on the product's card ...
      await page.goto(`/shop?search=${encodeURIComponent(roll.name)}`);
      const card = page.getByRole("article", { name: roll.name, exact: true });
      await expect(card.getByText("Buy 2 get 1", { exact: true })).toBeVisible();
      // ... and on its page; a code special is its holder's, never badged on a shared page.
      await page.goto(`/product/${cart.id}`);
      await expect(page.getByRole("heading", { name: cart.name, level: 1 })).toBeVisible();
      await expect(page.getByRole("list", { name: "Specials" })).toHaveCount(0);
      await page.goto(`/product/${roll.id}`);
      await expect(page.getByRole("heading", { name: roll.name, level: 1 })).toBeVisible();
      await expect(page.getByRole("list", { name: "Specials" }).getByRole("listitem")).toHaveText(["Buy 2 get 1"]);
      await addFromProductPage(page, roll.name, 3);

      if (js) {
        // The drawer says one is free and what it saves.
        await page.getByRole("button", { name: "Cart, 3 items" }).click();
        const drawer = page.getByRole("dialog", { name: "Your Cart" });
        const savings = drawer.getByRole("region", { name: "Specials" });
        await expect(savings.getByRole("term")).toHaveText([rollDeal, "Total after specials"]);
        await expect(savings.getByRole("definition")).toHaveText(["−$20.00", "$40.00"]);
        await page.screenshot({ path: `${SHOTS}/drawer-one-free-${variant}.png` });
        await drawer.getByRole("button", { name: "Close cart" }).click();
      }
      await page.goto("/checkout");
      const oneSpecial = page.getByRole("region", { name: "Specials" });
      await expect(oneSpecial.getByRole("term")).toHaveText([rollDeal, "Total after specials"]);
      await expect(oneSpecial.getByRole("definition")).toHaveText(["−$20.00", "$40.00"]);

      // The deal link keeps the code and lands on its special's one product. Its notice fades 4 s
      // after it is drawn and goes with JavaScript: it is read as soon as the page arrives.
      await page.goto(`/deal/${code}`, { waitUntil: "commit" });
      await expect(page).toHaveURL(new RegExp(`/product/${cart.id}-`));
      await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
      if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
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
