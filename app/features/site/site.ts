import { NEW_SHOP_NAME, NEW_SHOP_TAGLINE } from "~/features/settings/shop-defaults";

/**
 * The new shop's name and tagline, for the few places that cannot read the owner's settings (a page
 * whose root loader failed); every other page names the shop from the settings (useShopName, rootShop).
 */
export const SITE = {
  name: NEW_SHOP_NAME,
  tagline: NEW_SHOP_TAGLINE,
  version: "1.0.0",
} as const;

/** The messaging-app link for a Telegram username, optionally with pre-filled text. */
export function telegramUrl(username: string, text?: string) {
  const base = `https://t.me/${encodeURIComponent(username)}`;
  return text === undefined ? base : `${base}?text=${encodeURIComponent(text)}`;
}

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/reviews", label: "Reviews" },
  { to: "/faq", label: "FAQ" },
] as const;

export const FOOTER_LINKS = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/faq", label: "FAQ" },
  { to: "/admin", label: "Admin" },
] as const;

export const FOOTER_MAX_CATEGORIES = 4;

/** A category as the footer lists it. */
export interface FooterCategory {
  name: string;
  slug: string;
}
