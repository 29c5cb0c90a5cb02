import { useRouteLoaderData } from "@remix-run/react";
import type { loadRootData } from "./layout.server";

/** The root route's loader, for `MetaFunction<typeof loader, { root: RootLoader }>`. */
export type RootLoader = typeof loadRootData;

/** The root route's data (app/features/site/layout.server.ts loadRootData) in any component. */
export function useRootData() {
  return useRouteLoaderData<RootLoader>("root");
}
