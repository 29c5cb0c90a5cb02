import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { concatParts, readImageFacts, tiffOrientation, uprightSize, withoutMetadata } from "../../app/features/photos/photo-container";
import { makePhotoFixtures, PRIVATE_TOKENS, type FixtureName } from "../../scripts/photo-fixtures";

/**
 * The container reader and the metadata stripper (docs/decisions/022) on real files made with
 * ImageMagick and exiftool (scripts/photo-fixtures.ts), and on random bytes.
 */

let fixtures: Record<FixtureName, Uint8Array>;
beforeAll(() => {
  fixtures = makePhotoFixtures({ width: 320, height: 240 });
}, 120_000);

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

/** Every trace of the fixture's metadata a stripped copy must not hold. */
function metadataTraces(bytes: Uint8Array): string[] {
  const text = latin1(bytes);
  const markers = ["Exif\0\0", "http://ns.adobe.com/xap", "x:xmpmeta", "Photoshop 3.0", ...Object.values(PRIVATE_TOKENS)];
  return markers.filter((marker) => text.includes(marker));
}

describe("readImageFacts", () => {
  it.each([
    ["privacy", { format: "jpeg", width: 320, height: 240, orientation: 6, animated: false }],
    ["orientation8", { format: "jpeg", width: 64, height: 32, orientation: 8 }],
    ["small", { format: "jpeg", width: 320, height: 240, orientation: 1 }],
    ["cmyk", { format: "jpeg", width: 96, height: 64 }],
    ["deepPng", { format: "png", width: 96, height: 64 }],
    ["metadataPng", { format: "png", orientation: 6 }],
    ["metadataWebp", { format: "webp", width: 96, height: 64, orientation: 6 }],
    ["metadataGif", { format: "gif", width: 96, height: 64, animated: false }],
    ["animatedGif", { format: "gif", width: 48, height: 48, animated: true, pixels: 3 * 48 * 48 }],
    ["animatedWebp", { format: "webp", width: 48, height: 48, animated: true }],
    ["bomb", { format: "png", width: 20_000, height: 20_000, pixels: 400_000_000 }],
    ["hugeItxt", { format: "png", width: 96, height: 64 }],
    // Cut short or damaged after the header: the size is still known; the decoder judges the rest.
    ["truncatedJpeg", { format: "jpeg", width: 320, height: 240 }],
    ["truncatedPng", { format: "png", width: 96, height: 64 }],
    ["corruptJpeg", { format: "jpeg", width: 320, height: 240 }],
  ] as const)("%s", (name, expected) => {
    const result = readImageFacts(fixtures[name]);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.facts).toMatchObject(expected);
  });

  it("refuses HEIC and anything that is not a JPG, PNG, WEBP or GIF", () => {
    expect(readImageFacts(fixtures.heic)).toEqual({ ok: false, reason: "The file is not a JPG, PNG, WEBP or GIF image" });
    expect(readImageFacts(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")).ok).toBe(false);
  });

  it("reads the size from the first bytes of a file (the upload's head)", () => {
    const head = fixtures.privacy.subarray(0, Math.min(fixtures.privacy.length, 64 * 1024));
    expect(readImageFacts(head)).toMatchObject({ ok: true, facts: { width: 320, height: 240, orientation: 6 } });
    // A JPEG cut before its frame header has no size to read.
    expect(readImageFacts(fixtures.privacy.subarray(0, 200))).toMatchObject({ ok: false });
  });

  it("turns orientations 5 to 8 upright by swapping the sides", () => {
    expect(uprightSize({ width: 4000, height: 3000, orientation: 6 })).toEqual({ width: 3000, height: 4000 });
    expect(uprightSize({ width: 4000, height: 3000, orientation: 3 })).toEqual({ width: 4000, height: 3000 });
  });
});

describe("tiffOrientation", () => {
  /** A one-entry TIFF IFD holding the orientation tag, in either byte order. */
  function tiff(orientation: number, little: boolean) {
    const bytes = new Uint8Array(26);
    const view = new DataView(bytes.buffer);
    bytes.set(little ? [0x49, 0x49] : [0x4d, 0x4d]);
    view.setUint16(2, 42, little);
    view.setUint32(4, 8, little);
    view.setUint16(8, 1, little);
    view.setUint16(10, 0x0112, little);
    view.setUint16(12, 3, little);
    view.setUint32(14, 1, little);
    view.setUint16(18, orientation, little);
    return bytes;
  }

  it("reads both byte orders and ignores values outside 1-8", () => {
    expect(tiffOrientation(tiff(6, true))).toBe(6);
    expect(tiffOrientation(tiff(8, false))).toBe(8);
    expect(tiffOrientation(tiff(9, true))).toBe(1);
    expect(tiffOrientation(new Uint8Array([1, 2, 3]))).toBe(1);
  });
});

describe("withoutMetadata", () => {
  it.each(["privacy", "metadataPng", "metadataWebp", "metadataGif"] as const)(
    "%s keeps its pixels and loses EXIF, GPS, XMP, IPTC and comments",
    (name) => {
      const original = fixtures[name];
      expect(metadataTraces(original).length).toBeGreaterThan(0);
      const stripped = concatParts(withoutMetadata(original)!);
      expect(metadataTraces(stripped)).toEqual([]);
      const before = readImageFacts(original);
      const after = readImageFacts(stripped);
      expect(after.ok && before.ok && { width: after.facts.width, height: after.facts.height }).toEqual(
        before.ok && { width: before.facts.width, height: before.facts.height },
      );
      // The orientation went with the EXIF block: the pipeline applies it itself.
      expect(after.ok && after.facts.orientation).toBe(1);
    },
  );

  it("drops a 2 MB iTXt chunk and keeps a valid PNG", () => {
    const stripped = concatParts(withoutMetadata(fixtures.hugeItxt)!);
    expect(stripped.length).toBeLessThan(1024);
    expect(latin1(stripped)).not.toContain("XML:com.adobe.xmp");
    expect(readImageFacts(stripped)).toMatchObject({ ok: true, facts: { width: 96, height: 64 } });
  });

  it("drops whatever follows a JPEG's end marker", () => {
    const trailer = new TextEncoder().encode(`TRAILER ${PRIVATE_TOKENS.latitude}`);
    const stripped = concatParts(withoutMetadata(concatParts([fixtures.privacy, trailer]))!);
    expect(latin1(stripped)).not.toContain("TRAILER");
    expect(stripped.subarray(-2)).toEqual(new Uint8Array([0xff, 0xd9]));
  });

  it("rewrites a WebP's RIFF size for the chunks it keeps", () => {
    const stripped = concatParts(withoutMetadata(fixtures.metadataWebp)!);
    expect(new DataView(stripped.buffer, stripped.byteOffset).getUint32(4, true)).toBe(stripped.length - 8);
  });

  it("never throws on random bytes, or on random bytes behind a real header", () => {
    const headers = [
      fixtures.small.subarray(0, 30),
      fixtures.deepPng.subarray(0, 40),
      fixtures.animatedGif.subarray(0, 20),
      fixtures.metadataWebp.subarray(0, 40),
    ];
    fc.assert(
      fc.property(fc.integer({ min: -1, max: headers.length - 1 }), fc.uint8Array({ maxLength: 512 }), (which, tail) => {
        const bytes = which < 0 ? tail : concatParts([headers[which]!, tail]);
        readImageFacts(bytes);
        withoutMetadata(bytes);
      }),
      { numRuns: fcRuns(500) },
    );
  });
});
