import { createElement, lazy, Suspense, type ComponentType } from "react";

/** The component a module exports under `Name`, with its props. */
type NamedComponent<Module, Name extends keyof Module> = Module[Name] extends ComponentType<infer Props> ? ComponentType<Props> : never;

/**
 * `React.lazy` for a named export: `lazyNamed(() => import("./filter-sheet"), "FilterSheet")` loads
 * the module when the component first renders and uses that export. Keep the
 * `import.meta.env.SSR ? ServerX : lazyNamed(…)` ternary at the call site: the build replaces
 * `import.meta.env.SSR`, so the client drops the static import of ServerX and the module becomes a
 * chunk of its own, while the server renders ServerX at once (see manualChunks in vite.config.ts).
 */
export function lazyNamed<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  // The caller names a component export (NamedComponent); TypeScript cannot relate module[name] to it.
  return lazy(() => load().then((module) => ({ default: module[name] as NamedComponent<Module, Name> })));
}

/** A route's ErrorBoundary that renders `Component` (usually a lazyNamed one) in a Suspense with no fallback. */
export function suspendedBoundary(Component: ComponentType) {
  return function ErrorBoundary() {
    return createElement(Suspense, { fallback: null }, createElement(Component));
  };
}
