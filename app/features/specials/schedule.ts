import { instantOf, localEpoch } from "~/features/settings/shop-hours";
import type { SpecialData } from "./special";

/**
 * When a special runs: its dates, weekdays and daily window, all wall-clock values in the shop's
 * zone (a daylight-saving change moves nothing the owner wrote). A window whose end is at or before
 * its start runs past midnight and belongs to the day it starts, as the shop's hours do. Pure: the
 * clock is an argument.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** How far ahead a next start is looked for. */
const LOOKAHEAD_DAYS = 21;

type Schedule = Pick<SpecialData, "startsOn" | "endsOn" | "weekdays" | "windowStart" | "windowEnd" | "paused">;

export interface SpecialTiming {
  active: boolean;
  /** While active: the instant it stops (null = runs on past the look-ahead). */
  endsAt: number | null;
  /** While active with a daily window: the window's end, minutes of the shop's day ("until 7:00 PM"). */
  endsAtMinutes: number | null;
  /** While not active: the instant it next starts (null = not within the look-ahead, or never again). */
  startsAt: number | null;
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The spans (local epoch ms) the special runs in, from the day before `fromDay`, merged where they touch. */
function spans(schedule: Schedule, fromDay: number): Array<[number, number]> {
  const first = schedule.startsOn ? Math.max(fromDay - 1, dayNumber(schedule.startsOn)) : fromDay - 1;
  const last = schedule.endsOn ? dayNumber(schedule.endsOn) : Number.POSITIVE_INFINITY;
  const out: Array<[number, number]> = [];
  for (let day = first; day <= Math.min(last, first + LOOKAHEAD_DAYS + 1); day++) {
    // 1970-01-01 was a Thursday (3 with Monday = 0).
    const weekday = (((day + 3) % 7) + 7) % 7;
    if (schedule.weekdays.length > 0 && !schedule.weekdays.includes(weekday)) continue;
    let start = day * DAY_MS;
    let end = start + DAY_MS;
    if (schedule.windowStart !== null && schedule.windowEnd !== null) {
      const from = minutesOf(schedule.windowStart);
      const to = minutesOf(schedule.windowEnd);
      start = day * DAY_MS + from * MINUTE_MS;
      end = day * DAY_MS + (to > from ? to : to + 1440) * MINUTE_MS;
    }
    const previous = out[out.length - 1];
    if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** Whether the special runs at `now`, until when, or when it next starts. */
export function specialTiming(schedule: Schedule, now: Date, timeZone: string): SpecialTiming {
  const none: SpecialTiming = { active: false, endsAt: null, endsAtMinutes: null, startsAt: null };
  if (schedule.paused) return none;
  const instant = now.getTime();
  const local = localEpoch(instant, timeZone);
  const today = Math.floor(local / DAY_MS);
  const all = spans(schedule, today);
  const current = all.find(([start, end]) => start <= local && local < end);
  const horizon = (Math.max(today, schedule.startsOn ? dayNumber(schedule.startsOn) : today) + LOOKAHEAD_DAYS) * DAY_MS;
  if (current) {
    const endsOpen = current[1] >= horizon && !schedule.endsOn;
    const windowed = schedule.windowStart !== null;
    return {
      active: true,
      endsAt: endsOpen ? null : after(instantOf(current[1], timeZone), instant),
      endsAtMinutes: windowed ? Math.round((current[1] % DAY_MS) / MINUTE_MS) : null,
      startsAt: null,
    };
  }
  const next = all.find(([start]) => start > local);
  return { ...none, startsAt: next ? after(instantOf(next[0], timeZone), instant) : null };
}

/** The next instant any of these specials starts or stops: a cached page showing them lives no longer. */
export function nextSpecialChange(schedules: Schedule[], now: Date, timeZone: string): number | null {
  let soonest: number | null = null;
  for (const schedule of schedules) {
    const timing = specialTiming(schedule, now, timeZone);
    const at = timing.active ? timing.endsAt : timing.startsAt;
    if (at !== null && (soonest === null || at < soonest)) soonest = at;
  }
  return soonest;
}

/** A change is always in the future (a wall time inside a daylight-saving jump can map back onto now). */
function after(changesAt: number, now: number) {
  return changesAt > now ? changesAt : now + MINUTE_MS;
}
