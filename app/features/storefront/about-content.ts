import { z } from "zod";
import type { ShopDocument } from "~/features/shop-documents/shop-document";
import { SITE } from "~/features/site/site";
import { optionalText, requiredText } from "./content-fields";

/** The About page's words: the story, the values and the team, as the owner writes them. */

export const AboutContentSchema = z.object({
  title: requiredText(120),
  intro: optionalText(600),
  storyTitle: requiredText(80),
  /** paragraphs, separated by a blank line */
  story: optionalText(6000),
  valuesTitle: requiredText(80),
  values: z.array(z.object({ title: requiredText(60), text: optionalText(300) })).max(8, "At most 8 values"),
  teamTitle: requiredText(80),
  teamIntro: optionalText(300),
  /** empty: the team section is hidden */
  team: z.array(z.object({ name: requiredText(60, "Write a name"), role: optionalText(80) })).max(12, "At most 12 people"),
});

export type AboutContent = z.infer<typeof AboutContentSchema>;

export const ABOUT_CONTENT: ShopDocument<AboutContent> = {
  name: "storefront-about",
  schema: AboutContentSchema,
  defaults: () => ({
    title: "Grown with care, delivered with respect",
    intro: `${SITE.name} brings cannabis to adults across the country, with honest prices, discreet packaging and a team you can actually talk to.`,
    storyTitle: "Our story",
    story: [
      "We started as a handful of friends who were tired of guessing what was in the products we bought. So we went straight to the growers, and built a shop where every price is clear and lab reports are shared where we have them.",
      `Today we ship flower, concentrates, edibles and disposables nationwide in ${SITE.delivery}. Checkout takes no card and no payment online: you review your cart, send the order as a Telegram message, we confirm the details with you, and you pay when it arrives.`,
      "Bulk buyers get real bulk prices, and everyone gets the same care, whether it is one gummy or a pound of live resin.",
    ].join("\n\n"),
    valuesTitle: "What we stand for",
    values: [
      { title: "Quality First", text: "We source from growers we know by name, and we only list what we would use ourselves." },
      {
        title: "Trust & Safety",
        text: "A product's lab report is on its page where we have one, and we answer any question about what is inside.",
      },
      { title: "Fast Delivery", text: `Discreet nationwide delivery in ${SITE.delivery}, packed to arrive fresh and unmarked.` },
      { title: "Excellence", text: `Real people answer in Telegram, from first question to delivery.` },
    ],
    teamTitle: "Meet the team",
    teamIntro: "A small crew of growers and customer-care people who answer every message themselves.",
    team: [
      { name: "Maya Chen", role: "Founder & Head of Sourcing" },
      { name: "Jordan Reyes", role: "Quality" },
      { name: "Sam Okafor", role: "Customer Care Lead" },
    ],
  }),
  labels: {
    title: "Heading",
    intro: "Introduction",
    storyTitle: "Story heading",
    story: "Story",
    valuesTitle: "Values heading",
    values: "Values",
    teamTitle: "Team heading",
    teamIntro: "Team introduction",
    team: "Team",
  },
};
