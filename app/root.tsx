import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "@remix-run/react";
import { data } from "@remix-run/cloudflare";
import { lazy, Suspense, useEffect } from "react";
import { getAdmin } from "~/features/auth/auth.server";
import { cartSummary } from "~/features/cart/cart.server";
import { loadLayoutData } from "~/features/site/layout.server";
import { AdminChrome as ServerAdminChrome } from "~/features/admin/admin-chrome";
import { RootErrorPage as ServerRootErrorPage } from "~/features/site/error-page";
import { ShopChrome } from "~/features/site/shop-chrome";
import type { FooterCategory } from "~/features/site/site-footer";
import { Toaster } from "~/features/toast/toaster";
import { hasVerifiedAge } from "~/features/age-gate/age-gate";
import { useNonce } from "~/features/site/nonce";
import { FOOTER_MAX_CATEGORIES, isAdminPath, SITE } from "~/features/site/site";
import { getToasts } from "~/features/toast/toast.server";
import stylesheet from "./tailwind.css?url";
// Both faces (app/tailwind.css) are preloaded: headings and body text are above the fold on every
// page, and a preloaded font starts with the stylesheet instead of after it (measured in Lighthouse).
import displayFont from "@fontsource/fraunces/files/fraunces-latin-500-normal.woff2?url";
import textFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

export const links: LinksFunction = () => [
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: textFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context;
  const [layout, admin, { toasts, setCookie }] = await Promise.all([loadLayoutData(request, context), getAdmin(request, context), getToasts(request)]);
  const cart = await cartSummary(request, layout.saved, layout.cart);
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
      telegramUsername: env.TELEGRAM_USERNAME,
      imageResizing: env.IMAGE_RESIZING === "on",
      origin: new URL(request.url).origin,
      ageVerified: hasVerifiedAge(request.headers.get("Cookie")),
    },
    { headers },
  );
}

export type RootLoader = typeof loader;

/**
 * The admin chrome is rendered on the server as usual, but in the browser it is its own chunk,
 * loaded only on /admin pages: shoppers' first-visit JavaScript does not carry the back office's
 * header. (import.meta.env.SSR is replaced at build time, so the client bundle drops the static import.)
 */
const AdminChrome = import.meta.env.SSR
  ? ServerAdminChrome
  : lazy(() => import("~/features/admin/admin-chrome").then((module) => ({ default: module.AdminChrome })));

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/**
 * The document. Each page wears one of two frames, chosen by path: the back office (/admin...) its
 * own chrome, every other page the shop's (header, cart drawer, age gate, footer).
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRootData();
  const location = useLocation();
  const Chrome = isAdminPath(location.pathname) ? AdminChrome : ShopChrome;
  // `<html data-hydrated>` once React has hydrated the document (the browser tests wait for it).
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14532d" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {/* Entering the back office from the shop, the page shows plainly while its chrome loads. */}
        <Suspense fallback={<main id="main">{children}</main>}>
          <Chrome>{children}</Chrome>
        </Suspense>
        <Toaster toasts={rootData?.toasts ?? []} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The error page (404 or a failure) is rendered on the server as usual; in the browser its code is
 * its own chunk, loaded only when a page fails. import.meta.env.SSR is replaced at build time.
 */
const RootErrorPage = import.meta.env.SSR
  ? ServerRootErrorPage
  : lazy(() => import("~/features/site/error-page").then((module) => ({ default: module.RootErrorPage })));

export function ErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <RootErrorPage />
    </Suspense>
  );
}

export const meta = () => [{ title: SITE.name }, { name: "description", content: SITE.description }];
