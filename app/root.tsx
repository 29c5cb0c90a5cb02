import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "@remix-run/react";
import { Suspense, useEffect } from "react";
import displayFont from "@fontsource/fraunces/files/fraunces-latin-500-normal.woff2?url";
import textFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { lazyNamed } from "~/ui/lazy";
import { loadRootData } from "~/features/site/layout.server";
import { useRootData } from "~/features/site/root-data";
import { AdminChrome as ServerAdminChrome } from "~/features/admin/admin-chrome";
import { RootErrorPage as ServerRootErrorPage } from "~/features/site/error-page";
import { ShopChrome } from "~/features/site/shop-chrome";
import { Toaster } from "~/features/toast/toaster";
import { useNonce } from "~/features/site/nonce";
import { SITE } from "~/features/site/site";
import { isAdminPath } from "~/server/paths";
import stylesheet from "./tailwind.css?url";
// Both faces (app/tailwind.css) are preloaded: headings and body text are above the fold on every
// page, and a preloaded font starts with the stylesheet instead of after it (measured in Lighthouse).

export const links: LinksFunction = () => [
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: textFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader(args: LoaderFunctionArgs) {
  return loadRootData(args);
}

/**
 * The admin chrome is rendered on the server as usual, but in the browser it is its own chunk,
 * loaded only on /admin pages: shoppers' first-visit JavaScript does not carry the back office's
 * header. (import.meta.env.SSR is replaced at build time, so the client bundle drops the static import.)
 */
const AdminChrome = import.meta.env.SSR ? ServerAdminChrome : lazyNamed(() => import("~/features/admin/admin-chrome"), "AdminChrome");

/**
 * `<html data-hydrated>` once React has hydrated the page itself (the browser tests wait for it). It
 * sits inside the chrome's Suspense boundary: the back office's chrome is a lazy chunk, and until it
 * loads React leaves that boundary's server HTML as sent, so the document around it hydrates first.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return null;
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
          <HydratedMark />
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
const RootErrorPage = import.meta.env.SSR ? ServerRootErrorPage : lazyNamed(() => import("~/features/site/error-page"), "RootErrorPage");

export function ErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <RootErrorPage />
    </Suspense>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.shop.identity.tradingName ?? SITE.name },
  ...(data?.shop.description ? [{ name: "description", content: data.shop.description }] : []),
];
