import { WEEKDAYS, type Hours } from "./settings";

/**
 * The hours rule: whether the shop is open at an instant, in its own time zone, and until when.
 * Pure (the clock is an argument). Times are wall-clock times in the shop's zone, so a daylight-
 * saving change moves nothing the owner wrote; a closing time at or before the opening time means
 * the day's opening ends after midnight. A closure covers the openings that start on its dates.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** How far ahead the next opening is looked for. */
const LOOKAHEAD_DAYS = 21;

/** A wall-clock moment in the shop's zone. */
interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  /** 0 = Monday … 6 = Sunday */
  weekday: number;
  /** minutes since the day's midnight */
  minutes: number;
}

export type ShopStatus =
  | { open: true; until: WallTime; today: WallTime; changesAt: number }
  | { open: false; opensAt: WallTime | null; today: WallTime; closureNote: string | null; changesAt: number | null };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let kept = formatters.get(timeZone);
  if (!kept) {
    kept = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, kept);
  }
  return kept;
}

/** The zone's wall clock at an instant, as milliseconds of a UTC calendar ("local epoch" ms). */
export function localEpoch(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour % 24, minute, second) + (((instant % 1000) + 1000) % 1000);
}

/**
 * The instant a wall-clock moment happens in the zone. In a spring-forward gap the moment does not
 * exist: the instant after the gap is used; in a fall-back hour, the first of the two.
 */
export function instantOf(local: number, timeZone: string): number {
  let guess = local - (localEpoch(local, timeZone) - local);
  guess = local - (localEpoch(guess, timeZone) - guess);
  const earlier = guess - 3_600_000;
  if (localEpoch(earlier, timeZone) === local) return earlier;
  return localEpoch(guess, timeZone) >= local ? guess : guess + 3_600_000;
}

function wallTime(local: number): WallTime {
  const day = Math.floor(local / DAY_MS);
  return {
    date: new Date(day * DAY_MS).toISOString().slice(0, 10),
    // 1970-01-01 was a Thursday (3 with Monday = 0).
    weekday: (((day + 3) % 7) + 7) % 7,
    minutes: Math.floor((local - day * DAY_MS) / MINUTE_MS),
  };
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function closureOn(hours: Hours, date: string) {
  return hours.closures.find((closure) => closure.from <= date && date <= closure.to) ?? null;
}

/** The openings (local epoch ms, start and end) that start from the day before `fromDay` on, merged where they touch. */
function openings(hours: Hours, fromDay: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (let day = fromDay - 1; day <= fromDay + LOOKAHEAD_DAYS; day++) {
    const wall = wallTime(day * DAY_MS);
    const week = hours.week[wall.weekday];
    if (!week?.open || closureOn(hours, wall.date)) continue;
    const opens = minutesOf(week.opens);
    const closes = minutesOf(week.closes);
    const start = day * DAY_MS + opens * MINUTE_MS;
    const end = day * DAY_MS + (closes > opens ? closes : closes + 1440) * MINUTE_MS;
    const last = spans[spans.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else spans.push([start, end]);
  }
  return spans;
}

/** Is the shop open at `now`, until when, or when does it open next (wall times in its zone; `changesAt` an instant). */
export function shopStatus(hours: Hours, now: Date): ShopStatus {
  const instant = now.getTime();
  const local = localEpoch(instant, hours.timeZone);
  const today = wallTime(local);
  const spans = openings(hours, Math.floor(local / DAY_MS));
  const current = spans.find(([start, end]) => start <= local && local < end);
  if (current) return { open: true, until: wallTime(current[1]), today, changesAt: after(instantOf(current[1], hours.timeZone), instant) };
  const next = spans.find(([start]) => start > local);
  const closure = closureOn(hours, today.date);
  return {
    open: false,
    opensAt: next ? wallTime(next[0]) : null,
    today,
    closureNote: closure ? closure.note || null : null,
    changesAt: next ? after(instantOf(next[0], hours.timeZone), instant) : null,
  };
}

/**
 * Whether the shop is open at each of many instants near `from` (up to three weeks on), in one
 * pass: the openings are worked out once, and each instant costs one read of the zone's clock.
 * The same rule as `shopStatus(hours, at).open`, for callers that ask about many instants.
 */
export function openingClock(hours: Hours, from: Date): (at: number) => { open: boolean; at: WallTime } {
  const spans = openings(hours, Math.floor(localEpoch(from.getTime(), hours.timeZone) / DAY_MS));
  return (instant) => {
    const local = localEpoch(instant, hours.timeZone);
    return { open: spans.some(([start, end]) => start <= local && local < end), at: wallTime(local) };
  };
}

/** A change is always in the future (a wall time inside a daylight-saving jump can map back onto now). */
function after(changesAt: number, now: number) {
  return changesAt > now ? changesAt : now + MINUTE_MS;
}

/** "9:00 AM", "11:00 PM", "12:30 AM" */
export function clockText(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = String(minutes % 60).padStart(2, "0");
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? "AM" : "PM"}`;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** When, said from today: "today 9:00 AM", "tomorrow 9:00 AM", "Monday 9:00 AM", "Monday 27 December 9:00 AM". */
function whenText(at: WallTime, today: WallTime): string {
  const days = Math.round((Date.parse(`${at.date}T00:00:00Z`) - Date.parse(`${today.date}T00:00:00Z`)) / DAY_MS);
  const time = clockText(at.minutes);
  if (days === 0) return `today ${time}`;
  if (days === 1) return `tomorrow ${time}`;
  const weekday = WEEKDAYS[at.weekday] ?? "";
  if (days < 7) return `${weekday} ${time}`;
  return `${weekday} ${Number(at.date.slice(8, 10))} ${MONTHS[Number(at.date.slice(5, 7)) - 1] ?? ""} ${time}`;
}

/** What the shop says about itself now: the open/closed line, and when a reply comes while closed. */
export interface OpenLine {
  open: boolean;
  /** "Open now · until 11:00 PM" / "Closed now · opens Monday 9:00 AM" */
  text: string;
  /** while closed: when an order or message sent now is answered */
  reply: string | null;
  /** a closure's note for today, if the owner wrote one */
  note: string | null;
}

export function openLine(status: ShopStatus): OpenLine {
  if (status.open) {
    const sameDay = status.until.date === status.today.date;
    return {
      open: true,
      text: `Open now · until ${sameDay ? clockText(status.until.minutes) : whenText(status.until, status.today)}`,
      reply: null,
      note: null,
    };
  }
  const opens = status.opensAt ? whenText(status.opensAt, status.today) : null;
  return {
    open: false,
    text: opens ? `Closed now · opens ${opens}` : "Closed now",
    reply: opens
      ? `You can still send your order or message now: we reply when we open, ${opens}.`
      : "You can still send your order or message now: we reply as soon as we are back.",
    note: status.closureNote,
  };
}

/** The week in short lines for the footer and /contact: "Every day: 9:00 AM – 11:00 PM" or one line per day. */
export function weekLines(hours: Hours): string[] {
  const texts = hours.week.map((day) => (day.open ? `${clockText(minutesOf(day.opens))} – ${clockText(minutesOf(day.closes))}` : "Closed"));
  if (texts.every((text) => text === texts[0])) return [`Every day: ${texts[0]}`];
  return texts.map((text, index) => `${WEEKDAYS[index]}: ${text}`);
}

/**
 * The week's hours as words inside a sentence ("Message us … every day, 9:00 AM – 11:00 PM."):
 * the hours themselves when every day has the same, otherwise a pointer to the week's list, which
 * every page's footer shows.
 */
export function hoursPhrase(hours: Hours): string {
  const [only, ...others] = weekLines(hours);
  const prefix = "Every day: ";
  if (others.length === 0 && only?.startsWith(prefix) && only !== `${prefix}Closed`) return `every day, ${only.slice(prefix.length)}`;
  return "during the opening hours at the foot of this page";
}

/** The instant the last day of a date ends in the zone (an announcement shown "until" that date). */
export function endOfDate(date: string, timeZone: string): number {
  return instantOf(Date.parse(`${date}T00:00:00Z`) + DAY_MS, timeZone);
}
