import { OG_SIZE } from "~/features/photos/photo-variants";
import { packshotLabel, type PackshotSource } from "./packshot";
import { PACKSHOT_SIZE, packshotArt, wrapText, xmlText } from "./packshot.server";

/**
 * A packshot product's share image as SVG, for the Worker to rasterise (link previews show no SVG):
 * 1200x630, the packshot on the brand's forest backdrop beside the product's name and what its label
 * says. Drawn only from the packshot's facts, so the packshot's hash names this drawing too.
 */

const { width: SHARE_WIDTH, height: SHARE_HEIGHT } = OG_SIZE;

// The site's tokens (app/tailwind.css): forest-900 and -950, gold-500, cream-50.
const FOREST = "#123f24";
const FOREST_DEEP = "#0b2e1a";
const GOLD = "#d4a017";
const CREAM = "#fcfaf4";
const FONT = "Inter, sans-serif";

const TEXT_X = 72;
const TEXT_WIDTH = 470;
const PICTURE = { x: 612, y: 42, size: 546 };

/**
 * What the bundled font (Inter: Latin, Greek, Cyrillic and common symbols) can draw: other scripts and
 * emoji would render as empty boxes, so the card leaves them out (its alt text names the product whole).
 */
const UNDRAWABLE =
  /[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]|\p{Extended_Pictographic}/gu;

function drawable(text: string): string {
  return text.replace(UNDRAWABLE, "").replace(/\s+/g, " ").trim();
}

function text(value: string, x: number, y: number, size: number, attrs: string): string {
  return `<text x="${x}" y="${Math.round(y)}" font-size="${size}" ${attrs}>${xmlText(value)}</text>`;
}

/** The name at the largest size that fits whole in up to three lines; a smaller size before a broken word. */
function nameLines(name: string): { size: number; lines: string[] } {
  let best = { size: 40, lines: wrapText(name, 40, TEXT_WIDTH, 3).lines };
  for (let size = 68; size >= 40; size -= 4) {
    const wrapped = wrapText(name, size, TEXT_WIDTH, 3);
    best = { size, lines: wrapped.lines };
    if (!wrapped.clipped && !wrapped.broken) break;
  }
  return best;
}

export function drawPackshotShare(product: PackshotSource): string {
  const facts = packshotLabel(product);
  const name = nameLines(drawable(facts.name));
  const details = drawable([facts.size, facts.strain].filter(Boolean).join(" · "));
  const thc = facts.thc ? drawable(facts.thc) : "";
  const nameTop = 196;
  // A name with nothing the font can draw leaves no gap: the facts move up.
  const nameBottom = name.lines.join("") ? nameTop + name.size * (0.95 + (name.lines.length - 1) * 1.12) : nameTop - 20;
  const parts = [
    `<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="${FOREST}"/>`,
    `<rect x="${TEXT_X}" y="92" width="120" height="10" rx="5" fill="${GOLD}"/>`,
    // Measured as 30 px type: 24 px with 3 px letter spacing is about as wide, so a long category stays left of the picture.
    text(
      wrapText(drawable(facts.category).toUpperCase(), 30, TEXT_WIDTH, 1).lines[0]!,
      TEXT_X,
      152,
      24,
      `font-weight="600" letter-spacing="3" fill="${GOLD}"`,
    ),
    ...name.lines.map((line, index) =>
      text(line, TEXT_X, nameTop + name.size * (0.95 + index * 1.12), name.size, `font-weight="800" fill="${CREAM}"`),
    ),
    details
      ? text(
          wrapText(details, 28, TEXT_WIDTH, 1).lines[0]!,
          TEXT_X,
          nameBottom + 58,
          28,
          `font-weight="600" fill="${CREAM}" opacity="0.85"`,
        )
      : "",
    thc ? text(wrapText(thc, 28, TEXT_WIDTH, 1).lines[0]!, TEXT_X, nameBottom + 104, 28, `font-weight="600" fill="${GOLD}"`) : "",
    // Only what holds for every shop: orders go by Telegram (the owner's own claims live in Settings).
    `<rect x="0" y="${SHARE_HEIGHT - 72}" width="${PICTURE.x - 40}" height="72" fill="${FOREST_DEEP}"/>`,
    text("Order on Telegram", TEXT_X, SHARE_HEIGHT - 26, 24, `font-weight="600" fill="${CREAM}" opacity="0.9"`),
    `<clipPath id="picture"><rect x="${PICTURE.x}" y="${PICTURE.y}" width="${PICTURE.size}" height="${PICTURE.size}" rx="40"/></clipPath>`,
    `<g clip-path="url(#picture)"><svg x="${PICTURE.x}" y="${PICTURE.y}" width="${PICTURE.size}" height="${PICTURE.size}" viewBox="0 0 ${PACKSHOT_SIZE} ${PACKSHOT_SIZE}">${packshotArt(product)}</svg></g>`,
  ];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}">` +
    `<g font-family="${FONT}">${parts.join("")}</g></svg>`
  );
}

/** The name at the largest size that fits whole in up to two lines. */
function brandNameLines(name: string): { size: number; lines: string[] } {
  let best = { size: 56, lines: wrapText(name, 56, 1056, 2).lines };
  for (let size = 104; size >= 56; size -= 8) {
    const wrapped = wrapText(name, size, 1056, 2);
    best = { size, lines: wrapped.lines };
    if (!wrapped.clipped && !wrapped.broken) break;
  }
  return best;
}

/**
 * The brand's card as SVG: the owner's trading name and tagline (Settings) on the forest backdrop,
 * as public/share.png draws the built-in name. Drawn only from those two lines, so their hash names it.
 */
export function drawBrandShare(identity: { tradingName: string; tagline: string }): string {
  // A name in a script the font lacks draws no name (the alt text carries it), never another shop's.
  const name = brandNameLines(drawable(identity.tradingName));
  const tagline = wrapText(drawable(identity.tagline), 40, 1056, 2).lines.filter(Boolean);
  const block = name.size * (0.95 + (name.lines.length - 1) * 1.1) + tagline.length * 52 + (tagline.length ? 24 : 0);
  const nameTop = Math.max(150, (SHARE_HEIGHT - 72 - block) / 2 + 20);
  const nameBottom = nameTop + name.size * (0.95 + (name.lines.length - 1) * 1.1);
  const parts = [
    `<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="${FOREST}"/>`,
    `<rect x="${TEXT_X}" y="${Math.round(nameTop - 64)}" width="160" height="12" rx="6" fill="${GOLD}"/>`,
    ...name.lines.map((line, index) =>
      text(line, TEXT_X, nameTop + name.size * (0.95 + index * 1.1), name.size, `font-weight="800" fill="${CREAM}"`),
    ),
    ...tagline.map((line, index) => text(line, TEXT_X, nameBottom + 64 + index * 52, 40, `font-weight="600" fill="${GOLD}"`)),
    `<rect x="0" y="${SHARE_HEIGHT - 72}" width="${SHARE_WIDTH}" height="72" fill="${FOREST_DEEP}"/>`,
    `<rect x="0" y="${SHARE_HEIGHT - 76}" width="${SHARE_WIDTH}" height="4" fill="${GOLD}"/>`,
    text("Order on Telegram", TEXT_X, SHARE_HEIGHT - 26, 24, `font-weight="600" fill="${CREAM}" opacity="0.9"`),
  ];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}">` +
    `<g font-family="${FONT}">${parts.join("")}</g></svg>`
  );
}
