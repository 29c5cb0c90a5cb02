/**
 * Built-in catalogue.
 *
 * Loaded by the admin's one-off catalogue migration. Entries are in the
 * database form (snake_case field names, price as text with a leading "$").
 * A few entries deliberately omit optional fields, or use loose types
 * (effects as one string, rating as text), so the migration transform's
 * defaults are exercised. Every entry has a stable unique `key`, a name,
 * a price and a category.
 *
 * A handful of entries are on sale, 25% off (`compare_at_price`), so the home page's Daily Deal
 * ('25% OFF select items', linking to /shop?sale=1) is true on a new install.
 *
 * A strain sold by weight is one product in several sizes (`sizes`); its `key` is the one it
 * had when its name carried the size ("runtz-eighth"), so its id and cart lines survive a load, and its
 * first size is the one that key names. A few sizes track stock (Runtz 1 oz has 3 on hand, under the
 * shop's low-stock level, so the dashboard's Low stock is true on a new install); the rest are not
 * tracked. Gelato Punch and Pala carry their '5+ units' bulk prices as tiers.
 *
 * Entries carry no image: each product shows its own packshot, drawn from its name, category,
 * strain type and THC (app/features/packshots/packshot.server.ts), until the owner uploads a photo.
 */

import type { CatalogueLabReport } from "./sample-lab-reports";

export type StrainType = "indica" | "sativa" | "hybrid";

export interface PriceTiers {
  single: string;
  tier100: string;
  tier250: string;
  tier500: string;
  tier1000: string;
}

/** A bulk price in the database form: from `min_quantity` units, `unit_price` each ("$525"). */
export interface CatalogueTier {
  min_quantity: number;
  unit_price: string;
}

/**
 * One size of a product sold in several (decision 028), in the database form: a label
 * ("1/8 oz"), its price and optional sale price as text with "$", SKU, units on hand (absent = not
 * tracked) and bulk prices.
 */
export interface CatalogueSize {
  label: string;
  price: string;
  compare_at_price?: string;
  sku?: string;
  stock?: number;
  price_tiers?: CatalogueTier[];
}

/** A catalogue entry in the database form the migration receives. Fields are loosely typed on purpose: the migration transform applies defaults. */
export interface CatalogueEntry {
  key: string; // stable unique slug for this entry (never changes; used for idempotent inserts)
  name?: string;
  price?: string; // text with leading $, e.g. "$525" or "$4.75"
  compare_at_price?: string; // the original price of a sale, above the price, e.g. "$60"
  image?: string; // an uploaded photo's path; without one the product shows its packshot
  extra_images?: string[];
  video?: string | null;
  description?: string;
  category?: string; // one of the category slugs below
  strain_type?: StrainType | null;
  thc_content?: string | null; // "22-26%", "28%", "10mg per piece", "90%+"
  effects?: string[] | string;
  rating?: number | string;
  review_count?: number | string;
  is_lab_tested?: boolean;
  in_stock?: boolean;
  /** bulk prices: the product's old fixed table, or a list of tiers */
  price_tiers?: PriceTiers | CatalogueTier[] | null;
  /**
   * The sizes it is sold in, first the one its key names ("runtz-eighth": 1/8 oz), so a cart line of a
   * product loaded before sizes keeps its size. Absent: one size at `price`.
   */
  sizes?: CatalogueSize[];
  bulk_note?: string | null; // e.g. "5+ units @ $525", "1lb @ $900"
  lab_report?: CatalogueLabReport | null; // facts of a sample COA (db/sample-lab-reports.ts makes its PDF)
}

export interface CatalogueCategory {
  name: string;
  slug: string;
}

/** The shop's categories, in display order. slug = name lower-cased, whitespace runs replaced by "-". */
export const catalogueCategories: readonly CatalogueCategory[] = [
  { name: "Indoors", slug: "indoors" },
  { name: "Deps", slug: "deps" },
  { name: "Lows", slug: "lows" },
  { name: "Edibles", slug: "edibles" },
  { name: "Pens", slug: "pens" },
  { name: "Concentrates", slug: "concentrates" },
  { name: "Pala", slug: "pala" },
  { name: "Gelato Punch", slug: "gelato-punch" },
  { name: "Branded Exotics", slug: "branded-exotics" },
  { name: "New Drops", slug: "new-drops" },
  { name: "Mushrooms", slug: "mushrooms" },
];

/** Gummy bulk tiers: single, 100, 250, 500 and 1000 units. */
const GUMMY_TIERS: PriceTiers = {
  single: "$5.00",
  tier100: "$4.75",
  tier250: "$4.50",
  tier500: "$4.25",
  tier1000: "$4.00",
};

export const catalogue: readonly CatalogueEntry[] = [
  // ---------------------------------------------------------------- Indoors
  {
    key: "runtz-eighth",
    lab_report: {
      lab_name: "Example Analytical Labs (sample)",
      test_date: "2026-10-14",
      batch: "SAMPLE-RZ-1014",
      thc_percent: 25.84,
      cbd_percent: 0.07,
      total_cannabinoids_percent: 29.91,
    },
    name: "Runtz",
    sizes: [
      { label: "1/8 oz", price: "$45", compare_at_price: "$60", sku: "RZ-8TH" }, // Daily Deal: 25% off
      { label: "1/4 oz", price: "$85", sku: "RZ-QTR", stock: 20 },
      { label: "1/2 oz", price: "$160", sku: "RZ-HALF" },
      { label: "1 oz", price: "$300", sku: "RZ-OZ", stock: 3 },
    ],
    description:
      "Dense, candy-sweet indoor flower with a glossy purple-and-lime bag appeal. Hand-trimmed and slow-cured for a smooth, fruity finish.",
    category: "indoors",
    strain_type: "hybrid",
    thc_content: "24-27%",
    effects: ["Euphoric", "Happy", "Relaxed"],
    rating: 4.8,
    review_count: 312,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    key: "wedding-cake-eighth",
    name: "Wedding Cake",
    sizes: [
      { label: "1/8 oz", price: "$50" },
      { label: "1/4 oz", price: "$95" },
      { label: "1/2 oz", price: "$180" },
      { label: "1 oz", price: "$340" },
    ],
    description:
      "Frosted, vanilla-forward buds with an earthy pepper backnote. A rich, evening-leaning hybrid grown under tightly controlled indoor lights.",
    category: "indoors",
    strain_type: "hybrid",
    thc_content: "25-28%",
    effects: ["Relaxed", "Happy", "Hungry"],
    rating: 4.9,
    review_count: 276,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    key: "lemon-cherry-gelato-half",
    name: "Lemon Cherry Gelato",
    sizes: [
      { label: "1/2 oz", price: "$160" },
      { label: "1 oz", price: "$300" },
    ],
    description: "Bright citrus zest meets ripe cherry in this connoisseur favourite. Chunky, trichome-heavy nugs with a creamy exhale.",
    category: "indoors",
    strain_type: "hybrid",
    thc_content: "26-29%",
    effects: ["Euphoric", "Uplifted", "Creative"],
    rating: 4.9,
    review_count: 198,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    key: "zkittlez-ounce",
    name: "Zkittlez",
    sizes: [
      { label: "1 oz", price: "$280" },
      { label: "1/4 lb", price: "$1,000" },
    ],
    description: "A full ounce of tropical, berry-bright Zkittlez. Calm, easy-going and flavourful from the first draw to the last.",
    category: "indoors",
    strain_type: "indica",
    thc_content: "22-25%",
    effects: ["Calm", "Happy", "Relaxed"],
    rating: 4.7,
    review_count: 164,
    is_lab_tested: true,
    in_stock: false,
  },
  {
    key: "sour-diesel-pre-roll",
    name: "Sour Diesel Pre-Roll (1g)",
    price: "$15",
    compare_at_price: "$20", // Daily Deal: 25% off
    description: "A slow-burning single gram of whole-flower Sour Diesel, rolled in unbleached paper. Crisp, zesty and ready when you are.",
    category: "indoors",
    strain_type: "sativa",
    thc_content: "21-24%",
    effects: ["Energetic", "Uplifted", "Focused"],
    rating: 4.6,
    review_count: 142,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    key: "purple-punch-pre-roll-2-pack",
    name: "Purple Punch Pre-Roll 2-Pack",
    price: "$20",
    description: "Two half-gram pre-rolls of grape-and-blueberry Purple Punch. A mellow, dessert-like smoke for winding down.",
    category: "indoors",
    strain_type: "indica",
    thc_content: "20-23%",
    effects: ["Relaxed", "Sleepy", "Calm"],
    rating: 4.7,
    review_count: 96,
    is_lab_tested: true,
    in_stock: true,
  },

  // ------------------------------------------------------------------- Deps
  {
    key: "sunset-sherbet-dep-ounce",
    name: "Sunset Sherbet Light Dep",
    sizes: [
      { label: "1 oz", price: "$180" },
      { label: "1/4 lb", price: "$640" },
    ],
    description:
      "Greenhouse-grown with light deprivation for indoor-like structure and sun-grown terpenes. Sweet sherbet and citrus on the nose.",
    category: "deps",
    strain_type: "indica",
    thc_content: "20-24%",
    effects: ["Relaxed", "Happy", "Euphoric"],
    rating: 4.7,
    review_count: 88,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    key: "durban-poison-dep-ounce",
    name: "Durban Poison Light Dep",
    sizes: [
      { label: "1 oz", price: "$160" },
      { label: "1/4 lb", price: "$580" },
    ],
    description: "A classic sweet-anise sativa grown under managed greenhouse light cycles. Clean, lively and great value by the ounce.",
    category: "deps",
    strain_type: "sativa",
    thc_content: "19-23%",
    effects: ["Energetic", "Uplifted", "Creative"],
    rating: 4.6,
    review_count: 74,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    key: "og-kush-dep-quarter",
    name: "OG Kush Light Dep",
    sizes: [
      { label: "1/4 oz", price: "$55" },
      { label: "1/2 oz", price: "$100" },
      { label: "1 oz", price: "$180" },
    ],
    description: "Piney, fuel-forward OG Kush with a firm, well-formed bud. An everyday staple from our greenhouse partners.",
    category: "deps",
    strain_type: "hybrid",
    thc_content: "21-24%",
    effects: ["Relaxed", "Happy", "Hungry"],
    rating: 4.5,
    review_count: 61,
    is_lab_tested: true,
    in_stock: true,
  },

  // ------------------------------------------------------------------- Lows
  {
    key: "house-lows-indica-pound",
    name: "House Lows Indica Blend (1 lb)",
    price: "$400",
    description:
      "Smaller, well-cured indica buds from premium harvests, sold by the pound. Honest flower at an easy price for rolling and sharing.",
    category: "lows",
    strain_type: "indica",
    thc_content: "16-19%",
    effects: ["Relaxed", "Calm"],
    rating: 4.5,
    review_count: 57,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $400",
  },
  {
    // Deliberately sparse: loose rating/review types, no flags.
    key: "house-lows-sativa-quarter-pound",
    name: "House Lows Sativa Blend (QP)",
    price: "$120",
    compare_at_price: "$160", // Daily Deal: 25% off
    description: "A quarter pound of bright, smaller sativa buds. Properly dried and cured; a practical pick for daytime sessions.",
    category: "lows",
    strain_type: "sativa",
    thc_content: "15-18%",
    effects: "Uplifted, Happy",
    rating: "4.6",
    review_count: "38",
  },

  // ---------------------------------------------------------------- Edibles
  {
    key: "wild-berry-gummies",
    lab_report: {
      lab_name: "Example Analytical Labs (sample)",
      test_date: "2026-09-30",
      batch: "SAMPLE-WB-0930",
      thc_percent: 0.42,
      cbd_percent: 0,
      total_cannabinoids_percent: 0.45,
    },
    name: "Wild Berry Gummies",
    price: "$5.00",
    description: "Soft, jewel-toned gummies bursting with blackberry and raspberry. Precisely dosed and sugar-dusted for a clean finish.",
    category: "edibles",
    strain_type: "hybrid",
    thc_content: "10mg per piece",
    effects: ["Happy", "Relaxed", "Euphoric"],
    rating: 4.8,
    review_count: 421,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: { ...GUMMY_TIERS },
    bulk_note: "From $4.00 each at 1000 units",
  },
  {
    key: "peach-ring-gummies",
    name: "Peach Ring Gummies",
    price: "$5.00",
    description: "Nostalgic peach rings with a ripe, juicy flavour and a light sugar coat. Consistent dosing in every ring.",
    category: "edibles",
    strain_type: "sativa",
    thc_content: "10mg per piece",
    effects: ["Uplifted", "Happy", "Creative"],
    rating: 4.9,
    review_count: 380,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: { ...GUMMY_TIERS },
    bulk_note: "From $4.00 each at 1000 units",
  },
  {
    key: "watermelon-gummies",
    name: "Watermelon Gummies",
    price: "$5.00",
    description: "Crisp watermelon with a gentle sour twist. A refreshing, easy-going gummy for sunny afternoons.",
    category: "edibles",
    strain_type: "hybrid",
    thc_content: "10mg per piece",
    effects: ["Happy", "Uplifted"],
    rating: 4.7,
    review_count: 254,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: { ...GUMMY_TIERS },
    bulk_note: "From $4.00 each at 1000 units",
  },
  {
    key: "blue-raspberry-sour-gummies",
    name: "Sour Blue Raspberry Gummies",
    price: "$5.00",
    description: "Tangy blue raspberry gummies with a bright sour sanding. Bold flavour, dependable 10mg pieces.",
    category: "edibles",
    strain_type: "sativa",
    thc_content: "10mg per piece",
    effects: ["Energetic", "Happy", "Creative"],
    rating: 4.6,
    review_count: 187,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: { ...GUMMY_TIERS },
    bulk_note: "From $4.00 each at 1000 units",
  },
  {
    key: "mango-gummy-bears",
    name: "Mango Gummy Bears",
    price: "$5.00",
    description: "Plump little bears made with real mango purée. A mellow, tropical treat to close out the evening.",
    category: "edibles",
    strain_type: "indica",
    thc_content: "10mg per piece",
    effects: ["Relaxed", "Sleepy", "Calm"],
    rating: 4.8,
    review_count: 233,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: { ...GUMMY_TIERS },
    bulk_note: "From $4.00 each at 1000 units",
  },

  // ------------------------------------------------------------------- Pens
  {
    key: "blue-dream-2g-disposable",
    lab_report: {
      lab_name: "Example Analytical Labs (sample)",
      test_date: "2026-10-21",
      batch: "SAMPLE-BD-1021",
      thc_percent: 90.12,
      cbd_percent: 0.31,
      total_cannabinoids_percent: 94.6,
    },
    name: "Blue Dream 2G Disposable",
    price: "$9",
    compare_at_price: "$12", // Daily Deal: 25% off
    description:
      "A rechargeable 2-gram disposable filled with sweet blueberry Blue Dream distillate. Ceramic coil for smooth, consistent pulls.",
    category: "pens",
    strain_type: "hybrid",
    thc_content: "88-92%",
    effects: ["Uplifted", "Happy", "Creative"],
    rating: 4.7,
    review_count: 356,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    key: "strawberry-cough-2g-disposable",
    name: "Strawberry Cough 2G Disposable",
    price: "$9",
    description: "Ripe strawberry and a hint of earth in a sleek 2-gram device. Draw-activated, no buttons, no fuss.",
    category: "pens",
    strain_type: "sativa",
    thc_content: "87-91%",
    effects: ["Energetic", "Focused", "Uplifted"],
    rating: 4.6,
    review_count: 289,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    key: "granddaddy-purple-2g-disposable",
    name: "Granddaddy Purple 2G Disposable",
    price: "$9",
    description: "Grape-forward Granddaddy Purple in a generous 2-gram disposable. A rich, relaxed flavour profile for the evening.",
    category: "pens",
    strain_type: "indica",
    thc_content: "88-91%",
    effects: ["Relaxed", "Sleepy", "Calm"],
    rating: 4.8,
    review_count: 247,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    key: "pineapple-express-1g-disposable",
    name: "Pineapple Express 1G Disposable",
    price: "$10",
    description: "Tropical pineapple and cedar in a pocket-sized 1-gram pen. Crisp flavour from first puff to last.",
    category: "pens",
    strain_type: "sativa",
    thc_content: "86-90%",
    effects: ["Energetic", "Happy", "Creative"],
    rating: 4.7,
    review_count: 198,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    key: "northern-lights-1g-disposable",
    name: "Northern Lights 1G Disposable",
    price: "$10",
    description: "The timeless Northern Lights profile: sweet, piney and smooth. A discreet 1-gram device with a long-lasting battery.",
    category: "pens",
    strain_type: "indica",
    thc_content: "85-89%",
    effects: ["Relaxed", "Calm", "Sleepy"],
    rating: 4.6,
    review_count: 173,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    key: "mango-haze-1g-disposable",
    name: "Mango Haze 1G Disposable",
    price: "$10",
    description: "Juicy mango over a bright haze backbone. A cheerful daytime flavour in a slim 1-gram disposable.",
    category: "pens",
    strain_type: "sativa",
    thc_content: "86-90%",
    effects: ["Uplifted", "Focused"],
    rating: 4.5,
    review_count: 121,
    is_lab_tested: true,
    in_stock: true,
  },

  // ----------------------------------------------------------- Concentrates
  {
    key: "thca-isolate-1kg",
    name: "THCA Isolate Powder (1kg)",
    price: "$1600",
    description: "Ultra-refined crystalline THCA isolate, sold by the kilogram. Clean, flavourless and consistent batch to batch.",
    category: "concentrates",
    strain_type: null,
    thc_content: "99%+",
    effects: ["Euphoric", "Relaxed"],
    rating: 4.9,
    review_count: 64,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1kg @ $1600",
  },
  {
    key: "thca-crystalline-1kg",
    name: "THCA Crystalline Sand (1kg)",
    price: "$1600",
    description: "Fine, sparkling THCA crystalline with a free-flowing texture. Packed in airtight, light-proof containers.",
    category: "concentrates",
    strain_type: null,
    thc_content: "98%+",
    effects: ["Euphoric", "Happy"],
    rating: 4.8,
    review_count: 41,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1kg @ $1600",
  },
  {
    key: "wedding-cake-live-resin-lb",
    lab_report: {
      lab_name: "Example Analytical Labs (sample)",
      test_date: "2026-11-02",
      batch: "SAMPLE-WC-1102",
      thc_percent: 79.4,
      cbd_percent: 0.15,
      total_cannabinoids_percent: 86.2,
    },
    name: "Wedding Cake Live Resin (1lb)",
    price: "$900",
    description:
      "Extracted from flash-frozen whole plants to preserve the full vanilla-and-pepper terpene profile. Glossy, saucy and aromatic.",
    category: "concentrates",
    strain_type: "hybrid",
    thc_content: "76-82%",
    effects: ["Relaxed", "Euphoric", "Happy"],
    rating: 4.9,
    review_count: 132,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $900",
  },
  {
    key: "blue-dream-live-resin-lb",
    name: "Blue Dream Live Resin (1lb)",
    price: "$900",
    description: "Sweet berry Blue Dream captured fresh-frozen. A bright, flavour-first live resin with a smooth consistency.",
    category: "concentrates",
    strain_type: "hybrid",
    thc_content: "74-80%",
    effects: ["Uplifted", "Creative", "Happy"],
    rating: 4.8,
    review_count: 97,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $900",
  },
  {
    key: "sour-diesel-live-resin-lb",
    name: "Sour Diesel Live Resin (1lb)",
    price: "$900",
    description: "Pungent, zesty Sour Diesel with all the fuel intact. Terpene-rich and vibrant straight from fresh-frozen material.",
    category: "concentrates",
    strain_type: "sativa",
    thc_content: "75-81%",
    effects: ["Energetic", "Focused", "Uplifted"],
    rating: 4.7,
    review_count: 83,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $900",
  },
  {
    key: "lemon-cherry-gelato-live-badder-lb",
    name: "Lemon Cherry Gelato Live Badder (1lb)",
    price: "$900",
    description: "Whipped to a creamy, frosting-like texture that is easy to portion. Tart cherry and lemon up front with a sweet finish.",
    category: "concentrates",
    strain_type: "hybrid",
    thc_content: "78-84%",
    effects: ["Euphoric", "Happy", "Creative"],
    rating: 4.9,
    review_count: 118,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $900",
  },
  {
    key: "zkittlez-live-badder-lb",
    name: "Zkittlez Live Badder (1lb)",
    price: "$900",
    description: "Candy-sweet Zkittlez whipped into a smooth, golden badder. Rich in flavour and simple to handle.",
    category: "concentrates",
    strain_type: "indica",
    thc_content: "77-83%",
    effects: ["Relaxed", "Happy", "Calm"],
    rating: 4.8,
    review_count: 76,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $900",
  },
  {
    key: "ice-cream-cake-live-badder-lb",
    name: "Ice Cream Cake Live Badder (1lb)",
    price: "$900",
    description: "Creamy vanilla and sugared dough in a soft, buttery badder. A dessert-lover's concentrate with a mellow character.",
    category: "concentrates",
    strain_type: "indica",
    thc_content: "76-82%",
    effects: ["Relaxed", "Sleepy", "Happy"],
    rating: 4.7,
    review_count: 69,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $900",
  },
  {
    key: "gorilla-glue-crumble-lb",
    name: "Gorilla Glue #4 Crumble (1lb)",
    price: "$900",
    description: "A dry, honeycomb-textured crumble that breaks apart cleanly. Earthy, piney and reliably potent.",
    category: "concentrates",
    strain_type: "hybrid",
    thc_content: "72-78%",
    effects: ["Relaxed", "Euphoric"],
    rating: 4.7,
    review_count: 91,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $900",
  },
  {
    key: "og-kush-crumble-lb",
    name: "OG Kush Crumble (1lb)",
    price: "$900",
    description: "Classic lemon-pine OG Kush purged to a light, golden crumble. Easy to measure and pleasantly aromatic.",
    category: "concentrates",
    strain_type: "hybrid",
    thc_content: "71-77%",
    effects: ["Happy", "Relaxed", "Hungry"],
    rating: 4.6,
    review_count: 58,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $900",
  },
  {
    key: "banana-kush-crumble-lb",
    name: "Banana Kush Crumble (1lb)",
    price: "$900",
    description: "Ripe banana and soft spice in a buttery, crumbly texture. A smooth, laid-back concentrate.",
    category: "concentrates",
    strain_type: "indica",
    thc_content: "70-76%",
    effects: ["Calm", "Relaxed", "Sleepy"],
    rating: 4.6,
    review_count: 47,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $900",
  },
  {
    key: "girl-scout-cookies-shatter-lb",
    name: "Girl Scout Cookies Shatter (1lb)",
    price: "$900",
    description: "Glass-clear amber shatter that snaps cleanly. Sweet, minty cookie notes with a stable, easy-to-store form.",
    category: "concentrates",
    strain_type: "hybrid",
    thc_content: "78-84%",
    effects: ["Euphoric", "Happy", "Relaxed"],
    rating: 4.8,
    review_count: 104,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $900",
  },
  {
    key: "pineapple-express-shatter-lb",
    name: "Pineapple Express Shatter (1lb)",
    price: "$900",
    description: "Translucent golden slabs with a lively tropical aroma. A bright, daytime-friendly shatter.",
    category: "concentrates",
    strain_type: "sativa",
    thc_content: "77-83%",
    effects: ["Energetic", "Uplifted", "Creative"],
    rating: 4.7,
    review_count: 72,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $900",
  },
  {
    key: "northern-lights-shatter-lb",
    name: "Northern Lights Shatter (1lb)",
    price: "$900",
    description: "Honey-toned, glassy shatter carrying the sweet, resinous Northern Lights profile. Clean snap, smooth flavour.",
    category: "concentrates",
    strain_type: "indica",
    thc_content: "76-82%",
    effects: ["Relaxed", "Calm", "Sleepy"],
    rating: 4.7,
    review_count: 66,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $900",
  },
  {
    key: "gelato-41-diamonds-lb",
    name: "Gelato 41 Diamonds (1lb)",
    price: "$3000",
    description:
      "Large, faceted crystals resting in a fragrant terpene sauce. Our most refined extract, grown slowly for clarity and size.",
    category: "concentrates",
    strain_type: "hybrid",
    thc_content: "90%+",
    effects: ["Euphoric", "Relaxed", "Happy"],
    rating: 5.0,
    review_count: 52,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $3000",
  },
  {
    key: "tropicana-cookies-diamonds-lb",
    name: "Tropicana Cookies Diamonds (1lb)",
    price: "$3000",
    description: "Sparkling diamonds with a bright orange-citrus sauce. Exceptional clarity and a vivid, zesty aroma.",
    category: "concentrates",
    strain_type: "sativa",
    thc_content: "90%+",
    effects: ["Uplifted", "Euphoric", "Energetic"],
    rating: 4.9,
    review_count: 34,
    is_lab_tested: true,
    in_stock: true,
    bulk_note: "1lb @ $3000",
  },

  // ------------------------------------------------------------------- Pala
  {
    key: "pala-runtz",
    name: "Pala Runtz",
    price: "$525",
    description: "Pala-grade Runtz with vivid colour and a sugary, fruit-candy nose. Priced for orders of five units or more.",
    category: "pala",
    strain_type: "hybrid",
    thc_content: "24-27%",
    effects: ["Euphoric", "Happy", "Relaxed"],
    rating: 4.8,
    review_count: 146,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: [{ min_quantity: 5, unit_price: "$500" }],
    bulk_note: "5+ units @ $500",
  },
  {
    key: "pala-blue-dream",
    name: "Pala Blue Dream",
    price: "$525",
    description: "Sweet blueberry Blue Dream selected for bag appeal and smooth smoke. Bulk pricing at five units and up.",
    category: "pala",
    strain_type: "sativa",
    thc_content: "21-24%",
    effects: ["Uplifted", "Creative", "Happy"],
    rating: 4.7,
    review_count: 112,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: [{ min_quantity: 5, unit_price: "$500" }],
    bulk_note: "5+ units @ $500",
  },
  {
    key: "pala-wedding-cake",
    name: "Pala Wedding Cake",
    price: "$525",
    description: "Rich, frosty Wedding Cake with a vanilla-pepper finish. A dependable crowd favourite for larger orders.",
    category: "pala",
    strain_type: "hybrid",
    thc_content: "24-28%",
    effects: ["Relaxed", "Happy", "Hungry"],
    rating: 4.8,
    review_count: 129,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: [{ min_quantity: 5, unit_price: "$500" }],
    bulk_note: "5+ units @ $500",
  },
  {
    key: "pala-zkittlez",
    name: "Pala Zkittlez",
    price: "$525",
    description: "Tropical, candy-forward Zkittlez with tight, well-trimmed buds. Calm and flavourful; five units or more.",
    category: "pala",
    strain_type: "indica",
    thc_content: "22-25%",
    effects: ["Calm", "Relaxed", "Happy"],
    rating: 4.6,
    review_count: 87,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: [{ min_quantity: 5, unit_price: "$500" }],
    bulk_note: "5+ units @ $500",
  },
  {
    key: "pala-sour-diesel",
    name: "Pala Sour Diesel",
    price: "$525",
    description: "Sharp, gassy Sour Diesel with a citrus lift. Lively and aromatic, available at bulk pricing from five units.",
    category: "pala",
    strain_type: "sativa",
    thc_content: "21-25%",
    effects: ["Energetic", "Focused", "Uplifted"],
    rating: 4.7,
    review_count: 94,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: [{ min_quantity: 5, unit_price: "$500" }],
    bulk_note: "5+ units @ $500",
  },

  // ----------------------------------------------------------- Gelato Punch
  {
    key: "gelato-punch-aaaa-exotic",
    name: "Gelato Punch AAAA Exotic",
    price: "$550",
    description:
      "Top-shelf Gelato Punch with deep purple hues and a heavy trichome coat. Sweet berry gelato on the nose with a creamy exhale.",
    category: "gelato-punch",
    strain_type: "hybrid",
    thc_content: "27-30%",
    effects: ["Euphoric", "Relaxed", "Happy"],
    rating: 5.0,
    review_count: 168,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: [{ min_quantity: 5, unit_price: "$525" }],
    bulk_note: "5+ units @ $525",
  },
  {
    key: "gelato-punch-aaa-plus-indoor",
    name: "Gelato Punch AAA+ Indoor",
    price: "$550",
    description: "Dense indoor Gelato Punch, hand-trimmed and slow-cured. Grape candy and sweet cream with a smooth burn.",
    category: "gelato-punch",
    strain_type: "hybrid",
    thc_content: "25-28%",
    effects: ["Relaxed", "Happy", "Calm"],
    rating: 4.9,
    review_count: 143,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: [{ min_quantity: 5, unit_price: "$525" }],
    bulk_note: "5+ units @ $525",
  },
  {
    key: "gelato-punch-purple-pheno",
    name: "Gelato Punch Purple Pheno",
    price: "$550",
    description:
      "A striking purple phenotype with a jammy, dark-berry aroma. Selected for colour, flavour and a relaxed evening character.",
    category: "gelato-punch",
    strain_type: "indica",
    thc_content: "24-27%",
    effects: ["Relaxed", "Sleepy", "Euphoric"],
    rating: 4.8,
    review_count: 117,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: [{ min_quantity: 5, unit_price: "$525" }],
    bulk_note: "5+ units @ $525",
  },
  {
    key: "gelato-punch-frosted-cut",
    name: "Gelato Punch Frosted Cut",
    price: "$550",
    description: "A frost-heavy cut with lime-green calyxes and fiery orange pistils. Bright punch-bowl fruit with a gelato finish.",
    category: "gelato-punch",
    strain_type: "hybrid",
    thc_content: "26-29%",
    effects: ["Euphoric", "Uplifted", "Happy"],
    rating: 4.9,
    review_count: 98,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: [{ min_quantity: 5, unit_price: "$525" }],
    bulk_note: "5+ units @ $525",
  },
  {
    key: "gelato-punch-aa-plus-light-dep",
    name: "Gelato Punch AA+ Light Dep",
    price: "$550",
    description: "Greenhouse light-dep Gelato Punch with full flavour and great value per unit. Sweet, fruity and well cured.",
    category: "gelato-punch",
    strain_type: "hybrid",
    thc_content: "22-25%",
    effects: ["Happy", "Relaxed"],
    rating: 4.6,
    review_count: 72,
    is_lab_tested: true,
    in_stock: true,
    price_tiers: [{ min_quantity: 5, unit_price: "$525" }],
    bulk_note: "5+ units @ $525",
  },

  // -------------------------------------------------------------- New Drops
  {
    key: "lemon-cherry-runtz-eighth",
    name: "Lemon Cherry Runtz",
    sizes: [
      { label: "1/8 oz", price: "$55" },
      { label: "1/4 oz", price: "$100" },
      { label: "1/2 oz", price: "$190" },
    ],
    description: "Just landed: a zesty cross of Lemon Cherry Gelato and Runtz. Tart citrus, sweet cherry and a candy-shop finish.",
    category: "new-drops",
    strain_type: "hybrid",
    thc_content: "27-30%",
    effects: ["Euphoric", "Happy", "Uplifted"],
    rating: 4.9,
    review_count: 46,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    // Deliberately sparse: no rating or review count, effects as one string.
    key: "apple-fritter-eighth",
    name: "Apple Fritter",
    sizes: [
      { label: "1/8 oz", price: "$50" },
      { label: "1/4 oz", price: "$95" },
    ],
    description: "Fresh from the latest harvest: baked apple, cinnamon and sweet dough. Dense, sticky buds with a buttery smoke.",
    category: "new-drops",
    strain_type: "hybrid",
    thc_content: "26%",
    effects: "Relaxed, Happy",
  },
  {
    key: "permanent-marker-ounce",
    name: "Permanent Marker",
    sizes: [
      { label: "1 oz", price: "$300", compare_at_price: "$400" }, // Daily Deal: 25% off
      { label: "1/4 lb", price: "$1,100" },
    ],
    description: "A sought-after new release with a loud, inky-floral nose and soapy candy finish. Limited quantities this drop.",
    category: "new-drops",
    strain_type: "indica",
    thc_content: "28%",
    effects: ["Relaxed", "Euphoric", "Calm"],
    rating: 4.8,
    review_count: 23,
    is_lab_tested: true,
    in_stock: true,
  },

  // -------------------------------------------------------------- Mushrooms
  {
    key: "milk-chocolate-mushroom-bar",
    name: "Milk Chocolate Mushroom Bar",
    price: "$35",
    description: "Smooth Belgian-style milk chocolate, scored into 15 easy-to-portion squares. Creamy, rich and discreetly packaged.",
    category: "mushrooms",
    strain_type: null,
    thc_content: null,
    effects: ["Euphoric", "Creative", "Happy"],
    rating: 4.8,
    review_count: 139,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    key: "dark-chocolate-mushroom-bar",
    name: "Dark Chocolate Mushroom Bar",
    price: "$35",
    description:
      "70% cacao dark chocolate with a subtle sea-salt finish, portioned into 15 squares. Bold, bittersweet and beautifully balanced.",
    category: "mushrooms",
    strain_type: null,
    thc_content: null,
    effects: ["Creative", "Calm", "Euphoric"],
    rating: 4.9,
    review_count: 102,
    is_lab_tested: true,
    in_stock: true,
  },
  {
    // Deliberately sparse: no strain type, THC content, flags or review count; effects as one string.
    key: "mushroom-capsules-30",
    name: "Mushroom Capsules (30 ct)",
    price: "$45",
    compare_at_price: "$60", // Daily Deal: 25% off
    description: "Thirty measured vegan capsules for consistent, mess-free portions. Neutral taste, tidy travel-size bottle.",
    category: "mushrooms",
    effects: "Calm",
    rating: 4.7,
  },
];
