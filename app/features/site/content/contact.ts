/**
 * The contact page's quick help.
 * Plain data, no I/O; one module per page, so a page's JavaScript carries no other page's content.
 */

export const QUICK_HELP = [
  { question: "Where is my order?", answer: "Message us in Telegram with your order's reference; we reply with its status." },
  {
    question: "Bulk or wholesale pricing?",
    answer: "Products with lower prices for larger quantities list them on their page; ask us for anything else.",
  },
  { question: "A lab report for a product?", answer: "A product's page shows its lab report when we have one; ask us about any other." },
  { question: "Changing an order?", answer: "Message us on Telegram as soon as you can with its reference." },
] as const;
