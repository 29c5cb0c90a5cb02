import { expect, expectAccessiblePage, seriousViolations, test } from "./fixtures";

/**
 * Whole-page accessibility checks (axe, forms a keyboard can send, landmarks told apart) on every public
 * page of the route table in docs/product.md#routes, plus the 404 page. The six static pages get the same
 * checks on the one load that checks their texts (pages.spec.ts); axe also runs over the home page's open
 * phone menu (menu.spec.ts) and the contact form showing its errors (pages.spec.ts).
 */
const PUBLIC_PATHS = ["/shop", "/checkout", "/product/1", "/shop/concentrates", "/no-such-page"] as const;

test.describe("axe-core finds nothing serious, every form has a submit button and every landmark can be told apart", () => {
  // axe runs every rule over the whole page: on a 48-card listing that alone can take most of the
  // default 30 s on a slow, shared core, so these tests get 90 s (their assertions are unchanged).
  test.describe.configure({ timeout: 90_000 });

  for (const path of PUBLIC_PATHS) {
    test(`on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectAccessiblePage(page);
    });
  }

  test.describe("with the age gate open", () => {
    test.use({ ageVerified: false });

    test("axe finds nothing serious on the home page", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
