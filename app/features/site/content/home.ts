/**
 * The home page's testimonials, stats and featured cards (SPEC sections 2 and 9).
 * Plain data, no I/O; one module per page, so a page's JavaScript carries no other page's content.
 */

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
