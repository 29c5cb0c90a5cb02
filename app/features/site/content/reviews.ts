/**
 * The reviews page's sample reviews and headline stats (SPEC section 9).
 * Plain data, no I/O; one module per page, so a page's JavaScript carries no other page's content.
 */

export interface Review {
  id: number;
  name: string;
  location: string;
  rating: number;
  text: string;
  verified: boolean;
  helpful: number;
  /** ISO date, shown in a human format. */
  date: string;
  product: string;
}

export const REVIEWS: readonly Review[] = [
  {
    id: 1,
    name: "Marcus T.",
    location: "Los Angeles, CA",
    rating: 5,
    text: "The Gelato Punch is the real deal: dense, frosty buds with a sweet, fruity nose. Ordering through Telegram took two minutes and it arrived in two days, perfectly packed.",
    verified: true,
    helpful: 24,
    date: "2024-11-18",
    product: "Gelato Punch AAAA Exotic",
  },
  {
    id: 2,
    name: "Jasmine R.",
    location: "Denver, CO",
    rating: 5,
    text: "I take the watermelon gummies for sleep and the dosing is spot on every time. Great taste, no weird aftertaste, and the bulk tiers make them very affordable.",
    verified: true,
    helpful: 18,
    date: "2024-11-09",
    product: "Watermelon Gummies",
  },
  {
    id: 3,
    name: "Derek S.",
    location: "Seattle, WA",
    rating: 4,
    text: "Solid live resin with a clean terpene profile. Shipping took the full three days, but the team kept me updated the whole way and answered every question.",
    verified: true,
    helpful: 11,
    date: "2024-10-27",
    product: "Wedding Cake Live Resin (1lb)",
  },
  {
    id: 4,
    name: "Priya K.",
    location: "Austin, TX",
    rating: 5,
    text: "Discreet packaging, fast delivery and the Blue Dream disposable hits smooth to the last pull. Support replied within minutes late in the evening.",
    verified: true,
    helpful: 15,
    date: "2024-10-14",
    product: "Blue Dream 2G Disposable",
  },
  {
    id: 5,
    name: "Tom W.",
    location: "Portland, OR",
    rating: 5,
    text: "Ordered Pala for my shop and the 5+ unit price was honoured without any back and forth. Consistent quality across every unit, and the lab results were shared when I asked.",
    verified: false,
    helpful: 9,
    date: "2024-09-30",
    product: "Pala Runtz",
  },
  {
    id: 6,
    name: "Alicia M.",
    location: "Phoenix, AZ",
    rating: 4,
    text: "The diamonds are potent and beautifully clear. I would love more sample sizes, but for quality and service this is the best shop I have used.",
    verified: true,
    helpful: 7,
    date: "2024-09-12",
    product: "Gelato 41 Diamonds (1lb)",
  },
];

/** Headline stats of the reviews page (SPEC section 9). */
export const REVIEW_STATS = [
  { value: "2,847+", label: "Reviews" },
  { value: "4.8", label: "Average rating" },
  { value: "89%", label: "Five-star" },
  { value: "94%", label: "Verified buyers" },
] as const;
