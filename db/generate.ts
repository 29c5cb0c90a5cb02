import type { NewProductRow } from "./schema";

/**
 * Realistic generated products for scale tests and the 10,000-product bench: spread over the
 * categories, with varied names and prices. Deterministic for a given seed.
 */

/** A small seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  "Blue",
  "Purple",
  "Golden",
  "Lemon",
  "Cherry",
  "Midnight",
  "Sour",
  "Royal",
  "Wedding",
  "Mango",
  "Frosted",
  "Velvet",
  "Emerald",
  "Apple",
  "Tropical",
  "Cosmic",
  "Guava",
  "Peach",
  "Garlic",
  "Grape",
];
const SECOND = [
  "Haze",
  "Kush",
  "Dream",
  "Runtz",
  "Cake",
  "Gelato",
  "Cookies",
  "Diesel",
  "Fritter",
  "Zkittlez",
  "Punch",
  "Sherbet",
  "Breath",
  "Glue",
  "Skunk",
  "Mints",
  "Pie",
  "Octane",
  "Cream",
  "Tangie",
];
const EFFECTS = ["Relaxed", "Euphoric", "Happy", "Uplifted", "Creative", "Focused", "Sleepy", "Hungry", "Calm", "Energetic"];
const STRAINS = ["indica", "sativa", "hybrid"] as const;

interface Kind {
  category: string;
  form: string;
  minCents: number;
  maxCents: number;
}

const KINDS: Kind[] = [
  { category: "indoors", form: "(1/8 oz)", minCents: 3500, maxCents: 6500 },
  { category: "indoors", form: "Pre-Roll", minCents: 1000, maxCents: 2400 },
  { category: "deps", form: "(1 oz)", minCents: 12000, maxCents: 22000 },
  { category: "lows", form: "(1/4 lb)", minCents: 20000, maxCents: 45000 },
  { category: "edibles", form: "Gummies 10-pack", minCents: 1500, maxCents: 3500 },
  { category: "pens", form: "2G Disposable", minCents: 900, maxCents: 1000 },
  { category: "concentrates", form: "Live Resin (1lb)", minCents: 90000, maxCents: 90000 },
  { category: "concentrates", form: "Shatter (1lb)", minCents: 90000, maxCents: 90000 },
  { category: "concentrates", form: "Diamonds (1lb)", minCents: 300000, maxCents: 300000 },
  { category: "pala", form: "Pala 5+", minCents: 50000, maxCents: 50000 },
  { category: "gelato-punch", form: "Gelato Punch 5+", minCents: 52500, maxCents: 52500 },
  { category: "new-drops", form: "(1/8 oz)", minCents: 4500, maxCents: 8000 },
  { category: "mushrooms", form: "Chocolate Bar", minCents: 2500, maxCents: 6000 },
];

export function generateProducts(count: number, seed = 42): NewProductRow[] {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const rows: NewProductRow[] = [];
  for (let i = 0; i < count; i++) {
    const kind = pick(KINDS);
    const name = `${pick(FIRST)} ${pick(SECOND)} ${kind.form} #${i + 1}`;
    const price = kind.minCents + Math.round((random() * (kind.maxCents - kind.minCents)) / 100) * 100;
    const effects = [...new Set([pick(EFFECTS), pick(EFFECTS), pick(EFFECTS)])].slice(0, 2 + Math.floor(random() * 2));
    rows.push({
      catalogueKey: `generated-${seed}-${i + 1}`,
      name,
      priceCents: price,
      // No uploaded image: every generated product shows its own packshot.
      image: null,
      extraImages: "[]",
      description: `${name.replace(/ #\d+$/, "")}: small-batch, lab tested, packed fresh for discreet delivery.`,
      category: kind.category,
      strainType: pick(STRAINS),
      thcContent: `${18 + Math.floor(random() * 14)}%`,
      effects: JSON.stringify(effects),
      rating: Math.round((4.3 + random() * 0.7) * 10) / 10,
      reviewCount: Math.floor(random() * 500),
      isLabTested: true,
      inStock: random() > 0.05,
      active: random() > 0.03,
    });
  }
  return rows;
}

/**
 * Sizes for the generated products (the bench at 10,000 products with 1–5 sizes each): by id,
 * a fifth are sold in one size and the others in 2 to 5 (1/8 oz up to 1/4 lb, each dearer than the
 * first, so the products row's price stays the lowest), one size in three of them with tracked stock.
 * Run after the products are inserted (each has its one size from the insert trigger).
 */
export const GENERATED_SIZE_STATEMENTS = [
  `WITH extra(n, label, mult) AS (VALUES (1, '1/4 oz', 1.9), (2, '1/2 oz', 3.6), (3, '1 oz', 6.8), (4, '1/4 lb', 24))
   INSERT INTO product_sizes (product_id, position, label, price_cents, tiers, stock)
   SELECT p.id, extra.n, extra.label, CAST(round(p.price_cents * extra.mult / 100) * 100 AS INTEGER), '[]',
     CASE WHEN extra.n = 2 THEN p.id % 7 ELSE NULL END
   FROM products p JOIN extra ON extra.n <= p.id % 5`,
  `UPDATE product_sizes SET label = '1/8 oz' WHERE position = 0 AND product_id IN (SELECT product_id FROM product_sizes WHERE position > 0)`,
  `UPDATE products SET sizes_price_differs = 1 WHERE id IN (SELECT product_id FROM product_sizes WHERE position > 0)`,
] as const;
