import path from "node:path";
import type { Page } from "@playwright/test";
import { test, expect, optionCount, signInSession } from "./fixtures";

/**
 * Nothing a shopper does while the page wakes up is lost, and no notice covers what they
 * need. Every page here is opened with its JavaScript 3 s late (each /assets/*.js request is held),
 * the shopper acts on the server's markup before hydration, and the result is checked after it —
 * on a 390-px phone.
 */

const PHONE = { width: 390, height: 844 };
const SCRIPT_DELAY_MS = 3000;

/** Holds every script of the page for SCRIPT_DELAY_MS; a script matching `until` waits for that promise too. */
async function delayScripts(page: Page, until?: { match: RegExp; released: Promise<void> }) {
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    if (until?.match.test(route.request().url())) await until.released;
    await route.continue();
  });
}

/** Opens a page without waiting for React (the fixture's goto waits for hydration). */
async function openBeforeBoot(page: Page, path: string) {
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
}

async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 20_000 });
}

test.describe("before the JavaScript arrives (390 px, scripts 3 s late)", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  test("a quantity typed before hydration is the one added: 250 → 250 in the cart", async ({ page }) => {
    await delayScripts(page);
    await openBeforeBoot(page, "/product/1");
    const form = page.getByRole("form", { name: /^Add .+ to cart$/ }).first();
    const quantity = form.getByRole("spinbutton", { name: "Quantity" });
    await quantity.fill("250");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    await hydrated(page);
    await expect(quantity).toHaveValue("250");
    // The badge updates optimistically: wait for the server to have stored the line before leaving.
    const saved = page.waitForResponse(
      (response) => /^\/cart/.test(new URL(response.url()).pathname) && response.request().method() === "POST",
    );
    await form.getByRole("button", { name: /^Add 250 to cart — / }).click();
    await expect(page.getByRole("button", { name: "Cart, 250 items" })).toBeVisible();
    expect((await saved).ok()).toBe(true);
    await page.goto("/checkout");
    await expect(page.getByRole("spinbutton", { name: /^Quantity of / })).toHaveValue("250");
  });

  test("a search typed before hydration is kept, gets its suggestions and is the one searched", async ({ page }) => {
    await delayScripts(page);
    await openBeforeBoot(page, "/");
    const field = page.getByRole("search").getByLabel("Search products");
    await field.fill("runtz");
    await hydrated(page);
    await expect(field).toHaveValue("runtz");
    await expect(field).toHaveAttribute("aria-expanded", "true");
    // Escape closes the suggestions; Enter then searches for the typed text.
    await field.press("Escape");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/shop\?search=runtz/);
  });

  test("the header's phone search opened and typed in before hydration stays open with its text", async ({ page }) => {
    await delayScripts(page);
    await openBeforeBoot(page, "/faq");
    await page.getByRole("banner").getByLabel("Search", { exact: true }).click();
    // The phone's field (the wide screens' one is the first, hidden at 390 px).
    const field = page.getByRole("banner").getByLabel("Search the shop").last();
    await field.fill("gelato");
    await hydrated(page);
    await expect(field).toBeVisible();
    await expect(field).toHaveValue("gelato");
  });

  test("a cart quantity changed before hydration is the one kept", async ({ page }) => {
    await page.goto("/product/1");
    // The badge counts the line at once (optimistic); the cookie is set when the POST answers.
    const added = page.waitForResponse(
      (response) => /^\/cart/.test(new URL(response.url()).pathname) && response.request().method() === "POST",
    );
    await page
      .getByRole("button", { name: /^Add to Cart/ })
      .first()
      .click();
    await expect(page.getByRole("button", { name: "Cart, 1 item" })).toBeVisible();
    expect((await added).ok()).toBe(true);
    await delayScripts(page);
    await openBeforeBoot(page, "/checkout");
    const quantity = page.getByRole("spinbutton", { name: /^Quantity of / });
    await quantity.fill("7");
    await quantity.blur();
    const saved = page.waitForResponse(
      (response) => /^\/cart/.test(new URL(response.url()).pathname) && response.request().method() === "POST",
    );
    await hydrated(page);
    await expect(quantity).toHaveValue("7");
    await expect(page.getByRole("button", { name: "Cart, 7 items" })).toBeVisible();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(quantity).toHaveValue("7");
  });

  test.describe("a first visit", () => {
    test.use({ ageVerified: false });

    test("answer the age gate, tap Filters, tick Indica and apply while the sheet's code is on its way: only indica, the right count", async ({
      page,
    }) => {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await delayScripts(page, { match: /\/filter-sheet-[^/]*\.js$/, released });
      await openBeforeBoot(page, "/shop");
      await hydrated(page);
      // The gate's own code has arrived once it has moved focus into the dialog.
      const gate = page.getByRole("dialog", { name: "Are you 21 or older?" });
      const yes = gate.getByRole("button", { name: "Yes, I'm 21 or older" });
      await expect(yes).toBeFocused();
      await yes.click();
      await expect(gate).toBeHidden();

      // The sheet is still the server's markup (its button reads 'Apply Filters'), and it works.
      await page.getByRole("button", { name: /^Filters/ }).click();
      const sheet = page.getByRole("region", { name: "Filters" });
      await expect(sheet.getByLabel("Search")).toBeVisible();
      await expect(sheet.getByRole("button", { name: "Apply Filters" })).toBeVisible();
      const indica = sheet.getByRole("checkbox", { name: /^Indica/ });
      expect(await optionCount(indica)).toBeGreaterThan(0);
      await indica.check();

      release();
      // The sheet boots, applies the ticked box and loads its counts: three steps on a busy machine. Its
      // button and the box show figures from one answer; products other tests make may come and go
      // between two answers, so each check compares figures of one page.
      const show = sheet.getByRole("button", { name: /^Show \d+ products?$/ });
      await expect(async () => {
        const count = await optionCount(indica);
        await expect(show).toHaveText(`Show ${count} ${count === 1 ? "product" : "products"}`, { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(indica).toBeChecked();
      await show.click();
      await expect(sheet.getByLabel("Search")).toBeHidden();
      await expect(page).toHaveURL(/\/shop\?strain=indica$/);
      // The closed sheet's box, out of the accessibility tree, still shows this page's count.
      const expected = await optionCount(page.locator('input[type="checkbox"][name="strain"][value="indica"]'));
      await expect(page.getByText(new RegExp(`^Showing \\d+ of ${expected} products? \\(`))).toBeVisible();
      const metas = await page.getByRole("article").locator(".card-meta").allTextContents();
      expect(metas.length).toBe(Math.min(expected, 24));
      for (const meta of metas) expect(meta).toMatch(/(^|·)indica·/i);
    });
  });
});

test.describe("the back office before its JavaScript arrives (390 px, scripts 3 s late)", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInSession(page);
  });

  test("a lab report and a photo chosen before the product form boots are uploaded when it does, and saved", async ({ page, products }) => {
    const { id } = await products.create(`Early Pick Kush ${Date.now()}`);
    await delayScripts(page);
    await openBeforeBoot(page, `/admin/edit-product/${id}`);
    const lab = page.getByRole("group", { name: "Lab report" });
    await lab
      .getByLabel("Upload lab report")
      .setInputFiles(path.join(import.meta.dirname, "..", "..", "db", "lab-reports", "sample-coa-runtz-eighth.pdf"));
    await page.getByLabel("Upload images").setInputFiles(path.join(import.meta.dirname, "fixtures", "leaf-gold.jpg"));
    await hydrated(page);
    await expect(lab.getByRole("link", { name: /View lab report/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("img", { name: "Extra image 1: leaf-gold.jpg" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("progressbar")).toHaveCount(0, { timeout: 30_000 });
    await page.getByRole("button", { name: "Update Product" }).click();
    await expect(page).toHaveURL("/admin/products");
    await page.goto(`/admin/edit-product/${id}`);
    await expect(lab.getByRole("link", { name: /View lab report/ })).toBeVisible();
    // Stored under the name the upload gave it.
    await expect(page.getByRole("img", { name: /^Extra image 1: image-\d+-\w+\.jpg$/ })).toBeVisible();
  });

  test("the plain photo and lab report pickers leave the page as soon as their files are read: a file chosen as the form boots is not dropped", async ({
    page,
  }) => {
    // Notes, in the page, each file input whose files are read and that is still on the page once the
    // reading code has run to its end (a microtask later): one the owner could still choose into,
    // though the form has already taken its files.
    await page.addInitScript(() => {
      const files = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "files");
      if (!files?.get) throw new Error("HTMLInputElement.files has no getter");
      const read = files.get;
      const seen = { read: [] as string[], leftBehind: [] as string[] };
      Object.assign(window, { pickers: seen });
      Object.defineProperty(HTMLInputElement.prototype, "files", {
        ...files,
        get(this: HTMLInputElement) {
          if (this.isConnected) {
            seen.read.push(this.name);
            const { name } = this;
            const stillThere = () => this.isConnected;
            queueMicrotask(() => {
              if (stillThere()) seen.leftBehind.push(name);
            });
          }
          return read.call(this);
        },
      });
    });
    await delayScripts(page);
    await openBeforeBoot(page, "/admin/add-product");
    await hydrated(page);
    await expect(page.getByText("or drop images here")).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { pickers: { read: string[]; leftBehind: string[] } }).pickers);
    expect([...new Set(seen.read)].sort()).toEqual(["imageFiles", "labReportFile"]);
    expect(seen.leftBehind).toEqual([]);
  });

  test("'Select all on this page' ticked before the list boots selects every row when it does", async ({ page }) => {
    await delayScripts(page);
    await openBeforeBoot(page, "/admin/products?category=indoors");
    const bulk = page.getByRole("form", { name: "Bulk actions" });
    await bulk.getByRole("checkbox", { name: "Select all on this page" }).check();
    await hydrated(page);
    const boxes = page.locator('input[name="ids"]');
    const count = await boxes.count();
    expect(count).toBeGreaterThan(1);
    await expect(bulk.getByText(`${count} products selected`)).toBeVisible();
    for (const box of await boxes.all()) await expect(box).toBeChecked();
  });
});

test.describe("notices at 390 px", () => {
  test("no notice covers the cart drawer's Checkout button", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/product/1");
    await page
      .getByRole("button", { name: /^Add to Cart/ })
      .first()
      .click();
    await expect(page.getByText("Added to cart!")).toBeVisible();
    await page.getByRole("button", { name: "Cart, 1 item" }).click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await expect(drawer).toBeVisible();
    // The notice raised just before moved into the drawer, above its totals.
    const checkout = drawer.getByRole("link", { name: "Checkout" });
    await expect(drawer.getByText("Added to cart!")).toBeVisible();
    const targets = [checkout, drawer.getByText("Subtotal")];
    for (const notice of await page.getByText("Added to cart!").all()) {
      const box = (await notice.locator("xpath=ancestor::li[1]").boundingBox())!;
      for (const target of targets) {
        const other = (await target.boundingBox())!;
        const overlaps =
          box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
        expect(overlaps, `a notice covers ${await target.textContent()}`).toBe(false);
      }
    }
  });
});
