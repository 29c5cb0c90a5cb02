/**
 * The icon of a category tile on the home page's All Categories grid, picked by keywords in the
 * category's name. Rules are checked in order, first match wins: "flower"
 * must come before "low", which it contains. Every built-in category has its own icon:
 * deps (light-deprivation greenhouses) are told apart from indoor flower, and pens, Pala,
 * Gelato Punch and New Drops get icons of their own instead of sharing the leaf.
 */
export type CategoryIcon =
  | "greenhouse"
  | "flower"
  | "concentrate"
  | "edible"
  | "bestseller"
  | "exotic"
  | "light"
  | "low"
  | "mushroom"
  | "pen"
  | "pack"
  | "gelato"
  | "sparkle"
  | "leaf";

const RULES: ReadonlyArray<readonly [CategoryIcon, RegExp]> = [
  // Before "flower": "Deps" are greenhouse-grown (light deprivation), not indoor flower.
  ["greenhouse", /\bdeps?\b|greenhouse/],
  // The product's keywords, matched anywhere in the name.
  ["flower", /flower|indoor/],
  ["concentrate", /concentrate/],
  ["edible", /edible/],
  ["bestseller", /best|seller/],
  ["exotic", /branded|exotic/],
  ["light", /light|assist/],
  ["low", /low/],
  ["mushroom", /mushroom/],
  // The rest of the catalogue's categories, matched as whole words.
  ["pen", /\b(pens?|vapes?|carts?|cartridges?|disposables?)\b/],
  ["pack", /\bpala\b|\b\d+[- ]?packs?\b/],
  ["gelato", /\bgelato\b|\bpunch\b/],
  ["sparkle", /\bnew\b|\bdrops?\b/],
];

/** "Indoors" -> "flower", "Deps" -> "greenhouse", "Pens" -> "pen", "New Drops" -> "sparkle"; anything else -> "leaf". */
export function categoryIcon(name: string): CategoryIcon {
  const text = name.toLowerCase();
  for (const [icon, pattern] of RULES) {
    if (pattern.test(text)) return icon;
  }
  return "leaf";
}
