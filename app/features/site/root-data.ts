import { useRouteLoaderData } from "@remix-run/react";
import type { loadRootData } from "./layout.server";
import { SITE } from "./site";

/** The root route's loader, for `MetaFunction<typeof loader, { root: RootLoader }>`. */
export type RootLoader = typeof loadRootData;

/** The root route's data (app/features/site/layout.server.ts loadRootData) in any component. */
export function useRootData() {
  return useRouteLoaderData<RootLoader>("root");
}

/**
 * The owner's trading name, as the shop's chrome shows it. The root's data is missing only on the
 * error page of a root loader that failed: then the settings cannot be read, and the new shop's name stands in.
 */
export function useShopName(): string {
  return useRootData()?.shop.identity.tradingName ?? SITE.name;
}
