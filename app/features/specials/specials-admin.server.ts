import { asc, eq, isNull } from "drizzle-orm";
import { categories, products, productSizes, specials } from "~db/schema";
import type { Db } from "~/server/load-context";
import { clockText, localEpoch } from "~/features/settings/shop-hours";
import { specialTiming } from "./schedule";
import { inSelection, KIND_LABELS, type SpecialData } from "./special";
import { readSpecials } from "./specials.server";
import { WEEKDAY_LABELS } from "./specials-form";

/** The back office's reading of specials: the list's status, the form's choices and its preview. */

export interface CatalogueChoices {
  categories: Array<{ slug: string; name: string }>;
  products: Array<{ id: number; name: string; category: string; active: boolean; sizes: Array<{ id: number; label: string }> }>;
}

/** Categories, products and their sizes for the form's pickers (one batch: two reads in one round trip). */
export async function catalogueChoices(db: Db): Promise<CatalogueChoices> {
  const [categoryRows, sizeRows] = await db.batch([
    db.select({ slug: categories.slug, name: categories.name }).from(categories).orderBy(asc(categories.name)),
    db
      .select({
        productId: products.id,
        name: products.name,
        category: products.category,
        active: products.active,
        sizeId: productSizes.id,
        label: productSizes.label,
      })
      .from(products)
      .innerJoin(productSizes, eq(productSizes.productId, products.id))
      .orderBy(asc(products.category), asc(products.name), asc(products.id), asc(productSizes.position)),
  ]);
  const byId = new Map<number, CatalogueChoices["products"][number]>();
  for (const row of sizeRows) {
    let product = byId.get(row.productId);
    if (!product) {
      product = { id: row.productId, name: row.name, category: row.category, active: row.active, sizes: [] };
      byId.set(row.productId, product);
    }
    product.sizes.push({ id: row.sizeId, label: row.label });
  }
  return { categories: categoryRows, products: [...byId.values()] };
}

/** The product a size belongs to, for the form's bundle. */
export function sizeProductOf(choices: CatalogueChoices) {
  const owner = new Map<number, number>();
  for (const product of choices.products) for (const size of product.sizes) owner.set(size.id, product.id);
  return (sizeId: number) => owner.get(sizeId);
}

const DAY_MS = 86_400_000;

/** "in 2 days", "in 3 hours", "in 20 minutes" */
export function fromNow(at: number, now: number): string {
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

export interface SpecialListRow {
  id: number;
  name: string;
  kind: string;
  badge: string;
  code: string | null;
  paused: boolean;
  status: SpecialStatus;
  next: string | null;
  schedule: string;
}

/** Every special not in the trash, newest first, with its status in the shop's zone. */
export async function listSpecials(db: Db, now: Date, timeZone: string): Promise<SpecialListRow[]> {
  const rows = await db
    .select({ id: specials.id, data: specials.data })
    .from(specials)
    .where(isNull(specials.deletedAt))
    .orderBy(asc(specials.id));
  return readSpecials(rows)
    .reverse()
    .map((special) => ({
      id: special.id,
      name: special.name,
      kind: KIND_LABELS[special.kind],
      badge: special.badge,
      code: special.code,
      paused: special.paused,
      schedule: scheduleText(special),
      ...specialStatus(special, now, timeZone),
    }));
}

/** What runs now and what starts next, for the dashboard, from rows its own stats query read. */
export function specialsNowAndNext(rows: Array<{ id: number; data: string }>, now: Date, timeZone: string) {
  const all = readSpecials(rows).map((special) => ({ special, timing: specialTiming(special, now, timeZone) }));
  const running = all
    .filter(({ timing }) => timing.active)
    .map(({ special, timing }) => ({
      id: special.id,
      name: special.name,
      badge: special.badge,
      until: timing.endsAt === null ? null : fromNow(timing.endsAt, now.getTime()),
    }));
  const upcoming = all
    .filter(({ timing }) => !timing.active && timing.startsAt !== null)
    .sort((a, b) => a.timing.startsAt! - b.timing.startsAt!)
    .slice(0, 3)
    .map(({ special, timing }) => ({
      id: special.id,
      name: special.name,
      badge: special.badge,
      starts: fromNow(timing.startsAt!, now.getTime()),
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
