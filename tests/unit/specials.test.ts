import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { applySpecials, couldTake, type PricedLine } from "../../app/features/specials/apply";
import { nextSpecialChange, specialTiming } from "../../app/features/specials/schedule";
import { specialDataSchema, type Special } from "../../app/features/specials/special";

const NY = "America/New_York";
// A Friday, 12:00 in New York (UTC-5 in January).
const FRIDAY_NOON = new Date("2026-01-09T17:00:00Z");

let nextId = 1;
function special(data: Record<string, unknown>): Special {
  return { id: nextId++, ...specialDataSchema.parse({ name: "Special", badge: "Deal", ...data }) };
}
const pick = (categories: string[] = [], products: number[] = [], sizes: number[] = []) => ({ categories, products, sizes });

function line(
  key: string,
  category: string,
  unitCents: number,
  quantity: number,
  productId = Number(key.replace(/\D/g, "")) || 1,
  sizeId = productId * 10,
): PricedLine {
  return { key, productId, sizeId, category, unitCents, quantity };
}

const apply = (lines: PricedLine[], specials: Special[], code: string | null = null, now = FRIDAY_NOON) =>
  applySpecials({ lines, specials, now, timeZone: NY, code });

describe("each kind of special", () => {
  it("percent off a category takes that share off each unit", () => {
    const result = apply(
      [line("a1", "edibles", 2000, 2), line("b2", "flower", 3500, 1)],
      [special({ kind: "percent_off", percent: 20, selection: pick(["edibles"]) })],
    );
    expect(result.lines[0]).toMatchObject({ savingCents: 800, totalCents: 3200 });
    expect(result.lines[1]).toMatchObject({ savingCents: 0, specialId: null });
    expect(result.totalCents).toBe(6700);
  });

  it("amount off a size never takes a unit below zero", () => {
    const result = apply(
      [line("a1", "flower", 300, 2, 1, 11)],
      [special({ kind: "amount_off", amountCents: 500, selection: pick([], [], [11]) })],
    );
    expect(result.lines[0]?.savingCents).toBe(600);
    expect(result.totalCents).toBe(0);
  });

  it("buy 2 pre-rolls get 1 free: the cheapest is the free one, and the hint says what is missing", () => {
    const deal = special({
      kind: "buy_x_get_y",
      buy: 2,
      get: 1,
      percent: 100,
      selection: pick(["pre-rolls"]),
      name: "Buy 2 pre-rolls, get 1 free",
    });
    const two = apply([line("a1", "pre-rolls", 1200, 2)], [deal]);
    expect(two.savingCents).toBe(0);
    expect(two.hints).toEqual(["Buy 2 pre-rolls, get 1 free: add 1 more to get 1 free"]);
    const three = apply([line("a1", "pre-rolls", 1200, 2), line("b2", "pre-rolls", 900, 1)], [deal]);
    expect(three.lines.map((l) => l.savingCents)).toEqual([0, 900]);
    expect(three.lines.map((l) => l.specialId)).toEqual([deal.id, deal.id]);
    expect(three.applied).toEqual([{ id: deal.id, name: deal.name, savingCents: 900, freeDelivery: false }]);
    expect(three.hints).toEqual([]);
  });

  it("mix and match: any 3 edibles for $50, the dearest grouped first", () => {
    const deal = special({ kind: "mix_match", count: 3, priceCents: 5000, selection: pick(["edibles"]) });
    const result = apply([line("a1", "edibles", 2500, 2), line("b2", "edibles", 2000, 1), line("c3", "edibles", 1000, 1)], [deal]);
    expect(result.savingCents).toBe(2000);
    expect(result.totalCents).toBe(6000);
    expect(result.hints).toHaveLength(1);
  });

  it("bundle: these products together for a fixed price", () => {
    const deal = special({
      kind: "bundle",
      priceCents: 5000,
      items: [
        { productId: 1, sizeId: null, quantity: 1 },
        { productId: 2, sizeId: 20, quantity: 1 },
      ],
    });
    expect(apply([line("p1", "flower", 4000, 1, 1), line("p2", "vapes", 3000, 1, 2)], [deal]).savingCents).toBe(2000);
    expect(apply([line("p1", "flower", 4000, 1, 1), line("p2", "vapes", 3000, 1, 2, 21)], [deal]).savingCents).toBe(0);
  });

  it("spend and save applies to what is left after line specials, and can waive delivery", () => {
    const off = special({ kind: "percent_off", percent: 50, selection: pick(["flower"]) });
    const spend = special({ kind: "spend_save", minCents: 5000, percent: 10, freeDelivery: true, name: "Spend $50, save 10%" });
    const under = apply([line("a1", "flower", 8000, 1)], [off, spend]);
    expect(under.savingCents).toBe(4000);
    expect(under.freeDelivery).toBe(false);
    expect(under.hints).toEqual(["Spend $50, save 10%: spend $10.00 more for 10% off"]);
    const over = apply([line("a1", "flower", 8000, 1), line("b2", "edibles", 2000, 1)], [off, spend]);
    expect(over.savingCents).toBe(4000 + 600);
    expect(over.freeDelivery).toBe(true);
    expect(over.totalCents).toBe(5400);
  });

  it("a line takes only the special that saves the shopper more", () => {
    const small = special({ kind: "percent_off", percent: 10, selection: pick(["edibles"]) });
    const big = special({ kind: "amount_off", amountCents: 500, selection: pick([], [1]) });
    const result = apply([line("a1", "edibles", 2000, 1)], [small, big]);
    expect(result.lines[0]).toMatchObject({ specialId: big.id, savingCents: 500 });
    expect(result.applied).toHaveLength(1);
  });

  it("a limit per order caps how often a special applies", () => {
    const deal = special({ kind: "percent_off", percent: 50, selection: pick(["edibles"]), limitPerOrder: 1 });
    expect(apply([line("a1", "edibles", 2000, 3)], [deal]).savingCents).toBe(1000);
  });

  it("a special with a code applies only with its code, in any case", () => {
    const deal = special({ kind: "percent_off", percent: 10, selection: pick(["edibles"]), code: "weekend10" });
    expect(deal.code).toBe("WEEKEND10");
    expect(apply([line("a1", "edibles", 2000, 1)], [deal]).savingCents).toBe(0);
    expect(apply([line("a1", "edibles", 2000, 1)], [deal], " weekend10 ").savingCents).toBe(200);
  });

  it("a paused special applies to nothing", () => {
    expect(
      apply([line("a1", "edibles", 2000, 1)], [special({ kind: "percent_off", percent: 10, selection: pick(["edibles"]), paused: true })])
        .savingCents,
    ).toBe(0);
  });
});

describe("schedules in the shop's time zone", () => {
  const happyHour = { startsOn: null, endsOn: null, weekdays: [4], windowStart: "16:00", windowEnd: "19:00", paused: false };

  it("happy hour Fri 4–7 PM runs in New York time, whatever the server's clock zone", () => {
    expect(specialTiming(happyHour, FRIDAY_NOON, NY)).toMatchObject({ active: false, startsAt: Date.parse("2026-01-09T21:00:00Z") });
    const during = specialTiming(happyHour, new Date("2026-01-09T23:30:00Z"), NY);
    expect(during).toMatchObject({ active: true, endsAt: Date.parse("2026-01-10T00:00:00Z"), endsAtMinutes: 19 * 60 });
    // The same instant in Los Angeles is 3:30 PM: not yet.
    expect(specialTiming(happyHour, new Date("2026-01-09T23:30:00Z"), "America/Los_Angeles").active).toBe(false);
    // Thursday at 5 PM: not the day.
    expect(specialTiming(happyHour, new Date("2026-01-08T22:00:00Z"), NY).active).toBe(false);
  });

  it("a window keeps its wall-clock hours across a daylight-saving change", () => {
    // New York moves to UTC-4 on 8 March 2026; Friday 13 March 4 PM is 20:00 UTC.
    expect(specialTiming(happyHour, new Date("2026-03-13T20:00:00Z"), NY).active).toBe(true);
    expect(specialTiming(happyHour, new Date("2026-03-13T19:59:00Z"), NY).active).toBe(false);
  });

  it("a window past midnight belongs to the day it starts; dates bound it", () => {
    const late = { ...happyHour, windowStart: "22:00", windowEnd: "02:00", endsOn: "2026-01-09" };
    // Saturday 1 AM New York (06:00 UTC) is inside Friday's late window.
    expect(specialTiming(late, new Date("2026-01-10T06:00:00Z"), NY).active).toBe(true);
    // The next Friday is after the end date.
    expect(specialTiming(late, new Date("2026-01-17T04:00:00Z"), NY)).toMatchObject({ active: false, startsAt: null });
    const later = { ...happyHour, windowStart: null, windowEnd: null, weekdays: [], startsOn: "2026-01-12" };
    expect(specialTiming(later, FRIDAY_NOON, NY).startsAt).toBe(Date.parse("2026-01-12T05:00:00Z"));
  });

  it("the next change is the soonest start or end of any special", () => {
    const allWeek = { ...happyHour, weekdays: [], windowStart: null, windowEnd: null, endsOn: "2026-01-10" };
    expect(nextSpecialChange([happyHour, allWeek], FRIDAY_NOON, NY)).toBe(Date.parse("2026-01-09T21:00:00Z"));
    expect(nextSpecialChange([], FRIDAY_NOON, NY)).toBeNull();
  });
});

describe("properties of the engine", () => {
  const categories = ["edibles", "flower", "pre-rolls"];
  const lineArb = fc.record({
    productId: fc.integer({ min: 1, max: 4 }),
    category: fc.constantFrom(...categories),
    unitCents: fc.integer({ min: 0, max: 10_000 }),
    quantity: fc.integer({ min: 1, max: 4 }),
  });
  const selectionArb = fc.record({ categories: fc.subarray(categories), products: fc.subarray([1, 2, 3, 4]), sizes: fc.constant([]) });
  const limitArb = fc.option(fc.integer({ min: 1, max: 3 }), { nil: null });
  const specialArb = fc.oneof(
    fc.record({
      kind: fc.constant("percent_off"),
      percent: fc.integer({ min: 1, max: 100 }),
      selection: selectionArb,
      limitPerOrder: limitArb,
    }),
    fc.record({
      kind: fc.constant("amount_off"),
      amountCents: fc.integer({ min: 1, max: 5000 }),
      selection: selectionArb,
      limitPerOrder: limitArb,
    }),
    fc.record({
      kind: fc.constant("buy_x_get_y"),
      buy: fc.integer({ min: 1, max: 3 }),
      get: fc.integer({ min: 1, max: 2 }),
      percent: fc.integer({ min: 1, max: 100 }),
      selection: selectionArb,
      reward: fc.option(selectionArb, { nil: null }),
      limitPerOrder: limitArb,
    }),
    fc.record({
      kind: fc.constant("mix_match"),
      count: fc.integer({ min: 2, max: 4 }),
      priceCents: fc.integer({ min: 1, max: 20_000 }),
      selection: selectionArb,
    }),
    fc.record({
      kind: fc.constant("bundle"),
      priceCents: fc.integer({ min: 1, max: 20_000 }),
      items: fc.uniqueArray(
        fc.record({ productId: fc.integer({ min: 1, max: 4 }), sizeId: fc.constant(null), quantity: fc.integer({ min: 1, max: 2 }) }),
        {
          minLength: 2,
          maxLength: 3,
          selector: (item) => item.productId,
        },
      ),
    }),
    fc.record({
      kind: fc.constant("spend_save"),
      minCents: fc.integer({ min: 0, max: 30_000 }),
      percent: fc.integer({ min: 0, max: 100 }),
      freeDelivery: fc.boolean(),
    }),
  );
  const cartArb = fc
    .record({ lines: fc.array(lineArb, { minLength: 0, maxLength: 4 }), specials: fc.array(specialArb, { maxLength: 3 }) })
    .map(({ lines, specials }) => ({
      lines: lines.map((l, index) => ({ ...l, key: `k${index}`, sizeId: l.productId * 10 })),
      specials: specials.map((data) => special(data)),
    }));

  it("never raises a price and never makes a line or a total negative", () => {
    fc.assert(
      fc.property(cartArb, ({ lines, specials }) => {
        const result = apply(lines, specials);
        for (const [index, saved] of result.lines.entries()) {
          const priced = lines[index];
          expect(saved.savingCents).toBeGreaterThanOrEqual(0);
          expect(saved.totalCents).toBeGreaterThanOrEqual(0);
          expect(saved.totalCents).toBe((priced?.unitCents ?? 0) * (priced?.quantity ?? 0) - saved.savingCents);
        }
        expect(result.savingCents).toBeGreaterThanOrEqual(0);
        expect(result.totalCents).toBeGreaterThanOrEqual(0);
        expect(result.totalCents).toBeLessThanOrEqual(result.subtotalCents);
        expect(result.applied.reduce((total, done) => total + done.savingCents, 0)).toBe(result.savingCents);
      }),
      { numRuns: fcRuns(300) },
    );
  });

  it("the line specials chosen save as much as the best of every possible assignment", () => {
    fc.assert(
      fc.property(cartArb, ({ lines, specials }) => {
        const lineSpecials = specials.filter((s) => s.kind !== "spend_save") as Array<Exclude<Special, { kind: "spend_save" }>>;
        const result = apply(lines, lineSpecials);
        // Brute force: every line tries no special or each one, and each group is priced on its own.
        let best = 0;
        const assign = (index: number, chosen: Array<Special | null>) => {
          if (index === lines.length) {
            let total = 0;
            for (const s of lineSpecials) {
              const group = lines.filter((_, n) => chosen[n] === s);
              if (group.length > 0) total += apply(group, [s]).savingCents;
            }
            best = Math.max(best, total);
            return;
          }
          const here = lines[index];
          for (const option of [null, ...lineSpecials]) {
            if (option && here && !couldTake(option, here)) continue;
            assign(index + 1, [...chosen, option]);
          }
        };
        assign(0, []);
        expect(result.savingCents).toBe(best);
      }),
      { numRuns: fcRuns(200) },
    );
  });
});
