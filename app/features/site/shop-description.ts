import type { Settings } from "~/features/settings/settings";

/** Search engines show about this many characters of a meta description; longer ones are cut off mid-word. */
export const META_DESCRIPTION_MAX = 160;

/** `text` within `max` characters, cut at a word boundary with an ellipsis when it is longer. */
export function clipDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join("");
  const head = chars.slice(0, max - 1).join("");
  const space = head.lastIndexOf(" ");
  return `${(space > max / 2 ? head.slice(0, space) : head).replace(/[\s.,;:!?·–—-]+$/u, "")}…`;
}

function sentence(text: string): string {
  return /[.!?…]$/u.test(text) ? text : `${text}.`;
}

/**
 * The shop described in the owner's words: its trading name and tagline, how an order is placed (in a
 * Telegram message: the one thing every shop built on this code does) and its service area. The meta
 * description of pages without one of their own and the Store JSON-LD's description.
 */
export function shopDescription(identity: Pick<Settings["identity"], "tradingName" | "tagline" | "serviceArea">): string {
  const name = identity.tradingName.trim();
  const tagline = identity.tagline.trim();
  const area = identity.serviceArea.trim();
  const parts = [tagline ? `${name}: ${sentence(tagline)}` : sentence(name), "Order in one Telegram message."];
  if (area) parts.push(`Service area: ${sentence(area)}`);
  return clipDescription(parts.join(" "));
}
