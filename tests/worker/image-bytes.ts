import { PRIVATE_TOKENS } from "./photo-names";

/**
 * Reading served image bytes in the workers pool: every metadata block a JPEG, PNG, WebP or AVIF
 * can carry, found by walking its structure, plus a scan for the fixture's own words; and a
 * decoder for the tiny PNGs the orientation test asks the Images binding for.
 */

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) => new DataView(b.buffer, b.byteOffset + i, 4).getUint32(0);

function jpegMetadata(b: Uint8Array): string[] {
  const found: string[] = [];
  let p = 2;
  while (p + 4 <= b.length && b[p] === 0xff) {
    const marker = b[p + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    const length = u16be(b, p + 2);
    const id = ascii(b, p + 4, 12);
    const name = `APP${marker - 0xe0}`;
    if (marker === 0xe1) found.push(`${name} ${id.startsWith("Exif") ? "EXIF" : id.startsWith("http://ns.adobe.com") ? "XMP" : "block"}`);
    else if (marker === 0xe2 && !id.startsWith("ICC_PROFILE")) found.push(`${name} ${id}`);
    else if (marker === 0xed) found.push("APP13 IPTC/Photoshop");
    else if (marker > 0xe2 && marker <= 0xef && marker !== 0xee) found.push(`${name} block`);
    else if (marker === 0xfe) found.push("COM comment");
    p += 2 + length;
  }
  return found;
}

function pngMetadata(b: Uint8Array): string[] {
  const found: string[] = [];
  let p = 8;
  while (p + 8 <= b.length) {
    const length = u32be(b, p);
    const type = ascii(b, p + 4, 4);
    if (["tEXt", "zTXt", "iTXt", "eXIf", "tIME"].includes(type)) found.push(`PNG ${type}`);
    p += 12 + length;
  }
  return found;
}

function webpMetadata(b: Uint8Array): string[] {
  const found: string[] = [];
  let p = 12;
  while (p + 8 <= b.length) {
    const type = ascii(b, p, 4);
    const length = new DataView(b.buffer, b.byteOffset + p + 4, 4).getUint32(0, true);
    if (type === "EXIF" || type === "XMP ") found.push(`WebP ${type}`);
    if (type === "ANIM" || type === "ANMF") found.push(`WebP ${type} (animation)`);
    p += 8 + length + (length % 2);
  }
  return found;
}

/** AVIF (ISO-BMFF): metadata travels as items of type 'Exif' or 'mime' (XMP) listed in the meta box. */
function avifMetadata(b: Uint8Array): string[] {
  const text = ascii(b, 0, Math.min(b.length, 8192));
  const found: string[] = [];
  if (/infe[\s\S]{4,12}Exif/.test(text)) found.push("AVIF Exif item");
  if (/infe[\s\S]{4,12}mime/.test(text)) found.push("AVIF mime (XMP) item");
  return found;
}

/** Every metadata block in the image, and any of the fixture's words anywhere in its bytes. */
export function metadataIn(bytes: Uint8Array): string[] {
  let found: string[];
  if (bytes[0] === 0xff && bytes[1] === 0xd8) found = jpegMetadata(bytes);
  else if (ascii(bytes, 1, 3) === "PNG") found = pngMetadata(bytes);
  else if (ascii(bytes, 0, 4) === "RIFF") found = webpMetadata(bytes);
  else if (ascii(bytes, 4, 4) === "ftyp") found = avifMetadata(bytes);
  else return ["not an image we serve"];
  const all = new TextDecoder("latin1").decode(bytes);
  for (const marker of [
    "Exif\0\0",
    "II*\0",
    "MM\0*",
    "http://ns.adobe.com",
    "xmpmeta",
    "Photoshop 3.0",
    ...Object.values(PRIVATE_TOKENS),
  ]) {
    if (all.includes(marker)) found.push(`the bytes "${marker.replace(/\0/g, "\\0")}"`);
  }
  return found;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes.slice()]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** RGB of every pixel of a small 8-bit RGB or RGBA PNG, row by row. */
export async function pngPixels(bytes: Uint8Array): Promise<{ width: number; height: number; pixels: [number, number, number][] }> {
  let p = 8;
  let width = 0;
  let height = 0;
  let channels = 3;
  const data: Uint8Array[] = [];
  while (p + 8 <= bytes.length) {
    const length = u32be(bytes, p);
    const type = ascii(bytes, p + 4, 4);
    const body = bytes.subarray(p + 8, p + 8 + length);
    if (type === "IHDR") {
      width = u32be(body, 0);
      height = u32be(body, 4);
      if (body[8] !== 8) throw new Error(`bit depth ${body[8]} is not read here`);
      channels = { 2: 3, 6: 4, 0: 1, 4: 2 }[body[9]!] ?? 3;
    }
    if (type === "IDAT") data.push(body);
    p += 12 + length;
  }
  const raw = await inflate(new Uint8Array(data.flatMap((chunk) => [...chunk])));
  const stride = width * channels;
  const rows: Uint8Array[] = [];
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.slice(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const up = rows[y - 1] ?? new Uint8Array(stride);
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? line[x - channels]! : 0;
      const upLeft = x >= channels ? up[x - channels]! : 0;
      const paeth = () => {
        const estimate = left + up[x]! - upLeft;
        const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up[x]!), Math.abs(estimate - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up[x]! : upLeft;
      };
      const add = [0, left, up[x]!, Math.floor((left + up[x]!) / 2), paeth()][filter] ?? 0;
      line[x] = (line[x]! + add) & 0xff;
    }
    rows.push(line);
  }
  const pixels: [number, number, number][] = [];
  for (const row of rows) {
    for (let x = 0; x < width; x++) {
      const at = x * channels;
      pixels.push(channels < 3 ? [row[at]!, row[at]!, row[at]!] : [row[at]!, row[at + 1]!, row[at + 2]!]);
    }
  }
  return { width, height, pixels };
}
