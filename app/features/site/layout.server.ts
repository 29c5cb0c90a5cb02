import { data, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hasVerifiedAge } from "~/features/age-gate/age-gate";
import { getAdmin } from "~/features/auth/auth.server";
import { cartRowsQuery, cartSummary, joinCart, readCartLines, type LoadedCart, type SavedCart } from "~/features/cart/cart.server";
import { activeCategoriesQuery } from "~/features/catalogue/categories.server";
import { getToasts } from "~/features/toast/toast.server";
import { SETTINGS, type Settings } from "~/features/settings/settings";
import { shopNow } from "~/features/settings/shop-now";
import { currentVersionQuery, documentFromRows, type DocumentRead } from "~/features/shop-documents/shop-documents.server";
import { liveSpecialsQuery, readSizeProducts, readSpecials } from "~/features/specials/specials.server";
import { readSpecialCode } from "~/features/specials/code-cookie.server";
import { cartSpecials } from "~/features/specials/cart-specials";
import { nextBadgeChange } from "~/features/specials/badges";
import type { Special } from "~/features/specials/special";
import { storeJsonLdScript } from "./store-json-ld.server";
import { shopDescription } from "./shop-description";
import { FOOTER_MAX_CATEGORIES, type FooterCategory } from "./site";

type Category = { id: number; name: string; slug: string };

export interface LayoutData {
  /** every active category by name (null when D1 could not be read) */
  categories: Category[] | null;
  /** the `cannabis-cart` cookie, read and bounded */
  saved: SavedCart;
  /** the saved lines joined with their current rows (null when D1 could not be read) */
  cart: LoadedCart | null;
  /** the shop's settings (the defaults when D1 could not be read or the stored version is malformed) */
  settings: DocumentRead<Settings>;
  /** the specials not in the trash (none when D1 could not be read): badges and the cart read them */
  specials: Special[];
  /** size id → product id for the sizes those specials list (cards badge a special on chosen sizes) */
  sizeProducts: ReadonlyMap<number, number>;
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

async function readLayoutData(request: Request, { db, env }: AppLoadContext): Promise<LayoutData> {
  const [saved, code] = await Promise.all([readCartLines(request), readSpecialCode(request)]);
  try {
    // The settings and the specials ride in the same batch: no round trip of their own (settings parsed once per version per isolate).
    if (saved.lines.length === 0) {
      const [categories, settingsRows, specialRows] = await db.batch([
        activeCategoriesQuery(db),
        currentVersionQuery(db, SETTINGS.name),
        liveSpecialsQuery(db),
      ]);
      const specials = readSpecials(specialRows);
      const sizeProducts = readSizeProducts(specialRows);
      return { categories, saved, cart: joinCart([], []), settings: documentFromRows(SETTINGS, settingsRows, env), specials, sizeProducts };
    }
    const [categories, settingsRows, specialRows, rows] = await db.batch([
      activeCategoriesQuery(db),
      currentVersionQuery(db, SETTINGS.name),
      liveSpecialsQuery(db),
      cartRowsQuery(db, saved.lines),
    ]);
    const settings = documentFromRows(SETTINGS, settingsRows, env);
    const specials = readSpecials(specialRows);
    const cart = joinCart(saved.lines, rows);
    const timeZone = settings.value.hours.timeZone;
    cart.specials = cartSpecials(cart.state.items, cart.categories ?? new Map(), { specials, timeZone, code, now: new Date() });
    return { categories, saved, cart, settings, specials, sizeProducts: readSizeProducts(specialRows) };
  } catch (error) {
    console.error("Layout data (categories, cart, settings, specials) failed to load", error);
    return { categories: null, saved, cart: null, settings: documentFromRows(SETTINGS, [], env), specials: [], sizeProducts: new Map() };
  }
}

function earliest(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}

/** Pages that carry the shop's Store JSON-LD. */
const STORE_PAGES = new Set(["/", "/contact"]);

/**
 * The root route's data, on every page: the layout's categories, the shopper's cart, the admin
 * flag, pending toasts and the age-gate answer (app/root.tsx's loader; read in components through
 * useRootData, app/features/site/root-data.ts).
 */
export async function loadRootData({ request, context }: LoaderFunctionArgs) {
  const [layout, admin, { toasts, setCookie }] = await Promise.all([
    loadLayoutData(request, context),
    getAdmin(request, context),
    getToasts(request, context),
  ]);
  const cart = await cartSummary(request, layout.saved, layout.cart);
  const settings = layout.settings.value;
  const now = shopNow(settings, new Date());
  // A shared copy of this page is not served past the next opening, closing or announcement end,
  // nor past the next start or end of a special a page could badge (docs/decisions/053).
  context.pageChangesAt.at = earliest(now.changesAt, nextBadgeChange(layout.specials, new Date(), settings.hours.timeZone));
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  // The cart cookie is rewritten once when items dropped out or a bound was hit (with a notice).
  if (cart.setCookie) headers.append("Set-Cookie", cart.setCookie);
  return data(
    {
      // Without categories the footer says "No categories available"; the page's own loader reports the failure.
      footerCategories: (layout.categories ?? []).slice(0, FOOTER_MAX_CATEGORIES) satisfies FooterCategory[],
      // Every active category: the phone menu and the shop's category bar.
      categories: (layout.categories ?? []).map(({ name, slug }) => ({ name, slug })),
      cart: cart.cart,
      isAdmin: admin !== null,
      toasts: [...toasts, ...cart.notices],
      telegramUsername: now.telegramUsername,
      shop: {
        openLine: now.openLine,
        announcement: now.announcement,
        weekLines: now.weekLines,
        hoursPhrase: now.hoursPhrase,
        identity: now.identity,
        description: shopDescription(now.identity),
      },
      storeJsonLd: STORE_PAGES.has(pathname) ? storeJsonLdScript(settings, url.origin) : null,
      origin: url.origin,
      ageVerified: hasVerifiedAge(request.headers.get("Cookie")),
      // Rendered for the page cache's shared copy: this cart is nobody's (empty), the badge is
      // stamped per shopper, and the browser reads the shopper's cart on intent (docs/decisions/027).
      cartShared: context.cartStamp !== null,
    },
    { headers },
  );
}
