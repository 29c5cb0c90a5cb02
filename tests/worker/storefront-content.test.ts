import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { formatCents } from "../../app/features/money/money";
import { productPath } from "../../app/features/catalogue/product-path";
import { ABOUT_CONTENT } from "../../app/features/storefront/about-content";
import { FAQ_CONTENT } from "../../app/features/storefront/faq-content";
import { HOME_CONTENT, type HomeContent } from "../../app/features/storefront/home-content";
import { POLICIES_CONTENT } from "../../app/features/storefront/policies-content";
import { REVIEWS_CONTENT, type ReviewEntry } from "../../app/features/storefront/reviews-content";
import { defaultSettings, SETTINGS } from "../../app/features/settings/settings";
import { SITE } from "../../app/features/site/site";
import { adminGet, adminPost, follow, formFields, html, read } from "./admin-helpers";
import { AGE, visit } from "./page-cache-helpers";
import { elementsOf, textsOf } from "./page-parts";

/**
 * The storefront's words are the owner's: a save in the admin Storefront area shows on its page at
 * the next request (cached copies included), bad input saves nothing, any version can be restored,
 * and no page shows a figure the data or the owner did not provide.
 */

const defaults = {
  home: HOME_CONTENT.defaults(defaultSettings(env)),
  reviews: REVIEWS_CONTENT.defaults(defaultSettings(env)),
  faq: FAQ_CONTENT.defaults(defaultSettings(env)),
  about: ABOUT_CONTENT.defaults(defaultSettings(env)),
  policies: POLICIES_CONTENT.defaults(defaultSettings(env)),
};

async function save(section: string, value: unknown, extra: Record<string, string> = {}) {
  const fields = formFields(value);
  for (const [key, inner] of Object.entries(extra)) fields.set(key, inner);
  return adminPost(`/admin/storefront/${section}`, fields);
}

async function versionCount(name: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM shop_document_versions WHERE name = ?").bind(name).first<{ n: number }>();
  return row?.n ?? 0;
}

/** A page as a shopper sees it, twice: the second answer may be the cached copy. */
async function shopperPage(path: string) {
  await visit(path, AGE);
  const { body } = await visit(path, AGE);
  return body.replace(/<!-- -->/g, "");
}

/** The text a shopper reads: no scripts, styles, tags or attributes. */
function visibleText(page: string) {
  return page
    .slice(page.indexOf("<body"))
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

const numbers = (text: string) => text.match(/\d+(?:[.,]\d+)*/g) ?? [];

function homeWith(change: (home: HomeContent) => void): HomeContent {
  const home = structuredClone(defaults.home);
  change(home);
  return home;
}

describe("the storefront's words are the owner's", () => {
  it("each section saved shows on its page at the next request, cached copies included", async () => {
    await shopperPage("/");
    await shopperPage("/faq");
    await shopperPage("/about");
    await shopperPage("/privacy");

    const home = homeWith((value) => {
      value.welcome.heading = "Small-batch flower from our own garden";
      value.welcome.badges = [{ label: "Grown in Oregon" }];
      value.deal = {
        eyebrow: "This week",
        title: "Two for one",
        text: "On every pre-roll.",
        linkLabel: "See pre-rolls",
        link: "/shop/pre-rolls",
      };
      value.stats.items = [{ value: "7 years", label: "In business" }];
    });
    expect((await save("home", home)).status).toBe(302);
    const faq = { ...defaults.faq, entries: [{ question: "Do you deliver on Sundays?", answer: "Yes, from noon." }] };
    expect((await save("faq", faq)).status).toBe(302);
    const about = { ...defaults.about, title: "Three friends and a greenhouse", team: [] };
    expect((await save("about", about)).status).toBe(302);
    const policies = structuredClone(defaults.policies);
    policies.privacy.body = "## What we keep\nNothing but your cart.\n\n- No orders\n- No messages";
    expect((await save("policies", policies)).status).toBe(302);

    const homePage = await shopperPage("/");
    expect(homePage).toContain("Small-batch flower from our own garden");
    expect(homePage).toContain("Grown in Oregon");
    const welcome = homePage.slice(
      homePage.indexOf('aria-labelledby="welcome-heading"'),
      homePage.indexOf('aria-labelledby="deal-heading"'),
    );
    expect(welcome).not.toContain("Support daily");
    expect(await textsOf(homePage, 'a[href="/shop/pre-rolls"]')).toContain("See pre-rolls");
    expect(homePage).toContain("7 years");
    const faqPage = await shopperPage("/faq");
    expect(faqPage).toContain("Do you deliver on Sundays?");
    expect(faqPage).not.toContain(html(defaults.faq.entries[0]!.question));
    const aboutPage = await shopperPage("/about");
    expect(aboutPage).toContain("Three friends and a greenhouse");
    expect(visibleText(aboutPage)).not.toContain("Meet the team");
    const privacy = await shopperPage("/privacy");
    expect(await textsOf(privacy, "h2")).toContain("What we keep");
    expect(await textsOf(privacy, "li")).toContain("No orders");
  });

  it("a new shop's policy pages are public, titled, in the sitemap and linked from every page's footer", async () => {
    const home = await shopperPage("/");
    const sitemap = await (await visit("/sitemap.xml")).body;
    for (const slug of ["privacy", "shipping", "returns", "terms"] as const) {
      const { response, body } = await visit(`/${slug}`, AGE);
      expect(response.status).toBe(200);
      const policy = (await import("../../app/features/storefront/policies-content")).POLICIES_CONTENT.defaults(defaultSettings(env))[slug];
      expect(body).toContain(`<title>${html(policy.title)} | ${SITE.name}</title>`);
      expect(body).toContain(`<meta name="description" content="${html(policy.description)}"/>`);
      expect(sitemap).toContain(`/${slug}</loc>`);
      expect(await elementsOf(home, `a[href="/${slug}"]`)).not.toHaveLength(0);
    }
  });

  it("featured products show their real card (price, THC, link); one made inactive is skipped", async () => {
    const { results } = await env.DB.prepare(
      "SELECT id, name, price_cents AS priceCents, thc_content AS thc FROM products WHERE active = 1 AND thc_content IS NOT NULL ORDER BY id LIMIT 2",
    ).all<{ id: number; name: string; priceCents: number; thc: string }>();
    const [shown, hidden] = results;
    if (!shown || !hidden) throw new Error("the seeded catalogue has active products");
    const home = homeWith((value) => {
      value.featured.products = [String(hidden.id), String(shown.id)];
    });
    expect((await save("home", home)).status).toBe(302);
    await env.DB.prepare("UPDATE products SET active = 0 WHERE id = ?").bind(hidden.id).run();
    await adminPost("/admin/storefront/home", formFields(home)); // an admin write: the cache moves on
    const page = await shopperPage("/");
    const featured = page.slice(page.indexOf('id="featured-heading"'), page.indexOf('id="categories-heading"'));
    expect(featured).toContain(html(shown.name));
    expect(featured).toContain(formatCents(shown.priceCents));
    expect(featured).toContain(html(shown.thc));
    expect(featured).toContain(`href="${productPath(shown)}"`);
    expect(featured).not.toContain(html(hidden.name));
    await env.DB.prepare("UPDATE products SET active = 1 WHERE id = ?").bind(hidden.id).run();
  });

  it("bad input gets a message beside its field, keeps what was typed and saves nothing", async () => {
    const before = await versionCount(HOME_CONTENT.name);
    const text = fc.oneof(fc.string({ unit: "grapheme", minLength: 201, maxLength: 400 }), fc.constantFrom("", "   "));
    const link = fc.oneof(
      fc.constantFrom("https://evil.example", "//evil.example", "/\\evil.example", "/../admin", "javascript:alert(1)", " "),
      fc.string({ unit: "grapheme", maxLength: 40 }).filter((value) => value.trim() !== "" && !value.trim().startsWith("/")),
    );
    await fc.assert(
      fc.asyncProperty(text, link, fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }), async (heading, badLink, typed) => {
        const home = homeWith((value) => {
          value.welcome.text = `${typed} ${"ü".repeat(3)}`.trim();
          value.deal.link = badLink;
        });
        const fields = formFields(home);
        fields.set("welcome.heading", heading);
        const response = await adminPost("/admin/storefront/home", fields);
        expect(response.status).toBe(400);
        const page = await read(response);
        expect(page).toContain("Use a path on this shop");
        expect(page).toMatch(/id="[^"]*-error"/);
        if (heading.trim() === "") expect(page).toContain("Write something here");
        else expect(page).toContain("Keep it to 120 characters or fewer");
        // What was typed is still in the form.
        expect(page).toContain(html(home.welcome.text));
      }),
      { numRuns: fcRuns(25) },
    );
    expect(await versionCount(HOME_CONTENT.name)).toBe(before);

    // A review with no rating, a date that does not exist and no text.
    const response = await save("reviews", {
      ...defaults.reviews,
      entries: [{ name: "Ana", location: "", rating: "", date: "2026-02-30", text: "", product: "", verified: false, onHome: false }],
    });
    expect(response.status).toBe(400);
    const page = await read(response);
    expect(page).toContain("Choose a rating");
    expect(page).toContain("Pick a date that exists");
    expect(page).toContain("Write what the customer said");
    expect(await versionCount(REVIEWS_CONTENT.name)).toBe(0);
  });

  it("long and non-Latin words the owner writes are shown as written, never as markup", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 120 }).filter((value) => value.trim() !== "" && value.trim() === value),
        async (heading) => {
          const saved = await save(
            "home",
            homeWith((value) => void (value.welcome.heading = heading)),
          );
          expect(saved.status).toBe(302);
          const { body } = await visit("/", AGE);
          expect(body.replace(/<!-- -->/g, "")).toContain(`>${html(heading)}</h1>`);
        },
      ),
      { numRuns: fcRuns(15) },
    );
    for (const heading of ["Добро пожаловать в наш магазин", "欢迎光临我们的商店", `<img src=x onerror=alert(1)>${"ب".repeat(80)}`]) {
      expect(
        (
          await save(
            "home",
            homeWith((value) => void (value.welcome.heading = heading)),
          )
        ).status,
      ).toBe(302);
      expect((await visit("/", AGE)).body.replace(/<!-- -->/g, "")).toContain(`>${html(heading)}</h1>`);
    }
  });

  it("restores an older version: the page shows it again and the versions list keeps both", async () => {
    expect((await save("faq", { ...defaults.faq, title: "Questions, answered" })).status).toBe(302);
    const [first] = (
      await env.DB.prepare("SELECT id FROM shop_document_versions WHERE name = ? ORDER BY id DESC LIMIT 1")
        .bind(FAQ_CONTENT.name)
        .all<{ id: number }>()
    ).results;
    expect((await save("faq", { ...defaults.faq, title: "Ask us anything" })).status).toBe(302);
    expect(await shopperPage("/faq")).toContain("Ask us anything");

    const restored = await adminPost("/admin/storefront/faq", { intent: "restore", version: String(first!.id) });
    const next = await follow(restored);
    expect(next.html).toContain("version restored");
    expect(next.html).toContain("Restore this version");
    expect(await shopperPage("/faq")).toContain("Questions, answered");

    const missing = await adminPost("/admin/storefront/faq", { intent: "restore", version: "999999" });
    expect(missing.status).toBe(404);
  });

  it("a save over a version written meanwhile is refused with a message, and writes nothing", async () => {
    expect((await save("about", defaults.about)).status).toBe(302);
    const opened = await versionCount(ABOUT_CONTENT.name);
    const [row] = (
      await env.DB.prepare("SELECT id FROM shop_document_versions WHERE name = ? ORDER BY id DESC LIMIT 1")
        .bind(ABOUT_CONTENT.name)
        .all<{ id: number }>()
    ).results;
    expect((await save("about", { ...defaults.about, title: "Another tab" }, { basedOn: String(row!.id) })).status).toBe(302);
    const stale = await save("about", { ...defaults.about, title: "Stale tab" }, { basedOn: String(row!.id) });
    expect(stale.status).toBe(409);
    expect(await read(stale)).toContain("saved elsewhere");
    expect(await versionCount(ABOUT_CONTENT.name)).toBe(opened + 1);
  });

  it("/reviews counts and averages its entries, marks 'Verified' only where the owner did, and the home page shows the picked ones with their dates", async () => {
    const empty = await shopperPage("/reviews");
    expect(empty).toContain("No reviews yet.");
    expect(empty).not.toContain("Verified Purchase");

    const entry = (name: string, rating: number, date: string, verified: boolean, onHome: boolean): ReviewEntry => ({
      name,
      location: "",
      rating,
      date,
      text: `${name} liked it.`,
      product: "",
      verified,
      onHome,
    });
    const entries = [
      entry("Ana", 5, "2026-10-01", true, true),
      entry("Bo", 4, "2026-09-15", false, false),
      entry("Cy", 4, "2026-08-20", false, true),
    ];
    expect((await save("reviews", { ...defaults.reviews, entries })).status).toBe(302);
    const page = visibleText(await shopperPage("/reviews"));
    // Each figure follows its label in the page's order (the card shows the figure on top).
    expect(page).toContain("Reviews 3 Average rating 4.3 Five-star 33% Verified purchases 33%");
    expect(page.match(/Verified Purchase\b/g)).toHaveLength(1);
    expect(page).toContain("October 1, 2026");

    const home = visibleText(await shopperPage("/"));
    expect(home).toContain("Ana liked it.");
    expect(home).toContain("Cy liked it.");
    expect(home).not.toContain("Bo liked it.");
    expect(home).toContain("October 1, 2026 · Verified purchase");
  });

  it("no page shows a number the data or the owner did not provide (home, /reviews, /about, /faq)", async () => {
    for (const section of ["home", "reviews", "faq", "about"] as const) await save(section, defaults[section]);
    const { results: rows } = await env.DB.prepare("SELECT * FROM products").all();
    const { results: sizes } = await env.DB.prepare("SELECT * FROM product_sizes").all();
    const money = (cents: unknown) => (typeof cents === "number" ? [formatCents(cents), String(cents / 100)] : []);
    const data = JSON.stringify({
      defaults,
      // The owner's settings: the hours in the status line and the footer.
      settings: SETTINGS.defaults(env),
      SITE,
      rows,
      sizes,
      money: [...rows, ...sizes].flatMap((row) => [...money(row.price_cents), ...money(row.compare_at_cents)]),
    });
    const known = new Set(numbers(data));
    // The footer's copyright year, the 21+ age line, and the cart badge's count.
    for (const fixed of [String(new Date().getFullYear()), "21", "0"]) known.add(fixed);
    for (const path of ["/", "/reviews", "/about", "/faq"]) {
      const unknown = numbers(visibleText(await shopperPage(path))).filter((figure) => !known.has(figure));
      expect(unknown, path).toEqual([]);
    }
  });

  it("the Storefront area is for the signed-in owner only, linked from the dashboard", async () => {
    const { response } = await visit("/admin/storefront/home");
    expect([302, 303]).toContain(response.status);
    const dashboard = await read(await adminGet("/admin/dashboard"));
    expect(await elementsOf(dashboard, 'a[href="/admin/storefront"]')).not.toHaveLength(0);
    const section = await adminGet("/admin/storefront/nope");
    expect(section.status).toBe(404);
  });
});
