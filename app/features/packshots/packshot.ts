/**
 * Packshots: the picture a product shows when the owner has not uploaded one. The
 * drawing itself is app/features/packshots/packshot.server.ts; this module holds the pure rules both sides agree on —
 * which facts are drawn, the packaging shape, the pack size read from the name, the colours, and
 * the URL, keyed by a hash of those facts so a changed name draws (and caches) a new picture.
 */

/** Bump when the drawing changes, so every packshot URL changes with it (they are cached for a year). */
const PACKSHOT_VERSION = 2;

/** Where packshots are served: /packshots/{id}/{hash}.svg (app/routes/packshots.$id.$file.ts). */
const PACKSHOT_PREFIX = "/packshots/";

/**
 * Where a packshot's share image is served, and its R2 key without the leading slash:
 * /share/packshots/{id}/{hash}.png (app/routes/share.packshots.$id.$file.ts), named by the same hash.
 */
const PACKSHOT_SHARE_PREFIX = "/share/packshots/";

/** The product fields a packshot is drawn from. */
export interface PackshotSource {
  id: number;
  name: string;
  category: string;
  strainType: string | null;
  thcContent: string | null;
}

export type PackshotShape =
  "jar" | "cartridge" | "pouch" | "slab" | "crystal-jar" | "dab-jar" | "wrapper" | "bottle" | "five-pack" | "pre-roll";

/**
 * Packaging by product: categories sold as a 5-pack first, then what the name says it is, then the
 * category's usual packaging; flower in a jar otherwise. Keywords match whole words.
 */
const PACK_CATEGORIES = new Set(["pala", "gelato-punch"]);
const SHAPE_KEYWORDS: ReadonlyArray<readonly [PackshotShape, RegExp]> = [
  ["wrapper", /\b(chocolate|bar|bars)\b/i],
  ["bottle", /\b(capsules?|caps|tinctures?)\b/i],
  ["crystal-jar", /\b(diamonds?|thca|isolate|sand|crystalline)\b/i],
  ["slab", /\b(shatter|crumble|wax)\b/i],
  ["dab-jar", /\b(resin|badder|batter|sauce|rosin|budder)\b/i],
  ["cartridge", /\b(disposables?|carts?|cartridges?|vapes?|pens?)\b/i],
  ["pouch", /\b(gumm(y|ies)|chews?|edibles?)\b/i],
  ["pre-roll", /\b(pre-?rolls?|joints?)\b/i],
];
// Maps, not object literals: a category named "toString" must not find Object.prototype's.
const CATEGORY_SHAPES: ReadonlyMap<string, PackshotShape> = new Map([
  ["pens", "cartridge"],
  ["edibles", "pouch"],
  ["concentrates", "dab-jar"],
  ["mushrooms", "wrapper"],
]);

export function packshotShape(product: Pick<PackshotSource, "name" | "category">): PackshotShape {
  if (PACK_CATEGORIES.has(product.category)) return "five-pack";
  for (const [shape, pattern] of SHAPE_KEYWORDS) if (pattern.test(product.name)) return shape;
  return CATEGORY_SHAPES.get(product.category) ?? "jar";
}

/** Weights and counts as written in names: 1/8 oz, 1 lb, 1lb, 2G, 1kg, 30 ct, 3.5g, 10-pack. */
const WEIGHT = /(?:^|[\s(])(\d+(?:[./]\d+)?)\s?(mg|g|kg|oz|lb|lbs|ml|ct)\b/i;
const PACK = /\b(\d+)\s?-?\s?pack\b/i;
const NAMED_WEIGHTS: ReadonlyMap<string, string> = new Map([
  ["qp", "1/4 lb"],
  ["hp", "1/2 lb"],
  ["zip", "1 oz"],
  ["eighth", "1/8 oz"],
]);
const SHAPE_UNITS: ReadonlyMap<PackshotShape, string> = new Map([
  ["five-pack", "5-pack"],
  ["pouch", "1 piece"],
  ["wrapper", "1 bar"],
]);

/**
 * The weight or pack size a shopper reads on the label: from the name ("Runtz (1/8 oz)",
 * "Blue Dream 2G Disposable", "House Lows (QP)", "Pre-Roll 2-Pack"), else what the packaging
 * holds (a 5-pack, one gummy, one bar); null when neither says.
 */
export function packSize(product: Pick<PackshotSource, "name" | "category">): string | null {
  const name = product.name;
  const named = /\(\s*([a-z]+)\s*\)/i.exec(name)?.[1]?.toLowerCase();
  const namedWeight = named ? NAMED_WEIGHTS.get(named) : undefined;
  if (namedWeight) return namedWeight;
  const weight = WEIGHT.exec(name);
  if (weight) {
    const unit = weight[2]!.toLowerCase();
    return `${weight[1]} ${unit === "lbs" ? "lb" : unit}`;
  }
  const pack = PACK.exec(name);
  if (pack) return `${pack[1]}-pack`;
  return SHAPE_UNITS.get(packshotShape(product)) ?? null;
}

/** The name as the label prints it: the size in brackets is printed on its own line. */
function labelName(name: string): string {
  const trimmed = name.replace(/\s*\([^)]*\)\s*$/, "").trim();
  return trimmed || name.trim();
}

// ---------------------------------------------------------------------------------------------
// Hash and colours

/**
 * cyrb53 (public domain): a fast 53-bit string hash, the same in every JavaScript runtime.
 * Not for security — the route re-draws from D1 and compares — only to key URLs and pick colours.
 */
function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** What is drawn, in one canonical string: the same facts always give the same hash. */
function drawnFacts(product: PackshotSource): string {
  return JSON.stringify([PACKSHOT_VERSION, product.name, product.category, product.strainType ?? "", product.thcContent ?? ""]);
}

/** 11 base-36 characters (53 bits) naming this drawing. */
export function packshotHash(product: PackshotSource): string {
  return hash53(drawnFacts(product)).toString(36).padStart(11, "0");
}

export const PACKSHOT_HASH_PATTERN = /^[0-9a-z]{11}$/;

/** /packshots/{id}/{hash}.svg */
export function packshotPath(product: PackshotSource): string {
  return `${PACKSHOT_PREFIX}${product.id}/${packshotHash(product)}.svg`;
}

/** /share/packshots/{id}/{hash}.png: the packshot's 1200x630 PNG for link previews. */
export function packshotSharePath(product: PackshotSource): string {
  return `${PACKSHOT_SHARE_PREFIX}${product.id}/${packshotHash(product)}.png`;
}

const PACKSHOT_PATH = /^\/packshots\/([1-9]\d{0,14})\/([0-9a-z]{11})\.svg$/;

/** The share image of a packshot path (/packshots/{id}/{hash}.svg), or null for any other picture. */
export function packshotShareOf(picture: string): string | null {
  const match = PACKSHOT_PATH.exec(picture);
  return match ? `${PACKSHOT_SHARE_PREFIX}${match[1]}/${match[2]}.png` : null;
}

/** The picture a product shows: its uploaded image when it has one (always wins), else its packshot. */
export function productImageOrPackshot(product: PackshotSource & { image: string | null }): string {
  return product.image?.trim() || packshotPath(product);
}

/**
 * The product's colour: a hue from the name (so two grades of one strain differ) and a second,
 * contrasting accent hue. Lightness and saturation are fixed per role so every label keeps its
 * contrast (tests/unit/packshot.test.ts checks WCAG AA for the label text on every catalogue product).
 */
export interface PackshotPalette {
  hue: number;
  accentHue: number;
  /** a variation number (0..3) for the backdrop pattern */
  pattern: number;
}

/** The hash seed for colours: chosen so no two built-in products of one packaging look alike (a unit test checks). */
const PALETTE_SEED = 18;

export function packshotPalette(product: Pick<PackshotSource, "name" | "category">): PackshotPalette {
  const h = hash53(`${product.category}\u0000${product.name}`, PALETTE_SEED);
  const hue = h % 360;
  return { hue, accentHue: (hue + 150 + (Math.floor(h / 360) % 60)) % 360, pattern: Math.floor(h / 21600) % 4 };
}

/** Strain types carry the trade's usual colours on the label's dot: indica violet, sativa orange, hybrid green. */
export const STRAIN_COLOURS: ReadonlyMap<string, string> = new Map([
  ["indica", "#6d3fa0"],
  ["sativa", "#c2570c"],
  ["hybrid", "#1f7a43"],
]);

/** The label's text lines, as printed (pure, so the card, the tests and the drawing agree). */
export interface PackshotLabel {
  shape: PackshotShape;
  /** The category as a shopper reads it, printed where a maker's brand would be: the shop is not the maker. */
  category: string;
  name: string;
  size: string | null;
  strain: string | null;
  thc: string | null;
}

/** "gelato-punch" -> "Gelato punch": the category as a shopper reads it (the slug is one of the drawn facts). */
function categoryWords(category: string): string {
  const words = category.replace(/-/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "";
}

export function packshotLabel(product: PackshotSource): PackshotLabel {
  const strain = product.strainType?.trim().toLowerCase() || null;
  const thc = product.thcContent?.trim() || null;
  return {
    shape: packshotShape(product),
    category: categoryWords(product.category),
    name: labelName(product.name),
    size: packSize(product),
    strain: strain ? strain[0]!.toUpperCase() + strain.slice(1) : null,
    thc: thc ? `THC ${thc}` : null,
  };
}

/** hsl (degrees, percent, percent) as #rrggbb, so the drawing and the contrast tests use the same numbers. */
export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Ink on the label (the site's ink-900 and ink-700 on a warm white). */
export const LABEL_COLOURS = { paper: "#fffdf6", ink: "#1c2a22", muted: "#3b4a41" } as const;

/** Every colour a packshot uses, by role. */
export function packshotColours(palette: PackshotPalette) {
  const { hue, accentHue } = palette;
  return {
    backdrop: hslToHex(hue, 34, 93),
    shape: hslToHex(hue, 36, 84),
    body: hslToHex(hue, 42, 32),
    bodyLight: hslToHex(hue, 40, 44),
    trim: hslToHex(accentHue, 34, 22),
    accent: hslToHex(accentHue, 58, 58),
    labelEdge: hslToHex(hue, 30, 78),
    /** the size pill: paper-coloured text on it */
    pill: hslToHex(hue, 46, 26),
  };
}
