import { expect, seriousViolations, test } from "./fixtures";

/** Every public page of the spec's route table (plus the 404 page). */
const PUBLIC_PATHS = [
  "/",
  "/about",
  "/contact",
  "/faq",
  "/reviews",
  "/account",
  "/shop",
  "/checkout",
  "/product/1",
  "/shop/concentrates",
  "/no-such-page",
] as const;

test.describe("axe-core finds nothing serious", () => {
  // axe runs every rule over the whole page: on a 48-card listing that alone can take most of the
  // default 30 s on a slow, shared core, so these tests get 90 s (their assertions are unchanged).
  test.describe.configure({ timeout: 90_000 });

  for (const path of PUBLIC_PATHS) {
    test(`on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("on the home page at phone width with the menu open", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByLabel("Menu").click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("on the contact form showing its errors", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe("with the age gate open", () => {
    test.use({ ageVerified: false });

    test("on the home page", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
