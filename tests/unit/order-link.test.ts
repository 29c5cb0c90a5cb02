import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns, fcTimeout } from "../fast-check";
import {
  ORDER_LINK_MAX_AGE_SECONDS,
  orderReference,
  readOrderLink,
  signOrderLink,
  type OrderSnapshot,
} from "../../app/features/orders/order-link.server";
import { windowLabel } from "../../app/features/orders/order-choices";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "../../app/features/cart/cart-lines";

const SECRET = "a-session-secret-of-at-least-thirty-two-characters";
const NOW = 1_795_000_000;

const order: OrderSnapshot = {
  at: NOW,
  lines: [
    { productId: 12, sizeId: 34, quantity: 2, unitCents: 4500 },
    { productId: 7, quantity: 1, unitCents: 2000 },
  ],
  choices: { method: "local", zone: "Downtown", window: "2026-11-28T18:00", payment: "Cash", soldOut: "replace" },
  feeCents: 500,
};

function b64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

describe("the order link", () => {
  it("reads back exactly what was signed, with its reference", async () => {
    const token = (await signOrderLink(SECRET, order))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(await readOrderLink(SECRET, token, NOW + 60)).toEqual({ ok: true, order, reference: orderReference(token) });
    expect(orderReference(token)).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it("refuses a flipped bit anywhere, a changed quantity and another shop's secret", async () => {
    const token = (await signOrderLink(SECRET, order))!;
    for (let i = 0; i < token.length; i++) {
      if (token[i] === ".") continue;
      const flipped = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
      if (flipped === token) continue;
      expect((await readOrderLink(SECRET, flipped, NOW)).ok, `position ${i}`).toBe(false);
    }
    const [, sig] = token.split(".");
    const edited = b64urlJson({
      t: NOW,
      l: [
        [12, 34, 20, 4500],
        [7, 0, 1, 2000],
      ],
      c: order.choices,
      f: 500,
    });
    expect(await readOrderLink(SECRET, `${edited}.${sig}`, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(await readOrderLink("another-shops-secret-also-thirty-two-chars-long", token, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("expires, and refuses a link from the future or without a secret", async () => {
    const token = (await signOrderLink(SECRET, order))!;
    expect(await readOrderLink(SECRET, token, NOW + ORDER_LINK_MAX_AGE_SECONDS + 1)).toEqual({ ok: false, reason: "expired" });
    expect(await readOrderLink(SECRET, token, NOW - 3600)).toEqual({ ok: false, reason: "invalid" });
    expect(await readOrderLink(undefined, token, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(await signOrderLink(undefined, order)).toBeNull();
  });

  it("stays short at every bound: 20 lines of the largest numbers and the longest non-Latin choices stay under 1,700 characters", async () => {
    const lines = Array.from({ length: MAX_CART_LINES }, (_, i) => ({
      productId: 2 ** 31 - i,
      sizeId: 2 ** 31 - i,
      quantity: MAX_LINE_QUANTITY,
      unitCents: 100_000_000,
    }));
    const token = (await signOrderLink(SECRET, {
      ...order,
      lines,
      choices: { ...order.choices, zone: "區".repeat(80), payment: "П".repeat(40) },
    }))!;
    expect(token.length).toBeLessThan(1700);
  });

  it(
    "round-trips any order it accepts, and never throws on any string",
    async () => {
      const line = fc.record(
        {
          productId: fc.integer({ min: 1, max: 2 ** 31 }),
          sizeId: fc.integer({ min: 1, max: 2 ** 31 }),
          quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
          unitCents: fc.integer({ min: 0, max: 100_000_000 }),
        },
        { requiredKeys: ["productId", "quantity", "unitCents"] },
      );
      const text = (max: number) => fc.string({ unit: "grapheme", minLength: 1, maxLength: max }).filter((s) => s.length <= max);
      const snapshot = fc.record(
        {
          at: fc.integer({ min: NOW - 1000, max: NOW }),
          lines: fc.array(line, { minLength: 1, maxLength: MAX_CART_LINES }),
          choices: fc.record(
            {
              method: fc.constantFrom("shipping", "local", "pickup"),
              zone: text(80),
              payment: text(40),
              soldOut: fc.constantFrom("replace", "call", "leave-out"),
            },
            { requiredKeys: [] },
          ),
          feeCents: fc.integer({ min: 0, max: 100_000_000 }),
        },
        { requiredKeys: ["at", "lines", "choices"] },
      );
      await fc.assert(
        fc.asyncProperty(snapshot, async (value) => {
          const token = (await signOrderLink(SECRET, value as OrderSnapshot))!;
          expect(await readOrderLink(SECRET, token, NOW)).toEqual({ ok: true, order: value, reference: orderReference(token) });
        }),
        { numRuns: fcRuns(100) },
      );
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: "binary", maxLength: 5000 }), async (junk) => {
          expect((await readOrderLink(SECRET, junk, NOW)).ok).toBe(false);
        }),
        { numRuns: fcRuns(200) },
      );
      // Hundreds of HMACs: on a busy 2-core machine this outlasts the default 5 s without anything being wrong.
    },
    fcTimeout(300, 100),
  );
});

describe("order choices in words", () => {
  it("says a window as the shop's local time, or as soon as possible", () => {
    expect(windowLabel("asap")).toBe("As soon as possible");
    expect(windowLabel("2026-11-28T18:00")).toBe("Sat 28 Nov, 6:00 PM");
    expect(windowLabel("2026-03-08T02:30")).toBe("Sun 8 Mar, 2:30 AM");
  });
});
