/**
 * The variants shoppers get of an uploaded photo (docs/decisions/022): a ladder of widths, each in
 * AVIF, WebP and JPEG, a 1200x630 crop for link previews and a tiny blurred placeholder. Pure rules
 * shared by the pipeline (what to make), the serving route (which bytes answer a URL) and every
 * component that shows a photo (srcset and sizes per layout).
 *
 * A variant URL names the upload and a slot, never a format: `/images/{key}/w640`. The server picks
 * AVIF, WebP or JPEG from the browser's Accept header (`Vary: Accept`), so the markup stays one
 * `srcset` and a browser without JavaScript gets the same choice.
 */
import { productImagePath, UPLOADS_PREFIX } from "./photo-urls";
import type { ImageFacts, Orientation } from "./photo-container";

/** Every width a photo is made at. The product's 400 and 800 are on it (resizedWidth). */
export const VARIANT_WIDTHS = [160, 320, 400, 640, 800, 960, 1200, 1600, 1920] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];
export const LARGEST_WIDTH: VariantWidth = 1920;

export type VariantFormat = "avif" | "webp" | "jpeg";
const VARIANT_FORMATS: readonly VariantFormat[] = ["avif", "webp", "jpeg"];
export const FORMAT_TYPES: Record<VariantFormat, "image/avif" | "image/webp" | "image/jpeg"> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};
export const FORMAT_EXTENSIONS: Record<VariantFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

/**
 * Output quality on Cloudflare's 1-100 scale: WebP and JPEG at the product's 85; AVIF at 50, which
 * looks like JPEG 85 at about half its bytes. (The local engine ignores quality; decision 022.)
 */
export const VARIANT_QUALITY: Record<VariantFormat, number> = { avif: 50, webp: 85, jpeg: 85 };

/** Cloudflare encodes AVIF only up to 1,200 px on a side (Images limits); larger slots hold WebP there. */
export const AVIF_MAX_SIDE = 1200;

/** og:image: the 1200x630 crop link previews expect. */
export const OG_SIZE = { width: 1200, height: 630 } as const;
/** The blurred placeholder shown while a photo loads: a few hundred bytes. */
const PLACEHOLDER_WIDTH = 24;

/** What the pipeline refuses before any decoding (Cloudflare Images limits for remote images). */
const MAX_PIXELS = 100_000_000;
const MAX_SIDE = 12_000;
/** The Images binding reads at most 20 MB of input. */
export const PROCESSABLE_MAX_BYTES = 20 * 1024 * 1024;
/** Below this width the owner is told the photo will look soft on large screens. */
export const SMALL_PHOTO_WIDTH = 800;

export type VariantSlot = `w${VariantWidth}` | "og" | "lqip";

export function isVariantSlot(value: string): value is VariantSlot {
  if (value === "og" || value === "lqip") return true;
  return VARIANT_WIDTHS.some((width) => value === `w${width}`);
}

/** Slot of a width on the ladder. */
export const widthSlot = (width: VariantWidth): VariantSlot => `w${width}`;

/** The formats a slot is kept in: og is always JPEG (every preview crawler reads it). */
function slotFormats(slot: VariantSlot): readonly VariantFormat[] {
  if (slot === "og") return ["jpeg"];
  if (slot === "lqip") return ["webp", "jpeg"];
  return VARIANT_FORMATS;
}

/** R2 key of one variant, beside (never replacing) the private original. */
export const variantObjectKey = (key: string, slot: VariantSlot, format: VariantFormat) =>
  `variants/${key}/${slot}.${FORMAT_EXTENSIONS[format]}`;
export const variantPrefix = (key: string) => `variants/${key}/`;

// ---------------------------------------------------------------------------------------------
// URLs

/** Keys of uploads: letters, digits, dot, dash, underscore; no "..". */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The upload key behind an image value (any form productImagePath accepts), or null for anything else (art, packshots, other sites). */
export function uploadedImageKey(value: string | null | undefined): string | null {
  const path = productImagePath(value);
  if (!path.startsWith(UPLOADS_PREFIX)) return null;
  const key = path.slice(UPLOADS_PREFIX.length);
  return KEY.test(key) && !key.includes("..") && key.length <= 200 ? key : null;
}

export const variantUrl = (key: string, slot: VariantSlot) => `${UPLOADS_PREFIX}${key}/${slot}`;

/** The sizing rule: 400 below 300 wide, 800 up to 600 wide, else the requested size. */
export function resizedWidth(requested: number): number {
  if (requested < 300) return 400;
  if (requested <= 600) return 800;
  return Math.round(requested);
}

/** The product's rule on the ladder: the smallest width at least as wide as resizedWidth (the largest when none is). */
export function variantWidthFor(requested: number): VariantWidth {
  const wanted = resizedWidth(requested);
  return VARIANT_WIDTHS.find((width) => width >= wanted) ?? LARGEST_WIDTH;
}

/** A sized URL for one image value: a variant for an upload, the value as is for art, packshots and other sites. */
export function sizedImageUrl(value: string | null | undefined, requestedWidth: number): string {
  const key = uploadedImageKey(value);
  return key ? variantUrl(key, widthSlot(variantWidthFor(requestedWidth))) : productImagePath(value);
}

// ---------------------------------------------------------------------------------------------
// Layouts: which widths a place may need, and how wide it is drawn (the `sizes` attribute)

export interface ImageLayout {
  /** The narrowest and widest ladder widths worth offering here. */
  min: VariantWidth;
  max: VariantWidth;
  sizes: string;
}

/**
 * Every place a product photo appears. `sizes` follows the CSS: container-page is 1280 px wide at
 * most with 1 rem padding (1.5 rem from 640 px); the shop grid is two-up on phones, three from
 * 768 px, four from 1280 px (with the filter column beside it from 1024 px).
 */
export const IMAGE_LAYOUTS = {
  /** Grid cards: /shop, categories, home rails. */
  card: { min: 160, max: 800, sizes: "(min-width: 1280px) 260px, (min-width: 1024px) 22vw, (min-width: 768px) 31vw, 48vw" },
  /** List-view cards: 112 px on phones, 176 px from 640 px. */
  cardList: { min: 160, max: 400, sizes: "(min-width: 640px) 176px, 112px" },
  /** The product page's main image: full width on phones, half the page from 1024 px. */
  gallery: { min: 320, max: 1600, sizes: "(min-width: 1280px) 600px, (min-width: 1024px) 46vw, calc(100vw - 2rem)" },
  /** The full-screen zoom dialog: the largest. */
  zoom: { min: 640, max: 1920, sizes: "100vw" },
  /** Gallery thumbnails, six to a row. */
  thumb: { min: 160, max: 320, sizes: "(min-width: 1024px) 90px, 15vw" },
  /** Cart lines on the checkout page (96 px) and in the drawer (64 px). */
  cartLine: { min: 160, max: 320, sizes: "96px" },
  drawer: { min: 160, max: 320, sizes: "64px" },
  /** Search suggestions and admin thumbnails. */
  suggestion: { min: 160, max: 160, sizes: "40px" },
  adminThumb: { min: 160, max: 320, sizes: "64px" },
  /** Home page tiles (96 px squares). */
  tile: { min: 160, max: 320, sizes: "96px" },
} as const satisfies Record<string, ImageLayout>;
export type ImageLayoutName = keyof typeof IMAGE_LAYOUTS;

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  /** A tiny blurred copy to paint while the photo loads (uploads only). */
  placeholder?: string;
}

/**
 * src, srcset and sizes for one image in one layout. An upload gets its ladder between the
 * layout's bounds (`src` is the widest, for browsers without srcset); anything else is used as is.
 */
export function responsiveImage(value: string | null | undefined, layoutName: ImageLayoutName): ResponsiveImage {
  const key = uploadedImageKey(value);
  if (!key) return { src: productImagePath(value) };
  const layout: ImageLayout = IMAGE_LAYOUTS[layoutName];
  const widths = VARIANT_WIDTHS.filter((width) => width >= layout.min && width <= layout.max);
  return {
    src: variantUrl(key, widthSlot(layout.max)),
    srcSet: widths.map((width) => `${variantUrl(key, widthSlot(width))} ${width}w`).join(", "),
    sizes: layout.sizes,
    placeholder: variantUrl(key, "lqip"),
  };
}

// ---------------------------------------------------------------------------------------------
// Serving: the format for a browser

/** AVIF when the browser says it takes it, then WebP, else JPEG (every browser). */
export function negotiateFormat(accept: string | null | undefined): VariantFormat {
  const types = (accept ?? "")
    .toLowerCase()
    .split(",")
    .map((part) => part.split(";"))
    .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
    .map(([type]) => type!.trim());
  if (types.includes("image/avif")) return "avif";
  if (types.includes("image/webp")) return "webp";
  return "jpeg";
}

// ---------------------------------------------------------------------------------------------
// The pipeline's plan

/** Turns that bring stored pixels upright, in order: a mirror first, then a clockwise rotation. */
export interface Upright {
  flip?: "h" | "v";
  rotate?: 90 | 180 | 270;
}

export function uprightTransforms(orientation: Orientation): Upright {
  switch (orientation) {
    case 2:
      return { flip: "h" };
    case 3:
      return { rotate: 180 };
    case 4:
      return { flip: "v" };
    case 5:
      return { flip: "h", rotate: 270 };
    case 6:
      return { rotate: 90 };
    case 7:
      return { flip: "h", rotate: 90 };
    case 8:
      return { rotate: 270 };
    default:
      return {};
  }
}

/** Why the pipeline will not take an image, or null when it will (the limits above, before any decoding). */
export function refusalReason(facts: Pick<ImageFacts, "width" | "height" | "pixels">): string | null {
  if (facts.pixels > MAX_PIXELS) {
    return `The image is ${facts.width}×${facts.height} pixels${facts.pixels > facts.width * facts.height ? " across its frames" : ""}; the most we can prepare is 100 megapixels`;
  }
  if (Math.max(facts.width, facts.height) > MAX_SIDE) {
    return `The image is ${facts.width}×${facts.height} pixels; the most we can prepare is 12,000 pixels on a side`;
  }
  return null;
}

/** Where one made image is stored: a slot in a format (the bytes may be of another format, see planVariants). */
export interface VariantOutput {
  slot: VariantSlot;
  format: VariantFormat;
}

export interface VariantJob {
  /** Width to ask for (never wider than the upright photo: nothing is enlarged). */
  width: number;
  format: VariantFormat;
  /** Every slot and format these bytes answer (a small photo's wider slots share its full-size copy). */
  outputs: VariantOutput[];
}

/**
 * What to make from an upright working copy `width` px wide: each ladder width (capped at the
 * copy's width, so equal results are made once) in each format, and the placeholder. AVIF only
 * where Cloudflare encodes it (AVIF_MAX_SIDE): there the WebP bytes also answer the slot's AVIF
 * requests, so every slot has an object for every format it serves and serving never looks twice.
 * The og crop is a separate job (it crops).
 */
export function planVariants(upright: { width: number; height: number }): VariantJob[] {
  const jobs = new Map<string, VariantJob>();
  const add = (width: number, format: VariantFormat, ...outputs: VariantOutput[]) => {
    const id = `${width}.${format}`;
    const job = jobs.get(id) ?? { width, format, outputs: [] };
    job.outputs.push(...outputs);
    jobs.set(id, job);
  };
  for (const ladder of VARIANT_WIDTHS) {
    const width = Math.min(ladder, upright.width);
    const height = Math.round((upright.height * width) / upright.width);
    const slot = widthSlot(ladder);
    add(width, "jpeg", { slot, format: "jpeg" });
    if (Math.max(width, height) <= AVIF_MAX_SIDE) {
      add(width, "webp", { slot, format: "webp" });
      add(width, "avif", { slot, format: "avif" });
    } else {
      add(width, "webp", { slot, format: "webp" }, { slot, format: "avif" });
    }
  }
  const tiny = Math.min(PLACEHOLDER_WIDTH, upright.width);
  add(tiny, "webp", { slot: "lqip", format: "webp" });
  add(tiny, "jpeg", { slot: "lqip", format: "jpeg" });
  return [...jobs.values()];
}

/** Every object a finished set holds, og included: what the pipeline checks before calling a set ready. */
export function expectedOutputs(): VariantOutput[] {
  const outputs: VariantOutput[] = [];
  for (const width of VARIANT_WIDTHS) for (const format of VARIANT_FORMATS) outputs.push({ slot: widthSlot(width), format });
  outputs.push({ slot: "lqip", format: "webp" }, { slot: "lqip", format: "jpeg" }, { slot: "og", format: "jpeg" });
  return outputs;
}

/** The stored format that answers a request for `slot` from a browser that takes `negotiated`. */
export function servedFormat(slot: VariantSlot, negotiated: VariantFormat): VariantFormat {
  const formats = slotFormats(slot);
  return formats.includes(negotiated) ? negotiated : formats[0]!;
}
