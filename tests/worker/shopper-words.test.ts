import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { SETTINGS, defaultSettings, type Settings } from "../../app/features/settings/settings";
import { saveDocument } from "../../app/features/shop-documents/shop-documents.server";
import { REFERENCE_PATTERN } from "../../app/features/orders/reference";
import { META_DESCRIPTION_MAX, shopDescription } from "../../app/features/site/shop-description";
import { createDb } from "../../app/server/load-context";
import { catalogueChanged, FIRST_PRODUCT_PATH, get, ORIGIN, postForm } from "./helpers";
import { AGE } from "./page-cache-helpers";
import { elementsOf, jsonLdOf, textsOf } from "./page-parts";
import { productPromiseCards } from "./shop-helpers";

/**
 * Every word a shopper reads on /contact, the empty checkout, the product page's cards and the pages'
 * descriptions comes from the owner's settings or the product's data: a new shop reads as it always
 * has where that was true, and an owner's change shows on the next request.
 */

const db = createDb(env.DB);

async function saveSettings(change: (settings: Settings) => void) {
  const settings = defaultSettings(env);
  change(settings);
  await saveDocument(db, SETTINGS, settings, { from: env });
  await catalogueChanged();
}

afterEach(() => saveSettings(() => {}));

async function page(path: string) {
  const response = await get(path, { headers: { Cookie: AGE } });
  expect(response.status, path).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "");
}

async function metaDescription(html: string) {
  return (await elementsOf(html, 'meta[name="description"]'))[0]?.attributes.content ?? null;
}

async function storeDescription(html: string) {
  return (await jsonLdOf(html)).find((item) => item["@type"] === "Store")?.description;
}

describe("/contact promises only the reply time the owner's hours say", () => {
  it("a new shop says it replies in its hours, never 'within minutes'", async () => {
    const html = await page("/contact");
    expect(await textsOf(html, "[data-reply-time]")).toEqual(["Message us on Telegram: we reply every day, 9:00 AM – 11:00 PM."]);
    expect(html).not.toMatch(/within minutes|real person replies/);
    expect(await textsOf(html, '[aria-labelledby="quick-help-heading"] li')).not.toContainEqual(
      expect.stringMatching(/Pala|Gelato Punch|dispatch/),
    );
  });

  it("follows the owner's hours, and while closed says when the reply comes", async () => {
    await saveSettings((settings) => {
      settings.hours.week = settings.hours.week.map(() => ({ open: false, opens: "09:00", closes: "17:00" }));
      settings.hours.week[2] = { open: true, opens: "10:00", closes: "14:00" };
    });
    const html = await page("/contact");
    expect(await textsOf(html, "[data-reply-time]")).toEqual([
      "Message us on Telegram: we reply during the opening hours at the foot of this page.",
    ]);
    const note = await textsOf(html, '[aria-labelledby="support-heading"] [role="note"]');
    // Six of seven days closed: at most one of them is 'open now', and then no note is due.
    if (note.length > 0)
      expect(note[0]).toMatch(/^You can still send your order or message now: we reply when we open, .*Wednesday|today|tomorrow/);
  });
});

describe("the contact message is in the shop's words with a reference", () => {
  const valid = { name: "Ада Лавлейс", email: "ada@example.com", subject: "Оптовый заказ", message: "北京 — 5+ units?" };

  async function sentText() {
    const response = await postForm("/contact", valid, { headers: { Host: new URL(ORIGIN).host } });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("Location") ?? "");
    return location.searchParams.get("text") ?? "";
  }

  it("names the owner's shop and gives each message its own reference", async () => {
    await saveSettings((settings) => {
      settings.identity.tradingName = "Зелёный лист";
    });
    const [first, second] = [await sentText(), await sentText()];
    for (const text of [first, second]) {
      const lines = text.split("\n");
      expect(lines[0]).toBe("New message to Зелёный лист from the contact form");
      expect(lines[1]).toMatch(/^Reference /);
      expect(lines[1]!.slice("Reference ".length)).toMatch(REFERENCE_PATTERN);
      expect(text).toContain("Message: 北京 — 5+ units?");
    }
    expect(first.split("\n")[1]).not.toBe(second.split("\n")[1]);
  });
});

describe("the empty checkout claims nothing about the catalogue", () => {
  it("says how ordering works, not what every product is", async () => {
    const html = await page("/checkout");
    expect(await textsOf(html, "h1")).toEqual(["Your cart is empty"]);
    expect(await textsOf(html, "section p")).toContain("Browse the shop, then send your whole order to us in one Telegram message.");
    expect(html).not.toMatch(/lab-tested/i);
  });
});

describe("the product page's cards come from the settings and the product's lab data", () => {
  const deliveryCards = async () =>
    (await productPromiseCards(await page(FIRST_PRODUCT_PATH))).filter((card) => card.title !== "Lab tested");

  it("a new shop shows its shipping and pickup in their own words, and no dispatch promise", async () => {
    expect(await deliveryCards()).toEqual([
      { title: "Discreet nationwide delivery", text: "1-3 business days" },
      { title: "In-town appointment", text: "Message us on Telegram to book a time and place." },
    ]);
    expect(await page(FIRST_PRODUCT_PATH)).not.toMatch(/Same-Day|same day|Potency and purity verified/);
  });

  it("shows the ways the owner switched on: a local zone with its estimate", async () => {
    await saveSettings((settings) => {
      settings.delivery.shipping.enabled = false;
      settings.delivery.pickup.enabled = false;
      settings.delivery.local = {
        enabled: true,
        name: "Доставка по городу",
        zones: [{ name: "Downtown", feeCents: 500, minimumCents: null, estimate: "Same evening" }],
      };
    });
    expect(await deliveryCards()).toEqual([{ title: "Доставка по городу", text: "Downtown, Same evening" }]);
  });

  it("shows no delivery card when no way is switched on", async () => {
    await saveSettings((settings) => {
      settings.delivery.shipping.enabled = false;
      settings.delivery.pickup.enabled = false;
      settings.delivery.local.enabled = false;
    });
    expect(await deliveryCards()).toEqual([]);
  });
});

describe("the listing and the product page's description claim nothing the data does not say", () => {
  it("the shop's intro names no lab testing or delivery time; a product's description fits 160 characters", async () => {
    const shop = await page("/shop");
    expect(await textsOf(shop, "header p")).toContain("Every product in the shop: filter by category, strain, potency and price.");
    expect(shop).not.toMatch(/lab-tested|1-3 business days/i);
    const description = await metaDescription(await page(FIRST_PRODUCT_PATH));
    expect(description).toMatch(/^\$\d+\.\d\d · /);
    expect(Array.from(description ?? "").length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
  });
});

describe("the shop's description is the owner's identity", () => {
  it("a new shop describes itself from its name, tagline and service area, within 160 characters", async () => {
    const expected = shopDescription(defaultSettings(env).identity);
    expect(expected).toBe("Greenleaf Supply: Cannabis, delivered discreetly. Order in one Telegram message. Service area: Nationwide.");
    expect(await storeDescription(await page("/contact"))).toBe(expected);
    expect(await storeDescription(await page("/"))).toBe(expected);
    const missing = await get("/product/999999", { headers: { Cookie: AGE } });
    expect(missing.status).toBe(404);
    expect(await metaDescription(await missing.text())).toBe(expected);
  });

  it("an owner's identity shows in the descriptions on the next request, clipped at a word", async () => {
    await saveSettings((settings) => {
      settings.identity.tradingName = "Hill Farm 緑の葉";
      settings.identity.tagline = "Small-batch flower grown on one hillside, cured by hand. ".repeat(2).trim();
      settings.identity.serviceArea = "Mendocino and Humboldt counties";
    });
    const description = await storeDescription(await page("/contact"));
    expect(description).toMatch(/^Hill Farm 緑の葉: Small-batch flower grown on one hillside/);
    expect(Array.from(description as string).length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
    expect(await metaDescription(await page("/shop"))).toMatch(/^Every product at Hill Farm 緑の葉:/);
    expect(await metaDescription(await page("/contact"))).toMatch(/^Message Hill Farm 緑の葉 on Telegram/);
  });
});
