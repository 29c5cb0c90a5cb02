import { z } from "zod";

/**
 * What a spreadsheet writes when it saves the catalogue again, read back as the export wrote it.
 * Pure: no I/O, no clock.
 *
 * Dates: `2026-10-14` (the export's own), `10/14/2026` or `14/10/2026` (slashes, either order) and
 * `14.10.2026` (dots, which every locale that writes them puts day first). A slash date whose first or
 * second number is above 12 says which order the file uses; a file whose slash dates all fit both
 * orders is never guessed: the owner chooses the order on the import form. Years are written in full.
 *
 * Prices: the shop's own currency sign (`$`, `US$`, `USD`) and spaces are dropped; `1,299.00` groups
 * thousands with commas, `1.299,00` with dots (a decimal comma, as European locales write it), and
 * `45,50` is a decimal comma. What could be read two ways (`1.299`, `1,5,0`) and another currency's
 * sign (`€`, `£`) are left as written, so the product form's own money rule refuses them: a price in
 * another currency is never converted or relabelled silently.
 */

export const DATE_ORDERS = ["auto", "mdy", "dmy"] as const;
export type DateOrderChoice = (typeof DATE_ORDERS)[number];
export type DateOrder = Exclude<DateOrderChoice, "auto">;
export const DATE_ORDER_FIELD = "dateOrder";
export const dateOrderSchema = z.enum(DATE_ORDERS).catch("auto");

export const DATE_ORDER_LABELS: Record<DateOrderChoice, string> = {
  auto: "Find out from the file",
  mdy: "Month first: 10/14/2026",
  dmy: "Day first: 14/10/2026",
};

export const SPREADSHEET_TEXT = {
  ambiguousDate: (text: string, a: number, b: number) =>
    `${text} could be ${monthDay(a, b)} or ${monthDay(b, a)}: choose how the file writes dates (Dates in this file) and upload it again`,
  notADate: "Test date must be a real date, like 2026-03-14, 3/14/2026 or 14.03.2026",
  mixedOrders: (mdyRow: number, dmyRow: number) =>
    `The file writes dates month first (row ${mdyRow}) and day first (row ${dmyRow}): choose the order under Dates in this file`,
} as const;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
function monthDay(month: number, day: number) {
  return `${day} ${MONTHS[month - 1] ?? "?"}`;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const SLASH = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DOTS = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\.?$/;

function iso(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The order a slash date's numbers require: 'mdy' when the second is a day above 12, 'dmy' when the first is; null when both fit. */
function slashDateOrder(text: string): DateOrder | null {
  const match = SLASH.exec(text.trim());
  if (!match) return null;
  const a = Number(match[1]);
  const b = Number(match[2]);
  if (a > 12 && b <= 12) return "dmy";
  if (b > 12 && a <= 12) return "mdy";
  return null;
}

export type DatesOfFile =
  | { order: DateOrder; from: "chosen" | "file"; row: number | null }
  | { order: null; from: "none" | "ask" | "mixed"; rows: [number, number] | null };

/** The file's date order: the owner's choice, or what its unambiguous slash dates say. */
export function fileDateOrder(dates: readonly { row: number; text: string }[], choice: DateOrderChoice): DatesOfFile {
  if (choice !== "auto") return { order: choice, from: "chosen", row: null };
  let mdy: number | null = null;
  let dmy: number | null = null;
  let slashes = false;
  for (const { row, text } of dates) {
    if (SLASH.test(text.trim())) slashes = true;
    const order = slashDateOrder(text);
    if (order === "mdy") mdy ??= row;
    if (order === "dmy") dmy ??= row;
  }
  if (mdy !== null && dmy !== null) return { order: null, from: "mixed", rows: [mdy, dmy] };
  if (mdy !== null) return { order: "mdy", from: "file", row: mdy };
  if (dmy !== null) return { order: "dmy", from: "file", row: dmy };
  return { order: null, from: slashes ? "ask" : "none", rows: null };
}

export type ReadDate = { ok: true; value: string } | { ok: false; message: string };

/**
 * A date cell as `YYYY-MM-DD`. Empty stays empty; a text that is no date shape is passed on as written
 * (the form's rule then names it); a slash date needs the file's order.
 */
export function readSpreadsheetDate(text: string, order: DateOrder | null): ReadDate {
  const trimmed = text.trim();
  if (trimmed === "" || ISO.test(trimmed)) return { ok: true, value: trimmed };
  const dots = DOTS.exec(trimmed);
  if (dots) {
    const value = iso(Number(dots[3]), Number(dots[2]), Number(dots[1]));
    return value ? { ok: true, value } : { ok: false, message: SPREADSHEET_TEXT.notADate };
  }
  const slash = SLASH.exec(trimmed);
  if (!slash) return { ok: true, value: trimmed };
  const a = Number(slash[1]);
  const b = Number(slash[2]);
  const year = Number(slash[3]);
  const effective = order ?? slashDateOrder(trimmed);
  if (effective === null) {
    // Both orders read the same day (5/5/2026): nothing to ask.
    if (a === b) return iso(year, a, b) ? { ok: true, value: iso(year, a, b)! } : { ok: false, message: SPREADSHEET_TEXT.notADate };
    return { ok: false, message: SPREADSHEET_TEXT.ambiguousDate(trimmed, a, b) };
  }
  const value = effective === "mdy" ? iso(year, a, b) : iso(year, b, a);
  return value ? { ok: true, value } : { ok: false, message: SPREADSHEET_TEXT.notADate };
}

const SHOP_CURRENCY = /^(?:US\$|USD|\$)\s*|\s*(?:US\$|USD|\$)$/i;

/** A price cell as the export writes it (`1299.00`), or the text as written when it cannot be read one way only. */
export function readSpreadsheetPrice(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return trimmed;
  const bare = trimmed.replace(SHOP_CURRENCY, "").replace(/[\s\u00a0\u202f]/g, "");
  if (/^\d+(\.\d+)?$/.test(bare)) return bare;
  // Commas group thousands, a dot is the decimal point: 1,299 or 1,299.00
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(bare)) return bare.replace(/,/g, "");
  // Dots group thousands and a comma is the decimal point: 1.299,00 (the comma makes it unambiguous)
  if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(bare)) return bare.replace(/\./g, "").replace(",", ".");
  // A decimal comma alone: 45,5 or 45,50 (three digits after it would be a thousands group)
  if (/^\d+,\d{1,2}$/.test(bare)) return bare.replace(",", ".");
  return trimmed;
}

/** Today's date in a time zone, `YYYY-MM-DD`: the latest test date the shop accepts. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
