import { z } from "zod";
import type { ShopDocument } from "~/features/shop-documents/shop-document";
import type { Settings } from "~/features/settings/settings";
import { optionalText, requiredText } from "./content-fields";
import { defaultWords, methodsSentence, spaced, type DefaultWords } from "./default-words";

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

const RANGE = "flower, concentrates, edibles and disposables";

/** The story's paragraph on how the shop works today: shipping's time, or the ways the owner offers. */
function todayParagraph(words: DefaultWords): string {
  const checkout =
    "Checkout takes no card and no payment online: you review your cart, send the order as a Telegram message, we confirm the details with you, and you pay when it arrives.";
  const offer =
    words.shipping !== null
      ? `Today we ship ${RANGE} ${words.area}${spaced(words.shipping)}.`
      : `Today we offer ${RANGE}.${spaced(methodsSentence(words))}`;
  return `${offer} ${checkout}`;
}

/** The delivery value: shipping's time, or how orders are handed over. */
function deliveryValue(words: DefaultWords): { title: string; text: string } {
  if (words.shipping !== null)
    return {
      title: "Fast Delivery",
      text: `Discreet ${words.nationwide ? "nationwide delivery" : `delivery ${words.area}`}${spaced(words.shipping)}, packed to arrive fresh and unmarked.`,
    };
  return { title: "Discreet Handover", text: `Packed to arrive fresh and unmarked.${spaced(methodsSentence(words))}` };
}

function aboutDefaults(settings: Settings): AboutContent {
  const words = defaultWords(settings);
  return {
    title: "Grown with care, delivered with respect",
    intro: `${words.name} brings cannabis to adults ${words.nationwide ? "across the country" : words.area}, with honest prices, discreet packaging and a team you can actually talk to.`,
    storyTitle: "Our story",
    story: [
      "We started as a handful of friends who were tired of guessing what was in the products we bought. So we went straight to the growers, and built a shop where every price is clear and lab reports are shared where we have them.",
      todayParagraph(words),
      "Bulk buyers get real bulk prices, and everyone gets the same care, whether it is one gummy or a pound of live resin.",
    ].join("\n\n"),
    valuesTitle: "What we stand for",
    values: [
      { title: "Quality First", text: "We source from growers we know by name, and we only list what we would use ourselves." },
      {
        title: "Trust & Safety",
        text: "A product's lab report is on its page where we have one, and we answer any question about what is inside.",
      },
      deliveryValue(words),
      { title: "Excellence", text: `Real people answer in Telegram, from first question to delivery.` },
    ],
    teamTitle: "Meet the team",
    teamIntro: "A small crew of growers and customer-care people who answer every message themselves.",
    team: [
      { name: "Maya Chen", role: "Founder & Head of Sourcing" },
      { name: "Jordan Reyes", role: "Quality" },
      { name: "Sam Okafor", role: "Customer Care Lead" },
    ],
  };
}

export const ABOUT_CONTENT: ShopDocument<AboutContent, Settings> = {
  name: "storefront-about",
  schema: AboutContentSchema,
  defaults: aboutDefaults,
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
