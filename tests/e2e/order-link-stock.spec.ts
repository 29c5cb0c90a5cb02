/**
 * The order link's page and stock that follows accepted orders (decision 044), with JavaScript on
 * and off, at 390 and 1280 px: the owner changes a price; a link signed with this server's secret
 * opens in a fresh browser with the quoted price beside today's; the signed-in owner takes the order
 * from stock once (a second tab's click changes nothing) and the product's stock follows.
 */
import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { signOrderLink } from "../../app/features/orders/order-link.server";
import { expect, productIdOf, signIn, test } from "./fixtures";

const SHOTS = "/work/shots/order-link-stock";

function secret(): string {
  const match = /^SESSION_SECRET=(.*)$/m.exec(readFileSync(".dev.vars", "utf8"));
  if (!match?.[1]) throw new Error("no SESSION_SECRET in .dev.vars");
  return match[1].trim();
}

async function ownerPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await signIn(page);
  return page;
}

/** The owner's price and stock for a one-size product, through the product form. */
async function setPriceAndStock(page: Page, id: number, price: string, stock: string) {
  await page.goto(`/admin/edit-product/${id}`);
  const sizes = page.getByRole("group", { name: "Sizes and stock" });
  await sizes.getByLabel("Price ($)").first().fill(price);
  await sizes.getByLabel("Stock on hand").fill(stock);
  await page
    .getByRole("button", { name: /^(Save|Update) Product/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/products/);
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [390, 1280]) {
    // One product per run: the runs share the server's database.
    const products: Record<string, string> = {
      "true-390": "Wild Berry Gummies",
      "true-1280": "Peach Ring Gummies",
      "false-390": "Watermelon Gummies",
      "false-1280": "Mango Gummy Bears",
    };
    const name = products[`${javaScriptEnabled}-${width}`]!;
    const tag = `${width}${javaScriptEnabled ? "" : "-nojs"}`;

    // Not yet passing: the run times out before the order page (the product lookup on /shop); fix before enabling.
    test.describe.fixme(`JavaScript ${javaScriptEnabled ? "on" : "off"} at ${width} px`, () => {
      test.use({ javaScriptEnabled });
      test.describe.configure({ timeout: 180_000 });

      test(`an order of ${name} reopens with its quoted prices, and the owner takes it from stock once`, async ({ page, browser }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/shop?search=${encodeURIComponent(name)}`);
        const id = productIdOf(await page.getByRole("link", { name, exact: true }).first().getAttribute("href"));

        const owner = await ownerPage(browser, width);
        await setPriceAndStock(owner, id, "30", "10");
        const token = await signOrderLink(secret(), {
          at: Math.floor(Date.now() / 1000) - 120,
          lines: [{ productId: id, quantity: 2, unitCents: 2500 }],
          choices: { method: "pickup", window: "asap", payment: "Cash on delivery", soldOut: "leave-out" },
          feeCents: 0,
        });
        const path = `/o/${token!}`;

        // A fresh browser (no cookies): the quoted $25 beside today's $30.
        const shopper = await browser.newContext({ javaScriptEnabled });
        const fresh = await shopper.newPage();
        await fresh.setViewportSize({ width, height: 900 });
        await fresh.goto(path);
        await expect(fresh.getByRole("heading", { level: 1 })).toContainText(/Order [0-9A-Z]{4}-[0-9A-Z]{4}/);
        await expect(fresh.getByText("$25.00 each")).toBeVisible();
        await expect(fresh.getByText("Today: $30.00 each")).toBeVisible();
        await expect(fresh.getByText("Leave it out")).toBeVisible();
        await expect(fresh.getByRole("button", { name: "Put these in my cart" })).toBeVisible();
        await expect(fresh.getByRole("button", { name: "Take these from stock" })).toHaveCount(0);
        await fresh.screenshot({ path: `${SHOTS}/shopper-${tag}.png`, fullPage: true });
        await shopper.close();

        // The owner, with a second tab open on the same order before the first click.
        await owner.goto(path);
        const second = await owner.context().newPage();
        await second.setViewportSize({ width, height: 900 });
        await second.goto(path);
        await owner.getByRole("button", { name: "Take these from stock" }).click();
        await expect(owner.getByRole("button", { name: "Put them back" })).toBeVisible();
        await expect(owner.getByText("2 taken from stock")).toBeVisible();
        await owner.screenshot({ path: `${SHOTS}/owner-${tag}.png`, fullPage: true });
        await second.getByRole("button", { name: "Take these from stock" }).click();
        await expect(second.getByText("In stock today: 8")).toBeVisible();

        await owner.goto(`/admin/edit-product/${id}`);
        await expect(owner.getByRole("group", { name: "Sizes and stock" }).getByLabel("Stock on hand")).toHaveValue("8");

        await owner.goto(path);
        await owner.getByRole("button", { name: "Put them back" }).click();
        await expect(owner.getByRole("button", { name: "Take these from stock" })).toBeVisible();
        await expect(owner.getByText("In stock today: 10")).toBeVisible();
        await owner.context().close();
      });
    });
  }
}
