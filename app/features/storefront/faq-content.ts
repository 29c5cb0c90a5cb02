import { z } from "zod";
import type { ShopDocument } from "~/features/shop-documents/shop-document";
import type { Settings } from "~/features/settings/settings";
import { optionalText, requiredText } from "./content-fields";
import { defaultWords, methodsSentence, spaced, type DefaultWords } from "./default-words";

/** The FAQ page's questions and answers, as the owner writes them. */

export const FaqContentSchema = z.object({
  title: requiredText(120),
  intro: optionalText(400),
  entries: z
    .array(z.object({ question: requiredText(200, "Write the question"), answer: requiredText(3000, "Write the answer") }))
    .max(40, "At most 40 questions"),
});

export type FaqContent = z.infer<typeof FaqContentSchema>;

/** The delivery question: how long shipping takes, or, without shipping, how an order reaches you. */
function deliveryEntry(words: DefaultWords): { question: string; answer: string } {
  const appointment = words.pickup ? " In-town customers can also book an appointment through Telegram." : "";
  if (words.shipping !== null)
    return { question: "How long does delivery take?", answer: `We deliver ${words.area}${spaced(words.shipping)}.${appointment}` };
  const ways = methodsSentence(words) || "Message us on Telegram and we agree it with you.";
  return { question: "How do I get my order?", answer: `${ways} We confirm the time with you on Telegram.` };
}

export const FAQ_CONTENT: ShopDocument<FaqContent, Settings> = {
  name: "storefront-faq",
  schema: FaqContentSchema,
  defaults: (settings) => ({
    title: "Frequently asked questions",
    intro: "Everything about ordering, delivery and our products. Can't find your answer? Our team is on Telegram.",
    entries: [
      {
        question: "How do I place an order?",
        answer:
          "Add products to your cart, open the cart and choose 'Place Order via Telegram'. Your order opens as a pre-filled Telegram message; send it and our team replies to confirm the details and arrange delivery.",
      },
      {
        question: "How do I pay?",
        answer:
          "There is no payment on the website. Once we have confirmed your order in Telegram, payment is agreed and made at delivery.",
      },
      deliveryEntry(defaultWords(settings)),
      {
        question: "Is the packaging discreet?",
        answer: "Yes. Every order ships in plain, smell-proof packaging with no branding or mention of the contents on the outside.",
      },
      {
        question: "Are your products lab tested?",
        answer:
          "Where we have a lab report for a product, its page shows it. For any other product, ask us in Telegram and we will tell you what we know about how it was tested.",
      },
      {
        question: "How old do I need to be to order?",
        answer: "You must be 21 or older to browse and order. We may ask for a valid ID before completing a delivery.",
      },
      {
        question: "Do you offer bulk pricing?",
        answer:
          "Yes. Many products have lower prices for larger quantities, shown on their product page. Use 'Contact for Bulk Orders' on any product page for a quote.",
      },
      {
        question: "What are your support hours?",
        answer: `Our team answers in Telegram during the opening hours shown at the foot of every page; messages sent while we are closed are answered when we open.`,
      },
      {
        question: "Can I change or cancel my order?",
        answer:
          "Yes, as long as it has not been dispatched. Message us in Telegram with your order details and we will update or cancel it.",
      },
      {
        question: "What if something is wrong with my order?",
        answer:
          "Message us in Telegram within 48 hours of delivery with a photo of the item. We will make it right with a replacement or store credit.",
      },
    ],
  }),
  labels: { title: "Heading", intro: "Introduction", entries: "Questions" },
};
