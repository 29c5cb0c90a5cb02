import { z } from "zod";
import type { ShopDocument } from "~/features/shop-documents/shop-document";
import type { Settings } from "~/features/settings/settings";
import { calendarDay, optionalText, requiredText, tickBox } from "./content-fields";

/**
 * The reviews the shop shows: the owner's entries, each with its date and a 'Verified' mark only
 * where the owner sets it. The /reviews figures and the home testimonials are computed from these
 * entries, never typed. A new shop has none (it says 'No reviews yet'): sample reviews by people
 * who never bought anything would be fake reviews.
 */

export const MAX_REVIEWS = 100;

const ReviewEntrySchema = z.object({
  name: requiredText(60, "Write the reviewer's name"),
  location: optionalText(60),
  rating: z
    .number({ required_error: "Choose a rating", invalid_type_error: "Choose a rating from 1 to 5" })
    .int("Choose a rating from 1 to 5")
    .min(1, "Choose a rating from 1 to 5")
    .max(5, "Choose a rating from 1 to 5"),
  date: calendarDay,
  text: requiredText(2000, "Write what the customer said"),
  product: optionalText(120),
  verified: tickBox,
  onHome: tickBox,
});

export const ReviewsContentSchema = z.object({
  title: requiredText(120),
  intro: optionalText(400),
  entries: z.array(ReviewEntrySchema).max(MAX_REVIEWS, `At most ${MAX_REVIEWS} reviews`),
});

export type ReviewEntry = z.infer<typeof ReviewEntrySchema>;
export type ReviewsContent = z.infer<typeof ReviewsContentSchema>;

/** Like every storefront document, written from the settings; its defaults happen not to need them. */
export const REVIEWS_CONTENT: ShopDocument<ReviewsContent, Settings> = {
  name: "storefront-reviews",
  schema: ReviewsContentSchema,
  defaults: () => ({
    title: "What our customers say",
    intro: "Words from people who bought from us, about our products, delivery and support.",
    entries: [],
  }),
  labels: { title: "Heading", intro: "Introduction", entries: "Reviews" },
};

export interface ReviewFigures {
  count: number;
  /** the mean rating to one decimal, or null without reviews */
  average: string | null;
  fiveStarPercent: number | null;
  verifiedPercent: number | null;
}

/** The figures /reviews shows, from its entries alone. */
export function reviewFigures(entries: readonly Pick<ReviewEntry, "rating" | "verified">[]): ReviewFigures {
  const count = entries.length;
  if (count === 0) return { count, average: null, fiveStarPercent: null, verifiedPercent: null };
  const sum = entries.reduce((total, entry) => total + entry.rating, 0);
  const percent = (n: number) => Math.round((n / count) * 100);
  return {
    count,
    average: (Math.round((sum / count) * 10) / 10).toFixed(1),
    fiveStarPercent: percent(entries.filter((entry) => entry.rating === 5).length),
    verifiedPercent: percent(entries.filter((entry) => entry.verified).length),
  };
}

/** The home page's testimonials: the entries the owner put on it, newest first, three at most. */
export function homeTestimonials(entries: readonly ReviewEntry[]): ReviewEntry[] {
  return entries
    .filter((entry) => entry.onHome)
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, 3);
}
