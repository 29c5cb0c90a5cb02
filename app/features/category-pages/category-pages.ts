/**
 * The category pages' rules: what a page is, which products it
 * lists, the concentrate tabs. Pure: shared by the loader (which turns `match` and the tabs into
 * SQL) and the page component. The pages themselves are in app/features/category-pages/category-pages.server.ts.
 */
import type { CatalogueStats } from "~/features/catalogue/product-summary";

/** Which products a page lists. */
export type ProductMatch =
  /** category equal to this slug (served by the (active, category, name) index) */
  | { kind: "category"; slug: string }
  /** category, lower-cased, is one of these */
  | { kind: "categories"; slugs: readonly string[] }
  /** no products: the page is a placeholder */
  | { kind: "none" };

interface CategoryNotice {
  title: string;
  text: string;
}

export interface CategoryPage {
  slug: string;
  /** Shown as the page heading (upper case, as the product's pages do). */
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

/** Concentrates tabs: All (default) plus subsets chosen by product-name keywords (app/features/category-pages/category-pages.server.ts). */
export const CONCENTRATE_TABS = [
  { value: "all", label: "All" },
  { value: "live-resin", label: "Live Resin" },
  { value: "live-badder", label: "Live Badder" },
  { value: "crumble", label: "Crumble" },
  { value: "diamonds", label: "Diamonds" },
  { value: "shatter", label: "Shatter" },
  { value: "thca", label: "THCA" },
] as const satisfies ReadonlyArray<{ value: string; label: string }>;

export type ConcentrateTab = (typeof CONCENTRATE_TABS)[number]["value"];
export const DEFAULT_CONCENTRATE_TAB: ConcentrateTab = "all";

export function parseConcentrateTab(value: string | null | undefined): ConcentrateTab {
  return CONCENTRATE_TABS.find((tab) => tab.value === value)?.value ?? DEFAULT_CONCENTRATE_TAB;
}

export type TabCounts = Record<ConcentrateTab, number>;

/** Indoor's admin debug banner: how many products the page matches, the shop's counts, every category's products. */
export interface CategoryDebug {
  matching: number;
  stats: CatalogueStats;
  categories: Array<{ category: string; count: number }>;
}
