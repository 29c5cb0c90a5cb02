import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Response,
} from "@playwright/test";

/**
 * Every browser test imports { test, expect } from here. The visitor has already passed the
 * 21+ age gate (cookie `age-verified=yes`), except in tests that opt out with
 * test.use({ ageVerified: false }) to exercise the gate itself.
 */
export const test = base.extend<{ ageVerified: boolean; admin: APIRequestContext; products: TestProducts; specials: TestSpecials }>({
  ageVerified: [true, { option: true }],
  // An admin session of the test's own, apart from the page under test: the fixtures below arrange
  // state through it by request (the real actions, zod and D1) where rendering the form proves nothing new.
  admin: async ({ browser }, use) => {
    const context = await adminContext(browser);
    await use(context.request);
    await context.close();
  },
  // Products the test makes for itself through the product form's own action, put in the trash when
  // the test ends, whatever its outcome.
  products: async ({ admin: api }, use) => {
    const made: number[] = [];
    await use({
      async create(name, fields = {}) {
        const response = await api.post("/admin/add-product", {
          form: { ...PRODUCT_DEFAULTS, ...fields, name },
          maxRedirects: 0,
        });
        expect(response.status(), await response.text()).toBe(302);
        const id = await adminProductId(api, name);
        made.push(id);
        return { id, name };
      },
      update: (id, changes) => updateProduct(api, id, changes),
    });
    for (const id of made) {
      const removed = await api.post(`/admin/products/${id}/delete`, { form: { redirectTo: "/admin/products" }, maxRedirects: 0 });
      expect(removed.status()).toBe(302);
    }
  },
  // Specials the test makes for itself through the Specials form's own action, trashed when it ends.
  specials: async ({ admin: api }, use) => {
    const made: number[] = [];
    await use({
      async create(fields) {
        const response = await api.post("/admin/specials/new", { ...urlEncoded(fields), maxRedirects: 0 });
        const id = Number(/^\/admin\/specials\/(\d+)$/.exec(response.headers()["location"] ?? "")?.[1]);
        expect(id, `special ${fields.name} saved (${response.status()})`).toBeGreaterThan(0);
        made.push(id);
        return id;
      },
    });
    for (const id of made) {
      const removed = await api.post(`/admin/specials/${id}/delete`, { form: {}, maxRedirects: 0 });
      expect(removed.status(), `special ${id} trashed`).toBe(302);
    }
  },
  context: async ({ context, baseURL, ageVerified }, use) => {
    if (ageVerified) {
      await context.addCookies([{ name: "age-verified", value: "yes", url: baseURL! }]);
    }
    await use(context);
  },
  // With JavaScript on, goto and reload also wait for React to have hydrated the document (a page
  // may still be booting after its load event), as a shopper's first tap does.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => waitForHydration(page, await goto(url, options), options?.waitUntil);
      page.reload = async (options) => waitForHydration(page, await reload(options), options?.waitUntil);
    }
    await use(page);
  },
});

/** After a full page load of an HTML document that boots (it has a module script), waits for `<html data-hydrated>` (app/root.tsx). */
export async function waitForHydration<T extends Response | null>(page: Page, response: T, waitUntil?: string): Promise<T> {
  const html = response?.headers()["content-type"]?.includes("text/html") ?? false;
  if (html && (waitUntil === undefined || waitUntil === "load")) {
    await page.waitForFunction(
      () => document.documentElement.hasAttribute("data-hydrated") || !document.querySelector('script[type="module"]'),
    );
  }
  return response;
}

export { expect };

/** One run of a journey: a window size and JavaScript on or off. */
interface Variant {
  /** "phone", "tablet" or "desktop", for test titles. */
  name: string;
  width: number;
  viewport: { width: number; height: number };
  javaScriptEnabled: boolean;
}

/** `E2E_MATRIX=full` runs every journey at every width with JavaScript on and off. */
const FULL_MATRIX = process.env.E2E_MATRIX === "full";

/**
 * The variants a spec runs a journey in: the one place that decides them. The full matrix is every width ×
 * JavaScript on/off; an ordinary run keeps one of each: JavaScript on at the narrowest width (a phone) and
 * off at the widest, so both layouts and both ways a form posts are still proven, in half the runs.
 * With a single width (a spec that sets its own), both JavaScript runs stay.
 * `javaScript: [true]` (or `[false]`) picks one side, for a describe block that holds only that side.
 */
export function variants({
  widths = [390, 1280],
  javaScript = [true, false],
  height,
}: { widths?: readonly number[]; javaScript?: readonly boolean[]; height?: number } = {}): Variant[] {
  const narrowest = Math.min(...widths);
  const widest = Math.max(...widths);
  const kept = (width: number, javaScriptEnabled: boolean) =>
    FULL_MATRIX || widths.length === 1 || width === (javaScriptEnabled ? narrowest : widest);
  return javaScript.flatMap((javaScriptEnabled) =>
    widths
      .filter((width) => kept(width, javaScriptEnabled))
      .map((width) => ({
        name: width <= 430 ? "phone" : width < 1024 ? "tablet" : "desktop",
        width,
        viewport: { width, height: height ?? (width <= 430 ? 844 : 900) },
        javaScriptEnabled,
      })),
  );
}

/** The fields the product form posts for a plain product (inactive unless `active: "on"` is given). */
const PRODUCT_DEFAULTS: Record<string, string> = {
  price: "45",
  description: "A product a browser test made for itself.",
  category: "indoors",
  strainType: "indica",
  thcContent: "24",
  "effects[0]": "Relaxed",
  video: "",
  images: "/art/indoors-1.svg",
  inStock: "on",
  isLabTested: "on",
};

export interface TestProducts {
  /** Makes a product named `name` (plain letters, digits and spaces, unique to the test) with the form's fields. */
  create(name: string, fields?: Record<string, string>): Promise<{ id: number; name: string }>;
  /** Saves the product's edit form as it stands, with `changes` made (see submitForm). */
  update(id: number, changes: FormChanges): Promise<void>;
}

export interface TestSpecials {
  /** Makes a special from the Specials form's fields (kind, name, badge, products, the kind's terms); answers its id. */
  create(fields: Record<string, string | readonly string[]>): Promise<number>;
}

/**
 * A browser context signed in as the local admin by request, for arranging state apart from the page
 * under test (its `request`), or for an owner's own tab (a page opened in it needs no sign-in). A
 * context's request client, not a bare one: it keeps the Secure session cookie on http://localhost.
 */
export async function adminContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin }, ...options });
  await adminSession(context.request);
  return context;
}

/** Signs a request context in as the local admin: its session cookie is kept by the context. */
async function adminSession(request: APIRequestContext) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await request.post("/admin", { form: { ...ADMIN }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(response.headers()["set-cookie"] ?? "", `sign-in answered ${response.status()}`).toContain("adminSession=");
}

export const ADMIN = { username: "admin", password: "dev-password" } as const;

/**
 * Signs in as the local admin by cookie and opens the dashboard: one POST to the sign-in action from the
 * page's own request context, whose session cookie the browser then carries (no form to fill, one
 * password hash). Tests of the sign-in form itself use signInWithForm.
 */
export async function signIn(page: Page) {
  await adminSession(page.request);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Signs in as the local admin through the real sign-in form and lands on the dashboard. */
export async function signInWithForm(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** What a test types into the admin's Create Product form; the category is Branded Exotics unless given. */
interface NewProductFields {
  name: string;
  price: string;
  description: string;
  thc: string;
  category?: string;
}

/**
 * Signs in, opens the admin's Create Product form and fills in a product's own fields, unsaved. With
 * JavaScript on it first waits for the enhanced image picker (its drop zone), so a test can upload at once.
 */
export async function fillNewProductForm(page: Page, { name, price, description, thc, category = "Branded Exotics" }: NewProductFields) {
  await signInSession(page);
  await page.goto("/admin/add-product");
  if ((await page.locator("html").getAttribute("data-hydrated")) !== null) {
    await expect(page.getByText("or drop images here")).toBeVisible();
  }
  await page.getByLabel("Product Name").fill(name);
  await page.getByRole("textbox", { name: "Price", exact: true }).fill(price);
  await page.getByLabel("Description").fill(description);
  await page.getByLabel("THC Content").fill(thc);
  // The category has no default; Branded Exotics keeps test products off every category page.
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption({ label: category });
}

/**
 * Signs in and creates a product through the admin form, with uploaded images (test fixtures) when
 * given: the built-in catalogue has no photos (every product shows its packshot), so a gallery of
 * several images is made this way (a name is a file in tests/e2e/fixtures, or an absolute path). Needs JavaScript (the image picker uploads as files are chosen).
 */
export async function createProductWithImages(page: Page, name: string, images: string[]) {
  await fillNewProductForm(page, { name, price: "45", description: "A test product with a gallery.", thc: "24" });
  await page
    .getByLabel("Upload images")
    .setInputFiles(images.map((image) => (path.isAbsolute(image) ? image : path.join(import.meta.dirname, "fixtures", image))));
  // Under load, uploads and the save can wait behind the photo pipeline's transforms (the local Images engine shares the machine).
  const slow = { timeout: 60_000 };
  await expect(page.locator('input[type="hidden"][name="images"]')).toHaveCount(images.length, slow);
  await expect(page.getByRole("progressbar")).toHaveCount(0, slow);
  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(page).toHaveURL("/admin/products", slow);
}

/**
 * Holds the page's requests that match `url` on the wire until `release()`: `requested` settles when the
 * first one is sent, so a test can look at the page while an upload or a save is still in flight.
 */
export async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let sent!: () => void;
  const requested = new Promise<void>((resolve) => (sent = resolve));
  await page.route(url, async (route) => {
    sent();
    await held;
    await route.continue();
  });
  return { requested, release };
}

/**
 * Scrolls to the very end of a phone page: `last` (the footer's last line or link) must then sit wholly
 * above the fixed bottom `bar`, never under it.
 */
export async function expectClearOfBottomBar(page: Page, bar: Locator, last: Locator) {
  await last.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 10_000);
  await expect(async () => {
    const [barBox, lastBox] = await Promise.all([bar.boundingBox(), last.boundingBox()]);
    expect(barBox && lastBox && lastBox.y + lastBox.height <= barBox.y).toBe(true);
  }).toPass();
}

/** The number an option's label shows ("Indica 6" → 6). */
export async function optionCount(option: Locator) {
  const text = (await option.locator("xpath=ancestor::label").textContent()) ?? "";
  return Number(/(\d+)\s*$/.exec(text.trim())?.[1] ?? NaN);
}

/** The product id in a product link ("/product/12-wild-berry-gummies" or "/product/12"). */
export function productIdOf(href: string | null): number {
  const id = Number(/\/product\/(\d+)/.exec(href ?? "")?.[1]);
  if (!Number.isSafeInteger(id)) throw new Error(`Not a product link: ${href}`);
  return id;
}

/** axe-core's serious and critical findings (WCAG 2.1 A/AA and best practice), one readable line each (rule: elements). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * Answers t.me in the test (nothing leaves the machine) and hands back the first Telegram request's
 * account (its path) and decoded text. Call it before the click that opens Telegram.
 */
export function interceptTelegram(context: BrowserContext) {
  void context.route("https://t.me/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Telegram</title><h1>Telegram</h1>" }),
  );
  return context
    .waitForEvent("request", { predicate: (request) => request.url().startsWith("https://t.me/"), timeout: 60_000 })
    .then((request) => {
      const url = new URL(request.url());
      return { path: url.pathname, text: url.searchParams.get("text") ?? "" };
    });
}

/** The built-in shop's shipping, as the order message names it (free, so the total is the subtotal). */
export const SHIPPING_MESSAGE_LINE = "Delivery: Discreet nationwide delivery: free, 1-3 business days";

/**
 * On /checkout, chooses the shop's shipping and cash payment, with JavaScript on or off: the radios
 * post with the order without JavaScript; with it each choice is saved beside the cart at once, and
 * this waits until the page's totals and copied text have followed.
 */
export async function chooseShippingAndCash(page: Page) {
  const hydrated = (await page.locator("html").getAttribute("data-hydrated")) !== null;
  const radios = [
    page.getByRole("group", { name: "How would you like to receive it?" }).getByLabel(/Discreet nationwide delivery/),
    // "Cash on delivery" in the built-in shop, "Cash" where a spec has changed the payment methods.
    page.getByRole("group", { name: "How will you pay?" }).getByLabel(/^Cash/).first(),
  ];
  for (const radio of radios) {
    if (await radio.isChecked()) continue;
    const saved = hydrated
      ? page.waitForResponse(
          (response) => response.request().method() === "POST" && /^\/cart(\.data)?$/.test(new URL(response.url()).pathname),
        )
      : null;
    await radio.check();
    await saved;
  }
  if (hydrated) await page.waitForLoadState("networkidle");
}

/**
 * The order message's shape: the greeting, then each expected line whole, the reference and the
 * signed link when `sent` (the copied preview has neither), and no closing question about delivery.
 */
export function expectOrderMessage(text: string | null, lines: string[], { sent = true } = {}) {
  expect(text).toMatch(/^Hello, I would love to order:\n\n/);
  for (const line of lines) expect(text).toContain(`\n${line}\n`);
  if (sent) {
    expect(text).toMatch(/\nOrder [0-9A-Z]{4}-[0-9A-Z]{4}\nCheck or order again: http:\/\/localhost:\d+\/o\/\S+\n/);
  } else {
    expect(text).not.toContain("Check or order again:");
  }
  expect(text).not.toContain("Please let me know");
  expect(text).toMatch(/\nThank you!$/);
}

// ── Page checks shared by the public-page specs (one load, many checks) ──

/** The forms on the page a keyboard or screen reader user cannot send: no submit button or submit input inside. */
export async function formsWithoutSubmit(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("form")]
      .filter((form) => !form.querySelector('button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]'))
      .map((form) => form.getAttribute("aria-label") ?? form.getAttribute("action") ?? form.outerHTML.slice(0, 80)),
  );
}

/** Landmarks on the page that share a role with no name or with the same name: "role: name" for each clash. */
export async function indistinctLandmarks(page: Page) {
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

/** The whole-page accessibility checks of a public page: nothing serious for axe, every form sendable, every landmark distinct. */
export async function expectAccessiblePage(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await formsWithoutSubmit(page)).toEqual([]);
  expect(await indistinctLandmarks(page)).toEqual([]);
}

/**
 * Posts a form to an admin action from the page's own request context (signed in with signInSession),
 * as the browser's form would, and expects the action's redirect: for arranging state a test is not about.
 */
export async function postAdminForm(page: Page, path: string, form: Record<string, string>) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
  expect([302, 303], `${path} answered ${response.status()}: ${(await response.text()).slice(0, 300)}`).toContain(response.status());
}

// ---- Arranging a test's starting state by request ----
// A step that only sets the scene (the settings a journey needs, a price change) posts the page's own
// form to its own action from an admin request context: the same action, zod and D1, without rendering
// and hydrating a page whose form other tests already prove.

/** Changes to a form's fields: a string or list replaces every value of that name, null leaves it out (an unticked box). */
export type FormChanges = Record<string, string | readonly string[] | null>;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) =>
    code.startsWith("#")
      ? String.fromCodePoint(code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : Number(code.slice(1)))
      : (ENTITIES[code.toLowerCase()] ?? whole),
  );
}

/** An attribute of an opening tag as the server rendered it (double-quoted or bare), decoded; null when absent. */
function attributeOf(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}(?:="([^"]*)"|(?=[\\s/>]))`, "i").exec(tag.slice(0, tag.indexOf(">") + 1));
  return match ? decodeEntities(match[1] ?? "") : null;
}

/**
 * The fields the first form in `html` that holds `marker` posts as served: text as filled in, ticked
 * boxes and radios, chosen options, textareas' text (no submit button's own value).
 */
export function formFields(html: string, marker: string): [string, string][] {
  const form = html
    .split(/<form[\s>]/i)
    .slice(1)
    .map((part) => part.split(/<\/form>/i)[0]!)
    .find((part) => part.includes(marker));
  if (form === undefined) throw new Error(`No form on the page holds ${marker}`);
  const fields: [string, string][] = [];
  for (const match of form.matchAll(/<input\b[^>]*>|<textarea\b[^>]*>([\s\S]*?)<\/textarea>|<select\b[^>]*>([\s\S]*?)<\/select>/gi)) {
    const tag = match[0];
    const name = attributeOf(tag, "name");
    if (name === null || attributeOf(tag, "disabled") !== null) continue;
    if (match[1] !== undefined) {
      fields.push([name, decodeEntities(match[1].replace(/^\n/, ""))]);
    } else if (match[2] !== undefined) {
      const options = [...match[2].matchAll(/<option\b[^>]*>([\s\S]*?)<\/option>/gi)];
      const chosen = options.find((option) => attributeOf(option[0], "selected") !== null) ?? options[0];
      if (chosen) fields.push([name, attributeOf(chosen[0], "value") ?? decodeEntities(chosen[1]!)]);
    } else {
      const type = (attributeOf(tag, "type") ?? "text").toLowerCase();
      if (["submit", "button", "reset", "image", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && attributeOf(tag, "checked") === null) continue;
      fields.push([name, attributeOf(tag, "value") ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
    }
  }
  return fields;
}

/** A urlencoded body for a request context: repeated names (a list of ticked products) stay repeated. */
function urlEncoded(fields: [string, string][] | Record<string, string | readonly string[]>) {
  const body = new URLSearchParams();
  const entries = Array.isArray(fields) ? fields : Object.entries(fields);
  for (const [name, value] of entries) for (const item of [value].flat()) body.append(name, item);
  return { data: body.toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } };
}

/**
 * Posts the form on `path` that holds `marker` (see formFields) to its action, as the owner would with
 * `changes` made and the fields named like `without` gone (a removed row); answers the action's response
 * unfollowed. The request context carries the session.
 */
export async function submitForm(
  request: APIRequestContext,
  path: string,
  marker: string,
  changes: FormChanges = {},
  { without }: { without?: RegExp } = {},
) {
  const page = await request.get(path);
  expect(page.status(), `GET ${path}`).toBe(200);
  const kept = formFields(await page.text(), marker).filter(([name]) => !(name in changes) && !without?.test(name));
  const changed = Object.entries(changes).flatMap(([name, value]) =>
    value === null ? [] : [value].flat().map((item): [string, string] => [name, item]),
  );
  return request.post(path, { ...urlEncoded([...kept, ...changed]), maxRedirects: 0 });
}

/** Signs the page's browser in as the local admin by cookie without opening a page: for a test whose next step opens the page it is about. */
export async function signInSession(page: Page) {
  await adminSession(page.request);
}

/** Gives a browser context the admin fixture's session (its cookie): signed in with no page load and no second password check. */
export async function carryAdminSession(context: BrowserContext, admin: APIRequestContext) {
  await context.addCookies((await admin.storageState()).cookies);
}

/** The id of the product named `name` (plain text, no markup characters), read from the admin list's search. */
export async function adminProductId(request: APIRequestContext, name: string): Promise<number> {
  const list = await (await request.get(`/admin/products?search=${encodeURIComponent(name)}`)).text();
  const article = list.slice(list.indexOf(`aria-label="${name}"`));
  const box = /<input[^>]*name="ids"[^>]*>/.exec(article)?.[0] ?? "";
  const id = Number(/value="(\d+)"/.exec(box)?.[1]);
  expect(id, `the admin list shows ${name}`).toBeGreaterThan(0);
  return id;
}

/** Saves a product's edit form as it stands with `changes` made (`{ stock: "3" }`), as Update Product would. */
export async function updateProduct(request: APIRequestContext, id: number, changes: FormChanges, options: { without?: RegExp } = {}) {
  const response = await submitForm(request, `/admin/edit-product/${id}`, 'id="product-form"', changes, options);
  expect(response.status(), `product ${id} saved: ${await response.text()}`).toBe(302);
}

/** Saves one form of the settings screen ("ordering", "hours", "announcement", "delivery") with `changes`, as its button would. */
export async function saveSettings(request: APIRequestContext, section: string, changes: FormChanges) {
  // Every save is based on the version its page was read at: one that another worker's save overtook
  // (409) is read and posted again, as an owner reloads and saves.
  for (let attempt = 1; ; attempt++) {
    const response = await submitForm(request, "/admin/settings", `name="intent" value="${section}"`, changes);
    if (response.status() === 409 && attempt < 3) continue;
    expect(response.status(), `the ${section} settings saved: ${await response.text()}`).toBe(303);
    return;
  }
}
