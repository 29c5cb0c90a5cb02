/**
 * The category pages' content: the eleven fixed pages with their
 * own titles, copy, notices and rules, and the generic page for any other category. Server-only:
 * the category route's loader picks the one page it shows and sends it, so a shopper's browser
 * never downloads the other ten (the rules they share with the page live in lib/category-pages).
 */
import {
  CONCENTRATE_TABS,
  INDOOR_CATEGORIES,
  matchesCategory,
  type CategoryDebug,
  type CategoryPage,
  type ConcentrateTab,
  type TabCounts,
} from "./category-pages";

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
      description: "Indoor-grown flower: dense, frosty buds cured low and slow.",
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
      description: "Dosed gummies and treats, with lower prices for bulk quantities.",
      match: { kind: "category", slug: "edibles" },
      emptyTitle: "No edibles available",
      emptyText: null,
    }),
    page({
      slug: "disposable-carts",
      name: "Disposable Carts",
      description: "Ready-to-use disposables: no charging, no fuss.",
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

/**
 * The shop's own pages (they exist whatever the categories table holds) that list products of this
 * category: a deleted category's products still show there until they are moved.
 */
export function fixedPagesListing(categorySlug: string): string[] {
  return Object.values(FIXED_CATEGORY_PAGES)
    .filter((fixed) => matchesCategory(fixed.match, categorySlug))
    .map((fixed) => `/shop/${fixed.slug}`);
}

/** The generic page for a category from the categories table. */
export function genericCategoryPage(category: { name: string; slug: string }): CategoryPage {
  return page({
    slug: category.slug,
    name: category.name,
    description: `Shop ${category.name}: every product with its price, sizes and potency, ordered in one Telegram message.`,
    match: { kind: "category", slug: category.slug },
  });
}

/**
 * Indoor's admin-only debug banner in words: how many products its categories match, and every
 * category in the database with its count. Written here, so no shopper's JavaScript carries it.
 */
export function adminDebugText(debug: CategoryDebug): { summary: string; categories: string } {
  const { matching, stats, categories } = debug;
  return {
    summary: `${matching} of ${stats.total} products match categories ${INDOOR_CATEGORIES.join(", ")} (${stats.active} active, ${stats.inactive} inactive in the shop).`,
    categories: `Categories in the database: ${categories.length === 0 ? "none" : categories.map((entry) => `${entry.category} (${entry.count})`).join(", ")}`,
  };
}

/** The names that put a concentrate under each tab (matched anywhere in the name, in any case). */
const CONCENTRATE_TAB_KEYWORDS: Readonly<Record<ConcentrateTab, readonly string[]>> = {
  all: [],
  "live-resin": ["live resin", "live-resin"],
  "live-badder": ["live badder", "badder"],
  crumble: ["crumble"],
  diamonds: ["diamond"],
  shatter: ["shatter"],
  thca: ["thca"],
};

export function tabKeywords(tab: ConcentrateTab): readonly string[] {
  return CONCENTRATE_TAB_KEYWORDS[tab];
}

/** Case-insensitive keyword match on the product name; All matches everything (the rule the SQL applies). */
export function matchesTab(name: string, tab: ConcentrateTab): boolean {
  const keywords = tabKeywords(tab);
  if (keywords.length === 0) return true;
  const lower = name.toLowerCase();
  return keywords.some((keyword) => lower.includes(keyword));
}

/** How many of these product names each tab shows. */
export function countTabs(names: readonly string[]): TabCounts {
  return Object.fromEntries(
    CONCENTRATE_TABS.map((tab) => [tab.value, names.filter((name) => matchesTab(name, tab.value)).length]),
  ) as TabCounts;
}
