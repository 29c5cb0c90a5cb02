/**
 * The home page's category tiles: fixed links and pictures. Their words here are a new
 * shop's defaults; the owner's are the home storefront document
 * (app/features/storefront/home-content.ts). Plain data, no I/O.
 */

export const TRENDING = [
  {
    to: "/shop/concentrates",
    title: "Concentrates",
    text: "Live resin, badder, diamonds and shatter by the pound.",
    image: "/art/concentrates-2.svg",
  },
  { to: "/shop/edibles", title: "Edibles", text: "Fruity gummies with bulk tiers from 100 to 1000 units.", image: "/art/edibles-2.svg" },
] as const;

export const POPULAR = [
  { to: "/shop", title: "All Products", image: "/art/indoors-1.svg" },
  { to: "/shop/concentrates", title: "Concentrates", image: "/art/concentrates-3.svg" },
  { to: "/shop/edibles", title: "Edibles", image: "/art/edibles-3.svg" },
  { to: "/shop/deps", title: "Deps", image: "/art/deps-1.svg" },
] as const;
