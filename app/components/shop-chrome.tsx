import { useLocation } from "@remix-run/react";
import { ageGateApplies } from "~/lib/age-gate";
import { EMPTY_CART_VIEW } from "~/lib/cart";
import { useRootData } from "~/root";
import { AgeGate, inertWhen } from "./age-gate";
import { CartDrawer } from "./cart-drawer";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { SkipLink } from "./skip-link";

/**
 * The shopper's frame around every shop page: the 21+ gate until the visitor confirms, the header
 * with the cart drawer, and the footer. Admin pages wear AdminChrome instead (app/root.tsx).
 */
export function ShopChrome({ children }: { children: React.ReactNode }) {
  const rootData = useRootData();
  const location = useLocation();
  // The 21+ gate covers every shop page until the visitor confirms (cookie age-verified=yes).
  const gated = rootData != null && !rootData.ageVerified && ageGateApplies(location.pathname);
  return (
    <>
      {gated ? <AgeGate redirectTo={`${location.pathname}${location.search}`} /> : null}
      <div className="contents" {...inertWhen(gated)}>
        <SkipLink />
        <SiteHeader
          categories={rootData?.categories ?? []}
          cart={<CartDrawer cart={rootData?.cart ?? EMPTY_CART_VIEW} imageResizing={rootData?.imageResizing ?? false} />} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter categories={rootData?.footerCategories ?? []} />
      </div>
    </>
  );
}
