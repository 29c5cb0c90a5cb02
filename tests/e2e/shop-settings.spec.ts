import type { Page } from "@playwright/test";
import { chooseShippingAndCash, expect, saveSettings, signIn, signInSession, test, variants } from "./fixtures";

/**
 * The owner changes the shop from /admin/settings — with JavaScript on and off, at a phone's and a
 * desktop's width — and the shop follows on the next page: the Telegram account, hours that make
 * the shop closed now (home, contact, checkout with when the reply comes), the next order's Telegram
 * account, a closure and an announcement; an older version is restored. Screenshots for the record go to E2E_SCREENS when it is set.
 */

const SCREENS = process.env.E2E_SCREENS;

async function screenshot(page: Page, name: string) {
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: name.includes("settings") });
}

async function saveSection(page: Page, button: string) {
  const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/admin/settings"));
  await page.getByRole("button", { name: button }).click();
  await saved;
  // With JavaScript the save revalidates the page, which re-renders the sections: the next fill waits for it.
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: button })).toBeEnabled();
}

/** The settings screen's refusal of a save made on a stale version of the settings. */
const OVERTAKEN = /changed in another tab/;

/**
 * Fills a section, saves it (saveSection) and expects it saved. This spec runs alone (playwright.config.ts),
 * so no other spec's save can make the page's version stale meanwhile: a refusal here is a failure.
 */
async function fillAndSave(page: Page, button: string, fill: () => Promise<void>) {
  await fill();
  await saveSection(page, button);
  await expect(page.getByText(OVERTAKEN)).toHaveCount(0);
  await expect(page.getByText("Settings saved").first()).toBeVisible();
}

// Every variant changes the one shop's settings (and restores them): they run one after another.
test.describe.configure({ mode: "serial" });

for (const { javaScriptEnabled: js, width, viewport } of variants({ height: 900 })) {
  test.describe(`the owner's settings, JavaScript ${js ? "on" : "off"}, ${width} px`, () => {
    test.use({ javaScriptEnabled: js, viewport });

    test("change the Telegram account, close the shop, add a closure and an announcement, then restore", async ({ page, admin }) => {
      // Four saves, a restore and six pages on a shared 2-core machine.
      test.setTimeout(150_000);
      const account = `owner_${js ? "js" : "nojs"}_${width}`;
      await signIn(page);
      await page.getByRole("link", { name: /Shop Settings/ }).click();
      await expect(page).toHaveURL(/\/admin\/settings$/);
      await screenshot(page, `h5-settings-${width}${js ? "" : "-nojs"}`);
      const shopAccount = await page.getByLabel("Telegram username").inputValue();

      // A username Telegram would refuse: the message beside the field, what was typed kept.
      await page.getByLabel("Telegram username").fill("9lives");
      await page.getByRole("button", { name: "Save ordering account and business" }).click();
      await expect(page.getByText("A Telegram username cannot start with a digit.")).toBeVisible();
      await expect(page.getByLabel("Telegram username")).toHaveValue("9lives");

      await fillAndSave(page, "Save ordering account and business", () => page.getByLabel("Telegram username").fill(account));

      // Closed every day, a closure with its note, an announcement.
      // Yesterday to tomorrow (UTC): today in the shop's own time zone whatever it is.
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      await fillAndSave(page, "Save hours", async () => {
        for (const weekday of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
          await page.getByRole("checkbox", { name: weekday, exact: true }).uncheck();
        }
        await page.getByLabel("Closure 1: first day").fill(day(-1));
        await page.getByLabel("Last day").first().fill(day(1));
        await page.getByLabel("Note").first().fill("Closed for stocktaking — back soon");
      });
      await fillAndSave(page, "Save announcement", () =>
        page.getByRole("textbox", { name: "Announcement" }).fill("Holiday hours: orders answered from Monday 🌿"),
      );
      await expect(page.getByRole("textbox", { name: "Announcement" })).toHaveValue("Holiday hours: orders answered from Monday 🌿");

      await page.goto("/");
      await expect(page.getByText("Closed now", { exact: true }).first()).toBeVisible();
      await expect(page.getByText("Holiday hours: orders answered from Monday 🌿")).toBeVisible();
      await screenshot(page, `h5-home-closed-${width}${js ? "" : "-nojs"}`);
      await page.goto("/contact");
      await expect(page.getByText("Closed for stocktaking — back soon")).toBeVisible();
      await expect(page.getByRole("link", { name: /Chat on Telegram/ })).toHaveAttribute("href", `https://t.me/${account}`);
      // The checkout says the shop is closed and when the reply comes; the order goes to the new account.
      await page.goto("/product/1");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByText("Added to cart!").first()).toBeVisible();
      await page.goto("/checkout");
      await expect(page.getByText("Closed now", { exact: true }).first()).toBeVisible();
      await expect(page.getByText(/^You can still send your order or message now: we reply /).first()).toBeVisible();
      await chooseShippingAndCash(page);
      await page
        .context()
        .route("https://t.me/**", (route) =>
          route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Telegram</title>" }),
        );
      const telegram = page.context().waitForEvent("request", (request) => request.url().startsWith("https://t.me/"));
      await page.getByRole("button", { name: "Place Order via Telegram" }).click();
      const sent = new URL((await telegram).url());
      expect(sent.pathname).toBe(`/${account}`);
      expect(sent.searchParams.get("text")).toContain("Delivery: Discreet nationwide delivery");

      // Restore the version before the announcement: the announcement goes, the closed hours stay.
      await page.goto("/admin/settings");
      const versions = page.getByRole("region", { name: "Versions" });
      await versions
        .getByRole("button", { name: /^Restore the version of/ })
        .first()
        .click();
      await expect(page.getByText("Version restored").first()).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Announcement" })).toHaveValue("");
      await page.goto("/");
      await expect(page.getByText("Holiday hours: orders answered from Monday 🌿")).toHaveCount(0);

      // Put the shop back for the specs that follow: its own Telegram account, and every day open
      // again (the hours form, filled in above, posted as the owner would).
      await saveSettings(admin, "ordering", { telegramUsername: shopAccount });
      await saveSettings(admin, "hours", {
        ...Object.fromEntries(Array.from({ length: 7 }, (_, day) => [`week[${day}].open`, "on"])),
        "closures[0].from": "",
        "closures[0].to": "",
        "closures[0].note": "",
      });
      await page.goto("/");
      await expect(page.getByText(/^Open now · until|^Closed now · opens/).first()).toBeVisible();
      await screenshot(page, `h5-home-${width}${js ? "" : "-nojs"}`);
    });
  });
}

test.describe("one form's save keeps what the owner is typing in the others", () => {
  test.use({ viewport: { width: 390, height: 900 } });

  test("the announcement and a closure note typed before and during the ordering form's save are still there, and save on top of it", async ({
    page,
  }) => {
    await signInSession(page);
    await page.goto("/admin/settings");
    const announcement = page.getByRole("textbox", { name: "Announcement" });
    const note = page.getByLabel("Note").first();
    const tagline = page.getByLabel("Tagline");
    const before = await tagline.inputValue();
    const tagged = `Свежее каждый день · 每天新鲜 ${Date.now()}`;
    const typed = "Долгие выходные: заказы в понедельник · 长周末 🌿";

    await announcement.fill(typed.slice(0, 20));
    await note.fill("Inventur — 棚卸し");
    await tagline.fill(tagged);
    const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/admin/settings"));
    await page.getByRole("button", { name: "Save ordering account and business" }).click();
    // The owner goes on typing while the save and the page's reload are on their way.
    await announcement.press("End");
    await announcement.pressSequentially(typed.slice(20));
    await saved;
    await expect(page.getByText("Settings saved").first()).toBeVisible();
    await page.waitForLoadState("networkidle");

    await expect(tagline).toHaveValue(tagged);
    await expect(announcement).toHaveValue(typed);
    await expect(note).toHaveValue("Inventur — 棚卸し");

    // Saved after the other form's save, the announcement goes on top of it (not refused as a stale page).
    await saveSection(page, "Save announcement");
    await expect(page.getByText(OVERTAKEN)).toHaveCount(0);
    await page.reload();
    await expect(announcement).toHaveValue(typed);
    await expect(tagline).toHaveValue(tagged);
    // The closure note was never saved: a reload shows the saved (empty) row.
    await expect(note).toHaveValue("");

    // Put the shop back as it was for the tests that follow.
    await announcement.fill("");
    await saveSection(page, "Save announcement");
    await tagline.fill(before);
    await saveSection(page, "Save ordering account and business");
    await expect(tagline).toHaveValue(before);
    await expect(announcement).toHaveValue("");
  });
});
