import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fcRuns } from "../fast-check";
import { SETTINGS, defaultSettings, type Settings } from "../../app/features/settings/settings";
import { listVersions, readDocument, saveDocument } from "../../app/features/shop-documents/shop-documents.server";
import { createDb } from "../../app/server/load-context";
import { adminGet, adminPost, follow, read } from "./admin-helpers";
import { cartCookie, catalogueChanged, get, ORIGIN, postForm, SHIPPING_CHOICES } from "./helpers";
import { nastyString } from "./fuzz";
import { AGE, visit } from "./page-cache-helpers";
import { decodeHtml, jsonLdOf } from "./page-parts";

/**
 * The owner's settings through the real Worker: saved in /admin/settings (real forms, real D1),
 * followed by every reader — the order's and the contact message's Telegram link, the open/closed
 * line, the announcement, the footer and the Store JSON-LD — on the very next request.
 */

const db = createDb(env.DB);
const PATH = "/admin/settings";

async function current(): Promise<{ value: Settings; versionId: number | null }> {
  return readDocument(db, SETTINGS, env);
}

async function versionCount() {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM shop_document_versions WHERE name = 'settings'").first<{ n: number }>();
  return row?.n ?? 0;
}

/** A settings form as the browser posts it: the form's intent, the version it was opened at, its fields. */
async function save(intent: string, fields: Record<string, string>, basedOn?: number | null) {
  const version = basedOn === undefined ? (await current()).versionId : basedOn;
  return adminPost(PATH, { intent, basedOn: version === null ? "" : String(version), ...fields });
}

const ORDERING = {
  telegramUsername: "greenleafsupply",
  "identity.tradingName": "Greenleaf Supply",
  "identity.licence": "",
  "identity.email": "",
  "identity.serviceArea": "Nationwide",
};

function hoursFields(
  timeZone: string,
  week: Array<{ open: boolean; opens: string; closes: string }>,
  closures: Array<{ from: string; to: string; note: string }> = [],
) {
  const fields: Record<string, string> = { timeZone };
  week.forEach((day, index) => {
    if (day.open) fields[`week[${index}].open`] = "on";
    fields[`week[${index}].opens`] = day.opens;
    fields[`week[${index}].closes`] = day.closes;
  });
  closures.forEach((closure, index) => {
    fields[`closures[${index}].from`] = closure.from;
    fields[`closures[${index}].to`] = closure.to;
    fields[`closures[${index}].note`] = closure.note;
  });
  return fields;
}

const everyDay = (opens: string, closes: string) => Array.from({ length: 7 }, () => ({ open: true, opens, closes }));

const text = (body: string) => decodeHtml(body.replace(/<!-- -->/g, ""));

async function storeJsonLd(body: string): Promise<Record<string, unknown> | null> {
  return (await jsonLdOf(body)).find((value) => value["@type"] === "Store") ?? null;
}

function isoDate(offsetDays: number) {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM shop_document_versions WHERE name = 'settings'").run();
  await catalogueChanged();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a new shop", () => {
  it("shows the first settings: every day 9:00 AM to 11:00 PM, the configured Telegram account, a Store JSON-LD on home and contact", async () => {
    const home = text((await visit("/", AGE)).body);
    expect(home).toContain("Every day: 9:00 AM – 11:00 PM");
    expect(home).toMatch(/(Open now · until|Closed now · opens) /);
    const ld = await storeJsonLd(home);
    expect(ld).toMatchObject({ "@type": "Store", name: "Greenleaf Supply", sameAs: [`https://t.me/${env.TELEGRAM_USERNAME}`] });
    expect(ld?.openingHoursSpecification).toHaveLength(7);
    expect(await storeJsonLd(text((await visit("/contact", AGE)).body))).not.toBeNull();
    // Other pages do not carry it.
    expect(await storeJsonLd(text((await visit("/shop", AGE)).body))).toBeNull();
  });
});

describe("the owner's settings screen", () => {
  it("lists the forms and the versions, and is for the signed-in owner only", async () => {
    const page = await adminGet(PATH);
    expect(page.status).toBe(200);
    const body = text(await read(page));
    for (const heading of ["Ordering account and business", "Hours", "Announcement", "Delivery and payment", "Versions"])
      expect(body).toContain(heading);
    expect(body).toContain("not a bot, a group or a channel");
    const anonymous = await get(PATH);
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(anonymous.status).toBeLessThan(400);
    expect(anonymous.headers.get("Location")).toContain("/admin");
    const refused = await postForm(PATH, { intent: "ordering", ...ORDERING, telegramUsername: "someone_else" });
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect(await versionCount()).toBe(0);
  });

  it("a new Telegram account is where the very next order and contact message go, and what the footer's JSON-LD links", async () => {
    const saved = await save("ordering", {
      ...ORDERING,
      telegramUsername: "@new_shop_account",
      "identity.tradingName": "Green Leaf Company",
    });
    expect(saved.status).toBe(303);
    expect((await follow(saved)).html).toContain("Settings saved");
    expect((await current()).value.telegramUsername).toBe("new_shop_account");

    const order = await postForm(
      "/cart",
      { intent: "order", source: "checkout", js: "1", ...SHIPPING_CHOICES },
      {
        headers: { Cookie: cartCookie([{ id: 1, quantity: 1 }]), Referer: `${ORIGIN}/checkout` },
      },
    );
    expect(order.status).toBe(303);
    expect(order.headers.get("Location")).toMatch(/^https:\/\/t\.me\/new_shop_account\?text=/);

    const contact = await postForm("/contact", { name: "Ana", email: "ana@example.com", subject: "Hi", message: "A question" });
    expect(contact.headers.get("Location")).toMatch(/^https:\/\/t\.me\/new_shop_account\?text=/);

    const home = text((await visit("/", AGE)).body);
    expect(await storeJsonLd(home)).toMatchObject({ name: "Green Leaf Company", sameAs: ["https://t.me/new_shop_account"] });
    expect(home).toContain("© ");
    expect(home).toContain("Green Leaf Company. All rights reserved.");
    expect(home).toContain('href="https://t.me/new_shop_account"');
  });

  it("a username Telegram would not accept gets its message beside the field, keeps what was typed and saves nothing", async () => {
    for (const [typed, message] of [
      ["9lives_shop", "cannot start with a digit"],
      ["abc", "at least 5 characters"],
      ["shop-name", "Use only letters"],
      ["a".repeat(33), "at most 32 characters"],
    ] as const) {
      const refused = await save("ordering", { ...ORDERING, telegramUsername: typed });
      expect(refused.status).toBe(400);
      const body = text(await read(refused));
      expect(body).toContain(message);
      expect(body).toContain(`value="${typed}"`);
      expect(body).toMatch(/aria-invalid="true"[^>]*name="telegramUsername"|name="telegramUsername"[^>]*aria-invalid="true"/);
    }
    expect(await versionCount()).toBe(0);
  });

  it("a save based on a version written meanwhile is refused with a clear message, keeping what was typed", async () => {
    const first = await save("announcement", { text: "First", until: "" });
    expect(first.status).toBe(303);
    const opened = (await current()).versionId;
    expect((await save("announcement", { text: "From another tab", until: "" }, opened)).status).toBe(303);
    const stale = await save("announcement", { text: "Late save", until: "" }, opened);
    expect(stale.status).toBe(409);
    const body = text(await read(stale));
    expect(body).toContain("changed in another tab");
    expect(body).toContain('value="Late save"');
    expect((await current()).value.announcement.text).toBe("From another tab");
  });

  it("every save keeps the one before it, and restoring an older version brings it back as the newest", async () => {
    expect((await save("ordering", { ...ORDERING, telegramUsername: "first_account" })).status).toBe(303);
    expect((await save("ordering", { ...ORDERING, telegramUsername: "second_account" })).status).toBe(303);
    const [newest, older] = await listVersions(db, SETTINGS.name);
    expect(newest?.summary).toBe("Ordering account");
    const page = text(await read(await adminGet(PATH)));
    expect(page).toContain("Restore the version of");

    const restored = await adminPost(PATH, { intent: "restore", id: String(older!.id) });
    expect(restored.status).toBe(303);
    expect((await follow(restored)).html).toContain("Version restored");
    expect((await current()).value.telegramUsername).toBe("first_account");
    expect(await versionCount()).toBe(3);
    const order = await postForm("/contact", { name: "Ana", email: "ana@example.com", subject: "Hi", message: "A question" });
    expect(order.headers.get("Location")).toMatch(/^https:\/\/t\.me\/first_account\?/);

    const missing = await adminPost(PATH, { intent: "restore", id: "999999" });
    expect(missing.status).toBe(404);
    expect(text(await read(missing))).toContain("no longer kept");
  });

  it("delivery methods, zones with their own minimums and payment methods are saved as typed data; a bad amount is refused beside its field", async () => {
    const fields = {
      "shipping.enabled": "on",
      "shipping.name": "Discreet nationwide delivery",
      "shipping.fee": "9.50",
      "shipping.freeOver": "150",
      "shipping.estimate": "1-3 business days",
      "local.enabled": "on",
      "local.name": "Local courier",
      "local.zones[0].name": "Центр / 中心 district",
      "local.zones[0].fee": "5",
      "local.zones[0].minimum": "40",
      "local.zones[0].estimate": "Same day",
      "local.zones[1].name": "",
      "local.zones[1].fee": "",
      "pickup.name": "Meet-up",
      "pickup.instruction": "",
      minimumOrder: "25",
      paymentMethods: "Cash\nCard on delivery\n\n",
    };
    expect((await save("delivery", fields)).status).toBe(303);
    const { value } = await current();
    expect(value.delivery.shipping).toMatchObject({ enabled: true, feeCents: 950, freeOverCents: 15000 });
    expect(value.delivery.local.zones).toEqual([
      { name: "Центр / 中心 district", feeCents: 500, minimumCents: 4000, estimate: "Same day" },
    ]);
    expect(value.delivery.pickup.enabled).toBe(false);
    expect(value.minimumOrderCents).toBe(2500);
    expect(value.paymentMethods).toEqual(["Cash", "Card on delivery"]);

    const refused = await save("delivery", { ...fields, "local.zones[0].fee": "five", paymentMethods: "" });
    expect(refused.status).toBe(400);
    const body = text(await read(refused));
    expect(body).toContain("Enter the zone's fee as an amount like 12.50.");
    expect(body).toContain("List at least one way to pay.");
    expect(body).toContain('value="five"');
  });
});

describe("what shoppers see follows the settings", () => {
  it("hours that make the shop closed now are said on home, contact and checkout, with when the reply comes and the closure's note", async () => {
    const saved = await save(
      "hours",
      hoursFields("UTC", everyDay("09:00", "17:00"), [{ from: isoDate(-1), to: isoDate(2), note: "Closed for the holiday — back soon" }]),
    );
    expect(saved.status).toBe(303);
    const opens = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
    for (const path of ["/", "/contact"]) {
      const body = text((await visit(path, AGE)).body);
      expect(body, path).toContain(`Closed now · opens ${opens} 9:00 AM`);
    }
    const contact = text((await visit("/contact", AGE)).body);
    expect(contact).toContain("Closed for the holiday — back soon");
    expect(contact).toContain(`we reply when we open, ${opens} 9:00 AM`);
    const ld = await storeJsonLd(contact);
    expect(ld?.specialOpeningHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        validFrom: isoDate(-1),
        validThrough: isoDate(2),
        opens: "00:00",
        closes: "00:00",
        description: "Closed for the holiday — back soon",
      },
    ]);
    const checkout = text(
      await (await get("/checkout", { headers: { Cookie: `${AGE}; ${cartCookie([{ id: 1, quantity: 1 }])}` } })).text(),
    );
    expect(checkout).toContain(`Closed now · opens ${opens} 9:00 AM`);
    expect(checkout).toContain("You can still send your order or message now");
  });

  it("the announcement shows across the shop until its last day, and not after", async () => {
    expect((await save("announcement", { text: "Новинки 🌿 — new drops Friday", until: isoDate(1) })).status).toBe(303);
    for (const path of ["/", "/shop", "/contact"])
      expect(text((await visit(path, AGE)).body), path).toContain("Новинки 🌿 — new drops Friday");
    expect((await save("announcement", { text: "Old news", until: isoDate(-2) })).status).toBe(303);
    expect(text((await visit("/", AGE)).body)).not.toContain("Old news");
  });

  it("a stored version the schema refuses never breaks a page: the defaults show and the dashboard says so", async () => {
    await env.DB.prepare(
      "INSERT INTO shop_document_versions (name, body, saved_at, summary) VALUES ('settings', '{\"telegramUsername\": 5}', ?, 'broken')",
    )
      .bind(Date.now())
      .run();
    await catalogueChanged();
    const home = await visit("/", AGE);
    expect(home.response.status).toBe(200);
    expect(text(home.body)).toContain("Every day: 9:00 AM – 11:00 PM");
    const dashboard = text(await read(await adminGet("/admin/dashboard")));
    expect(dashboard).toContain("saved settings could not be read");
  });
});

describe("a cached page never says 'Open now' after closing time", () => {
  it("a shared copy is served until the next closing, and the first request after it renders 'Closed now'", async () => {
    await saveDocument(
      db,
      SETTINGS,
      { ...defaultSettings(env), hours: { timeZone: "UTC", week: everyDay("09:00", "17:00"), closures: [] } },
      { from: env },
    );
    await catalogueChanged();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-07T16:58:00Z")); // a Monday, two minutes before closing

    const first = await visit("/contact", AGE);
    expect(first.outcome).toBe("miss");
    expect(text(first.body)).toContain("Open now · until 5:00 PM");
    // Read back from the Cache API, then kept in the isolate: both still before closing.
    expect((await visit("/contact", AGE)).outcome).toBe("hit");
    expect((await visit("/contact", AGE)).outcome).toBe("hit");

    vi.setSystemTime(new Date("2030-01-07T17:00:01Z"));
    const after = await visit("/contact", AGE);
    expect(after.outcome).toBe("miss");
    expect(text(after.body)).toContain("Closed now · opens tomorrow 9:00 AM");
    expect(text(after.body)).not.toContain("Open now");
    const again = await visit("/contact", AGE);
    expect(again.outcome).toBe("hit");
    expect(text(again.body)).toContain("Closed now · opens tomorrow 9:00 AM");
    // The header that carries the change time never reaches a browser.
    expect(again.response.headers.has("X-Page-Changes-At")).toBe(false);
  });

  it("a settings save is followed by a fresh page for the very next shopper", async () => {
    const before = await visit("/", AGE);
    await visit("/", AGE);
    expect(text(before.body)).not.toContain("Fresh announcement");
    expect((await save("announcement", { text: "Fresh announcement", until: "" })).status).toBe(303);
    const next = await visit("/", AGE);
    expect(next.outcome).toBe("miss");
    expect(text(next.body)).toContain("Fresh announcement");
  });
});

describe("generated input to the settings forms", () => {
  it("any text in any field (long, non-Latin, control characters) gives a saved value or a message, never a 5xx or a half-written version", async () => {
    const cookieFree = fc.record({
      intent: fc.constantFrom("ordering", "hours", "announcement", "delivery", "restore", "nope"),
      fields: fc.dictionary(
        fc.constantFrom(
          "telegramUsername",
          "identity.tradingName",
          "identity.email",
          "identity.serviceArea",
          "timeZone",
          "week[0].open",
          "week[0].opens",
          "week[3].closes",
          "closures[0].from",
          "closures[0].note",
          "text",
          "until",
          "shipping.fee",
          "shipping.name",
          "local.zones[0].name",
          "local.zones[0].fee",
          "pickup.instruction",
          "minimumOrder",
          "paymentMethods",
          "id",
          "basedOn",
        ),
        nastyString,
        { maxKeys: 8 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(cookieFree, async ({ intent, fields }) => {
        const before = await versionCount();
        const response = await adminPost(PATH, { ...fields, intent });
        const body = await response.text();
        expect(response.status, body.slice(0, 300)).toBeLessThan(500);
        if (response.status >= 400) expect(await versionCount()).toBe(before);
        else expect(SETTINGS.schema.safeParse((await current()).value).success).toBe(true);
      }),
      { numRuns: fcRuns(60) },
    );
  }, 120_000);
});
