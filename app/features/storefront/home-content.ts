import { z } from "zod";
import type { ShopDocument } from "~/features/shop-documents/shop-document";
import { POPULAR, TRENDING } from "~/features/site/content/home";
import type { Settings } from "~/features/settings/settings";
import { localLink, optionalText, requiredText } from "./content-fields";
import { defaultWords, fitting, methodsSentence, spaced, type DefaultWords } from "./default-words";

/**
 * The home page's words, as the owner writes them: the welcome banner and its badges, the deal
 * banner, the category tiles, the featured products (picked from the catalogue), the promise band,
 * the stats line and the appointments band.
 * A new shop's defaults keep the original texts, except claims no data backs: no invented figures
 * (the stats line starts hidden), no 'lab tested' on every product, no round-the-clock support; they
 * name the shop and its delivery from the settings (default-words.ts).
 */

/** A featured product: its id ("12"), or a built-in catalogue key for a new shop's defaults. */
const featuredRef = z
  .string({ required_error: "Choose a product" })
  .trim()
  .regex(/^(\d{1,9}|[a-z][a-z0-9-]{0,99})$/, "Choose a product from the list");

export const MAX_FEATURED = 6;

/**
 * The category tiles' words. The tiles themselves (links, pictures) are fixed, so the owner writes
 * one entry per tile, in the tiles' order.
 */
const TilesSchema = z.object({
  newDrops: z.object({
    eyebrow: optionalText(40),
    title: requiredText(40),
    text: optionalText(160),
    linkLabel: requiredText(40),
  }),
  trendingTitle: requiredText(80),
  trending: z
    .array(z.object({ title: requiredText(60), text: optionalText(160) }))
    .length(TRENDING.length, `Write all ${TRENDING.length} trending tiles`),
  popularTitle: requiredText(80),
  popular: z.array(z.object({ title: requiredText(60) })).length(POPULAR.length, `Write all ${POPULAR.length} category tiles`),
});

function defaultTiles(): z.infer<typeof TilesSchema> {
  return {
    newDrops: {
      eyebrow: "Just landed",
      title: "NEW DROPS",
      text: "The latest strains and products, fresh this week.",
      linkLabel: "See what's new",
    },
    trendingTitle: "Trending Now",
    trending: TRENDING.map(({ title, text }) => ({ title, text })),
    popularTitle: "Popular Categories",
    popular: POPULAR.map(({ title }) => ({ title })),
  };
}

/** The in-town appointments band; the shop's hours follow its text. */
const AppointmentsSchema = z.object({
  title: requiredText(80),
  text: requiredText(300),
  buttonLabel: requiredText(40),
  /** the Telegram message the button starts */
  message: requiredText(200),
});

function defaultAppointments(): z.infer<typeof AppointmentsSchema> {
  return {
    title: "In town? Book an appointment",
    text: "Message us on Telegram to pick up in person or see products before you buy",
    buttonLabel: "Book on Telegram",
    message: "Hi! I'd like to book an in-town appointment.",
  };
}

/** The bounds of the lines a new shop's defaults write the trading name into. */
const WELCOME_EYEBROW_MAX = 80;
const BAND_TITLE_MAX = 80;
const PROMISE_TITLE_MAX = 60;

export const HomeContentSchema = z.object({
  welcome: z.object({
    eyebrow: optionalText(WELCOME_EYEBROW_MAX),
    heading: requiredText(120),
    text: optionalText(400),
    badges: z.array(z.object({ label: requiredText(40) })).max(4, "At most 4 badges"),
    buttonLabel: requiredText(40),
  }),
  deal: z.object({
    eyebrow: optionalText(40),
    title: requiredText(60),
    text: optionalText(200),
    linkLabel: requiredText(40),
    link: localLink,
  }),
  featured: z.object({
    title: requiredText(80),
    products: z.array(featuredRef).max(MAX_FEATURED, `At most ${MAX_FEATURED} featured products`),
  }),
  promise: z.object({
    eyebrow: optionalText(60),
    title: requiredText(BAND_TITLE_MAX),
    items: z.array(z.object({ title: requiredText(PROMISE_TITLE_MAX), text: optionalText(240) })).max(8, "At most 8 promises"),
  }),
  stats: z.object({
    title: requiredText(BAND_TITLE_MAX),
    /** Empty: the stats line is hidden. */
    items: z.array(z.object({ value: requiredText(20), label: requiredText(40) })).max(6, "At most 6 figures"),
  }),
  testimonialsTitle: requiredText(80),
  // Versions saved before these blocks were the owner's read with the original texts.
  tiles: TilesSchema.default(defaultTiles),
  appointments: AppointmentsSchema.default(defaultAppointments),
});

export type HomeContent = z.infer<typeof HomeContentSchema>;

/** A new shop's featured products: built-in catalogue keys (a catalogue without them features none). */
export const NEW_SHOP_FEATURED = ["gelato-punch-aaaa-exotic", "wedding-cake-live-resin-lb", "wild-berry-gummies"];

const RANGE = "Flower, concentrates, edibles and disposables";

/** The welcome's line under the heading: what the shop sells and how it reaches you. */
function welcomeText(words: DefaultWords): string {
  if (words.shipping !== null) return `${RANGE}, shipped ${words.area}${spaced(words.shipping)}.`;
  return `${RANGE}.${spaced(methodsSentence(words))}`;
}

/** The promise band's delivery item: shipping's time, or the ways the owner offers. */
function deliveryPromise(words: DefaultWords): { title: string; text: string } {
  if (words.shipping !== null)
    return {
      title: words.nationwide ? "Nationwide delivery" : fitting(PROMISE_TITLE_MAX, `Delivery ${words.area}`, "Delivery to your door"),
      text: words.shipping ? `Delivered to your door ${words.shipping}.` : "Delivered to your door.",
    };
  return {
    title: "Your way to get it",
    text: words.methods ? `${words.methods}: you choose at checkout.` : "We agree it with you on Telegram.",
  };
}

function homeDefaults(settings: Settings): HomeContent {
  const words = defaultWords(settings);
  return {
    welcome: {
      eyebrow: fitting(WELCOME_EYEBROW_MAX, `Welcome to ${words.name}`, "Welcome"),
      heading: "Premium cannabis, delivered discreetly",
      text: welcomeText(words),
      badges: [{ label: "Discreet packaging" }, { label: "Fast Delivery" }, { label: "Support daily" }],
      buttonLabel: "Shop now",
    },
    // The built-in catalogue's sale prices are 25% below their compare-at prices; 'today only' was not true.
    deal: {
      eyebrow: "Daily Deal",
      title: "25% OFF",
      text: "on select items.",
      linkLabel: "Shop the deal",
      link: "/shop?sale=1",
    },
    featured: { title: "Featured Products", products: [...NEW_SHOP_FEATURED] },
    promise: {
      eyebrow: "Why shoppers choose us",
      title: fitting(BAND_TITLE_MAX, `The ${words.name} promise`, "Our promise"),
      items: [
        { title: "Lab reports you can read", text: "Where a product has a lab report, its page shows it; ask us about any other." },
        { title: "Discreet packaging", text: "Plain, smell-proof parcels with nothing on the outside to say what is inside." },
        deliveryPromise(words),
        { title: "Pay on delivery", text: "Order in a Telegram message; nothing is charged online, you pay when it arrives." },
      ],
    },
    stats: { title: fitting(BAND_TITLE_MAX, `${words.name} in numbers`, "In numbers"), items: [] },
    testimonialsTitle: "What customers say",
    tiles: defaultTiles(),
    appointments: defaultAppointments(),
  };
}

export const HOME_CONTENT: ShopDocument<HomeContent, Settings> = {
  name: "storefront-home",
  schema: HomeContentSchema,
  defaults: homeDefaults,
  labels: {
    welcome: "Welcome banner",
    deal: "Deal banner",
    featured: "Featured products",
    promise: "Promise",
    stats: "Stats line",
    testimonialsTitle: "Testimonials heading",
    tiles: "Category tiles",
    appointments: "Appointments band",
  },
};

/** A featured reference read as a product id, or null when it is a catalogue key. */
export function featuredProductId(ref: string): number | null {
  return /^\d+$/.test(ref) ? Number(ref) : null;
}
