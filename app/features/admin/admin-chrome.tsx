import { Form, Link, NavLink, useNavigation } from "@remix-run/react";
import { useRootData, useShopName } from "~/features/site/root-data";
import { LeafMark } from "~/features/site/logo";
import { SkipLink } from "~/ui/skip-link";
import { CloseIcon, type IconProps, MenuIcon, SmallLineIcon } from "~/ui/icons";
import { useDetailsClosedOnNavigation } from "~/ui/details-menu";

/** A box with an arrow leaving it: opens in a new tab. */
function ExternalLinkIcon(props: IconProps) {
  return (
    <SmallLineIcon strokeWidth="1.8" {...props}>
      <path
        d="M8 4H4.5A1.5 1.5 0 0 0 3 5.5v10A1.5 1.5 0 0 0 4.5 17h10a1.5 1.5 0 0 0 1.5-1.5V12M11 3h6v6M17 3l-8 8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </SmallLineIcon>
  );
}

const ADMIN_LINKS = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/insights", label: "Insights" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/categories", label: "Categories" },
  { to: "/admin/specials", label: "Specials" },
  { to: "/admin/photos", label: "Photos" },
  { to: "/admin/storefront", label: "Storefront" },
  { to: "/admin/trash", label: "Trash" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/add-product", label: "Add Product" },
] as const;

function linkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-full px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
    isActive ? "bg-cream-50 text-forest-900" : "text-cream-100 hover:bg-forest-800 hover:text-cream-50"
  }`;
}

/** The admin sections as list items, in the header's second row from lg up and in the Menu below it. */
function AdminLinkItems() {
  return ADMIN_LINKS.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} className={linkClass}>
        {link.label}
      </NavLink>
    </li>
  ));
}

const plainLink =
  "block rounded-full px-3 py-2 text-sm font-medium whitespace-nowrap text-cream-100 transition-colors hover:bg-forest-800 hover:text-cream-50";

/** Sign out is a real POST to /admin/logout (a link or a prefetch must never end a session). */
function SignOut({ className }: { className: string }) {
  return (
    <Form method="post" action="/admin/logout" className="contents">
      <button type="submit" className={className}>
        Sign out
      </button>
    </Form>
  );
}

function ViewShopIcon() {
  return <ExternalLinkIcon className="h-4 w-4" />;
}

/** A spinner while an admin page loads or saves (announced politely). */
function Busy({ className = "" }: { className?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <span role="status" aria-live="polite" className={`flex h-5 w-5 shrink-0 items-center justify-center ${className}`}>
      {busy ? (
        <>
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-cream-100/30 border-t-gold-500" aria-hidden="true" />
          <span className="sr-only">{navigation.state === "submitting" ? "Saving..." : "Loading..."}</span>
        </>
      ) : null}
    </span>
  );
}

/**
 * The back office's header. Signed in, from lg up it has two rows: the brand with View shop and Sign
 * out, then every section in a row of its own, so the ten sections fit from 1024 px to any width
 * without crowding the brand; below lg one Menu (a <details>, so it works without JavaScript) holds
 * them all. Signed out, it shows only the way back to the shop.
 */
function AdminHeader({ signedIn }: { signedIn: boolean }) {
  const menuRef = useDetailsClosedOnNavigation();
  const shopName = useShopName();

  return (
    // From lg the brand row scrolls away and the sections' row stays pinned: what stays on screen is
    // no taller than the phone's one-row bar, so the pages' own sticky panels still clear it.
    <header className={`sticky top-0 z-30 bg-forest-950 text-cream-50 shadow-sm ${signedIn ? "lg:-top-16" : ""}`}>
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link
          to={signedIn ? "/admin/dashboard" : "/admin"}
          className="flex min-w-0 items-center gap-2"
          aria-label={`${shopName} admin home`}
        >
          <LeafMark className="h-8 w-8 shrink-0 text-sage-300" />
          <span className="hidden truncate font-display text-lg sm:inline">{shopName}</span>
          <span className="eyebrow">Admin</span>
        </Link>

        <div className="flex items-center gap-2">
          <Busy className={signedIn ? "lg:hidden" : ""} />
          <Link to="/" className={`${plainLink} ${signedIn ? "hidden lg:inline-flex" : "inline-flex"} items-center gap-1.5`}>
            View shop <ViewShopIcon />
          </Link>
          {signedIn ? (
            <>
              <SignOut className="hidden rounded-full border border-cream-100/30 px-4 py-2 text-sm font-medium whitespace-nowrap hover:bg-forest-800 lg:inline-flex" />
              <details ref={menuRef} className="group relative lg:hidden">
                <summary className="inline-flex h-11 items-center gap-2 rounded-full border border-cream-100/30 px-4 text-sm font-medium hover:bg-forest-800">
                  <MenuIcon className="h-5 w-5 group-open:hidden" />
                  <CloseIcon className="hidden h-5 w-5 group-open:block" />
                  Menu
                </summary>
                <nav
                  aria-label="Admin"
                  className="absolute right-0 mt-2 w-60 rounded-2xl bg-forest-900 p-2 shadow-xl ring-1 ring-cream-50/10"
                >
                  <ul className="space-y-0.5">
                    <AdminLinkItems />
                    <li className="mt-1 border-t border-cream-50/10 pt-1">
                      <Link to="/" className={`${plainLink} flex items-center gap-1.5`}>
                        View shop <ViewShopIcon />
                      </Link>
                    </li>
                    <li>
                      <SignOut className={`${plainLink} w-full text-left`} />
                    </li>
                  </ul>
                </nav>
              </details>
            </>
          ) : null}
        </div>
      </div>

      {signedIn ? (
        <div className="hidden border-t border-cream-50/10 lg:block">
          <div className="container-page flex h-12 items-center justify-between gap-4">
            <nav aria-label="Admin">
              <ul className="-ml-3 flex items-center gap-1">
                <AdminLinkItems />
              </ul>
            </nav>
            <Busy />
          </div>
        </div>
      ) : null}
    </header>
  );
}

/**
 * The back office's frame around every /admin page: its own header, no cart, no age gate and no
 * marketing footer (the shop's footer keeps its link to /admin). Chosen by path in app/root.tsx.
 */
export function AdminChrome({ children }: { children: React.ReactNode }) {
  const signedIn = useRootData()?.isAdmin ?? false;
  return (
    <>
      <SkipLink />
      <AdminHeader signedIn={signedIn} />
      {/* Room below the content, so nothing stays under a notification in the bottom corner. */}
      <main id="main" className="flex-1 bg-cream-100/50 pb-24">
        {children}
      </main>
    </>
  );
}
