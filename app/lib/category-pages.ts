/**
 * The category pages' rules (SPEC section 2 "Category pages"): what a page is, which products it
 * lists, the concentrate tabs. Pure: shared by the loader (which turns `match` and the tabs into
 * SQL) and the page component. The pages themselves are in app/category-pages.server.ts.
 */

/** Which products a page lists. */
export type ProductMatch =
  /** category equal to this slug (served by the (active, category, name) index) */
  | { kind: "category"; slug: string }
  /** category, lower-cased, is one of these */
  | { kind: "categories"; slugs: readonly string[] }
  /** no products: the page is a placeholder */
  | { kind: "none" };

export interface CategoryNotice {
  title: string;
  text: string;
}

export interface CategoryPage {
  slug: string;
  /** Shown as the page heading (upper case, as the spec's pages do). */
  title: string;
  /** Short name used in sentences and the Telegram link, e.g. "Concentrates". */
  name: string;
  description: string;
  match: ProductMatch;
  emptyTitle: string;
  emptyText: string | null;
  /** Bulk pricing banner, e.g. '5+ units @ $500'. */
  bulkNote: string | null;
  /** Legal-use warning and similar notices above the grid. */
  warning: CategoryNotice | null;
  /** The page always shows 'Coming Soon' instead of products. */
  comingSoon: boolean;
  /** Concentrates: the All / Live Resin / ... tabs. */
  tabs: boolean;
  /** Indoor: an admin-only debug banner with counts and the categories in the database. */
  adminDebug: boolean;
  /** Concentrates: the empty state points admins to the catalogue migration. */
  emptyMentionsMigration: boolean;
}

/** Indoor lists products whose category, lower-cased, is one of these. */
export const INDOOR_CATEGORIES = ["indoors", "indoor", "flowers", "flower"] as const;

/** Whether a product category belongs on a page (the same rule the SQL applies). */
export function matchesCategory(match: ProductMatch, category: string): boolean {
  if (match.kind === "category") return category === match.slug;
  if (match.kind === "categories") return match.slugs.includes(category.toLowerCase());
  return false;
}

/** Concentrates tabs: All (default) plus subsets chosen by product-name keywords. */
export const CONCENTRATE_TABS = [
  { value: "all", label: "All", keywords: [] },
  { value: "live-resin", label: "Live Resin", keywords: ["live resin", "live-resin"] },
  { value: "live-badder", label: "Live Badder", keywords: ["live badder", "badder"] },
  { value: "crumble", label: "Crumble", keywords: ["crumble"] },
  { value: "diamonds", label: "Diamonds", keywords: ["diamond"] },
  { value: "shatter", label: "Shatter", keywords: ["shatter"] },
  { value: "thca", label: "THCA", keywords: ["thca"] },
] as const satisfies ReadonlyArray<{ value: string; label: string; keywords: readonly string[] }>;

export type ConcentrateTab = (typeof CONCENTRATE_TABS)[number]["value"];
export const DEFAULT_CONCENTRATE_TAB: ConcentrateTab = "all";

export function parseConcentrateTab(value: string | null | undefined): ConcentrateTab {
  return CONCENTRATE_TABS.find((tab) => tab.value === value)?.value ?? DEFAULT_CONCENTRATE_TAB;
}

export function tabKeywords(tab: ConcentrateTab): readonly string[] {
  return CONCENTRATE_TABS.find((entry) => entry.value === tab)!.keywords;
}

/** Case-insensitive keyword match on the product name; All matches everything. */
export function matchesTab(name: string, tab: ConcentrateTab): boolean {
  const keywords = tabKeywords(tab);
  if (keywords.length === 0) return true;
  const lower = name.toLowerCase();
  return keywords.some((keyword) => lower.includes(keyword));
}

export type TabCounts = Record<ConcentrateTab, number>;

/** How many of these product names each tab shows. */
export function countTabs(names: readonly string[]): TabCounts {
  return Object.fromEntries(
    CONCENTRATE_TABS.map((tab) => [tab.value, names.filter((name) => matchesTab(name, tab.value)).length]),
  ) as TabCounts;
}
