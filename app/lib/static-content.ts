/**
 * Fixed content of the static pages (SPEC sections 2 and 9): FAQ, sample reviews, testimonials,
 * home featured cards and stats, about values and team. Plain data, no I/O.
 */
import { SITE } from "./site";

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
    answer:
      "There is no payment on the website. Once we have confirmed your order in Telegram, payment is agreed and made at delivery.",
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
    answer:
      "Yes, as long as it has not been dispatched. Message us in Telegram with your order details and we will update or cancel it.",
  },
  {
    question: "What if something is wrong with my order?",
    answer:
      "Message us in Telegram within 48 hours of delivery with a photo of the item. We will make it right with a replacement or store credit.",
  },
];

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
  /** What its packshot is drawn from (the home loader draws it, app/packshot.server.ts). */
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

export const ABOUT_VALUES = [
  {
    title: "Quality First",
    text: "We source from growers and labs we know by name, and we only list what we would use ourselves.",
  },
  {
    title: "Trust & Safety",
    text: "Every product is lab tested for potency and purity, and results are shared on request.",
  },
  {
    title: "Fast Delivery",
    text: `Discreet nationwide delivery in ${SITE.delivery}, packed to arrive fresh and unmarked.`,
  },
  {
    title: "Excellence",
    text: `Real people answer in Telegram every day, ${SITE.hours}, from first question to delivery.`,
  },
] as const;

export const TEAM = [
  { name: "Maya Chen", role: "Founder & Head of Sourcing", initials: "MC" },
  { name: "Jordan Reyes", role: "Quality & Lab Testing", initials: "JR" },
  { name: "Sam Okafor", role: "Customer Care Lead", initials: "SO" },
] as const;

export const QUICK_HELP = [
  { question: "Where is my order?", answer: "Message us in Telegram with your name and order; we reply with its status." },
  { question: "Bulk or wholesale pricing?", answer: "Ask for a quote: 5+ units of Pala or Gelato Punch and gummy tiers get lower prices." },
  { question: "Lab results for a product?", answer: "Tell us the product name and we send the latest certificate of analysis." },
  { question: "Changing an order?", answer: "Possible until dispatch; message us as soon as you can." },
] as const;
