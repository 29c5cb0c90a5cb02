import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { identitySchema, SETTINGS } from "../../app/features/settings/settings";
import { settingsFormValues } from "../../app/features/settings/settings-form";
import { readDocument } from "../../app/features/shop-documents/shop-documents.server";
import { ABOUT_CONTENT } from "../../app/features/storefront/about-content";
import { createDb } from "../../app/server/load-context";
import { adminGet, adminPost, read } from "./admin-helpers";
import { catalogueChanged } from "./helpers";
import { AGE, visit } from "./page-cache-helpers";
import { elementsOf, textsOf } from "./page-parts";

/**
 * The shop's name and delivery words follow the owner's Settings: rename the shop and change the
 * shipping estimate through the real settings forms, and every page a shopper reads — its logo,
 * <title>, og:site_name, age gate and the storefront's default documents — says the new words on
 * the next request, cached copies included. A document the owner saved is read as they wrote it.
 */

const db = createDb(env.DB);
const NAME = "Северный Сад";
const ESTIMATE = "same day";
const PAGES = ["/", "/shop", "/product/1", "/about", "/faq", "/shipping", "/privacy", "/account"];

/** A form's values as conform names its fields (a.b, a[0].c); ticked boxes as "on", unticked left out. */
function formFields(value: unknown, prefix = "", into: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(value)) value.forEach((item, index) => formFields(item, `${prefix}[${index}]`, into));
  else if (value !== null && typeof value === "object")
    for (const [key, inner] of Object.entries(value)) formFields(inner, prefix ? `${prefix}.${key}` : key, into);
  else if (value !== "" || !prefix.endsWith("enabled")) into[prefix] = String(value);
  return into;
}

type FormValues = ReturnType<typeof settingsFormValues>;

/** Saves one settings form as the owner does: its current values, changed, posted with the version it was opened at. */
async function saveSettings<K extends "ordering" | "delivery">(intent: K, change: (values: FormValues[K]) => void) {
  const { value, versionId } = await readDocument(db, SETTINGS, env);
  const values = structuredClone(settingsFormValues(value)[intent]);
  change(values);
  const response = await adminPost("/admin/settings", {
    intent,
    basedOn: versionId === null ? "" : String(versionId),
    ...formFields(values),
  });
  expect(response.status).toBe(303);
}

const rename = (name: string) => saveSettings("ordering", (values) => void (values.identity.tradingName = name));

/** A page as a shopper sees it, asked twice: the second answer is the page cache's copy where the page is cached. */
async function shopperPages(asked: string, cookie?: string) {
  // /product/1 answers with a redirect to the product's own address.
  const moved = await visit(asked, cookie);
  const path = moved.response.status === 301 ? new URL(moved.response.headers.get("Location") ?? asked, "https://x").pathname : asked;
  const first = await visit(path, cookie);
  const second = await visit(path, cookie);
  expect(first.response.status).toBe(200);
  expect(second.response.status).toBe(200);
  return [first.body, second.body];
}

/** The shop's name as the page shows it in each place that names it. */
async function namesOn(page: string) {
  const logo = (await elementsOf(page, "header a[aria-label]")).find((link) => link.attributes["aria-label"]?.endsWith(" home"));
  const [title] = await textsOf(page, "head title");
  const [siteName] = await elementsOf(page, 'meta[property="og:site_name"]');
  return { logoText: logo?.text, logoLabel: logo?.attributes["aria-label"], title, siteName: siteName?.attributes.content };
}

/** What the page says in words a person reads: its text and the attributes that are read out or shown. */
async function wordsOf(page: string): Promise<string> {
  const [text = ""] = await textsOf(page, "html");
  const attributes = (await elementsOf(page, "[content], [alt], [aria-label], [title]")).flatMap((element) =>
    ["content", "alt", "aria-label", "title"].flatMap((name) => element.attributes[name] ?? []),
  );
  return [text, ...attributes].join("\n");
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM shop_document_versions").run();
  await catalogueChanged();
});

describe("a renamed shop with another shipping estimate", () => {
  it("every shopper page names it in the logo, <title>, og:site_name and age gate, cached copies included, and says its estimate", async () => {
    // Copies of every page are cached under the old name first.
    for (const path of PAGES) await shopperPages(path, AGE);
    await rename(NAME);
    await saveSettings("delivery", (values) => void (values.shipping.estimate = ESTIMATE));

    for (const path of PAGES) {
      for (const page of [...(await shopperPages(path, AGE)), ...(await shopperPages(path))]) {
        const names = await namesOn(page);
        expect(names, path).toMatchObject({ logoText: NAME, logoLabel: `${NAME} home`, siteName: NAME });
        expect(names.title === NAME || names.title?.endsWith(` | ${NAME}`), `${path}: ${names.title}`).toBe(true);
        const words = await wordsOf(page);
        expect(words, path).not.toContain("Greenleaf Supply");
        expect(words, path).not.toContain("1-3 business days");
        expect(page, path).not.toContain("Greenleaf Supply");
      }
      // Before the visitor answers it, the age gate names the shop over its question.
      const [gated] = await shopperPages(path);
      expect(await textsOf(gated!, "dialog .eyebrow"), path).toEqual([NAME]);
    }

    const [home] = await shopperPages("/", AGE);
    expect(await wordsOf(home!)).toContain(`Welcome to ${NAME}`);
    expect(await wordsOf(home!)).toContain("Flower, concentrates, edibles and disposables, shipped nationwide same day.");
    expect(await textsOf(home!, "h2")).toContain(`The ${NAME} promise`);
    const [about] = await shopperPages("/about", AGE);
    expect(await wordsOf(about!)).toContain(`${NAME} brings cannabis to adults across the country`);
    expect(await wordsOf(about!)).toContain("Today we ship flower, concentrates, edibles and disposables nationwide same day.");
    const [faq] = await shopperPages("/faq", AGE);
    expect(await wordsOf(faq!)).toContain(
      "We deliver nationwide same day. In-town customers can also book an appointment through Telegram.",
    );
    const [shipping] = await shopperPages("/shipping", AGE);
    expect(await wordsOf(shipping!)).toContain("We deliver nationwide same day after we have confirmed your order with you on Telegram.");
    const [account] = await shopperPages("/account", AGE);
    expect(await wordsOf(account!)).toContain(`Welcome to ${NAME}.`);
  });

  it("the owner's editor shows the same default words the shop shows", async () => {
    await rename(NAME);
    await saveSettings("delivery", (values) => void (values.shipping.estimate = ESTIMATE));
    const editor = await read(await adminGet("/admin/storefront/about"));
    const [intro] = await elementsOf(editor, 'textarea[name="intro"]');
    expect(intro?.text).toBe(
      `${NAME} brings cannabis to adults across the country, with honest prices, discreet packaging and a team you can actually talk to.`,
    );
    const [story] = await elementsOf(editor, 'textarea[name="story"]');
    expect(story?.text).toContain("nationwide same day.");
    const [title] = await textsOf(editor, "head title");
    expect(title).toBe(`About | Storefront | ${NAME}`);
  });

  it("with shipping off, the defaults name the ways the owner offers and promise no delivery time", async () => {
    await saveSettings("delivery", (values) => {
      values.shipping.enabled = "";
      values.pickup.enabled = "on";
      values.pickup.name = "Встреча в студии";
    });
    const [home] = await shopperPages("/", AGE);
    expect(await wordsOf(home!)).toContain("Ways to get your order: Встреча в студии.");
    const [faq] = await shopperPages("/faq", AGE);
    const faqWords = await wordsOf(faq!);
    expect(faqWords).toContain("How do I get my order?");
    expect(faqWords).not.toContain("How long does delivery take?");
    for (const path of ["/", "/about", "/faq", "/shipping"]) {
      const [page] = await shopperPages(path, AGE);
      const words = await wordsOf(page!);
      expect(words, path).not.toContain("1-3 business days");
      expect(words, path).not.toMatch(/nationwide (in|same)/);
    }
  });
});

describe("a document the owner saved", () => {
  it("is read as they wrote it after a rename: only the defaults follow the settings", async () => {
    const mine = structuredClone(ABOUT_CONTENT.defaults((await readDocument(db, SETTINGS, env)).value));
    mine.intro = "Greenleaf Supply, in our own words: we ship in 1-3 business days.";
    const fields = formFields(mine);
    const saved = await adminPost("/admin/storefront/about", { ...fields, basedOn: "" });
    expect(saved.status).toBe(302);
    const stored = await readDocument(db, ABOUT_CONTENT, (await readDocument(db, SETTINGS, env)).value);

    await rename(NAME);
    const [about] = await shopperPages("/about", AGE);
    expect(await textsOf(about!, "main p")).toContain(mine.intro);
    expect((await namesOn(about!)).logoText).toBe(NAME);
    const after = await readDocument(db, ABOUT_CONTENT, (await readDocument(db, SETTINGS, env)).value);
    expect(after).toEqual(stored);
    expect(after.value.intro).toBe(mine.intro);
  });
});

describe("any trading name", () => {
  const characters = fc.constantFrom(...[..."aZ <>&\"'`/=;Ωжß北京🍓é "], "\u00a0", "Северный", "&amp;", "</title>", "<script>");
  const names = fc
    .array(characters, { minLength: 1, maxLength: 14 })
    .map((parts) => parts.join(""))
    .map((raw) => identitySchema.shape.tradingName.safeParse(raw))
    .filter((parsed) => parsed.success)
    .map((parsed) => (parsed.success ? parsed.data : ""));

  it("lands in the title, og:site_name and the logo escaped and intact", async () => {
    const scripts = (await elementsOf((await visit("/about", AGE)).body, "script")).length;
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        await rename(name);
        const { body } = await visit("/about", AGE);
        const names = await namesOn(body);
        expect(names).toEqual({ logoText: name, logoLabel: `${name} home`, title: `About us | ${name}`, siteName: name });
        // Exactly one <title>, and no element the name could have opened.
        expect(await textsOf(body, "title")).toHaveLength(1);
        expect(await elementsOf(body, "script")).toHaveLength(scripts);
      }),
      { numRuns: fcRuns(12) },
    );
  });
});
