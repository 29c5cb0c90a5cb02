import type { Page } from "@playwright/test";
import { chooseShippingAndCash, expect, expectOrderMessage, interceptTelegram, productIdOf, SHIPPING_MESSAGE_LINE, test } from "./fixtures";

/**
 * The cart and ordering through Telegram in chromium, with JavaScript and without, through the real UI
 * from the product pages' Add to Cart buttons, the drawer's summary and the checkout's choices to the
 * order. Telegram is intercepted: nothing leaves the machine.
 */

// The built-in catalogue's first two strains, sold in sizes: Add to Cart takes the first, 1/8 oz (a line names its size).
const RUNTZ = { id: 1, name: "Runtz — 1/8 oz" };
const CAKE = { id: 2, name: "Wedding Cake — 1/8 oz" };

/** Adds a product the way a shopper does: its page's Add to Cart button (a fetcher with JS, a plain post without). */
async function addToCart(page: Page, _baseURL: string | undefined, productId: number) {
  await page.goto(`/product/${productId}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart!").first()).toBeVisible();
}

/** Three Wedding Cakes, shipped free: what the message says of them and their money. */
const CAKE_ORDER = [`• 3 x ${CAKE.name} ($50.00 each = $150.00)`, "Subtotal: $150.00", SHIPPING_MESSAGE_LINE, "Total to pay: $150.00"];

async function screenshot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage });
}

/** A product's id from its card on /shop (as a shopper would find it). */
async function productIdByName(page: Page, name: string) {
  await page.goto(`/shop?search=${encodeURIComponent(name)}`);
  const href = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
  return productIdOf(href);
}

test.describe("cart with JavaScript", () => {
  test("fills the cart, changes it in the drawer and at checkout, and orders through Telegram", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await addToCart(page, baseURL, RUNTZ.id);
    await addToCart(page, baseURL, CAKE.id);

    await page.goto("/");
    // The badge is right on first paint, then the link becomes the drawer's button.
    const trigger = page.getByRole("button", { name: "Cart, 2 items" });
    await trigger.click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("article", { name: RUNTZ.name })).toBeVisible();
    await expect(drawer.getByRole("article", { name: CAKE.name })).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Close cart" })).toBeFocused();

    // Quantity + in the drawer: optimistic, then confirmed by the server.
    await drawer.getByRole("button", { name: `Increase quantity of ${RUNTZ.name}` }).click();
    await expect(drawer.getByRole("spinbutton", { name: `Quantity of ${RUNTZ.name}` })).toHaveValue("2");
    await expect(drawer.getByRole("definition")).toHaveText(["$140.00", "$140.00"]);
    await expect(page.getByRole("button", { name: "Cart, 3 items" })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "cart-drawer-desktop");

    // The page behind is inert: Tab out of the drawer reaches none of its controls (the browser may
    // step out to its own toolbar). Escape closes the drawer and focus returns to the cart button.
    await drawer.getByRole("button", { name: "Close cart" }).focus();
    await page.keyboard.press("Shift+Tab");
    const focusOutsideDrawer = () =>
      page.evaluate(() => {
        const focused = document.activeElement;
        return focused !== null && focused !== document.body && !document.getElementById("cart-drawer")?.contains(focused);
      });
    expect(await focusOutsideDrawer()).toBe(false);
    await page.keyboard.press("Tab");
    expect(await focusOutsideDrawer()).toBe(false);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("button", { name: "Cart, 3 items" })).toBeFocused();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Cart, 3 items" }).click();
    await expect(drawer).toBeVisible();
    await screenshot(page, "cart-drawer-phone");
    await drawer.getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(drawer).toBeHidden();

    // At checkout: type a quantity, remove a line.
    await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
    const cake = page.getByRole("article", { name: CAKE.name });
    await cake.getByRole("spinbutton", { name: `Quantity of ${CAKE.name}` }).fill("3");
    await cake.getByRole("spinbutton", { name: `Quantity of ${CAKE.name}` }).press("Enter");
    await expect(cake.getByText("$150.00")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cart, 5 items" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Order summary" }).getByRole("definition")).toHaveText(["$240.00", "Free", "$240.00"]);
    await screenshot(page, "checkout-phone", true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "checkout-desktop");

    await page.getByRole("button", { name: `Remove ${RUNTZ.name} from cart` }).click();
    await expect(page.getByText("Item has been removed from your cart")).toBeVisible();
    await expect(page.getByRole("article", { name: RUNTZ.name })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cart, 3 items" })).toBeVisible();

    // The order needs a delivery choice: shipping (free), paid in cash.
    await chooseShippingAndCash(page);

    // 'Copy order' puts the message on the clipboard as it will be sent, less the order's reference and link.
    await page.getByRole("button", { name: "Copy order" }).click();
    await expect(page.getByText("Order copied")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expectOrderMessage(copied, CAKE_ORDER, { sent: false });

    // Place the order: a new tab opens Telegram with the text; this tab says so, empties and goes home.
    const telegram = interceptTelegram(context);
    const popup = context.waitForEvent("page");
    await page.getByRole("button", { name: "Place Order via Telegram" }).click();
    const sent = await telegram;
    expect(sent.path).toBe("/greenleafsupply");
    expectOrderMessage(sent.text, CAKE_ORDER);
    // The sent text is the copied one with the reference and the link added.
    expect(sent.text.replace(/\nOrder [0-9A-Z-]+\nCheck or order again: \S+\n/, "")).toBe(copied);
    await (await popup).close();
    await expect(page.getByText("Your order has been sent via Telegram. We'll contact you soon!")).toBeVisible();
    // The emptied drawer shows only for the 2 s before the page goes home (too short to catch on a
    // busy machine); the badge says it, and the checkout below.
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("button", { name: "Cart, 0 items" })).toBeVisible();

    // The cookie is gone too: a fresh load of the checkout shows the empty state.
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
  });

  test("follows tier prices as the quantity changes and tells how many more reach the next tier", async ({ page, baseURL }) => {
    const gummies = await productIdByName(page, "Wild Berry Gummies");
    await addToCart(page, baseURL, gummies);
    await page.goto("/");
    await page.getByRole("button", { name: "Cart, 1 item" }).click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    const line = drawer.getByRole("article", { name: "Wild Berry Gummies" });
    await expect(line.getByText("Unit price: $5.00 each")).toBeVisible();
    await expect(line.getByText("99 more for $4.75 each")).toBeVisible();

    const quantity = line.getByRole("spinbutton", { name: "Quantity of Wild Berry Gummies" });
    await quantity.fill("99");
    await quantity.press("Enter");
    await expect(line.getByText("1 more for $4.75 each")).toBeVisible();
    await expect(line.getByText("$495.00")).toBeVisible();
    await line.getByRole("button", { name: "Increase quantity of Wild Berry Gummies" }).click();
    await expect(line.getByText("Unit price: $4.75 each")).toBeVisible();
    await expect(line.getByText("$475.00")).toBeVisible();
    await expect(line.getByText("150 more for $4.50 each")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cart, 100 items" })).toBeVisible();
    await screenshot(page, "cart-drawer-tiers-desktop");
  });

  test("an empty drawer offers no checkout, only a way back to the shop", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Cart, 0 items" }).click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await expect(drawer.getByText("Your cart is empty")).toBeVisible();
    // The drawer never orders: it leads to the checkout, and an empty cart has nothing to check out.
    await expect(drawer.getByRole("link", { name: "Checkout" })).toHaveCount(0);
    await expect(drawer.getByRole("button", { name: "Place Order via Telegram" })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "cart-drawer-empty-phone");
    await drawer.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(drawer).toBeHidden();
  });
});

test.describe("cart without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("fills, changes and empties the cart and orders through Telegram with plain forms", async ({ page, context, baseURL }) => {
    await addToCart(page, baseURL, RUNTZ.id);
    await addToCart(page, baseURL, CAKE.id);

    await page.goto("/checkout");
    // The header cart is a plain link (the add's notice was shown on the product page it returned to).
    await expect(page.getByRole("link", { name: "Cart, 2 items" })).toHaveAttribute("href", "/checkout");

    const runtz = page.getByRole("article", { name: RUNTZ.name });
    await runtz.getByRole("button", { name: `Increase quantity of ${RUNTZ.name}` }).click();
    await expect(runtz.getByRole("spinbutton", { name: `Quantity of ${RUNTZ.name}` })).toHaveValue("2");

    const cake = page.getByRole("article", { name: CAKE.name });
    await cake.getByRole("spinbutton", { name: `Quantity of ${CAKE.name}` }).fill("3");
    await cake.getByRole("button", { name: `Update quantity of ${CAKE.name}` }).click();
    await expect(page.getByRole("article", { name: CAKE.name }).getByRole("spinbutton", { name: `Quantity of ${CAKE.name}` })).toHaveValue(
      "3",
    );
    await expect(page.getByRole("link", { name: "Cart, 5 items" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Order summary" }).getByRole("definition")).toHaveText(["$240.00", "Free", "$240.00"]);

    await runtz.getByRole("button", { name: `Decrease quantity of ${RUNTZ.name}` }).click();
    await expect(runtz.getByRole("spinbutton", { name: `Quantity of ${RUNTZ.name}` })).toHaveValue("1");
    await page.getByRole("button", { name: `Remove ${RUNTZ.name} from cart` }).click();
    await expect(page.getByText("Item has been removed from your cart")).toBeVisible();
    await expect(page.getByRole("article", { name: RUNTZ.name })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();

    // Without JavaScript the choices post with the order from this page, which then says so and opens Telegram.
    await chooseShippingAndCash(page);
    const telegram = interceptTelegram(context);
    await page.getByRole("button", { name: "Place Order via Telegram" }).click();
    const sent = await telegram;
    expect(sent.path).toBe("/greenleafsupply");
    expectOrderMessage(sent.text, CAKE_ORDER);
    // The sent page opened Telegram in this tab; back from there is the sent page.
    await expect(page).toHaveURL(/^https:\/\/t\.me\//);
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByText("Your order has been sent via Telegram. We'll contact you soon!").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  });

  test("refuses to order when the cart was emptied meanwhile", async ({ page, baseURL }) => {
    await addToCart(page, baseURL, RUNTZ.id);
    await page.goto("/checkout");
    await expect(page.getByRole("article", { name: RUNTZ.name })).toBeVisible();
    await chooseShippingAndCash(page);
    // Another tab empties the cart; this page still offers the order.
    await page.request.post("/cart", { form: { intent: "clear" }, headers: { Origin: baseURL! }, maxRedirects: 0 });

    await page.getByRole("button", { name: "Place Order via Telegram" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("alert").filter({ hasText: "Cart is empty" })).toContainText(
      "Please add items to your cart before checkout",
    );
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "checkout-empty-refused-phone");
  });
});
