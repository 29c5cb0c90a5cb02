import { parseWithZod } from "@conform-to/zod";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SPECIAL_KINDS, specialDataSchema } from "~/features/specials/special";
import { duplicateOf, specialFormDefaults, specialFormSchema } from "~/features/specials/specials-form";
import { previewText, scheduleText, specialsNowAndNext, specialStatus } from "~/features/specials/specials-status";
import { fcRuns } from "../fast-check";

/** The admin form of a special: whatever a browser (or a stranger) posts, it parses or answers field errors. */

const FIELDS = [
  "kind",
  "name",
  "badge",
  "startsOn",
  "endsOn",
  "weekdays",
  "windowStart",
  "windowEnd",
  "code",
  "limitPerOrder",
  "paused",
  "categories",
  "products",
  "sizes",
  "percentOff",
  "amountOff",
  "buy",
  "get",
  "getPercent",
  "rewardCategories",
  "rewardProducts",
  "rewardSizes",
  "mixCount",
  "mixPrice",
  "bundlePrice",
  "spendMin",
  "spendPercent",
  "spendFreeDelivery",
  "intent",
];

const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ minLength: 2000, maxLength: 3000 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e9",
    "NaN",
    "99999999",
    "16:00",
    "25:61",
    "2026-02-30",
    "on",
    "percent_off",
    "特价 №1 🌿",
    "$1,000.999",
  ),
);

const sizeOwner = (sizeId: number) => (sizeId < 100 ? 1 : undefined);

function formData(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("specialFormSchema", () => {
  it("never throws, and a success is always a valid SpecialData", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...FIELDS), anyText), { maxLength: 30 }), (entries) => {
        const submission = parseWithZod(formData(entries), { schema: specialFormSchema(sizeOwner) });
        if (submission.status === "success") expect(specialDataSchema.safeParse(submission.value).success).toBe(true);
        else expect(Object.keys(submission.error ?? {}).length).toBeGreaterThan(0);
        submission.reply();
      }),
      { numRuns: fcRuns(120) },
    );
  }, 60_000);

  it("keeps long and non-Latin names and badges within the limits, refuses longer ones beside the field", () => {
    const ok = parseWithZod(
      formData([
        ["kind", "percent_off"],
        ["name", "Скидка 20% на все съедобные · 食用品八折"],
        ["badge", "−20% · 八折"],
        ["categories", "edibles"],
        ["percentOff", "20"],
      ]),
      { schema: specialFormSchema() },
    );
    expect(ok.status).toBe("success");
    const long = parseWithZod(
      formData([
        ["kind", "percent_off"],
        ["name", "名".repeat(81)],
        ["badge", "b".repeat(33)],
        ["categories", "edibles"],
        ["percentOff", "20"],
      ]),
      { schema: specialFormSchema() },
    );
    if (long.status === "success") throw new Error("a name of 81 characters was accepted");
    expect(long.error?.name).toEqual(["Keep it to 80 characters."]);
    expect(long.error?.badge).toEqual(["Keep the badge to 32 characters."]);
  });

  it("round-trips every kind through its form defaults (edit shows what was saved)", () => {
    const base = {
      name: "N",
      badge: "B",
      startsOn: null,
      endsOn: null,
      weekdays: [4],
      windowStart: "16:00",
      windowEnd: "19:00",
      code: "HAPPY",
      limitPerOrder: 2,
      paused: false,
    };
    const selection = { categories: ["edibles"], products: [3], sizes: [7] };
    const specials = [
      { ...base, kind: "percent_off", percent: 20, selection },
      { ...base, kind: "amount_off", amountCents: 550, selection },
      { ...base, kind: "buy_x_get_y", buy: 2, get: 1, percent: 100, selection, reward: null },
      { ...base, kind: "buy_x_get_y", buy: 3, get: 1, percent: 50, selection, reward: { categories: ["pens"], products: [], sizes: [] } },
      { ...base, kind: "mix_match", count: 3, priceCents: 5000, selection },
      {
        ...base,
        kind: "bundle",
        priceCents: 9900,
        items: [
          { productId: 1, sizeId: null, quantity: 1 },
          { productId: 1, sizeId: 7, quantity: 1 },
        ],
      },
      { ...base, kind: "spend_save", minCents: 10000, percent: 10, freeDelivery: true },
    ].map((special) => specialDataSchema.parse(special));
    expect(new Set(specials.map((special) => special.kind))).toEqual(new Set(SPECIAL_KINDS));
    for (const special of specials) {
      const defaults = specialFormDefaults(special);
      const entries: Array<[string, string]> = Object.entries(defaults).flatMap(([key, value]) =>
        Array.isArray(value)
          ? value.map((item): [string, string] => [key, item])
          : value === true
            ? [[key, "on"]]
            : value === false || value === undefined
              ? []
              : [[key, value]],
      );
      const submission = parseWithZod(formData(entries), { schema: specialFormSchema(sizeOwner) });
      expect(submission.status, special.kind).toBe("success");
      if (submission.status === "success") expect(submission.value).toEqual(special);
    }
  });

  it("a duplicate is paused, has no code and keeps the name within its limit", () => {
    const special = {
      id: 1,
      ...specialDataSchema.parse({
        kind: "percent_off",
        name: "x".repeat(80),
        badge: "b",
        code: "ABC",
        percent: 5,
        selection: { categories: ["pens"] },
      }),
    };
    const copy = duplicateOf(special);
    expect(copy).toMatchObject({ paused: true, code: null });
    expect(copy.name).toHaveLength(80);
    expect(copy.name.endsWith(" (copy)")).toBe(true);
  });
});

describe("the form's preview and the list's status", () => {
  const choices = {
    categories: [{ slug: "edibles", name: "Edibles" }],
    products: [
      {
        id: 1,
        name: "Gummies",
        category: "edibles",
        active: true,
        sizes: [
          { id: 1, label: "10 pack" },
          { id: 2, label: "20 pack" },
        ],
      },
      { id: 2, name: "Chocolate", category: "edibles", active: true, sizes: [{ id: 3, label: "" }] },
      { id: 3, name: "Old", category: "edibles", active: false, sizes: [{ id: 4, label: "" }] },
    ],
  };
  // Wednesday 2026-11-25, 12:00 in New York.
  const now = new Date("2026-11-25T17:00:00Z");
  const happyHour = specialDataSchema.parse({
    kind: "percent_off",
    name: "Happy hour",
    badge: "−20%",
    weekdays: [4],
    windowStart: "16:00",
    windowEnd: "19:00",
    percent: 20,
    selection: { categories: ["edibles"] },
  });

  it("says what it applies to now and when it runs", () => {
    expect(previewText(happyHour, choices, now, "America/New_York")).toBe(
      "Applies to 2 products, 3 sizes in the shop now; active Fri 4:00 PM – 7:00 PM; not running now, starts in 2 days.",
    );
    expect(scheduleText({ ...happyHour, weekdays: [] })).toBe("every day 4:00 PM – 7:00 PM");
  });

  it("reads running, scheduled, paused and ended", () => {
    expect(specialStatus({ ...happyHour, weekdays: [2] }, now, "America/New_York").status).toBe("scheduled");
    expect(specialStatus({ ...happyHour, weekdays: [2], windowStart: "11:00", windowEnd: "13:00" }, now, "America/New_York")).toEqual({
      status: "running",
      next: "ends in 1 hour",
    });
    expect(specialStatus({ ...happyHour, paused: true }, now, "America/New_York").status).toBe("paused");
    expect(specialStatus({ ...happyHour, endsOn: "2026-11-01" }, now, "America/New_York").status).toBe("ended");
  });

  it("lists for the dashboard what runs now and the next three to start, soonest first", () => {
    const on = (id: number, weekdays: number[], window = { windowStart: "16:00", windowEnd: "19:00" }) => ({
      ...happyHour,
      ...window,
      id,
      name: `Special ${id}`,
      weekdays,
    });
    // Weekdays count from Monday (0): today is Wednesday (2).
    const list = [
      on(1, [6]),
      on(2, [2], { windowStart: "11:00", windowEnd: "13:00" }),
      on(3, [3]),
      on(4, [2]),
      on(5, [4]),
      { ...on(6, [2]), paused: true },
    ];
    const { running, upcoming } = specialsNowAndNext(list, now, "America/New_York");
    expect(running).toEqual([{ id: 2, name: "Special 2", badge: "−20%", until: "in 1 hour" }]);
    expect(upcoming.map(({ id, starts }) => [id, starts])).toEqual([
      [4, "in 4 hours"],
      [3, "in 28 hours"],
      [5, "in 2 days"],
    ]);
  });
});
