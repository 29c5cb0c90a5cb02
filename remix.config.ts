import type { VitePluginConfig } from "@remix-run/dev";

/**
 * Remix plugin options, imported by vite.config.ts.
 * Every v3 future flag is on so a later move to React Router v7 is a codemod.
 * Single fetch's types are switched on in remix-future.d.ts.
 */
export const remixConfig = {
  ignoredRouteFiles: ["**/*.server.*", "**/*.test.*", "**/__*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
} satisfies VitePluginConfig;
