/**
 * The icon of a category tile on the home page's All Categories grid, picked by keywords in the
 * category's name (SPEC section 2, Home). Rules are checked in order, first match wins: "flower"
 * must come before "low", which it contains.
 */
export type CategoryIcon =
  | "flower"
  | "concentrate"
  | "edible"
  | "bestseller"
  | "exotic"
  | "light"
  | "low"
  | "mushroom"
  | "leaf";

const RULES: ReadonlyArray<readonly [CategoryIcon, readonly string[]]> = [
  ["flower", ["flower", "indoor", "deps"]],
  ["concentrate", ["concentrate"]],
  ["edible", ["edible"]],
  ["bestseller", ["best", "seller"]],
  ["exotic", ["branded", "exotic"]],
  ["light", ["light", "assist"]],
  ["low", ["low"]],
  ["mushroom", ["mushroom"]],
];

/** "Indoors" -> "flower", "Branded Exotics" -> "exotic", "Lows" -> "low"; anything else -> "leaf". */
export function categoryIcon(name: string): CategoryIcon {
  const text = name.toLowerCase();
  for (const [icon, keywords] of RULES) {
    if (keywords.some((keyword) => text.includes(keyword))) return icon;
  }
  return "leaf";
}
