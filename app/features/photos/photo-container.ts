/**
 * What an uploaded image's bytes say about it, read from its container (JPEG segments, PNG chunks,
 * GIF blocks, WebP RIFF chunks) without decoding a pixel: its format, stored size, EXIF orientation,
 * whether it animates and how many pixels it asks a decoder for. And the same bytes with every
 * metadata block left out (EXIF, GPS, XMP, IPTC, maker notes, comments, text chunks, thumbnails),
 * which is what the image pipeline hands to the Images binding (docs/decisions/022): nothing the
 * phone wrote about where or how a photo was taken can reach a variant, whatever the engine keeps.
 *
 * Pure, no I/O: used by the upload route (on the first bytes), the Queue consumer (on the whole
 * file) and unit tests. A structure that cannot be read is an `unreadable` result, never a throw.
 */

export type ContainerFormat = "jpeg" | "png" | "gif" | "webp";

/** EXIF orientation 1-8 (TIFF tag 0x0112): how the stored pixels must be turned to be seen upright. */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface ImageFacts {
  format: ContainerFormat;
  /** Stored pixel size, before the orientation is applied. */
  width: number;
  height: number;
  orientation: Orientation;
  /** More than one frame (GIF) or the animation flag (WebP). */
  animated: boolean;
  /** Pixels a decoder may be asked for: the canvas, or the sum of every frame for an animation. */
  pixels: number;
}

export type FactsResult = { ok: true; facts: ImageFacts } | { ok: false; reason: string };

/** The displayed (upright) size: orientations 5-8 swap width and height. */
export function uprightSize(facts: Pick<ImageFacts, "width" | "height" | "orientation">) {
  return facts.orientation >= 5 ? { width: facts.height, height: facts.width } : { width: facts.width, height: facts.height };
}

/** A byte, or 0 past the end: every read is bounds-checked by its caller, and bit operators treat a missing byte as 0 anyway. */
const at = (b: Uint8Array, i: number) => b[i] ?? 0;
const u16be = (b: Uint8Array, i: number) => (at(b, i) << 8) | at(b, i + 1);
const u16le = (b: Uint8Array, i: number) => at(b, i) | (at(b, i + 1) << 8);
const u24le = (b: Uint8Array, i: number) => at(b, i) | (at(b, i + 1) << 8) | (at(b, i + 2) << 16);
const u32be = (b: Uint8Array, i: number) => ((at(b, i) << 24) >>> 0) + ((at(b, i + 1) << 16) | (at(b, i + 2) << 8) | at(b, i + 3));
const u32le = (b: Uint8Array, i: number) => ((at(b, i + 3) << 24) >>> 0) + ((at(b, i + 2) << 16) | (at(b, i + 1) << 8) | at(b, i));
const ascii = (b: Uint8Array, start: number, length: number) => String.fromCharCode(...b.subarray(start, start + length));
const startsWithText = (b: Uint8Array, start: number, text: string) =>
  b.length >= start + text.length && ascii(b, start, text.length) === text;

export function containerFormat(bytes: Uint8Array): ContainerFormat | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (startsWithText(bytes, 1, "PNG\r\n\x1a\n") && bytes[0] === 0x89) return "png";
  if (startsWithText(bytes, 0, "GIF87a") || startsWithText(bytes, 0, "GIF89a")) return "gif";
  if (startsWithText(bytes, 0, "RIFF") && startsWithText(bytes, 8, "WEBP")) return "webp";
  return null;
}

// ---------------------------------------------------------------------------------------------
// EXIF orientation (a TIFF structure inside JPEG APP1, PNG eXIf or WebP EXIF)

/** The orientation tag of a TIFF block, 1 when absent or unreadable. */
export function tiffOrientation(tiff: Uint8Array): Orientation {
  if (tiff.length < 8) return 1;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  const big = tiff[0] === 0x4d && tiff[1] === 0x4d;
  if (!little && !big) return 1;
  const u16 = little ? u16le : u16be;
  const u32 = little ? u32le : u32be;
  if (u16(tiff, 2) !== 42) return 1;
  const ifd = u32(tiff, 4);
  if (ifd + 2 > tiff.length) return 1;
  const entries = u16(tiff, ifd);
  for (let n = 0; n < entries; n++) {
    const entry = ifd + 2 + n * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(tiff, entry) !== 0x0112) continue;
    // SHORT (type 3), count 1: the value sits in the first two bytes of the value field.
    if (u16(tiff, entry + 2) !== 3) return 1;
    const value = u16(tiff, entry + 8);
    // 1 to 8 are the EXIF orientations.
    return value >= 1 && value <= 8 ? (value as Orientation) : 1;
  }
  return 1;
}

// ---------------------------------------------------------------------------------------------
// JPEG: markers and segments

/** Segments a decoder needs or that carry colour: kept. Everything else (APP1-APP13, APP15, COM, non-ICC APP2) is metadata. */
function keepJpegSegment(marker: number, data: Uint8Array): boolean {
  if (marker === 0xe0) return startsWithText(data, 0, "JFIF\0"); // JFIF (a JFXX thumbnail extension is dropped)
  if (marker === 0xe2) return startsWithText(data, 0, "ICC_PROFILE\0"); // colour profile; MPF and FlashPix are not
  if (marker === 0xee) return startsWithText(data, 0, "Adobe"); // colour transform flag, needed for CMYK/YCCK
  if (marker >= 0xe0 && marker <= 0xef) return false; // APPn: EXIF, XMP, IPTC, maker blocks
  if (marker === 0xfe) return false; // COM
  return true; // tables, frame and scan headers, restart interval...
}

const isSof = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

interface JpegWalk {
  facts: ImageFacts | null;
  /** [start, end) byte ranges to keep, in order. */
  keep: Array<[number, number]>;
  reason: string | null;
}

/**
 * Walks a JPEG: every segment, and the entropy-coded data after each scan header up to the next
 * marker (0xFF00 stuffing and RSTn belong to the data). Ends at EOI; anything after it (a phone's
 * trailer, an appended second image) is dropped. A file cut short keeps what arrived.
 */
function walkJpeg(b: Uint8Array): JpegWalk {
  const keep: Array<[number, number]> = [[0, 2]];
  let orientation: Orientation = 1;
  let size: { width: number; height: number } | null = null;
  let p = 2;
  while (p < b.length) {
    if (b[p] !== 0xff) {
      // Stray bytes between segments: decoders skip them with a warning, and so do we.
      const next = b.indexOf(0xff, p);
      if (next === -1) break;
      p = next;
      continue;
    }
    let marker = b[p + 1];
    // Fill bytes: any number of 0xFF before a marker.
    while (marker === 0xff && p + 2 < b.length) {
      p++;
      marker = b[p + 1];
    }
    if (marker === undefined) break;
    if (marker === 0xd9) {
      keep.push([p, p + 2]);
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      keep.push([p, p + 2]);
      p += 2;
      continue;
    }
    if (p + 4 > b.length) break;
    const length = u16be(b, p + 2);
    if (length < 2) return { facts: null, keep, reason: "The JPEG structure is damaged (a segment has no length)" };
    const end = Math.min(p + 2 + length, b.length);
    const data = b.subarray(p + 4, end);
    if (marker === 0xe1 && startsWithText(data, 0, "Exif\0\0")) orientation = tiffOrientation(data.subarray(6));
    if (isSof(marker) && data.length >= 5) size = { height: u16be(data, 1), width: u16be(data, 3) };
    if (keepJpegSegment(marker, data)) keep.push([p, end]);
    p = end;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not stuffing or a restart.
      let q = p;
      for (;;) {
        q = b.indexOf(0xff, q);
        if (q === -1 || q + 1 >= b.length) {
          q = b.length;
          break;
        }
        const next = at(b, q + 1);
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
          q += next === 0xff ? 1 : 2;
          continue;
        }
        break;
      }
      keep.push([p, q]);
      p = q;
    }
  }
  if (!size) return { facts: null, keep, reason: "The JPEG has no frame header (it may be damaged or cut short)" };
  const pixels = size.width * size.height;
  return { facts: { format: "jpeg", ...size, orientation, animated: false, pixels }, keep, reason: null };
}

// ---------------------------------------------------------------------------------------------
// PNG: chunks

/** Chunks a decoder needs or that carry colour and transparency; text, eXIf, tIME and APNG frames are left out. */
const PNG_KEEP = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT"]);

function walkPng(b: Uint8Array): JpegWalk {
  const keep: Array<[number, number]> = [[0, 8]];
  let p = 8;
  let size: { width: number; height: number } | null = null;
  let orientation: Orientation = 1;
  while (p + 8 <= b.length) {
    const length = u32be(b, p);
    const type = ascii(b, p + 4, 4);
    const end = p + 12 + length;
    if (end > b.length) {
      // Cut short: keep a partial image-data chunk for the decoder to judge, drop anything else.
      if (type === "IDAT") keep.push([p, b.length]);
      break;
    }
    if (type === "IHDR" && length >= 8) size = { width: u32be(b, p + 8), height: u32be(b, p + 12) };
    if (type === "eXIf") orientation = tiffOrientation(b.subarray(p + 8, p + 8 + length));
    if (PNG_KEEP.has(type)) keep.push([p, end]);
    p = end;
    if (type === "IEND") break;
  }
  if (!size) return { facts: null, keep, reason: "The PNG has no header chunk (it may be damaged)" };
  return { facts: { format: "png", ...size, orientation, animated: false, pixels: size.width * size.height }, keep, reason: null };
}

// ---------------------------------------------------------------------------------------------
// GIF: blocks

function skipSubBlocks(b: Uint8Array, p: number): number {
  while (p < b.length) {
    const size = at(b, p);
    p += 1 + size;
    if (size === 0) break;
  }
  return p;
}

/** Application extensions that drive animation are kept; XMP, ICC and any other are metadata. */
const GIF_KEEP_APPLICATIONS = new Set(["NETSCAPE2.0", "ANIMEXTS1.0"]);

function walkGif(b: Uint8Array): JpegWalk {
  if (b.length < 13) return { facts: null, keep: [], reason: "The GIF is cut short" };
  const width = u16le(b, 6);
  const height = u16le(b, 8);
  const flags = at(b, 10);
  let p = 13 + (flags & 0x80 ? 3 * (1 << ((flags & 0x07) + 1)) : 0);
  const keep: Array<[number, number]> = [[0, Math.min(p, b.length)]];
  let frames = 0;
  let pixels = 0;
  while (p < b.length) {
    const introducer = at(b, p);
    if (introducer === 0x3b) {
      keep.push([p, p + 1]);
      break;
    }
    if (introducer === 0x21) {
      const label = b[p + 1];
      const end = skipSubBlocks(b, p + 2);
      const application = label === 0xff && b[p + 2] === 11 ? ascii(b, p + 3, 11) : null;
      // Graphic control (0xF9) and animation loops stay; comments (0xFE), plain text (0x01) and other applications go.
      if (label === 0xf9 || (application !== null && GIF_KEEP_APPLICATIONS.has(application))) keep.push([p, end]);
      p = end;
      continue;
    }
    if (introducer === 0x2c) {
      if (p + 10 > b.length) break;
      frames++;
      pixels += u16le(b, p + 5) * u16le(b, p + 7);
      const local = at(b, p + 9);
      const tableEnd = p + 10 + (local & 0x80 ? 3 * (1 << ((local & 0x07) + 1)) : 0);
      const end = skipSubBlocks(b, tableEnd + 1);
      keep.push([p, Math.min(end, b.length)]);
      p = end;
      continue;
    }
    return { facts: null, keep, reason: "The GIF structure is damaged (an unknown block)" };
  }
  if (frames === 0) return { facts: null, keep, reason: "The GIF holds no image" };
  return {
    facts: { format: "gif", width, height, orientation: 1, animated: frames > 1, pixels: Math.max(pixels, width * height) },
    keep,
    reason: null,
  };
}

// ---------------------------------------------------------------------------------------------
// WebP: RIFF chunks

const WEBP_DROP = new Set(["EXIF", "XMP "]);

interface WebpWalk extends JpegWalk {
  /** Offset of the VP8X flags byte, cleared of its EXIF and XMP bits in the stripped copy. */
  vp8xFlags: number | null;
}

function walkWebp(b: Uint8Array): WebpWalk {
  const keep: Array<[number, number]> = [];
  let p = 12;
  let size: { width: number; height: number } | null = null;
  let orientation: Orientation = 1;
  let animated = false;
  let vp8xFlags: number | null = null;
  let framePixels = 0;
  while (p + 8 <= b.length) {
    const type = ascii(b, p, 4);
    const length = u32le(b, p + 4);
    const end = Math.min(p + 8 + length + (length % 2), b.length);
    const data = b.subarray(p + 8, Math.min(p + 8 + length, b.length));
    if (type === "VP8X" && data.length >= 10) {
      animated = (data[0]! & 0x02) !== 0;
      vp8xFlags = p + 8;
      size = { width: u24le(data, 4) + 1, height: u24le(data, 7) + 1 };
    } else if (type === "VP8 " && !size && data.length >= 10 && data[3] === 0x9d && data[4] === 0x01 && data[5] === 0x2a) {
      size = { width: u16le(data, 6) & 0x3fff, height: u16le(data, 8) & 0x3fff };
    } else if (type === "VP8L" && !size && data.length >= 5 && data[0] === 0x2f) {
      const bits = u32le(data, 1);
      size = { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    } else if (type === "ANMF" && data.length >= 12) {
      framePixels += (u24le(data, 6) + 1) * (u24le(data, 9) + 1);
    } else if (type === "EXIF") {
      // Some writers keep the "Exif\0\0" prefix of JPEG's APP1.
      orientation = tiffOrientation(startsWithText(data, 0, "Exif\0\0") ? data.subarray(6) : data);
    }
    if (!WEBP_DROP.has(type)) keep.push([p, end]);
    p = end;
  }
  if (!size) return { facts: null, keep, reason: "The WebP has no image header (it may be damaged)", vp8xFlags };
  const pixels = Math.max(framePixels, size.width * size.height);
  return { facts: { format: "webp", ...size, orientation, animated, pixels }, keep, reason: null, vp8xFlags };
}

// ---------------------------------------------------------------------------------------------

function walk(bytes: Uint8Array): (JpegWalk & { vp8xFlags?: number | null }) | null {
  switch (containerFormat(bytes)) {
    case "jpeg":
      return walkJpeg(bytes);
    case "png":
      return walkPng(bytes);
    case "gif":
      return walkGif(bytes);
    case "webp":
      return walkWebp(bytes);
    default:
      return null;
  }
}

/** The facts of an image from its bytes (the whole file, or its first part: sizes sit near the start). */
export function readImageFacts(bytes: Uint8Array): FactsResult {
  const walked = walk(bytes);
  if (!walked) return { ok: false, reason: "The file is not a JPG, PNG, WEBP or GIF image" };
  if (!walked.facts) return { ok: false, reason: walked.reason ?? "The image could not be read" };
  if (walked.facts.width < 1 || walked.facts.height < 1) return { ok: false, reason: "The image has no pixels" };
  return { ok: true, facts: walked.facts };
}

/**
 * The image with its metadata left out, as a list of views into `bytes` (no copy): the blocks a
 * decoder needs, in order. For WebP the RIFF size and the VP8X flags are rewritten in small new
 * chunks. Returns null when the format is not one we accept.
 */
export function withoutMetadata(bytes: Uint8Array): Uint8Array[] | null {
  const walked = walk(bytes);
  if (!walked) return null;
  const ranges = walked.keep.filter(([start, end]) => end > start);
  if (containerFormat(bytes) !== "webp") return ranges.map(([start, end]) => bytes.subarray(start, end));

  // RIFF header with the new size, and the VP8X chunk's flags without EXIF (0x08) and XMP (0x04).
  const body = ranges.reduce((sum, [start, end]) => sum + end - start, 0);
  const header = bytes.slice(0, 12);
  const riffSize = body + 4;
  header.set([riffSize & 0xff, (riffSize >>> 8) & 0xff, (riffSize >>> 16) & 0xff, (riffSize >>> 24) & 0xff], 4);
  const flagsAt = walked.vp8xFlags ?? null;
  const parts = ranges.map(([start, end]) => {
    if (flagsAt === null || flagsAt < start || flagsAt >= end) return bytes.subarray(start, end);
    const copy = bytes.slice(start, end);
    copy[flagsAt - start]! &= ~0x0c;
    return copy;
  });
  return [header, ...parts];
}

/** The stripped image as one array (tests, and callers that need a single buffer). */
export function concatParts(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
