import { z } from "zod";
import type { ShopDocument } from "~/features/shop-documents/shop-document";
import type { Settings } from "~/features/settings/settings";
import { ABOUT_CONTENT } from "./about-content";
import { FAQ_CONTENT } from "./faq-content";
import { HOME_CONTENT } from "./home-content";
import { POLICIES_CONTENT } from "./policies-content";
import { REVIEWS_CONTENT } from "./reviews-content";

/** The admin Storefront area's sections: one document each, edited on its own page. */
export const STOREFRONT_PATH = "/admin/storefront";

export const SECTION_KEYS = ["home", "reviews", "faq", "about", "policies"] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export const SectionKeySchema = z.enum(SECTION_KEYS);

export interface StorefrontSection {
  title: string;
  description: string;
  /** the public pages that show it */
  pages: readonly string[];
}

export const SECTIONS: Record<SectionKey, StorefrontSection> = {
  home: {
    title: "Home page",
    description:
      "The welcome banner and badges, the deal banner, the category tiles, featured products, the promise band, your stats line and the appointments band.",
    pages: ["/"],
  },
  reviews: {
    title: "Reviews",
    description:
      "Your customers' reviews with their dates: /reviews counts and averages them, and the ones you pick show on the home page.",
    pages: ["/reviews", "/"],
  },
  faq: { title: "FAQ", description: "The questions and answers on the FAQ page.", pages: ["/faq"] },
  about: { title: "About", description: "Your story, what you stand for and your team.", pages: ["/about"] },
  policies: {
    title: "Policies",
    description: "Privacy, shipping, returns and refunds, and terms: each its own page, linked from every page's footer.",
    pages: ["/privacy", "/shipping", "/returns", "/terms"],
  },
};

/** Each one's defaults are written from the shop's settings. */
const DOCUMENTS: Record<SectionKey, ShopDocument<unknown, Settings>> = {
  home: HOME_CONTENT,
  reviews: REVIEWS_CONTENT,
  faq: FAQ_CONTENT,
  about: ABOUT_CONTENT,
  policies: POLICIES_CONTENT,
};

/** A section's document. */
export function sectionDocument(key: SectionKey): ShopDocument<unknown, Settings> {
  return DOCUMENTS[key];
}
