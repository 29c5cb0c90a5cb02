import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { cartAfter, cartCookie, get, ORIGIN, postForm } from "./helpers";
import { sellInOneSize } from "./size-fixtures";

let runtz: number;

beforeAll(async () => {
  runtz = await sellInOneSize("runtz-eighth", "Runtz (1/8 oz)");
});

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
