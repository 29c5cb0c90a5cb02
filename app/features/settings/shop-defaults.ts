/** A new shop's trading name, until the owner writes their own (no imports: the browser's site chrome reads it too). */
export const NEW_SHOP_NAME = "Greenleaf Supply";

/** A new shop's tagline, until the owner writes their own. */
export const NEW_SHOP_TAGLINE = "Cannabis, delivered discreetly.";
