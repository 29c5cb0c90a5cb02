import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";

import { PageErrorBoundary, TelegramLink } from "~/features/site/static-page";
import { rootOrigin, rootShop, rootShopName, seo } from "~/features/site/seo";
import { SITE } from "~/features/site/site";
import { useRootData, useShopName, type RootLoader } from "~/features/site/root-data";
import { CartIcon, GlyphIcon, TelegramIcon, UserIcon } from "~/ui/icons";
import { HeadedSection } from "~/ui/headed-section";

export const meta: MetaFunction<unknown, { root: RootLoader }> = ({ matches, location }) =>
  seo({
    title: "Account",
    description: `Your ${rootShopName(matches)} account: cart, support, FAQ and more.`,
    origin: rootOrigin(matches),
    shop: rootShop(matches),
    path: location.pathname,
  });

const tile = "card flex items-center gap-4 p-5 transition-colors hover:border-forest-700/30 hover:bg-forest-50";
const iconWrap = "flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-forest-50 text-forest-800 ring-1 ring-forest-800/10";

function TileText({ title, text }: { title: string; text: string }) {
  return (
    <span className="min-w-0">
      <span className="block font-semibold text-ink-900">{title}</span>
      <span className="block text-sm text-ink-700">{text}</span>
    </span>
  );
}

export default function Account() {
  const shop = useRootData()?.shop;
  const shopName = useShopName();
  const openLine = shop?.openLine;
  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <Link to="/" className="inline-flex items-center gap-2 text-sm font-semibold text-forest-800 hover:underline">
        <span aria-hidden="true">←</span> Back to Shop
      </Link>

      <section className="mt-6 flex items-center gap-4 rounded-3xl bg-forest-900 p-6 text-cream-50 sm:p-8">
        <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-cream-50/10 ring-1 ring-cream-50/20">
          <UserIcon className="h-8 w-8" />
        </span>
        <div>
          <h1 className="font-display text-3xl tracking-tight">My Account</h1>
          <p className="mt-1 text-cream-100">Welcome to {shopName}. Orders are placed and followed up with us on Telegram.</p>
        </div>
      </section>

      <HeadedSection id="quick-actions-heading" className="mt-10" headingClassName="heading-display text-2xl" title="Quick Actions">
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          <li>
            <Link to="/checkout" className={tile}>
              <span className={iconWrap}>
                <CartIcon className="h-6 w-6" />
              </span>
              <TileText title="View Cart" text="Review your items and order" />
            </Link>
          </li>
          <li>
            <TelegramLink className={tile}>
              <span className={iconWrap}>
                <TelegramIcon className="h-6 w-6" />
              </span>
              <TileText title="Contact Support" text={`Telegram · ${openLine?.text ?? "we reply when open"}`} />
            </TelegramLink>
          </li>
          <li>
            <Link to="/faq" className={tile}>
              <span className={iconWrap}>
                <GlyphIcon
                  className="h-6 w-6"
                  d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01"
                />
              </span>
              <TileText title="FAQ & Help" text="Answers to common questions" />
            </Link>
          </li>
          <li>
            <Link to="/about" className={tile}>
              <span className={iconWrap}>
                <GlyphIcon className="h-6 w-6" d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM12 11v6M12 7.5h.01" />
              </span>
              <TileText title="About" text={`Our story and values`} />
            </Link>
          </li>
        </ul>
      </HeadedSection>

      <p className="mt-12 text-center text-sm text-ink-700">Version {SITE.version}</p>
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
