import {
  LABEL_COLOURS,
  packshotColours,
  packshotLabel,
  packshotPalette,
  STRAIN_COLOURS,
  type PackshotLabel,
  type PackshotShape,
  type PackshotSource,
} from "./packshot";

/**
 * The one module that draws packshots: an original SVG per product, made from its data —
 * packaging by category and name, a label with the name, weight or pack size, strain type and THC,
 * and colours from the name. Deterministic: the same facts give the same bytes (the URL's hash and
 * a year of caching rely on it). No I/O; app/routes/packshots.$id.$file.ts serves it.
 */

const SIZE = 800;
// Unquoted family names (valid CSS), so the SVG may be inlined with either quote.
const FONT = "Inter, Helvetica Neue, Arial, Liberation Sans, Noto Sans, sans-serif";

type Colours = ReturnType<typeof packshotColours>;
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

// ---------------------------------------------------------------------------------------------
// Text: cleaned for XML, measured roughly, wrapped and clamped so any name fits its label.

/** Characters XML 1.0 allows (no C0 controls but tab/newline, no lone surrogates, no U+FFFE/FFFF). */
// eslint-disable-next-line no-control-regex -- the C0 controls XML forbids are what this matches
const XML_DISALLOWED = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value
    .replace(XML_DISALLOWED, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Width of one character in em, generous for a bold sans: wide for CJK, emoji and capitals. */
function charWidth(char: string): number {
  const code = char.codePointAt(0)!;
  if (
    code >= 0x1100 &&
    (code <= 0x115f ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      code >= 0x1f000)
  )
    return 1.05;
  if (char === " ") return 0.3;
  if (/[il.,:;'!|]/.test(char)) return 0.32;
  if (/[A-Z0-9%#@&MWmw]/.test(char)) return /[MWmw@%]/.test(char) ? 0.9 : 0.7;
  return 0.6;
}

function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) em += charWidth(char);
  return em * fontSize;
}

/** Cut to fit `width`, ending in an ellipsis (whole code points, never half a surrogate pair). Linear time. */
function clampLine(text: string, fontSize: number, width: number): string {
  if (textWidth(text, fontSize) <= width) return text;
  const budget = width / fontSize - charWidth("…");
  let used = 0;
  let end = 0;
  for (const char of text) {
    used += charWidth(char);
    if (used > budget) break;
    end += char.length;
  }
  return `${text.slice(0, Math.max(end, text.codePointAt(0)! > 0xffff ? 2 : 1)).trimEnd()}…`;
}

/** Greedy word wrap into at most `maxLines`; a word wider than a line is broken; the rest is ellipsized. */
export function wrapText(
  text: string,
  fontSize: number,
  width: number,
  maxLines: number,
): { lines: string[]; clipped: boolean; broken: boolean } {
  const clean = text.replace(XML_DISALLOWED, "").replace(/\s+/g, " ").trim();
  if (!clean) return { lines: [""], clipped: false, broken: false };
  // Words wider than a line (long names without spaces, CJK runs) become several pieces.
  const tokens: string[] = [];
  let broken = false;
  for (const word of clean.split(" ")) {
    if (textWidth(word, fontSize) <= width) {
      tokens.push(word);
      continue;
    }
    broken = true;
    let piece = "";
    let pieceWidth = 0;
    for (const char of word) {
      const w = charWidth(char) * fontSize;
      if (piece && pieceWidth + w > width) {
        tokens.push(piece);
        piece = "";
        pieceWidth = 0;
      }
      piece += char;
      pieceWidth += w;
    }
    if (piece) tokens.push(piece);
  }
  const lines: string[] = [];
  let line = "";
  for (let index = 0; index < tokens.length; index++) {
    const candidate = line ? `${line} ${tokens[index]}` : tokens[index]!;
    if (!line || textWidth(candidate, fontSize) <= width) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = tokens[index]!;
    if (lines.length === maxLines) {
      lines[maxLines - 1] = clampLine(`${lines[maxLines - 1]} ${tokens.slice(index).join(" ")}`, fontSize, width);
      return { lines, clipped: true, broken };
    }
  }
  lines.push(line);
  return { lines, clipped: false, broken };
}

/**
 * One line of text. Lines are wrapped and clamped by a deliberately wide measure (textWidth), so
 * they fit in any ordinary sans; no textLength, which would also stretch the short ones.
 */
function textLine(text: string, x: number, y: number, size: number, attrs: string): string {
  return `<text x="${r(x)}" y="${r(y)}" font-size="${r(size)}" ${attrs}>${xmlText(text)}</text>`;
}

const r = (value: number) => Math.round(value * 10) / 10;

// ---------------------------------------------------------------------------------------------
// The label: category, name, then the size pill with the strain, and the THC on the last line.

function label(box: Box, facts: PackshotLabel, colours: Colours): string {
  const pad = Math.max(16, box.w * 0.075);
  const inner = box.w - pad * 2;
  const x = box.x + pad;
  const parts: string[] = [
    `<rect x="${r(box.x)}" y="${r(box.y)}" width="${r(box.w)}" height="${r(box.h)}" rx="${r(Math.min(22, box.w * 0.06))}" fill="${LABEL_COLOURS.paper}" stroke="${colours.labelEdge}" stroke-width="3"/>`,
  ];

  let top = box.y + pad;
  if (box.h >= 220) {
    const brandSize = Math.max(11, Math.min(19, (inner - 45) / 11.5));
    parts.push(
      textLine(
        clampLine(facts.category.toUpperCase(), brandSize, inner),
        x,
        top + brandSize,
        brandSize,
        `font-weight="600" letter-spacing="2.5" fill="${LABEL_COLOURS.muted}"`,
      ),
    );
    top += brandSize + 14;
  }

  // Bottom rows, from the bottom up: THC, then the size pill beside the strain type.
  // Detail text shrinks (down to 16) before it is cut, so "THC 10mg per piece" stays whole on narrow labels.
  const detailSize = Math.max(16, Math.min(30, Math.max(19, box.w * 0.085), facts.thc ? inner / (textWidth(facts.thc, 1) || 1) : 30));
  const bottom = box.y + box.h - pad;
  let rowsTop = bottom;
  if (facts.thc) {
    parts.push(
      textLine(
        clampLine(facts.thc, detailSize, inner),
        x,
        bottom - detailSize * 0.18,
        detailSize,
        `font-weight="700" fill="${LABEL_COLOURS.ink}"`,
      ),
    );
    rowsTop -= detailSize * 1.25;
  }
  const pillSize = detailSize * 0.88;
  if (facts.size || facts.strain) {
    const rowY = rowsTop - pillSize * 0.25;
    let cursor = x;
    if (facts.size) {
      const pillText = clampLine(facts.size, pillSize, inner * 0.6 - pillSize);
      const pillWidth = Math.min(inner * 0.6, textWidth(pillText, pillSize) + pillSize);
      parts.push(
        `<rect x="${r(cursor)}" y="${r(rowY - pillSize * 1.05)}" width="${r(pillWidth)}" height="${r(pillSize * 1.45)}" rx="${r(pillSize * 0.72)}" fill="${colours.pill}"/>`,
        textLine(pillText, cursor + pillSize * 0.5, rowY, pillSize, `font-weight="700" fill="${LABEL_COLOURS.paper}"`),
      );
      cursor += pillWidth + pillSize * 0.5;
    }
    if (facts.strain) {
      const dot = pillSize * 0.32;
      const room = x + inner - cursor - dot * 3;
      if (room > pillSize * 2) {
        parts.push(
          `<circle cx="${r(cursor + dot)}" cy="${r(rowY - pillSize * 0.33)}" r="${r(dot)}" fill="${STRAIN_COLOURS.get(facts.strain.toLowerCase()) ?? LABEL_COLOURS.muted}"/>`,
          textLine(
            clampLine(facts.strain, pillSize, room),
            cursor + dot * 3,
            rowY,
            pillSize,
            `font-weight="600" fill="${LABEL_COLOURS.ink}"`,
          ),
        );
      }
    }
    rowsTop -= pillSize * 1.9;
  }

  // The name fills what is left: the largest size at which it fits whole in up to 3 lines.
  const room = rowsTop - top - 8;
  const largest = Math.min(64, Math.max(26, box.w * 0.2));
  let name = { size: 20, lines: wrapText(facts.name, 20, inner, Math.max(1, Math.min(3, Math.floor(room / 22)))).lines };
  for (let size = largest; size >= 20; size -= 2) {
    const maxLines = Math.min(3, Math.floor(room / (size * 1.1)));
    if (maxLines < 1) continue;
    const wrapped = wrapText(facts.name, size, inner, maxLines);
    name = { size, lines: wrapped.lines };
    // Prefer a smaller size to a word broken across lines.
    if (!wrapped.clipped && !wrapped.broken) break;
  }
  name.lines.forEach((line, index) => {
    parts.push(textLine(line, x, top + name.size * (0.95 + index * 1.1), name.size, `font-weight="800" fill="${LABEL_COLOURS.ink}"`));
  });
  return `<g font-family="${FONT}">${parts.join("")}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Packaging: each draws its shape and says where its label goes.

type Drawing = { art: string; label: Box };

function shine(x: number, y: number, h: number): string {
  return `<rect x="${x}" y="${y}" width="18" height="${h}" rx="9" fill="#ffffff" opacity="0.28"/>`;
}

const SHAPES: Record<PackshotShape, (c: Colours, name: string) => Drawing> = {
  jar: (c) => ({
    art:
      `<rect x="222" y="262" width="356" height="430" rx="46" fill="${c.body}"/>` +
      `<rect x="206" y="196" width="388" height="86" rx="20" fill="${c.trim}"/>` +
      `<path d="M226 220h348M226 240h348M226 260h348" stroke="${c.accent}" stroke-width="3" opacity="0.45"/>` +
      shine(240, 300, 340),
    label: { x: 258, y: 318, w: 284, h: 336 },
  }),
  cartridge: (c) => ({
    art:
      `<rect x="344" y="216" width="270" height="476" rx="26" fill="${c.body}"/>` +
      `<rect x="344" y="216" width="270" height="58" rx="26" fill="${c.trim}"/>` +
      `<rect x="196" y="130" width="104" height="80" rx="30" fill="${c.trim}"/>` +
      `<rect x="186" y="196" width="124" height="496" rx="44" fill="${c.bodyLight}"/>` +
      `<rect x="222" y="262" width="52" height="190" rx="24" fill="#f5b433" opacity="0.9"/>` +
      `<rect x="222" y="262" width="52" height="190" rx="24" fill="none" stroke="${c.trim}" stroke-width="6"/>` +
      `<circle cx="248" cy="610" r="16" fill="${c.accent}"/>` +
      shine(204, 480, 150),
    label: { x: 368, y: 300, w: 222, h: 364 },
  }),
  pouch: (c) => ({
    art:
      `<path d="M214 178h372l-6 464q-2 50-52 50H272q-50 0-52-50z" fill="${c.body}"/>` +
      `<rect x="214" y="178" width="372" height="40" fill="${c.trim}"/>` +
      `<path d="M214 236h372" stroke="${c.accent}" stroke-width="5" stroke-dasharray="14 10"/>` +
      `<path d="M214 178l12 10-12 10M586 178l-12 10 12 10" fill="${c.backdrop}"/>` +
      `<g fill="${c.accent}"><circle cx="300" cy="640" r="20"/><circle cx="356" cy="652" r="20"/><circle cx="412" cy="640" r="20"/><circle cx="468" cy="652" r="20"/><circle cx="524" cy="640" r="18"/></g>` +
      shine(232, 260, 330),
    label: { x: 252, y: 266, w: 296, h: 340 },
  }),
  slab: (c, name) => ({
    art:
      `<rect x="136" y="236" width="528" height="420" rx="18" fill="${c.body}"/>` +
      `<rect x="452" y="266" width="184" height="360" rx="14" fill="#f3e3b5"/>` +
      (/crumble/i.test(name)
        ? `<g fill="#e2a72e">${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => `<circle cx="${490 + (i % 3) * 52 + (i % 2) * 10}" cy="${306 + Math.floor(i / 3) * 84}" r="${20 + (i % 4) * 3}"/>`).join("")}</g>`
        : `<path d="M474 300l140-12 6 150-58 170-94-8z" fill="#d98c14" opacity="0.92"/><path d="M500 320l80 60-60 120" stroke="#fff3c4" stroke-width="8" fill="none" opacity="0.7"/>`) +
      `<rect x="452" y="266" width="184" height="360" rx="14" fill="none" stroke="${c.trim}" stroke-width="8"/>`,
    label: { x: 166, y: 266, w: 262, h: 360 },
  }),
  "crystal-jar": (c) => ({
    art:
      `<rect x="196" y="312" width="408" height="380" rx="40" fill="#ffffff" opacity="0.55" stroke="${c.body}" stroke-width="6"/>` +
      `<g fill="${c.shape}" stroke="${c.body}" stroke-width="4" stroke-linejoin="round"><path d="M232 676l26-52 34 18 10 34z"/><path d="M300 680l20-70 44 24 4 46z"/><path d="M384 680l30-62 36 30-6 32z"/><path d="M458 680l24-48 40 20 8 28z"/><path d="M530 680l18-40 30 16 2 24z"/></g>` +
      `<rect x="182" y="248" width="436" height="80" rx="18" fill="${c.trim}"/>` +
      shine(214, 350, 230),
    label: { x: 232, y: 352, w: 336, h: 252 },
  }),
  "dab-jar": (c) => ({
    art:
      `<rect x="202" y="402" width="396" height="290" rx="36" fill="${c.body}"/>` +
      `<rect x="186" y="282" width="428" height="136" rx="24" fill="${c.trim}"/>` +
      `<path d="M${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((i) => `${216 + i * 28} 298v104`).join("M")}" stroke="${c.accent}" stroke-width="6" opacity="0.5"/>` +
      shine(220, 430, 220),
    label: { x: 232, y: 432, w: 336, h: 232 },
  }),
  wrapper: (c) => ({
    art:
      `<rect x="112" y="246" width="576" height="376" rx="14" fill="${c.body}"/>` +
      `<path d="M112 246h64v376h-64zM624 246h64v376h-64z" fill="#d9dde2"/>` +
      `<path d="M112 246${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => ` l-12 ${i % 2 ? 16 : 15} l12 ${i % 2 ? 16 : 15}`).join("")}" fill="none" stroke="#b8bec6" stroke-width="4"/>` +
      `<path d="M176 246v376M624 246v376" stroke="${c.trim}" stroke-width="6"/>` +
      `<path d="M196 272h408M196 596h408" stroke="${c.accent}" stroke-width="6" opacity="0.7"/>`,
    label: { x: 222, y: 292, w: 356, h: 284 },
  }),
  bottle: (c) => ({
    art:
      `<rect x="246" y="306" width="308" height="386" rx="40" fill="${c.body}"/>` +
      `<rect x="270" y="270" width="260" height="54" rx="10" fill="${c.bodyLight}"/>` +
      `<rect x="232" y="188" width="336" height="104" rx="18" fill="${c.trim}"/>` +
      `<path d="M${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => `${256 + i * 29} 202v76`).join("M")}" stroke="${c.accent}" stroke-width="5" opacity="0.45"/>` +
      shine(262, 340, 300),
    label: { x: 270, y: 346, w: 260, h: 312 },
  }),
  "five-pack": (c) => ({
    art:
      [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<rect x="${204 + i * 78}" y="${172 + (i % 2) * 22}" width="62" height="200" rx="30" fill="${i % 2 ? c.accent : c.bodyLight}"/>`,
        )
        .join("") +
      `<rect x="176" y="318" width="448" height="374" rx="22" fill="${c.body}"/>` +
      `<path d="M176 346h448" stroke="${c.trim}" stroke-width="10"/>` +
      `<text x="586" y="668" font-family="${FONT}" font-size="30" font-weight="800" fill="${c.backdrop}" text-anchor="end" opacity="0.9">×5</text>`,
    label: { x: 206, y: 372, w: 388, h: 260 },
  }),
  "pre-roll": (c) => ({
    art:
      `<path d="M318 120l34 0 12 200h-58z" fill="#f6efe0" stroke="#cdbb95" stroke-width="4"/><path d="M314 120h42v22h-42z" fill="${c.accent}"/>` +
      `<path d="M432 150l34 0 12 170h-58z" fill="#f6efe0" stroke="#cdbb95" stroke-width="4"/><path d="M428 150h42v22h-42z" fill="${c.accent}"/>` +
      `<rect x="222" y="296" width="356" height="396" rx="24" fill="${c.body}"/>` +
      `<path d="M222 334h356" stroke="${c.trim}" stroke-width="10"/>` +
      shine(240, 360, 300),
    label: { x: 256, y: 356, w: 288, h: 306 },
  }),
};

function backdrop(pattern: number, c: Colours): string {
  const shapes = [
    `<circle cx="400" cy="380" r="300" fill="${c.shape}"/>`,
    `<path d="M120 704V380a280 280 0 0 1 560 0v324z" fill="${c.shape}"/>`,
    `<rect x="150" y="110" width="500" height="500" rx="90" transform="rotate(12 400 360)" fill="${c.shape}"/>`,
    `<circle cx="400" cy="380" r="320" fill="none" stroke="${c.shape}" stroke-width="60"/><circle cx="400" cy="380" r="200" fill="${c.shape}"/>`,
  ];
  return `<rect width="${SIZE}" height="${SIZE}" fill="${c.backdrop}"/>${shapes[pattern % shapes.length]}<ellipse cx="400" cy="704" rx="300" ry="30" fill="#000000" opacity="0.12"/>`;
}

/** The side of a packshot's square drawing, in SVG units. */
export const PACKSHOT_SIZE = SIZE;

/** What a packshot draws, without its <svg> wrapper: for the packshot itself and the share image that shows it. */
export function packshotArt(product: PackshotSource): string {
  const facts = packshotLabel(product);
  const palette = packshotPalette(product);
  const colours = packshotColours(palette);
  const shape = SHAPES[facts.shape](colours, product.name);
  return backdrop(palette.pattern, colours) + shape.art + label(shape.label, facts, colours);
}

/** The packshot of a product, as SVG text. */
export function drawPackshot(product: PackshotSource): string {
  const facts = packshotLabel(product);
  const title = [facts.name, facts.size, facts.strain, facts.thc].filter(Boolean).join(", ");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img">` +
    `<title>${xmlText(title)}</title>` +
    packshotArt(product) +
    `</svg>`
  );
}
