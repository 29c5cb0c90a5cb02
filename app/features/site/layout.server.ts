import type { AppLoadContext } from "@remix-run/cloudflare";
import { cartRowsQuery, joinCart, readCartLines, type LoadedCart, type SavedCart } from "~/features/cart/cart.server";
import { activeCategoriesQuery } from "~/features/catalogue/categories.server";

type Category = { id: number; name: string; slug: string };

export interface LayoutData {
  /** every active category by name (null when D1 could not be read) */
  categories: Category[] | null;
  /** the `cannabis-cart` cookie, read and bounded */
  saved: SavedCart;
  /** the saved lines joined with their current rows (null when D1 could not be read) */
  cart: LoadedCart | null;
}

const loaded = new WeakMap<AppLoadContext, Promise<LayoutData>>();

/**
 * What every page's layout needs from D1 — the active categories (footer, home grid) and the
 * shopper's cart rows — in ONE batch, read once per request: the root loader and any page loader
 * that needs the same rows (checkout, home) share the promise, so a page costs the layout one
 * round trip however many loaders ask. A failed read is logged and reported as null; each caller
 * decides how its page degrades.
 */
export function loadLayoutData(request: Request, context: AppLoadContext): Promise<LayoutData> {
  let pending = loaded.get(context);
  if (!pending) {
    pending = readLayoutData(request, context);
    loaded.set(context, pending);
  }
  return pending;
}

async function readLayoutData(request: Request, { db }: AppLoadContext): Promise<LayoutData> {
  const saved = await readCartLines(request);
  try {
    if (saved.lines.length === 0) {
      return { categories: await activeCategoriesQuery(db), saved, cart: joinCart([], []) };
    }
    const [categories, rows] = await db.batch([activeCategoriesQuery(db), cartRowsQuery(db, saved.lines)]);
    return { categories, saved, cart: joinCart(saved.lines, rows) };
  } catch (error) {
    console.error("Layout data (categories, cart) failed to load", error);
    return { categories: null, saved, cart: null };
  }
}
