/**
 * The home page's testimonials, stats, featured cards, tiles and promises (SPEC sections 2 and 9).
 * Plain data, no I/O; one module per page, so a page's JavaScript carries no other page's content.
 */
import { SITE } from "~/features/site/site";

export interface Testimonial {
  name: string;
  location: string;
  rating: number;
  text: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: "Chris D.",
    location: "San Diego, CA",
    rating: 5,
    text: "Top-shelf quality every single time. The team is quick on Telegram and delivery is always on schedule.",
  },
  {
    name: "Nina L.",
    location: "Chicago, IL",
    rating: 5,
    text: "Love that everything is lab tested. The gummies are consistent and the packaging is completely discreet.",
  },
  {
    name: "Andre P.",
    location: "Miami, FL",
    rating: 5,
    text: "Best bulk prices I have found, and they actually answer at 10 PM. My go-to shop now.",
  },
];

/** Home page stats (SPEC section 9). */
export const HOME_STATS = [
  { value: "2500+", label: "Happy customers" },
  { value: "4.9/5", label: "Average rating" },
  { value: "100%", label: "Lab tested" },
  { value: "5K+", label: "Reviews" },
] as const;

export interface FeaturedProduct {
  name: string;
  category: string;
  price: string;
  thc: string;
  badge: string;
  /** What its packshot is drawn from (the home loader draws it, app/features/media/packshot.server.ts). */
  packshot: { category: string; strainType: string | null; thcContent: string | null };
}

/** Three static cards on the home page; each links to the shop. */
export const FEATURED_PRODUCTS: readonly FeaturedProduct[] = [
  {
    name: "Gelato Punch AAAA Exotic",
    category: "Flower",
    price: "$525 for 5+",
    thc: "THC 28-32%",
    packshot: { category: "gelato-punch", strainType: "hybrid", thcContent: "28-32%" },
    badge: "Best seller",
  },
  {
    name: "Wedding Cake Live Resin",
    category: "Concentrates",
    price: "$900 / lb",
    thc: "THC 75-80%",
    packshot: { category: "concentrates", strainType: "hybrid", thcContent: "75-80%" },
    badge: "Lab tested",
  },
  {
    name: "Wild Berry Gummies",
    category: "Edibles",
    price: "From $4.00",
    thc: "10mg per piece",
    packshot: { category: "edibles", strainType: "hybrid", thcContent: "10mg per piece" },
    badge: "Bulk tiers",
  },
];

export const WELCOME_FEATURES = [
  { label: "Lab Tested", path: "M9 3h6M10 3v6.5L5 18a2 2 0 0 0 1.8 3h10.4A2 2 0 0 0 19 18l-5-8.5V3M7.5 14h9" },
  { label: "Fast Delivery", path: "M3 6h11v10H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-.1M17 19a2 2 0 1 0 0-.1" },
  { label: "24/7 Support", path: "M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H5a1 1 0 0 1-1-1zm16 0h-3v6h2a1 1 0 0 0 1-1z" },
] as const;

export const TRENDING = [
  {
    to: "/shop/concentrates",
    title: "Concentrates",
    text: "Live resin, badder, diamonds and shatter by the pound.",
    image: "/art/concentrates-2.svg",
  },
  { to: "/shop/edibles", title: "Edibles", text: "Fruity gummies with bulk tiers from 100 to 1000 units.", image: "/art/edibles-2.svg" },
] as const;

export const POPULAR = [
  { to: "/shop", title: "All Products", image: "/art/indoors-1.svg" },
  { to: "/shop/concentrates", title: "Concentrates", image: "/art/concentrates-3.svg" },
  { to: "/shop/edibles", title: "Edibles", image: "/art/edibles-3.svg" },
  { to: "/shop/deps", title: "Deps", image: "/art/deps-1.svg" },
] as const;

export const PROMISES = [
  { title: "Lab-tested quality", text: "Every product is tested for potency and purity before it reaches our shelves." },
  { title: "Discreet packaging", text: "Plain, smell-proof parcels with nothing on the outside to say what is inside." },
  { title: "Nationwide delivery", text: `Delivered to your door in ${SITE.delivery}, tracked all the way.` },
  { title: "Pay on delivery", text: "Order in a Telegram message; nothing is charged online, you pay when it arrives." },
] as const;
