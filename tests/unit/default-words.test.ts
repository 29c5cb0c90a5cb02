import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { defaultSettings, identitySchema, SETTINGS, type Settings } from "../../app/features/settings/settings";
import { ABOUT_CONTENT } from "../../app/features/storefront/about-content";
import { areaWords, defaultWords, estimateWords } from "../../app/features/storefront/default-words";
import { FAQ_CONTENT } from "../../app/features/storefront/faq-content";
import { HOME_CONTENT } from "../../app/features/storefront/home-content";
import { POLICIES_CONTENT } from "../../app/features/storefront/policies-content";
import { REVIEWS_CONTENT } from "../../app/features/storefront/reviews-content";

/** The storefront's default documents, written from the owner's settings (docs/product.md#storefront-words). */

const NEW_SHOP = defaultSettings({ TELEGRAM_USERNAME: "greenleafsupply" });
const DOCUMENTS = [HOME_CONTENT, REVIEWS_CONTENT, FAQ_CONTENT, ABOUT_CONTENT, POLICIES_CONTENT];

describe("a new shop's default words", () => {
  it("are the texts the shop has always shown", () => {
    const home = HOME_CONTENT.defaults(NEW_SHOP);
    expect(home.welcome.eyebrow).toBe("Welcome to Greenleaf Supply");
    expect(home.welcome.text).toBe("Flower, concentrates, edibles and disposables, shipped nationwide in 1-3 business days.");
    expect(home.promise.items).toContainEqual({ title: "Nationwide delivery", text: "Delivered to your door in 1-3 business days." });
    expect(FAQ_CONTENT.defaults(NEW_SHOP).entries).toContainEqual({
      question: "How long does delivery take?",
      answer: "We deliver nationwide in 1-3 business days. In-town customers can also book an appointment through Telegram.",
    });
    expect(POLICIES_CONTENT.defaults(NEW_SHOP).shipping.description).toBe(
      "How Greenleaf Supply delivers: nationwide in 1-3 business days, in plain, smell-proof packaging.",
    );
    expect(ABOUT_CONTENT.defaults(NEW_SHOP).values).toContainEqual({
      title: "Fast Delivery",
      text: "Discreet nationwide delivery in 1-3 business days, packed to arrive fresh and unmarked.",
    });
  });
});

describe("the service area in a sentence", () => {
  it.each([
    ["Nationwide", { area: "nationwide", nationwide: true }],
    ["", { area: "nationwide", nationwide: true }],
    ["Brooklyn, NY", { area: "across Brooklyn, NY", nationwide: false }],
    ["  the Bay   Area. ", { area: "across the Bay Area", nationwide: false }],
    ["Москва и область", { area: "across Москва и область", nationwide: false }],
  ])("%j reads as %j", (serviceArea, words) => {
    expect(areaWords(serviceArea)).toEqual(words);
  });

  it("is where a local shop's default texts say it delivers, never 'nationwide'", () => {
    const local = SETTINGS.schema.parse({ ...NEW_SHOP, identity: { ...NEW_SHOP.identity, serviceArea: "Brooklyn, NY" } });
    const home = HOME_CONTENT.defaults(local);
    expect(home.welcome.text).toBe("Flower, concentrates, edibles and disposables, shipped across Brooklyn, NY in 1-3 business days.");
    expect(home.promise.items).toContainEqual({
      title: "Delivery across Brooklyn, NY",
      text: "Delivered to your door in 1-3 business days.",
    });
    expect(POLICIES_CONTENT.defaults(local).shipping.body).toContain("We deliver across Brooklyn, NY in 1-3 business days after");
    const texts = JSON.stringify([HOME_CONTENT, FAQ_CONTENT, ABOUT_CONTENT, POLICIES_CONTENT].map((document) => document.defaults(local)));
    expect(texts).not.toMatch(/nationwide|across the country/i);
  });
});

describe("an estimate in a sentence", () => {
  it.each([
    ["1-3 business days", "in 1-3 business days"],
    ["same day", "same day"],
    ["Same day", "same day"],
    ["Within 24 hours", "within 24 hours"],
    ["ASAP", "ASAP"],
    ["В тот же день", "в тот же день"],
    ["  ", ""],
  ])("%j reads as %j", (estimate, words) => {
    expect(estimateWords(estimate)).toBe(words);
  });
});

/** Settings as the owner can save them: any trading name, any estimate, any methods switched on or off. */
const settings: fc.Arbitrary<Settings> = fc
  .record({
    name: fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), fc.constantFrom("Северный Сад", '北京 <&> "Co"', "x".repeat(80))),
    area: fc.oneof(fc.string({ maxLength: 140 }), fc.constantFrom("Nationwide", "Brooklyn, NY", "Москва", "y".repeat(140))),
    estimate: fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom("", "same day", "2–5 days", "в тот же день")),
    shipping: fc.boolean(),
    local: fc.boolean(),
    pickup: fc.boolean(),
    zones: fc.array(fc.string({ minLength: 1, maxLength: 80 }), { maxLength: 3 }),
  })
  .map(({ name, area, estimate, shipping, local, pickup, zones }) =>
    SETTINGS.schema.parse({
      ...NEW_SHOP,
      identity: {
        ...NEW_SHOP.identity,
        tradingName: identitySchema.shape.tradingName.safeParse(name).data ?? "Shop",
        serviceArea: identitySchema.shape.serviceArea.safeParse(area).data ?? "",
      },
      delivery: {
        shipping: { ...NEW_SHOP.delivery.shipping, enabled: shipping, estimate: estimate.replace(/\s+/g, " ").trim() },
        local: {
          ...NEW_SHOP.delivery.local,
          enabled: local,
          zones: zones.map((zone) => ({ name: zone.trim() || "Zone", feeCents: 0, minimumCents: null, estimate: "" })),
        },
        pickup: { ...NEW_SHOP.delivery.pickup, enabled: pickup },
      },
    }),
  );

describe("the default documents for any settings", () => {
  it("are ones the owner's editor accepts as they stand, and promise a delivery time only from shipping's estimate", () => {
    fc.assert(
      fc.property(settings, (value) => {
        for (const document of DOCUMENTS) {
          const defaults = document.defaults(value);
          expect(document.schema.parse(defaults), document.name).toEqual(defaults);
        }
        const words = defaultWords(value);
        const texts = JSON.stringify(
          [HOME_CONTENT, FAQ_CONTENT, ABOUT_CONTENT, POLICIES_CONTENT].map((document) => document.defaults(value)),
        );
        if (words.shipping === null) expect(texts).not.toContain("shipped nationwide");
        if (!words.nationwide) expect(texts).not.toMatch(/We deliver nationwide|shipped nationwide|across the country/);
        if (!value.delivery.shipping.enabled || value.delivery.shipping.estimate === "") expect(texts).not.toContain("1-3 business days");
      }),
      { numRuns: fcRuns(200) },
    );
  });
});
