import { Link, NavLink } from "@remix-run/react";
import { HeaderSearch } from "~/features/search/header-search";
import { CartIcon, CloseIcon, MenuIcon } from "~/ui/icons";
import { useDetailsClosedOnNavigation } from "~/ui/details-menu";
import { NAV_LINKS } from "./site";
import { Logo } from "./logo";
import { CART_COUNT_ATTRIBUTE, useCartBadge } from "./cart-badge";

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-full px-3 py-2 text-sm font-medium transition-colors md:px-2.5 lg:px-3 ${
    isActive ? "bg-forest-800 text-cream-50" : "text-ink-700 hover:bg-forest-50 hover:text-forest-800"
  }`;
}

export const cartTriggerClass =
  "relative inline-flex h-11 w-10 min-[400px]:w-11 items-center justify-center rounded-full text-forest-800 hover:bg-forest-50";

/**
 * The cart icon with its total-quantity badge (shared by the link and the drawer's button). The
 * badge is always in the markup, empty and hidden for an empty cart, so the page cache can stamp a
 * count into a shared copy (app/features/site/cart-badge.tsx).
 */
export function CartBadgeIcon({ count }: { count: string }) {
  return (
    <>
      <CartIcon className="h-6 w-6" />
      <span
        className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-gold-500 px-1.5 text-center text-xs leading-5 font-bold text-forest-950 empty:hidden"
        {...{ [CART_COUNT_ATTRIBUTE]: "" }}
      >
        {count}
      </span>
    </>
  );
}

/** The cart as a plain link to /checkout: the no-JavaScript path (the drawer upgrades it to a button). */
export function CartLink({ totalItems }: { totalItems: number }) {
  const badge = useCartBadge(totalItems);
  return (
    <Link to="/checkout" className={cartTriggerClass} aria-label={badge.label}>
      <CartBadgeIcon count={badge.count} />
    </Link>
  );
}

/**
 * Header: the product's nav, a mobile menu (a <details>, so it works without JavaScript) with the six
 * pages and every active category, and the cart.
 */
export function SiteHeader({ cart, categories = [] }: { cart: React.ReactNode; categories?: Array<{ name: string; slug: string }> }) {
  const menuRef = useDetailsClosedOnNavigation();
  return (
    <header className="sticky top-0 z-30 border-b border-ink-900/5 bg-cream-50/90 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-2 sm:gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} prefetch="intent" className={navClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <HeaderSearch />
          {cart}
          <details ref={menuRef} className="group relative md:hidden">
            <summary
              className="inline-flex h-11 w-10 min-[400px]:w-11 items-center justify-center rounded-full text-forest-800 hover:bg-forest-50"
              aria-label="Menu"
            >
              <MenuIcon className="h-6 w-6 group-open:hidden" />
              <CloseIcon className="hidden h-6 w-6 group-open:block" />
            </summary>
            <nav
              aria-label="Mobile"
              className="absolute right-0 mt-2 max-h-[calc(100dvh-5rem)] w-64 overflow-y-auto overscroll-contain rounded-2xl border border-ink-900/10 bg-white p-2 shadow-xl"
            >
              <ul>
                {NAV_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.to === "/"} className={({ isActive }) => `block ${navClass({ isActive })}`}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
              {categories.length > 0 ? (
                <>
                  <h2 id="mobile-categories" className="mt-2 border-t border-ink-900/10 px-3 pt-3 pb-1">
                    <span className="eyebrow">Categories</span>
                  </h2>
                  <ul aria-labelledby="mobile-categories">
                    {categories.map((category) => (
                      <li key={category.slug}>
                        <NavLink to={`/shop/${category.slug}`} className={({ isActive }) => `block ${navClass({ isActive })}`}>
                          {category.name}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
