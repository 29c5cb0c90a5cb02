/**
 * The contact page's quick help.
 * Plain data, no I/O; one module per page, so a page's JavaScript carries no other page's content.
 */

export const QUICK_HELP = [
  { question: "Where is my order?", answer: "Message us in Telegram with your name and order; we reply with its status." },
  { question: "Bulk or wholesale pricing?", answer: "Ask for a quote: 5+ units of Pala or Gelato Punch and gummy tiers get lower prices." },
  { question: "Lab results for a product?", answer: "Tell us the product name and we send the latest certificate of analysis." },
  { question: "Changing an order?", answer: "Possible until dispatch; message us as soon as you can." },
] as const;
