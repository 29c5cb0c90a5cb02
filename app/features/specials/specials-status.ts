import { clockText, localEpoch } from "~/features/settings/shop-hours";
import { specialTiming } from "./schedule";
import { inSelection, type Special, type SpecialData } from "./special";
import { WEEKDAY_LABELS } from "./specials-form";

/** How the back office says where a special stands: its status, its schedule in words, the form's preview. */

export interface CatalogueChoices {
  categories: Array<{ slug: string; name: string }>;
  products: Array<{ id: number; name: string; category: string; active: boolean; sizes: Array<{ id: number; label: string }> }>;
}

const DAY_MS = 86_400_000;

/** "in 2 days", "in 3 hours", "in 20 minutes" */
function fromNow(at: number, now: number): string {
  const minutes = Math.max(1, Math.round((at - now) / 60_000));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `in ${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.round(hours / 24);
  return `in ${days} days`;
}

/** The shop's date today, YYYY-MM-DD. */
function shopToday(now: Date, timeZone: string): string {
  return new Date(Math.floor(localEpoch(now.getTime(), timeZone) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

export type SpecialStatus = "running" | "scheduled" | "paused" | "ended";
export const STATUS_LABELS: Record<SpecialStatus, string> = {
  running: "Running now",
  scheduled: "Scheduled",
  paused: "Paused",
  ended: "Ended",
};

/** Its status now, and the next start or end in words ("ends in 3 hours", "starts in 2 days"). */
export function specialStatus(special: SpecialData, now: Date, timeZone: string): { status: SpecialStatus; next: string | null } {
  if (special.paused) return { status: "paused", next: null };
  const timing = specialTiming(special, now, timeZone);
  if (timing.active) return { status: "running", next: timing.endsAt === null ? null : `ends ${fromNow(timing.endsAt, now.getTime())}` };
  if (timing.startsAt !== null) return { status: "scheduled", next: `starts ${fromNow(timing.startsAt, now.getTime())}` };
  const today = shopToday(now, timeZone);
  if (special.startsOn && special.startsOn > today && (!special.endsOn || special.endsOn >= special.startsOn)) {
    return { status: "scheduled", next: `starts ${special.startsOn}` };
  }
  return { status: "ended", next: null };
}

/** "Fri 4:00 PM – 7:00 PM", "Every day", "Mon, Sat all day" */
export function scheduleText(special: Pick<SpecialData, "weekdays" | "windowStart" | "windowEnd" | "startsOn" | "endsOn">): string {
  const days =
    special.weekdays.length === 0 || special.weekdays.length === 7
      ? "every day"
      : special.weekdays.map((day) => WEEKDAY_LABELS[day]).join(", ");
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const window =
    special.windowStart && special.windowEnd
      ? ` ${clockText(minutes(special.windowStart))} – ${clockText(minutes(special.windowEnd))}`
      : "";
  const dates = [special.startsOn ? `from ${special.startsOn}` : "", special.endsOn ? `until ${special.endsOn}` : ""]
    .filter(Boolean)
    .join(" ");
  return `${days}${window}${dates ? `, ${dates}` : ""}`;
}

/** What runs now and what starts next, for the dashboard, from rows its own stats query read. */
export function specialsNowAndNext(list: Special[], now: Date, timeZone: string) {
  const all = list.map((special) => ({ special, timing: specialTiming(special, now, timeZone) }));
  const running = all
    .filter(({ timing }) => timing.active)
    .map(({ special, timing }) => ({
      id: special.id,
      name: special.name,
      badge: special.badge,
      until: timing.endsAt === null ? null : fromNow(timing.endsAt, now.getTime()),
    }));
  const upcoming = all
    .flatMap(({ special, timing }) => (!timing.active && timing.startsAt !== null ? [{ special, startsAt: timing.startsAt }] : []))
    .sort((a, b) => a.startsAt - b.startsAt)
    .slice(0, 3)
    .map(({ special, startsAt }) => ({
      id: special.id,
      name: special.name,
      badge: special.badge,
      starts: fromNow(startsAt, now.getTime()),
    }));
  return { running, upcoming };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The form's preview: "Applies to 12 products, 18 sizes; active Fri 4:00 PM – 7:00 PM, next start in 2 days." */
export function previewText(special: SpecialData, choices: CatalogueChoices, now: Date, timeZone: string): string {
  let reach: string;
  if (special.kind === "spend_save") {
    reach = "Applies to the whole cart";
  } else {
    let productCount = 0;
    let sizeCount = 0;
    for (const product of choices.products) {
      if (!product.active) continue;
      const matched = product.sizes.filter((size) =>
        special.kind === "bundle"
          ? special.items.some((item) => item.productId === product.id && (item.sizeId === null || item.sizeId === size.id))
          : inSelection(special.selection, { productId: product.id, sizeId: size.id, category: product.category }) ||
            (special.kind === "buy_x_get_y" &&
              special.reward !== null &&
              inSelection(special.reward, { productId: product.id, sizeId: size.id, category: product.category })),
      ).length;
      if (matched > 0) productCount++;
      sizeCount += matched;
    }
    reach = `Applies to ${plural(productCount, "product", "products")}, ${plural(sizeCount, "size", "sizes")} in the shop now`;
  }
  const { status, next } = specialStatus(special, now, timeZone);
  const when =
    status === "running"
      ? `running now${next ? `, ${next}` : ""}`
      : status === "scheduled"
        ? `not running now, ${next}`
        : status === "paused"
          ? "paused"
          : "not running again";
  return `${reach}; active ${scheduleText(special)}; ${when}.`;
}
