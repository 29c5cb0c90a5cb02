import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { defaultSettings, SETTINGS } from "../../app/features/settings/settings";
import { readDocument } from "../../app/features/shop-documents/shop-documents.server";
import { HOME_CONTENT, type HomeContent } from "../../app/features/storefront/home-content";
import { SITE } from "../../app/features/site/site";
import { createDb } from "../../app/server/load-context";
import { adminPost, formFields, html } from "./admin-helpers";
import { catalogueChanged } from "./helpers";
import { AGE, visit } from "./page-cache-helpers";
import { textsOf } from "./page-parts";

/**
 * The home page's category tiles and appointments band, and the footer's tagline, are the owner's
 * words: a new shop shows the original texts, an owner's edit shows on the next request (cached
 * copies included), and a version saved before these words were editable still reads as written.
 */

const db = createDb(env.DB);

function homeWith(change: (home: HomeContent) => void): HomeContent {
  const home = structuredClone(HOME_CONTENT.defaults(defaultSettings(env)));
  change(home);
  return home;
}

const saveHome = (home: HomeContent) => adminPost("/admin/storefront/home", formFields(home));

/** A page as a shopper sees it, asked twice: the second answer may be the cached copy. */
async function shopperPage(path: string) {
  await visit(path, AGE);
  const { body } = await visit(path, AGE);
  return body.replace(/<!-- -->/g, "");
}

async function saveTagline(tagline: string) {
  const { value, versionId } = await readDocument(db, SETTINGS, env);
  return adminPost("/admin/settings", {
    intent: "ordering",
    basedOn: versionId === null ? "" : String(versionId),
    telegramUsername: value.telegramUsername,
    "identity.tradingName": value.identity.tradingName,
    "identity.licence": value.identity.licence,
    "identity.email": value.identity.email,
    "identity.serviceArea": value.identity.serviceArea,
    "identity.tagline": tagline,
  });
}

describe("the home page's tiles, appointments band and the footer's tagline are the owner's words", () => {
  it("a new shop shows the original texts", async () => {
    const page = await shopperPage("/");
    expect(await textsOf(page, "#trending-heading")).toEqual(["Trending Now"]);
    expect(await textsOf(page, "#popular-heading")).toEqual(["Popular Categories"]);
    expect(page).toContain("NEW DROPS");
    expect(await textsOf(page, "#appointments-heading")).toEqual(["In town? Book an appointment"]);
    expect(page).toContain("Book on Telegram");
    expect(page).toContain(SITE.tagline);
  });

  it("an owner's edit shows on the next request, cached copies included", async () => {
    await shopperPage("/");
    await shopperPage("/shop");
    const home = homeWith((value) => {
      value.tiles.newDrops = { eyebrow: "Fresh", title: "THIS WEEK", text: "Three new strains from Humboldt.", linkLabel: "See them" };
      value.tiles.trendingTitle = "Hot right now";
      value.tiles.trending[0] = { title: "Dabs", text: "Rosin pressed in-house." };
      value.tiles.popularTitle = "Browse";
      value.tiles.popular[3] = { title: "Light deps" };
      value.appointments = {
        title: "Pick up in Portland",
        text: "Message us to meet at our studio.",
        buttonLabel: "Arrange a pick-up",
        message: "Hello, I would like to pick up.",
      };
    });
    expect((await saveHome(home)).status).toBe(302);
    expect((await saveTagline("Grown with care in Oregon.")).status).toBe(303);

    const page = await shopperPage("/");
    expect(await textsOf(page, "#trending-heading")).toEqual(["Hot right now"]);
    expect(await textsOf(page, "#popular-heading")).toEqual(["Browse"]);
    expect(page).toContain("THIS WEEK");
    expect(page).toContain("Three new strains from Humboldt.");
    expect(page).not.toContain("NEW DROPS");
    expect((await textsOf(page, 'a[href="/shop/concentrates"]')).some((text) => /^Dabs\s*Rosin pressed in-house\.$/.test(text))).toBe(true);
    expect(await textsOf(page, 'a[href="/shop/deps"]')).toContain("Light deps");
    expect(await textsOf(page, "#appointments-heading")).toEqual(["Pick up in Portland"]);
    expect(await textsOf(page, "p")).toContainEqual(expect.stringMatching(/^Message us to meet at our studio, .+\.$/));
    expect(page).toContain("Arrange a pick-up");
    expect(page).toContain(`text=${encodeURIComponent("Hello, I would like to pick up.")}`);
    expect(page).not.toContain("Book on Telegram");
    expect(page).toContain("Grown with care in Oregon.");
    expect(page).not.toContain(SITE.tagline);

    // The tagline is in every page's footer, the shop's cached listing included.
    const shop = await shopperPage("/shop");
    expect(shop).toContain("Grown with care in Oregon.");
    // An empty tagline hides the line.
    expect((await saveTagline("")).status).toBe(303);
    expect(await shopperPage("/shop")).not.toContain("Grown with care in Oregon.");
  });

  it("a tile left blank is refused with a message and saves nothing", async () => {
    const before = await readDocument(db, HOME_CONTENT, defaultSettings(env));
    const response = await saveHome(homeWith((value) => void (value.tiles.popular[0] = { title: "  " })));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Write something here");
    expect((await readDocument(db, HOME_CONTENT, defaultSettings(env))).versionId).toBe(before.versionId);
  });

  it("a home version saved before the tiles were editable reads with the original tiles, not the defaults", async () => {
    const older = homeWith((value) => void (value.welcome.heading = "An older heading the owner wrote")) as Partial<HomeContent>;
    delete older.tiles;
    delete older.appointments;
    await env.DB.prepare("INSERT INTO shop_document_versions (name, body, saved_at, summary) VALUES (?, ?, ?, '')")
      .bind(HOME_CONTENT.name, JSON.stringify(older), Date.now())
      .run();
    // Written behind the admin's back, so the cached copies are told the way a save tells them.
    await catalogueChanged();
    const read = await readDocument(db, HOME_CONTENT, defaultSettings(env));
    expect(read.malformed).toBe(false);
    const page = await shopperPage("/");
    expect(page).toContain("An older heading the owner wrote");
    expect(await textsOf(page, "#trending-heading")).toEqual(["Trending Now"]);
  });

  it("long and non-Latin tile words are shown as written, never as markup", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }).filter((value) => value.trim() !== "" && value.trim() === value),
        async (title) => {
          expect((await saveHome(homeWith((value) => void (value.tiles.popular[1] = { title })))).status).toBe(302);
          const { body } = await visit("/", AGE);
          expect(body.replace(/<!-- -->/g, "")).toContain(html(title));
        },
      ),
      { numRuns: fcRuns(10) },
    );
    for (const title of ["Концентраты", "浓缩物", `<b>${"ب".repeat(50)}</b>`]) {
      expect((await saveHome(homeWith((value) => void (value.tiles.trendingTitle = title)))).status).toBe(302);
      expect(await textsOf(await shopperPage("/"), "#trending-heading")).toEqual([title]);
    }
  });
});
