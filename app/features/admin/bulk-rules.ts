/**
 * Bulk actions in Product Management (decision 029): what an owner can do to many products at
 * once, the form's field names, the limits and the texts. Pure: the list's toolbar, the confirmation
 * and the server (bulk-actions.server.ts) share it.
 */
import { trashNotice } from "~/features/trash/trash";
import { countOf } from "~/ui/words";

export const BULK_ROUTE = "/admin/products/bulk";

/** The most products one bulk action changes: a larger set is refused with a message (narrow the filters). */
export const BULK_MAX = 500;

/** A toast's Undo carries the ids it reverts; above this many, the toast points to the Trash instead. */
export const BULK_UNDO_MAX = 100;

/** The bulk form's field names (none is a filter's name: the filters travel in the same form). */
export const BULK_FIELDS = {
  action: "bulk",
  ids: "ids",
  allOnPage: "allOnPage",
  allMatching: "allMatching",
  percent: "percent",
  toCategory: "toCategory",
  confirmed: "confirmed",
  redirectTo: "redirectTo",
} as const;

/** The actions the owner chooses from, in the select's order, with their labels. */
export const BULK_ACTION_OPTIONS = [
  ["activate", "Activate"],
  ["deactivate", "Deactivate"],
  ["category", "Move to category"],
  ["sale", "Put on sale (% off)"],
  ["end-sale", "End sale"],
  ["in-stock", "Mark in stock"],
  ["out-of-stock", "Mark out of stock"],
  ["delete", "Delete"],
] as const;

type ChosenBulkAction = (typeof BULK_ACTION_OPTIONS)[number][0];
/** `restore` is the Undo of a bulk delete (from the toast), never offered in the select. */
export type BulkAction = ChosenBulkAction | "restore";

const ACTIONS = new Set<string>([...BULK_ACTION_OPTIONS.map(([value]) => value), "restore"]);

export function isBulkAction(value: unknown): value is BulkAction {
  return typeof value === "string" && ACTIONS.has(value);
}

export const BULK_MESSAGES = {
  unknownAction: "Choose an action for the selected products.",
  noProducts: "Select at least one product, or choose all products matching the filters.",
  tooMany: `Select at most ${BULK_MAX} products at a time.`,
  badIds: "The selection could not be read. Reload the page and select the products again.",
  percent: "Enter the sale as a whole percent from 1 to 99.",
  noCategory: "Choose the category to move the products to.",
  unknownCategory: "That category does not exist. Choose one from the list.",
  gone: "None of the selected products exist any more.",
  emptyPage: "There are no products on this page.",
  noneMatch: "No products match these filters.",
  failed: "Nothing was changed: the products could not be updated. Please try again.",
} as const;

export function tooManyMatching(count: number) {
  return `${count} products match these filters. A bulk action changes at most ${BULK_MAX} products at a time: narrow the filters (by category, status or stock) and repeat.`;
}

export function productCount(count: number) {
  return countOf(count, "product");
}

export interface BulkDetails {
  percent?: number;
  categoryName?: string;
}

/** The confirmation's question and its button, e.g. "Deactivate 20 products?" / "Deactivate". */
export function bulkQuestion(action: BulkAction, count: number, details: BulkDetails = {}): { title: string; confirm: string } {
  const n = productCount(count);
  switch (action) {
    case "activate":
      return { title: `Activate ${n}?`, confirm: "Activate" };
    case "deactivate":
      return { title: `Deactivate ${n}?`, confirm: "Deactivate" };
    case "category":
      return { title: `Move ${n} to "${details.categoryName ?? ""}"?`, confirm: "Move" };
    case "sale":
      return { title: `Put ${n} on sale at ${details.percent ?? 0}% off?`, confirm: "Put on sale" };
    case "end-sale":
      return { title: `End the sale of ${n}?`, confirm: "End sale" };
    case "in-stock":
      return { title: `Mark ${n} in stock?`, confirm: "Mark in stock" };
    case "out-of-stock":
      return { title: `Mark ${n} out of stock?`, confirm: "Mark out of stock" };
    case "delete":
      return { title: `Delete ${n}?`, confirm: "Delete" };
    case "restore":
      return { title: `Restore ${n}?`, confirm: "Restore" };
  }
}

/** What the confirmation says beside the names: what will happen to products the action does not fit. */
export function bulkNote(action: BulkAction, details: BulkDetails = {}): string | null {
  switch (action) {
    case "sale":
      return `Each product keeps its original price as the compare-at price and sells at ${details.percent ?? 0}% below it. A product already on sale is measured from its original price, so sales never stack.`;
    case "end-sale":
      return "Each product on sale goes back to its compare-at price. Products not on sale stay as they are.";
    case "delete":
      return trashNotice(true);
    case "deactivate":
      return "Inactive products are hidden from the shop.";
    default:
      return null;
  }
}

/** The success toast's description, e.g. "20 products deactivated." */
export function bulkDone(action: BulkAction, changed: number, details: BulkDetails = {}): string {
  const n = productCount(changed);
  const done: Record<BulkAction, string> = {
    activate: `${n} activated.`,
    deactivate: `${n} deactivated.`,
    category: `${n} moved to "${details.categoryName ?? ""}".`,
    sale: `${n} put on sale at ${details.percent ?? 0}% off.`,
    "end-sale": `Sale ended for ${n}.`,
    "in-stock": `${n} marked in stock.`,
    "out-of-stock": `${n} marked out of stock.`,
    delete: `${n} moved to the Trash.`,
    restore: `${n} restored.`,
  };
  return done[action];
}

/** What the confirmation shows: the server's answer to a bulk request. */
export type BulkConfirmation =
  | {
      ok: true;
      title: string;
      confirm: string;
      note: string | null;
      count: number;
      names: string[];
      fields: Record<string, string>;
      redirectTo: string;
      destructive: boolean;
    }
  | { ok: false; error: string; redirectTo: string };

/** How many names the confirmation lists before "and N more". */
export const CONFIRM_NAMES_SHOWN = 30;

/** Why some products were left as they were. */
export function bulkSkipped(action: BulkAction, skipped: number): string {
  const n = productCount(skipped);
  if (action === "sale") return `${n} kept ${skipped === 1 ? "its" : "their"} price: the sale would not lower it.`;
  if (action === "end-sale") return `${n} ${skipped === 1 ? "was" : "were"} not on sale.`;
  if (action === "restore") return `${n} could not be restored (see the Trash).`;
  return `${n} changed meanwhile and ${skipped === 1 ? "was" : "were"} left as ${skipped === 1 ? "it was" : "they were"}.`;
}
