import { useLocation } from "@remix-run/react";
import { Suspense, useState } from "react";
import { lazyNamed } from "~/ui/lazy";
import { ageGateApplies, inertWhen } from "~/features/age-gate/age-gate";
import { EMPTY_CART_VIEW } from "~/features/cart/cart-lines";
import { useRootData, useShopName } from "~/features/site/root-data";
import { SkipLink } from "~/ui/skip-link";
import { CartDrawer } from "./cart-drawer";
import { AgeGate as ServerAgeGate } from "./age-gate-dialog";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { ShopStatusBar, StoreJsonLd } from "./shop-status";

/**
 * The gate is rendered on the server as usual; in the browser its code is its own chunk, loaded only
 * by a visitor who has not answered it yet — every later page load carries none of it (the dialog
 * works before the chunk arrives: it is a plain form). import.meta.env.SSR is replaced at build time.
 */
const AgeGate = import.meta.env.SSR ? ServerAgeGate : lazyNamed(() => import("./age-gate-dialog"), "AgeGate");

/**
 * The shopper's frame around every shop page: the 21+ gate until the visitor confirms, the header
 * with the cart drawer, and the footer. Admin pages wear AdminChrome instead (app/root.tsx).
 */
export function ShopChrome({ children }: { children: React.ReactNode }) {
  const rootData = useRootData();
  const shopName = useShopName();
  const location = useLocation();
  // Answered in this tab (the gate posts in the background): the pages' data is not reloaded for it.
  const [answered, setAnswered] = useState(false);
  // The 21+ gate covers every shop page until the visitor confirms (cookie age-verified=yes).
  const gated = rootData != null && !rootData.ageVerified && !answered && ageGateApplies(location.pathname);
  return (
    <>
      {gated ? (
        <Suspense fallback={null}>
          <AgeGate shopName={shopName} redirectTo={`${location.pathname}${location.search}`} onAnswered={setAnswered} />
        </Suspense>
      ) : null}
      <div className="contents" {...inertWhen(gated)}>
        <SkipLink />
        <ShopStatusBar />
        <SiteHeader categories={rootData?.categories ?? []} cart={<CartDrawer cart={rootData?.cart ?? EMPTY_CART_VIEW} />} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter categories={rootData?.footerCategories ?? []} />
        <StoreJsonLd />
      </div>
    </>
  );
}
