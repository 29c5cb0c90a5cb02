import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultSettings, SETTINGS } from "../../app/features/settings/settings";
import { saveDocument } from "../../app/features/shop-documents/shop-documents.server";
import { createDb } from "../../app/server/load-context";
import { cartAfter, cartCookie, catalogueChanged, decodeCookieValue, get, ORIGIN, postForm, setCookie } from "./helpers";
import { sellInOneSize } from "./size-fixtures";

let runtz: number;

beforeAll(async () => {
  runtz = await sellInOneSize("runtz-eighth", "Runtz (1/8 oz)");
});

afterEach(async () => {
  await env.DB.prepare("DELETE FROM shop_document_versions WHERE name = 'settings'").run();
  await catalogueChanged();
});

/** A shop that delivers locally to one zone with a $5 fee and an $80 minimum, and takes cash. */
async function deliverDowntown() {
  const settings = defaultSettings(env);
  settings.delivery.local = {
    enabled: true,
    name: "Local delivery",
    zones: [{ name: "Downtown", feeCents: 500, minimumCents: 8000, estimate: "Same day" }],
  };
  settings.paymentMethods = ["Cash", "Card on delivery"];
  await saveDocument(createDb(env.DB), SETTINGS, settings, { from: env });
  await catalogueChanged();
}

function toastsOf(response: Response) {
  const cookie = setCookie(response, "toast");
  return cookie ? (decodeCookieValue(cookie.slice("toast=".length).split(";")[0]!) as Array<{ title: string; description?: string }>) : [];
}

function postCart(fields: Record<string, string>, cookie = "") {
  return postForm("/cart", fields, { headers: { Cookie: cookie, Referer: `${ORIGIN}/checkout`, Host: new URL(ORIGIN).host } });
}

describe("checkout through the real cart cookie and the shop's settings", () => {
  it("refuses an order without a delivery choice in words, at checkout, never at Telegram", async () => {
    const response = await postCart(
      { intent: "order", source: "checkout", choices: "1", soldOut: "call" },
      cartCookie([{ id: runtz, quantity: 2 }]),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/checkout");
    expect(cartAfter(response)).toBeUndefined();
  });

  it("sends the whole order: lines, delivery, total, payment, window, sold-out choice, note, reference and a link that reopens it", async () => {
    const response = await postCart(
      {
        intent: "order",
        source: "checkout",
        js: "1",
        choices: "1",
        delivery: "pickup",
        window: "asap",
        payment: "Cash on delivery",
        soldOut: "replace",
        note: "Side door, спасибо",
      },
      cartCookie([{ id: runtz, quantity: 2 }]),
    );
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`https://t.me/${env.TELEGRAM_USERNAME}`);
    const text = location.searchParams.get("text")!;
    expect(text).toContain("• 2 x Runtz (1/8 oz)");
    expect(text).toContain("Delivery: In-town appointment");
    expect(text).toContain("Payment: Cash on delivery");
    expect(text).toContain("When: As soon as possible");
    expect(text).toContain("If something is sold out: Replace it with something similar");
    expect(text).toContain("Note: Side door, спасибо");
    expect(text).toMatch(/Order [0-9A-Z]{4}-[0-9A-Z]{4}/);
    expect(text).not.toContain("Please let me know about delivery details");
    const token = /\/o\/([A-Za-z0-9_.-]+)/.exec(text)![1]!;
    expect(cartAfter(response)).toEqual([]);

    const reopened = await postCart({ intent: "reopen", token });
    expect(reopened.status).toBe(303);
    expect(reopened.headers.get("Location")).toBe("/checkout");
    expect(cartAfter(reopened)).toEqual([expect.objectContaining({ id: runtz, quantity: 2 })]);

    const tampered = await postCart({ intent: "reopen", token: `${token.slice(0, -2)}AA`, js: "1" });
    expect([tampered.status, tampered.headers.get("Location")]).toEqual([303, "/checkout"]);
    expect(decodeURIComponent(tampered.headers.get("Set-Cookie") ?? "")).not.toContain("cannabis-cart=");
  });

  it("under the zone's minimum: the button says what is missing and the post without JavaScript is refused in the same words", async () => {
    await deliverDowntown();
    const choices = { choices: "1", delivery: "local:Downtown", window: "asap", payment: "Cash", soldOut: "call" };
    const short = cartCookie([{ id: runtz, quantity: 1 }]);
    const refused = await postCart({ intent: "order", source: "checkout", ...choices }, short);
    expect([refused.status, refused.headers.get("Location")]).toEqual([303, "/checkout"]);
    expect(cartAfter(refused)).toBeUndefined();
    const words = "The minimum order for Downtown is $80.00 — add $35.00 more";
    expect(toastsOf(refused)).toEqual([expect.objectContaining({ title: "Order not sent", description: words })]);

    // The checkout, with the choices the refused post saved, says the same and how much to add.
    const saved = setCookie(refused, "cannabis-order")!.split(";")[0]!;
    const page = (await (await get("/checkout", { headers: { Cookie: `${short}; ${saved}` } })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(words);
    expect(page).toContain("Add $35.00 more to order");

    const enough = await postCart({ intent: "order", source: "checkout", js: "1", ...choices }, cartCookie([{ id: runtz, quantity: 2 }]));
    const text = new URL(enough.headers.get("Location")!).searchParams.get("text")!;
    expect(text).toContain("Subtotal: $90.00");
    expect(text).toContain("Delivery: Local delivery — Downtown: $5.00, Same day");
    expect(text).toContain("Total to pay: $95.00");
    expect(text).toContain("Payment: Cash");
  });

  it("shows the checkout's choices as labelled fieldsets", async () => {
    const response = await get("/checkout", { headers: { Cookie: cartCookie([{ id: runtz, quantity: 1 }]) } });
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(body).toContain("How would you like to receive it?");
    expect(body).toContain('name="delivery"');
    expect(body).toContain('name="payment"');
    expect(body).toContain('name="soldOut"');
    expect(body).toContain('name="note"');
  });
});
