import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartItem } from "../../app/features/cart/cart-lines";

import { ORDER_NOTE_MAX, SOLD_OUT_LABELS, windowLabel } from "../../app/features/orders/order-choices";
import { buildOrder, deliveryWindows, orderMessage, orderSnapshot, TELEGRAM_MAX_TEXT_LENGTH } from "../../app/features/orders/order";
import { fcRuns, fcTimeout } from "../fast-check";
import { readOrderLink, signOrderLink } from "../../app/features/orders/order-link.server";
import { defaultSettings, type Settings } from "../../app/features/settings/settings";

const ENV = { TELEGRAM_USERNAME: "greenleafsupply" };
const SECRET = "a-session-secret-of-at-least-thirty-two-characters";
// Saturday 28 November 2026, 15:10 in New York.
const NOW = new Date("2026-11-28T20:10:00Z");

function item(id: number, quantity: number, unitPriceCents: number, name = `Product ${id}`, sizeLabel?: string): CartItem {
  return {
    id,
    name,
    path: `/product/${id}`,
    image: null,
    priceCents: unitPriceCents,
    priceTiers: null,
    ...(sizeLabel ? { sizeId: id * 10, sizeLabel } : {}),
    quantity,
    unitPriceCents,
    lineTotalCents: unitPriceCents * quantity,
  };
}

function shop(change: (settings: Settings) => void = () => {}): Settings {
  const settings = defaultSettings(ENV);
  settings.delivery.shipping = { ...settings.delivery.shipping, feeCents: 1000, freeOverCents: 15000 };
  settings.delivery.local = {
    enabled: true,
    name: "Local delivery",
    zones: [{ name: "Downtown", feeCents: 500, minimumCents: 8000, estimate: "Same day" }],
  };
  settings.paymentMethods = ["Cash", "Card on delivery"];
  change(settings);
  return settings;
}

describe("the order builder", () => {
  it("adds a zone's fee and refuses under its minimum, saying how much is missing", () => {
    const items = [item(1, 2, 2500)];
    const order = buildOrder({
      items,
      settings: shop(),
      choices: { method: "local", zone: "Downtown", payment: "Cash" },
      note: "",
      now: NOW,
    });
    expect(order.feeCents).toBe(500);
    expect(order.totalCents).toBe(5500);
    expect(order.missingCents).toBe(3000);
    expect(order.errors.minimum).toBe("The minimum order for Downtown is $80.00 — add $30.00 more");
    expect(order.ok).toBe(false);
    const enough = buildOrder({ items: [item(1, 4, 2500)], settings: shop(), choices: order.choices, note: "", now: NOW });
    expect(enough.ok).toBe(true);
    expect(enough.totalCents).toBe(10500);
  });

  it("makes shipping free over its threshold and says how much more until then", () => {
    const choices = { method: "shipping" as const, payment: "Cash" };
    const under = buildOrder({ items: [item(1, 1, 10000)], settings: shop(), choices, note: "", now: NOW });
    expect(under.feeCents).toBe(1000);
    expect(under.freeDeliveryHint).toBe("Free delivery over $150.00 — add $50.00 more");
    const over = buildOrder({ items: [item(1, 2, 10000)], settings: shop(), choices, note: "", now: NOW });
    expect(over.feeCents).toBe(0);
    expect(over.freeDeliveryHint).toBeNull();
  });

  it("asks for a delivery method and a payment when the shop offers more than one", () => {
    const order = buildOrder({ items: [item(1, 1, 10000)], settings: shop(), choices: {}, note: "", now: NOW });
    expect(order.errors.delivery).toBe("Choose how to receive your order");
    expect(order.errors.payment).toBe("Choose how you will pay");
  });

  it(
    "holds its rules for any cart and any settings (property)",
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.integer({ min: 1, max: MAX_LINE_QUANTITY }), fc.integer({ min: 0, max: 100_000 })), {
            minLength: 1,
            maxLength: MAX_CART_LINES,
          }),
          fc.integer({ min: 0, max: 100_000 }),
          fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
          fc.integer({ min: 0, max: 10_000 }),
          fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
          fc.integer({ min: 0, max: 1_000_000 }),
          fc.constantFrom("shipping", "local", "pickup"),
          (lines, shipFee, freeOver, zoneFee, zoneMin, shopMin, method) => {
            const items = lines.map(([quantity, cents], index) => item(index + 1, quantity, cents));
            const settings = shop((s) => {
              s.delivery.shipping = { ...s.delivery.shipping, feeCents: shipFee, freeOverCents: freeOver };
              s.delivery.local.zones = [{ name: "Zone", feeCents: zoneFee, minimumCents: zoneMin, estimate: "" }];
              s.minimumOrderCents = shopMin;
            });
            const choices = { method: method as "shipping" | "local" | "pickup", zone: "Zone", payment: "Cash" };
            const order = buildOrder({ items, settings, choices, note: "", now: NOW });
            const subtotal = items.reduce((sum, line) => sum + line.lineTotalCents, 0);
            expect(order.subtotalCents).toBe(subtotal);
            expect(order.totalCents).toBe(subtotal + order.feeCents);
            const expectedFee =
              method === "pickup" ? 0 : method === "local" ? zoneFee : freeOver !== null && subtotal >= freeOver ? 0 : shipFee;
            expect(order.feeCents).toBe(expectedFee);
            const minimum = method === "local" ? (zoneMin ?? shopMin) : shopMin;
            expect(order.missingCents).toBe(Math.max(0, minimum - subtotal));
            expect(order.ok).toBe(subtotal >= minimum);
          },
        ),
        { numRuns: fcRuns(200) },
      );
    },
    fcTimeout(200, 100),
  );
});

describe("delivery windows", () => {
  it("offers today's remaining hours and the next two days', in the shop's time zone", () => {
    const windows = deliveryWindows(shop().hours, NOW);
    expect(windows[0]).toEqual({ value: "2026-11-28T16:00", label: `${windowLabel("2026-11-28T16:00")} – 5:00 PM` });
    expect(windows.some((window) => window.value === "2026-11-30T22:00")).toBe(true);
    expect(windows.some((window) => window.value.startsWith("2026-12-01"))).toBe(false);
    expect(windows.every((window) => window.value.slice(11) >= "09:00" && window.value.slice(11) <= "22:00")).toBe(true);
  });

  it("follows another time zone and a daylight-saving change without repeating or skipping a wall-clock slot", () => {
    const hours = shop((s) => {
      s.hours.timeZone = "Europe/Berlin";
    }).hours;
    // Saturday 24 October 2026 22:30 UTC: Sunday 00:30 in Berlin, the night the clocks go back.
    const windows = deliveryWindows(
      { ...hours, week: hours.week.map(() => ({ open: true, opens: "00:00", closes: "23:59" })) },
      new Date("2026-10-24T22:30:00Z"),
    );
    const values = windows.map((window) => window.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values.slice(0, 3)).toEqual(["2026-10-25T01:00", "2026-10-25T02:00", "2026-10-25T03:00"]);
  });

  it(
    "offers nothing while the shop is closed for days, and only open hours otherwise (property)",
    () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 365 * 24 * 60 }),
          fc.constantFrom("America/New_York", "Asia/Kolkata", "Australia/Adelaide", "UTC"),
          (minutes, timeZone) => {
            const now = new Date(Date.UTC(2026, 0, 1) + minutes * 60_000);
            const hours = { ...shop().hours, timeZone };
            const windows = deliveryWindows(hours, now);
            expect(windows.length).toBeLessThanOrEqual(48);
            for (const window of windows) expect(window.value.slice(11) >= "09:00" && window.value.slice(11) < "23:00").toBe(true);
          },
        ),
        { numRuns: fcRuns(40) },
      );
    },
    fcTimeout(40, 200),
  );
});

describe("the order message", () => {
  it("names each special with its saving and the total after them, and the total to pay follows", () => {
    const items = [item(1, 3, 1000, "Pre-roll"), item(2, 1, 2000, "Gummies")];
    const specials = {
      applied: [
        { name: "Buy 2 pre-rolls, get 1 free", savingCents: 1000, freeDelivery: false },
        { name: "Weekend 10", savingCents: 400, freeDelivery: false },
      ],
      hints: [],
      savingCents: 1400,
      totalCents: 3600,
      code: "WEEKEND10",
    };
    const order = buildOrder({ items, settings: shop(), choices: { method: "pickup", payment: "Cash" }, note: "", now: NOW, specials });
    const text = orderMessage(order, items, null);
    expect(text).toContain(
      [
        "Subtotal: $50.00",
        "",
        "Specials:",
        "• Buy 2 pre-rolls, get 1 free: saves $10.00",
        "• Weekend 10: saves $4.00",
        "Total after specials: $36.00",
      ].join("\n"),
    );
    expect(text).toContain("Total to pay: $36.00");
  });

  it("states the lines, the money, how, when, payment, the sold-out choice, the note, the reference and the link", async () => {
    const items = [item(1, 4, 2500, "Runtz", "1/4 oz")];
    const order = buildOrder({
      items,
      settings: shop(),
      choices: { method: "local", zone: "Downtown", payment: "Cash", window: "2026-11-28T18:00", soldOut: "replace" },
      note: "Ring twice, 谢谢",
      now: NOW,
    });
    expect(order.ok).toBe(true);
    const token = (await signOrderLink(SECRET, orderSnapshot(order, items, NOW)))!;
    const text = orderMessage(order, items, { reference: "7K3Q-M2XP", url: `https://shop.example/o/${token}` });
    expect(text).toBe(
      [
        "Hello, I would love to order:",
        "",
        "• 4 x Runtz — 1/4 oz ($25.00 each = $100.00)",
        "",
        "Subtotal: $100.00",
        "Delivery: Local delivery — Downtown: $5.00, Same day",
        "Total to pay: $105.00",
        "Payment: Cash",
        `When: ${windowLabel("2026-11-28T18:00")}`,
        `If something is sold out: ${SOLD_OUT_LABELS.replace}`,
        "",
        "Note: Ring twice, 谢谢",
        "",
        "Order 7K3Q-M2XP",
        `Check or order again: https://shop.example/o/${token}`,
        "",
        "Thank you!",
      ].join("\n"),
    );
    expect(text).not.toContain("Please let me know about delivery details");
    const reading = await readOrderLink(SECRET, token, Math.floor(NOW.getTime() / 1000));
    expect(reading.ok && reading.order.lines).toEqual([{ productId: 1, sizeId: 10, quantity: 4, unitCents: 2500 }]);
    expect(reading.ok && reading.order.feeCents).toBe(500);
  });

  it(
    "stays under Telegram's limit at every bound: 20 longest lines, the longest non-Latin note, choices and link (property)",
    async () => {
      const longName = fc.string({ unit: fc.constantFrom("a", "Ж", "漢", "😀", " "), minLength: 100, maxLength: 200 });
      await fc.assert(
        fc.asyncProperty(
          fc.array(longName, { minLength: MAX_CART_LINES, maxLength: MAX_CART_LINES }),
          longName,
          async (names, noteText) => {
            const items = names.map((name, index) => item(index + 1, MAX_LINE_QUANTITY, 100_000_000, name, "S".repeat(40)));
            const settings = shop((s) => {
              s.delivery.local.name = "L".repeat(60);
              s.delivery.local.zones = [{ name: "漢".repeat(80), feeCents: 100_000_000, minimumCents: 0, estimate: "E".repeat(80) }];
              s.paymentMethods = ["😀".repeat(40)];
            });
            const note = Array.from(`${noteText}${"😀".repeat(ORDER_NOTE_MAX)}`)
              .slice(0, ORDER_NOTE_MAX)
              .join("");
            const choices = {
              method: "local" as const,
              zone: "漢".repeat(80),
              payment: "😀".repeat(40),
              window: "asap",
              soldOut: "leave-out" as const,
            };
            // Every line takes its own special (the longest names), and a spend-and-save one on top.
            const specials = {
              applied: [...names, noteText].map((name, index) => ({
                name: `${name}${"漢".repeat(80)}`,
                savingCents: 99_999_999,
                freeDelivery: index === names.length,
              })),
              hints: [],
              savingCents: 1,
              totalCents: 1_999_999_999_999,
              code: "WEEKEND10",
            };
            const order = buildOrder({ items, settings, choices, note, now: NOW, specials });
            expect(order.ok).toBe(true);
            const token = (await signOrderLink(SECRET, orderSnapshot(order, items, NOW)))!;
            const text = orderMessage(order, items, { reference: "7K3Q-M2XP", url: `https://a-long-shop-domain.example.com/o/${token}` });
            expect(text).toContain("Total after specials: $19,999,999,999.99");
            expect(text.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT_LENGTH);
            expect(text).toContain(token);
            expect(text).toContain(order.note);
          },
        ),
        { numRuns: fcRuns(50), endOnFailure: true },
      );
    },
    fcTimeout(50, 2000),
  );
});
