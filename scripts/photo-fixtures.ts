/**
 * Test photos made on the spot with ImageMagick (`convert`) and exiftool:
 * a phone-like photo with GPS and the rest of a camera's metadata, EXIF-rotated images whose colours
 * tell which way is up, and the bad input the pipeline must refuse or survive (damaged, cut short,
 * a decompression bomb, animations, CMYK, 16-bit, HEIC, a PNG with a huge iTXt chunk).
 *
 * Used by the unit tests, the worker tests (vitest.worker.config.ts hands them to the workers pool
 * with `provide`) and the bench (two 4000x3000 phone photos). Small unless asked otherwise.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { PRIVATE_TOKENS, type FixtureName } from "../tests/worker/photo-names";

export { PRIVATE_TOKENS, type FixtureName };

function run(command: string, args: string[]) {
  execFileSync(command, args, { stdio: ["ignore", "ignore", "pipe"] });
}

/** exiftool's arguments that write a phone's worth of metadata, GPS first. */
function metadataArgs(orientation: number) {
  return [
    "-overwrite_original",
    `-GPSLatitude=${PRIVATE_TOKENS.latitude}`,
    "-GPSLatitudeRef=N",
    `-GPSLongitude=${PRIVATE_TOKENS.longitude}`,
    "-GPSLongitudeRef=E",
    "-GPSAltitude=12.5",
    "-GPSDateStamp=2026:11:01",
    `-Make=${PRIVATE_TOKENS.make}`,
    `-Model=${PRIVATE_TOKENS.model}`,
    `-Artist=${PRIVATE_TOKENS.artist}`,
    `-Copyright=${PRIVATE_TOKENS.artist}`,
    `-SerialNumber=SN-${PRIVATE_TOKENS.make}-0042`,
    `-UserComment=${PRIVATE_TOKENS.comment}`,
    `-Comment=${PRIVATE_TOKENS.comment}`,
    `-XMP-dc:Creator=${PRIVATE_TOKENS.artist}`,
    `-XMP-dc:Description=${PRIVATE_TOKENS.comment}`,
    `-IPTC:By-line=${PRIVATE_TOKENS.artist}`,
    `-IPTC:City=${PRIVATE_TOKENS.comment}`,
    `-Orientation#=${orientation}`,
  ];
}

export interface PhotoOptions {
  width: number;
  height: number;
  /** EXIF orientation to write (the pixels stay as stored). */
  orientation?: number;
  /** ImageMagick's plasma with some grain looks and compresses like a phone photo; a gradient is cheaper. */
  kind?: "plasma" | "gradient";
  seed?: number;
  quality?: number;
}

/** A JPEG with a phone's metadata (GPS, camera, owner, XMP, IPTC, comment) and an orientation. */
export function makePhoto(dir: string, name: string, options: PhotoOptions): string {
  const file = join(dir, name);
  const size = `${options.width}x${options.height}`;
  const source =
    options.kind === "plasma"
      ? ["-seed", String(options.seed ?? 7), `plasma:forestgreen-goldenrod`, "-attenuate", "0.4", "+noise", "Gaussian"]
      : ["gradient:#2f6b3a-#e0b34a"];
  run("convert", ["-size", size, ...source, "-quality", String(options.quality ?? 90), file]);
  run("exiftool", [...metadataArgs(options.orientation ?? 1), file]);
  return file;
}

/** 64x32: the left half red, the right half blue, stored landscape, with an EXIF orientation. */
function orientedHalves(dir: string, orientation: number): Uint8Array {
  const file = join(dir, `halves-${orientation}.jpg`);
  run("convert", ["-size", "32x32", "xc:#ff0000", "-size", "32x32", "xc:#0000ff", "+append", "-quality", "95", file]);
  run("exiftool", ["-overwrite_original", `-Orientation#=${orientation}`, file]);
  return readFileSync(file);
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), Buffer.from(data)]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A 20,000 x 20,000 one-bit PNG of nothing: 50 KB that asks a decoder for 400 megapixels. */
export function decompressionBomb(side = 20_000): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale
  const row = Buffer.alloc(1 + Math.ceil(side / 8));
  const rows = Buffer.alloc(row.length * side);
  const idat = deflateSync(rows, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", idat),
    pngChunk("IEND", new Uint8Array()),
  ]);
}

/** A real PNG with an iTXt chunk of `size` bytes of XMP-looking text inserted before its image data. */
function withHugeItxt(png: Uint8Array, size: number): Uint8Array {
  const header = Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>${PRIVATE_TOKENS.artist} `, "latin1");
  const filler = Buffer.alloc(size - header.length, "A");
  const chunk = pngChunk("iTXt", Buffer.concat([header, filler]));
  const bytes = Buffer.from(png);
  const ihdrEnd = 8 + 25;
  return Buffer.concat([bytes.subarray(0, ihdrEnd), chunk, bytes.subarray(ihdrEnd)]);
}

/**
 * Every fixture, as bytes. `privacySize` is the GPS photo's size: 4000x3000 like a phone's (the worker
 * test of the whole set), or small for quick unit tests.
 */
export function makePhotoFixtures(
  privacySize: { width: number; height: number } = { width: 4000, height: 3000 },
): Record<FixtureName, Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), "photo-fixtures-"));
  try {
    const file = (name: string) => join(dir, name);
    const privacy = readFileSync(makePhoto(dir, "privacy.jpg", { ...privacySize, orientation: 6, kind: "gradient" }));

    run("convert", ["-size", "320x240", "gradient:#2f6b3a-#e0b34a", "-quality", "90", file("small.jpg")]);
    const small = readFileSync(file("small.jpg"));
    const smallPng = file("small.png");
    run("convert", ["-size", "96x64", "gradient:#2f6b3a-#e0b34a", smallPng]);
    const png = readFileSync(smallPng);

    run("convert", ["-size", "96x64", "gradient:#2f6b3a-#e0b34a", "-colorspace", "CMYK", "-quality", "90", file("cmyk.jpg")]);
    run("convert", ["-size", "96x64", "gradient:#2f6b3a-#e0b34a", "-depth", "16", `png48:${file("deep.png")}`]);
    run("convert", ["-delay", "20", "-size", "48x48", "xc:#2f6b3a", "xc:#e0b34a", "xc:#b8323f", "-loop", "0", file("anim.gif")]);
    run("convert", ["-delay", "20", "-size", "48x48", "xc:#2f6b3a", "xc:#e0b34a", "-loop", "0", file("anim.webp")]);

    // The same metadata in the other formats (exiftool writes EXIF, XMP and GPS into PNG and WebP, XMP and a comment into GIF).
    run("convert", ["-size", "96x64", "gradient:#2f6b3a-#e0b34a", "-depth", "8", file("meta.png")]);
    run("convert", ["-size", "96x64", "gradient:#2f6b3a-#e0b34a", "-quality", "85", file("meta.webp")]);
    run("convert", ["-size", "96x64", "gradient:#2f6b3a-#e0b34a", file("meta.gif")]);
    run("exiftool", [...metadataArgs(6).filter((arg) => !arg.startsWith("-IPTC")), file("meta.png"), file("meta.webp")]);
    run("exiftool", [
      "-overwrite_original",
      `-XMP-dc:Creator=${PRIVATE_TOKENS.artist}`,
      `-Comment=${PRIVATE_TOKENS.comment}`,
      file("meta.gif"),
    ]);

    // Damaged: the scan data after the first bytes replaced with noise.
    const sos = small.indexOf(Buffer.from([0xff, 0xda]));
    const corrupt = Buffer.concat([small.subarray(0, sos + 40), Buffer.alloc(600, 0x55), Buffer.from([0xff, 0xd9])]);
    // Cut short: half a JPEG (no end marker), a PNG without its last chunks.
    const truncatedJpeg = small.subarray(0, Math.floor(small.length / 2));
    const truncatedPng = png.subarray(0, png.length - 30);
    // HEIC: an ISO-BMFF "ftyp heic" header (what an iPhone's original starts with).
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"), Buffer.alloc(64)]);

    return {
      privacy,
      orientation6: orientedHalves(dir, 6),
      orientation8: orientedHalves(dir, 8),
      small,
      cmyk: readFileSync(file("cmyk.jpg")),
      deepPng: readFileSync(file("deep.png")),
      animatedGif: readFileSync(file("anim.gif")),
      animatedWebp: readFileSync(file("anim.webp")),
      corruptJpeg: corrupt,
      truncatedJpeg,
      truncatedPng,
      bomb: decompressionBomb(),
      hugeItxt: withHugeItxt(png, 2 * 1024 * 1024),
      heic,
      metadataPng: readFileSync(file("meta.png")),
      metadataWebp: readFileSync(file("meta.webp")),
      metadataGif: readFileSync(file("meta.gif")),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** For the bench: a 4000x3000 phone photo (about 4-6 MB) with its metadata, written to `file` (smaller when asked). */
export function writePhonePhoto(file: string, seed: number, size: { width: number; height: number } = { width: 4000, height: 3000 }) {
  const dir = mkdtempSync(join(tmpdir(), "phone-photo-"));
  try {
    writeFileSync(file, readFileSync(makePhoto(dir, "phone.jpg", { ...size, kind: "plasma", seed, quality: 92 })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
