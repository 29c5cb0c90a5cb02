/**
 * The category pages (SPEC section 2 "Category pages"): one table drives the generic
 * /shop/{categorySlug} page and the eleven fixed pages with their own rules, so the route is
 * one file and every rule lives here. Pure: shared by the loader (which turns `match` and the
 * concentrate tabs into SQL) and the page component.
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

function page(definition: Pick<CategoryPage, "slug" | "name" | "description" | "match"> & Partial<CategoryPage>): CategoryPage {
  return {
    title: definition.name.toUpperCase(),
    emptyTitle: "No Products Found",
    emptyText: `Check back soon for new ${definition.name} products.`,
    bulkNote: null,
    warning: null,
    comingSoon: false,
    tabs: false,
    adminDebug: false,
    emptyMentionsMigration: false,
    ...definition,
  };
}

/** The eleven fixed pages, by slug. */
export const FIXED_CATEGORY_PAGES: Readonly<Record<string, CategoryPage>> = Object.fromEntries(
  [
    page({
      slug: "indoor",
      name: "Indoor",
      description: "Indoor-grown flower: dense, frosty buds cured low and slow, lab tested for potency.",
      match: { kind: "categories", slugs: INDOOR_CATEGORIES },
      adminDebug: true,
    }),
    page({
      slug: "deps",
      name: "Deps",
      description: "Light-deprivation flower with greenhouse character at a friendlier price.",
      match: { kind: "category", slug: "deps" },
      emptyTitle: "No deps products available at the moment.",
      emptyText: null,
    }),
    page({
      slug: "lows",
      name: "Lows",
      description: "Budget-friendly lows by the quarter and the pound for everyday smoking.",
      match: { kind: "category", slug: "lows" },
    }),
    page({
      slug: "edibles",
      name: "Edibles",
      description: "Precisely dosed gummies and treats, with bulk tiers down to $4.00 each.",
      match: { kind: "category", slug: "edibles" },
      emptyTitle: "No edibles available",
      emptyText: null,
    }),
    page({
      slug: "disposable-carts",
      name: "Disposable Carts",
      description: "Ready-to-use 1G and 2G disposables: no charging, no fuss, $9 to $10.",
      match: { kind: "category", slug: "pens" },
      emptyTitle: "No disposable carts available",
      emptyText: null,
    }),
    page({
      slug: "concentrates",
      name: "Concentrates",
      description: "Live resin, live badder, crumble, diamonds, shatter and THCA by the pound and kilo.",
      match: { kind: "category", slug: "concentrates" },
      tabs: true,
      emptyTitle: "No concentrates yet",
      emptyText: "Admins: run the catalogue migration (Load Full Product Catalog on the dashboard) to load the concentrates.",
      emptyMentionsMigration: true,
    }),
    page({
      slug: "pala",
      name: "Pala",
      description: "Pala grades for wholesale buyers.",
      match: { kind: "category", slug: "pala" },
      bulkNote: "5+ units @ $500",
    }),
    page({
      slug: "gelato-punch",
      name: "Gelato Punch",
      description: "Gelato Punch in every grade, from AA+ light dep to AAAA exotic.",
      match: { kind: "category", slug: "gelato-punch" },
      bulkNote: "5+ units @ $525",
    }),
    page({
      slug: "branded-exotics",
      name: "Branded Exotics",
      description: "Branded exotic packs from the names you know.",
      match: { kind: "none" },
      comingSoon: true,
      emptyTitle: "Coming Soon",
      emptyText: "Our branded exotics collection is on its way. Message us on Telegram to hear first when it lands.",
    }),
    page({
      slug: "new-drops",
      name: "New Drops",
      description: "The latest strains to land on our shelves.",
      match: { kind: "category", slug: "new-drops" },
    }),
    page({
      slug: "mushrooms",
      name: "Mushrooms",
      description: "Mushroom chocolates and capsules.",
      match: { kind: "category", slug: "mushrooms" },
      warning: {
        title: "Legal use only",
        text: "Mushroom products are for adults 21 and over, and only where their possession and use are legal. Check your local laws before ordering. Not for sale to minors; do not drive or operate machinery after use.",
      },
    }),
  ].map((definition) => [definition.slug, definition]),
);

export function fixedCategoryPage(slug: string): CategoryPage | null {
  return Object.hasOwn(FIXED_CATEGORY_PAGES, slug) ? FIXED_CATEGORY_PAGES[slug]! : null;
}

/** The generic page for a category from the categories table. */
export function genericCategoryPage(category: { name: string; slug: string }): CategoryPage {
  return page({
    slug: category.slug,
    name: category.name,
    description: `Shop ${category.name}: lab-tested and shipped discreetly nationwide in 1-3 business days.`,
    match: { kind: "category", slug: category.slug },
  });
}

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
