/**
 * The about page's values and team (SPEC section 9).
 * Plain data, no I/O; one module per page, so a page's JavaScript carries no other page's content.
 */
import { SITE } from "~/features/site/site";

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
