import { expect, seriousViolations, test } from "./fixtures";

/** Every public page of the route table in docs/product.md#routes (plus the 404 page). */
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

/** Landmarks on the page that share a role with no name or with the same name: "role: name" for each clash. */
async function indistinctLandmarks(page: import("@playwright/test").Page) {
  return page.evaluate(() => {
    const named = (element: Element) => {
      const labelledBy = element.getAttribute("aria-labelledby");
      if (labelledBy) {
        return labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
          .join(" ")
          .trim();
      }
      return element.getAttribute("aria-label")?.trim() ?? "";
    };
    // The implicit role of a landmark element (header and footer only outside sectioning content;
    // section and form only when named), or its explicit landmark role.
    const LANDMARKS = new Set(["banner", "complementary", "contentinfo", "form", "main", "navigation", "region", "search"]);
    const roleOf = (element: Element): string | null => {
      const explicit = element.getAttribute("role");
      if (explicit) return LANDMARKS.has(explicit) ? explicit : null;
      const inSection = element.parentElement?.closest("article, aside, main, nav, section") !== null;
      switch (element.tagName) {
        case "NAV":
          return "navigation";
        case "ASIDE":
          return "complementary";
        case "MAIN":
          return "main";
        case "HEADER":
          return inSection ? null : "banner";
        case "FOOTER":
          return inSection ? null : "contentinfo";
        case "SECTION":
        case "FORM":
          return named(element) ? (element.tagName === "FORM" ? "form" : "region") : null;
        default:
          return null;
      }
    };
    const byRole = new Map<string, string[]>();
    for (const element of document.querySelectorAll("nav, aside, main, header, footer, section, form, [role]")) {
      const role = roleOf(element);
      // As a validator reads the markup: a landmark hidden by CSS at this width still counts.
      if (!role || element.closest("[hidden], [aria-hidden='true']")) continue;
      byRole.set(role, [...(byRole.get(role) ?? []), named(element)]);
    }
    const clashes: string[] = [];
    for (const [role, names] of byRole) {
      if (names.length < 2) continue;
      names.forEach((name, index) => {
        if (!name || names.indexOf(name) !== index) clashes.push(`${role}: ${name || "(no name)"}`);
      });
    }
    return clashes;
  });
}

test.describe("every form has a submit button and every landmark can be told apart", () => {
  for (const path of PUBLIC_PATHS) {
    test(`on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      // A form a keyboard or screen reader user can send: a submit button or a submit input inside it.
      const formsWithoutSubmit = await page.evaluate(() =>
        [...document.querySelectorAll("form")]
          .filter((form) => !form.querySelector('button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]'))
          .map((form) => form.getAttribute("aria-label") ?? form.getAttribute("action") ?? form.outerHTML.slice(0, 80)),
      );
      expect(formsWithoutSubmit).toEqual([]);
      expect(await indistinctLandmarks(page)).toEqual([]);
    });
  }
});
