import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { defaultSettings, type Hours } from "../../app/features/settings/settings";
import { instantOf, openLine, shopStatus, weekLines } from "../../app/features/settings/shop-hours";

const ENV = { TELEGRAM_USERNAME: "greenleafsupply" };

function hours(partial: Partial<Hours> = {}): Hours {
  return { ...defaultSettings(ENV).hours, ...partial };
}

const every = (opens: string, closes: string) => Array.from({ length: 7 }, () => ({ open: true, opens, closes }));

function lineAt(value: Hours, iso: string) {
  return openLine(shopStatus(value, new Date(iso)));
}

describe("the open/closed line follows the hours in the shop's time zone", () => {
  it("a new shop is open 9:00 AM to 11:00 PM every day in New York time", () => {
    // 14:00 UTC on a January Monday is 9:00 AM in New York (UTC-5).
    expect(lineAt(hours(), "2026-01-05T14:00:00Z").text).toBe("Open now · until 11:00 PM");
    expect(lineAt(hours(), "2026-01-05T13:59:00Z").text).toBe("Closed now · opens today 9:00 AM");
    // 04:00 UTC Tuesday is 11:00 PM Monday in New York: closed, opens in the morning.
    expect(lineAt(hours(), "2026-01-06T04:00:00Z").text).toBe("Closed now · opens tomorrow 9:00 AM");
    expect(lineAt(hours(), "2026-01-06T03:59:00Z").text).toBe("Open now · until 11:00 PM");
    expect(weekLines(hours())).toEqual(["Every day: 9:00 AM – 11:00 PM"]);
  });

  it("the same instant reads in each shop's own zone", () => {
    const at = "2026-01-05T20:00:00Z";
    expect(lineAt(hours({ timeZone: "Asia/Tokyo" }), at).text).toBe("Closed now · opens today 9:00 AM"); // 05:00 Tuesday in Tokyo
    expect(lineAt(hours({ timeZone: "Europe/Berlin" }), at).text).toBe("Open now · until 11:00 PM"); // 21:00 in Berlin
  });

  it("a closing time after midnight keeps the shop open into the next day", () => {
    const late = hours({ timeZone: "UTC", week: every("18:00", "02:00") });
    expect(lineAt(late, "2026-01-06T01:30:00Z").text).toBe("Open now · until 2:00 AM");
    expect(lineAt(late, "2026-01-05T23:00:00Z").text).toBe("Open now · until tomorrow 2:00 AM");
    expect(lineAt(late, "2026-01-06T02:00:00Z").text).toBe("Closed now · opens today 6:00 PM");
  });

  it("closed days are skipped to the next open day, named by its weekday", () => {
    const week = every("09:00", "17:00").map((day, index) => (index >= 5 ? { ...day, open: false } : day));
    const weekdays = hours({ timeZone: "UTC", week });
    // Friday 2026-01-09 17:30 UTC: the next opening is Monday.
    const line = lineAt(weekdays, "2026-01-09T17:30:00Z");
    expect(line).toMatchObject({ open: false, text: "Closed now · opens Monday 9:00 AM" });
    expect(line.reply).toBe("You can still send your order or message now: we reply when we open, Monday 9:00 AM.");
    expect(weekLines(weekdays)).toEqual([
      "Monday: 9:00 AM – 5:00 PM",
      "Tuesday: 9:00 AM – 5:00 PM",
      "Wednesday: 9:00 AM – 5:00 PM",
      "Thursday: 9:00 AM – 5:00 PM",
      "Friday: 9:00 AM – 5:00 PM",
      "Saturday: Closed",
      "Sunday: Closed",
    ]);
  });

  it("a closure by date closes those days, shows its note, and the shop opens again after it", () => {
    const holiday = hours({
      timeZone: "UTC",
      closures: [{ from: "2026-12-24", to: "2026-12-26", note: "Closed 24–26 Dec — back on the 27th" }],
    });
    const line = lineAt(holiday, "2026-12-24T12:00:00Z");
    expect(line).toMatchObject({ open: false, text: "Closed now · opens Sunday 9:00 AM", note: "Closed 24–26 Dec — back on the 27th" });
    expect(lineAt(holiday, "2026-12-23T12:00:00Z").text).toBe("Open now · until 11:00 PM");
    expect(lineAt(holiday, "2026-12-27T12:00:00Z").text).toBe("Open now · until 11:00 PM");
    // More than a week away: the date is said too.
    const long = hours({ timeZone: "UTC", closures: [{ from: "2026-12-01", to: "2026-12-20", note: "" }] });
    expect(lineAt(long, "2026-12-05T12:00:00Z").text).toBe("Closed now · opens Monday 21 December 9:00 AM");
  });

  it("a shop closed every day says only that it is closed", () => {
    const shut = hours({ week: every("09:00", "17:00").map((day) => ({ ...day, open: false })) });
    const status = shopStatus(shut, new Date("2026-01-05T12:00:00Z"));
    expect(openLine(status)).toMatchObject({ open: false, text: "Closed now" });
    expect(status.changesAt).toBeNull();
  });

  it("daylight-saving changes move nothing the owner wrote: the change instant follows the zone's offset", () => {
    const ny = hours({ timeZone: "America/New_York" });
    // 2026-03-08: clocks go from 2:00 to 3:00 AM. 9:00 AM that day is 13:00 UTC (UTC-4), the day before 14:00 UTC (UTC-5).
    expect(shopStatus(ny, new Date("2026-03-08T12:30:00Z")).changesAt).toBe(Date.parse("2026-03-08T13:00:00Z"));
    expect(shopStatus(ny, new Date("2026-03-07T13:30:00Z")).changesAt).toBe(Date.parse("2026-03-07T14:00:00Z"));
    expect(lineAt(ny, "2026-03-08T13:00:00Z").text).toBe("Open now · until 11:00 PM");
    // 2026-11-01: clocks go back from 2:00 to 1:00 AM; 11:00 PM that evening is 04:00 UTC (UTC-5).
    expect(shopStatus(ny, new Date("2026-11-01T20:00:00Z")).changesAt).toBe(Date.parse("2026-11-02T04:00:00Z"));
    // A wall time inside the spring-forward gap reads as the instant after it.
    expect(instantOf(Date.parse("2026-03-08T02:30:00Z"), "America/New_York")).toBe(Date.parse("2026-03-08T07:30:00Z"));
  });

  it("property: at any instant in any zone the line is open or closed, and the next change is later than now and flips it", () => {
    const zones = [
      "UTC",
      "America/New_York",
      "Europe/London",
      "Australia/Lord_Howe",
      "Asia/Kathmandu",
      "America/Santiago",
      "Pacific/Chatham",
    ];
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    const day = fc.record({ open: fc.boolean(), opens: time, closes: time }).filter((d) => d.opens !== d.closes);
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.array(day, { minLength: 7, maxLength: 7 }),
        fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-12-31T00:00:00Z"), noInvalidDate: true }),
        (timeZone, week, now) => {
          const value = hours({ timeZone, week });
          const status = shopStatus(value, now);
          const line = openLine(status);
          expect(line.text).toMatch(status.open ? /^Open now · until / : /^Closed now/);
          if (status.changesAt !== null) {
            expect(status.changesAt).toBeGreaterThan(now.getTime());
            // Just after the change the shop is in the other state (or, across a DST jump, the same span continues).
            const after = shopStatus(value, new Date(status.changesAt + 1000));
            if (after.open === status.open) expect(after.changesAt).not.toBeNull();
          }
        },
      ),
      { numRuns: fcRuns(300) },
    );
  });
});
