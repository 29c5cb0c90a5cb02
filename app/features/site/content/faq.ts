/**
 * The FAQ page's questions and answers (SPEC section 9).
 * Plain data, no I/O; one module per page, so a page's JavaScript carries no other page's content.
 */
import { SITE } from "~/features/site/site";

export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: "How do I place an order?",
    answer:
      "Add products to your cart, open the cart and choose 'Place Order via Telegram'. Your order opens as a pre-filled Telegram message; send it and our team replies to confirm the details and arrange delivery.",
  },
  {
    question: "How do I pay?",
    answer: "There is no payment on the website. Once we have confirmed your order in Telegram, payment is agreed and made at delivery.",
  },
  {
    question: "How long does delivery take?",
    answer: `We deliver nationwide in ${SITE.delivery}. In-town customers can also book an appointment through Telegram.`,
  },
  {
    question: "Is the packaging discreet?",
    answer: "Yes. Every order ships in plain, smell-proof packaging with no branding or mention of the contents on the outside.",
  },
  {
    question: "Are your products lab tested?",
    answer:
      "Every product we carry is lab tested for potency and purity. Ask us in Telegram and we will share the lab results for any item.",
  },
  {
    question: "How old do I need to be to order?",
    answer: "You must be 21 or older to browse and order. We may ask for a valid ID before completing a delivery.",
  },
  {
    question: "Do you offer bulk pricing?",
    answer:
      "Yes. Many products have bulk prices, for example Gelato Punch at $525 and Pala at $500 for 5+ units, and gummy tiers from 100 to 1000 units. Use 'Contact for Bulk Orders' on any product page.",
  },
  {
    question: "What are your support hours?",
    answer: `Our team answers in Telegram every day, Monday to Sunday, ${SITE.hours}.`,
  },
  {
    question: "Can I change or cancel my order?",
    answer: "Yes, as long as it has not been dispatched. Message us in Telegram with your order details and we will update or cancel it.",
  },
  {
    question: "What if something is wrong with my order?",
    answer:
      "Message us in Telegram within 48 hours of delivery with a photo of the item. We will make it right with a replacement or store credit.",
  },
];
