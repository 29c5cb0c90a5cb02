/**
 * The whole order, with JavaScript on and off, at 390 and 1280 px: the shop delivers to a zone with a
 * fee and a minimum; a shopper under the minimum is told what is missing (the button and, without
 * JavaScript, the refused post say the same words), adds enough, picks a window, cash, a sold-out
 * choice and a note, and sends; the Telegram text holds all of it with the order's reference and
 * link. The owner then changes the price, opens the link in a fresh browser (the quoted price beside
 * today's), signs in, takes the order from stock once (a second tab's click changes nothing), and the
 * product page's stock follows.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { adminContext, carryAdminSession, expect, interceptTelegram, saveSettings, test, variants } from "./fixtures";

const SHOTS = "test-results/screens";

/** A fresh browser that has passed the age gate (the shop's pages sit behind it). */
async function freshContext(browser: Browser, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addCookies([{ name: "age-verified", value: "yes", url: test.info().project.use.baseURL! }]);
  return context;
}

/** The shop delivers to Downtown for $5.00 with an $80.00 minimum, and takes cash: the settings' delivery form, posted. */
async function deliverDowntown(browser: Browser) {
  const owner = await adminContext(browser);
  await saveSettings(owner.request, "delivery", {
    "local.enabled": "on",
    "local.zones[0].name": "Downtown",
    "local.zones[0].fee": "5",
    "local.zones[0].minimum": "80",
    "local.zones[0].estimate": "Same day",
    paymentMethods: "Cash\nCard on delivery",
  });
  await owner.close();
}

async function addToCart(page: Page, id: number) {
  await page.goto(`/product/${id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart!").first()).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  await deliverDowntown(browser);
});

for (const { width, viewport, javaScriptEnabled } of variants({ height: 900 })) {
  const tag = `${width}${javaScriptEnabled ? "" : "-nojs"}`;

  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"} at ${width} px`, () => {
    test.use({ javaScriptEnabled, viewport });

    test("a local order under the minimum, then enough, sent with all its choices; the owner checks it and takes it from stock once", async ({
      page,
      context,
      browser,
      admin,
      products,
    }) => {
      test.setTimeout(240_000);
      const name = `Journey Gummies ${tag.replace("-", " ")} ${Date.now() % 100000}`;
      const { id } = await products.create(name, { price: "30", stock: "6", active: "on" });

      // One item: $30.00, under Downtown's $80.00 minimum.
      await addToCart(page, id);
      await page.goto("/checkout");
      await page
        .getByRole("group", { name: "How would you like to receive it?" })
        .getByLabel(/Local delivery — Downtown/)
        .check();
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Update total" }).click();
      const missing = "The minimum order for Downtown is $80.00 — add $50.00 more";
      const orderButton = page.getByRole("button", { name: /Add \$50\.00 more to order/ });
      await expect(orderButton).toBeVisible();
      await expect(page.getByText(missing).first()).toBeVisible();
      if (!javaScriptEnabled) {
        // The server refuses in the same words, and nothing goes to Telegram.
        await orderButton.click();
        await expect(page).toHaveURL(/\/checkout$/);
        await expect(page.getByText("Order not sent").first()).toBeVisible();
      }
      await page.screenshot({ path: `${SHOTS}/refused-under-minimum-${tag}.png`, fullPage: true });

      // Enough: three items ($90.00). The choice is still there after going to the product page and back.
      await addToCart(page, id);
      await addToCart(page, id);
      await page.goto("/checkout");
      const delivery = page.getByRole("group", { name: "How would you like to receive it?" });
      await expect(delivery.getByLabel(/Local delivery — Downtown/)).toBeChecked();
      await expect(page.getByRole("region", { name: "Order summary" }).getByText("$95.00", { exact: true })).toBeVisible();

      const when = page.getByLabel("For local delivery or pickup: a preferred time, in the shop's time zone");
      const windowLabel = (await when.locator("option").nth(1).textContent())!;
      await when.selectOption({ index: 1 });
      await page.getByRole("group", { name: "How will you pay?" }).getByLabel("Cash", { exact: true }).check();
      await page.getByRole("group", { name: "If something is sold out when we pack it" }).getByLabel("Leave it out").check();
      const noteSaved = javaScriptEnabled
        ? page.waitForResponse(
            (response) =>
              response.request().method() === "POST" &&
              /^\/cart(\.data)?$/.test(new URL(response.url()).pathname) &&
              new URLSearchParams(response.request().postData() ?? "").get("note")?.startsWith("Ring twice") === true,
          )
        : null;
      await page.getByLabel(/Anything we should know/).fill("Ring twice — спасибо 🌿");
      // Saved beside the cart: a reload keeps every choice.
      if (javaScriptEnabled) {
        // The note saves once typing pauses, with every choice beside it.
        await noteSaved;
        await page.reload();
        await expect(page.getByLabel(/Anything we should know/)).toHaveValue("Ring twice — спасибо 🌿");
        await expect(page.getByRole("group", { name: "How will you pay?" }).getByLabel("Cash", { exact: true })).toBeChecked();
      }
      await page.screenshot({ path: `${SHOTS}/checkout-${tag}.png`, fullPage: true });

      const telegram = interceptTelegram(context);
      const placed = page.getByRole("button", { name: "Place Order via Telegram" });
      await placed.click();
      const { path, text } = await telegram;
      expect(path).toBe("/greenleafsupply");
      const start = windowLabel.split(" – ")[0]!;
      for (const line of [
        `• 3 x ${name} ($30.00 each = $90.00)`,
        "Subtotal: $90.00",
        "Delivery: Local delivery — Downtown: $5.00, Same day",
        "Total to pay: $95.00",
        "Payment: Cash",
        `When: ${start}`,
        "If something is sold out: Leave it out",
        "Note: Ring twice — спасибо 🌿",
      ]) {
        expect(text).toContain(line);
      }
      const reference = /\nOrder ([0-9A-Z]{4}-[0-9A-Z]{4})\n/.exec(text)?.[1];
      expect(reference).toBeTruthy();
      const link = /\nCheck or order again: (\S+)\n/.exec(text)?.[1] ?? "";
      expect(link).toMatch(/^http:\/\/localhost:\d+\/o\//);
      expect(text.length).toBeLessThanOrEqual(4096);
      if (tag === "390") writeFileSync(`${SHOTS}/message.txt`, `${text}\n`);
      const orderPath = new URL(link).pathname;

      // The owner changes the price after the order (the edit form, posted); a fresh browser sees the quoted price beside today's.
      await products.update(id, { price: "35" });

      const shopper = await freshContext(browser, javaScriptEnabled);
      const fresh = await shopper.newPage();
      await fresh.setViewportSize({ width, height: 900 });
      await fresh.goto(orderPath);
      await expect(fresh.getByRole("heading", { level: 1 })).toContainText(`Order ${reference}`);
      await expect(fresh.getByText("$30.00 each").first()).toBeVisible();
      await expect(fresh.getByText("Today: $35.00 each")).toBeVisible();
      await expect(fresh.getByRole("button", { name: "Take these from stock" })).toHaveCount(0);
      await fresh.screenshot({ path: `${SHOTS}/order-page-${tag}.png`, fullPage: true });
      await shopper.close();

      // The owner, signed in (the admin session's cookie), with a second tab open on the same order before the first click.
      const ownerContext = await freshContext(browser);
      await carryAdminSession(ownerContext, admin);
      const owner = await ownerContext.newPage();
      await owner.setViewportSize({ width, height: 900 });
      await owner.goto(orderPath);
      const second = await ownerContext.newPage();
      await second.setViewportSize({ width, height: 900 });
      await second.goto(orderPath);
      await owner.getByRole("button", { name: "Take these from stock" }).click();
      await expect(owner.getByRole("button", { name: "Put them back" })).toBeVisible();
      await expect(owner.getByText("3 taken from stock", { exact: true })).toBeVisible();
      await owner.screenshot({ path: `${SHOTS}/order-page-owner-${tag}.png`, fullPage: true });
      await second.getByRole("button", { name: "Take these from stock" }).click();
      await expect(second.getByText("In stock today: 3")).toBeVisible();

      // The product page's stock follows: 6 − 3 is at the low-stock level.
      const product = await ownerContext.newPage();
      await product.goto(`/product/${id}`);
      await expect(product.getByText("Only 3 left")).toBeVisible();
      await ownerContext.close();
    });
  });
}
