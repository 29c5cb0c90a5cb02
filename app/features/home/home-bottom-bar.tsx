import { Link } from "@remix-run/react";
import { useRootData } from "~/features/site/root-data";
import { CART_COUNT_ATTRIBUTE, useCartBadge } from "~/features/site/cart-badge";

import { TelegramLink } from "~/features/site/static-page";
import { CartIcon, type IconProps, LineIcon, TelegramIcon } from "~/ui/icons";

function BagIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 9h16l-1.2 10.1a1.5 1.5 0 0 1-1.5 1.4H6.7a1.5 1.5 0 0 1-1.5-1.4Z" strokeLinejoin="round" />
      <path d="M8.5 9V7a3.5 3.5 0 0 1 7 0v2" strokeLinecap="round" />
    </LineIcon>
  );
}

const item =
  "flex flex-col items-center justify-center gap-1 rounded-2xl px-3 py-2 text-xs font-semibold text-cream-50 hover:bg-forest-800 sm:flex-row sm:gap-2 sm:text-sm";

/**
 * Home's fixed bottom bar: Shop, Cart with the total quantity, Telegram.
 * The badge comes from the root loader (or is stamped by the page cache), so it is right on first paint. On phones it is fixed to the
 * bottom (the `home-bottom-bar` class lets app/tailwind.css pad the page so it never hides the page's
 * end); from md up it sits in the page's flow at the end of the home page, covering nothing.
 */
export function HomeBottomBar() {
  const badge = useCartBadge(useRootData()?.cart.totalItems ?? 0);
  return (
    <nav
      aria-label="Quick actions"
      className="home-bottom-bar fixed inset-x-0 bottom-0 z-40 border-t border-forest-800 bg-forest-900/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-8px_24px_rgba(11,46,26,0.25)] backdrop-blur sm:inset-x-auto sm:bottom-4 sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:rounded-full sm:border md:static md:mx-auto md:my-10 md:translate-x-0 md:pb-0"
    >
      <ul className="grid grid-cols-3 gap-1 p-1.5">
        <li>
          <Link to="/shop" className={item}>
            <BagIcon className="h-5 w-5" />
            Shop
          </Link>
        </li>
        <li>
          <Link to="/checkout" className={item} aria-label={badge.label}>
            <span className="relative">
              <CartIcon className="h-5 w-5" />
              {/* Always in the markup (hidden when empty) so the page cache can stamp the count in. */}
              <span
                className="absolute -top-2 -right-3 min-w-5 rounded-full bg-gold-500 px-1 text-center text-[0.7rem] leading-5 font-bold text-forest-950 empty:hidden"
                {...{ [CART_COUNT_ATTRIBUTE]: "" }}
              >
                {badge.count}
              </span>
            </span>
            Cart
          </Link>
        </li>
        <li>
          <TelegramLink className={item}>
            <TelegramIcon className="h-5 w-5" />
            Telegram
          </TelegramLink>
        </li>
      </ul>
    </nav>
  );
}
