import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/server/load-context";
import { remixConfig } from "./remix.config";

/**
 * A lazy chunk's import preloads only the chunks its importer has not already loaded. Vite lists
 * every chunk a lazy chunk imports, most of which the importer itself imports statically (and so
 * are loaded before it runs); their names cost bytes in first visits' JavaScript. The bundle's
 * static import graph is captured just before Vite writes the lists.
 */
function lazyChunkPreloads() {
  let bundle: Record<string, { imports?: string[] }> = {};
  const plugin: Plugin = {
    name: "greenleaf:lazy-chunk-preloads",
    apply: "build",
    generateBundle(_options, output) {
      bundle = output as typeof bundle;
    },
  };
  const loadedWith = (file: string, loaded = new Set<string>()): Set<string> => {
    if (loaded.has(file)) return loaded;
    loaded.add(file);
    for (const imported of bundle[file]?.imports ?? []) loadedWith(imported, loaded);
    return loaded;
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    const loaded = loadedWith(hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}

const lazyPreloads = lazyChunkPreloads();

/**
 * What every page loads — the client entry, app/root.tsx's static imports (the shop's header, the
 * cart trigger, the toaster, the rules they share) and the packages they need — goes in two chunks,
 * "shell" (ours) and "vendor" (React, Remix). Left to itself Rollup cuts the app's part into a dozen
 * small chunks by which routes also import each module, and every chunk costs a first visit its own
 * request, import list and gzip header (measured: +1.6 KB gzipped on /shop after the feature-folder
 * move). A module that is anywhere the target of a dynamic import (the admin chrome, the age gate,
 * the drawer's dialog, the error page, the filter sheet) is not walked: it stays a chunk of its own.
 */
function appShellChunks() {
  const appDir = path.resolve("app") + path.sep;
  const starts = [path.resolve("app/root.tsx"), path.resolve("app/entry.client.tsx")];
  // What the pages a shopper lands on share (product pictures, the product card with its price and
  // rating, the loading state, the breadcrumb): each would otherwise head a small chunk of its own
  // (a request, an import list and a gzip header more), and home, /shop, the category pages and the
  // product page each need most of them.
  const onLandingPages = new Set(
    [
      "app/features/photos/product-image.tsx",
      "app/features/product-card/product-card.tsx",
      "app/features/catalogue/star-rating.tsx",
      "app/features/deals/price.tsx",
      "app/features/deals/deals.ts",
      "app/features/catalogue/products-loading.tsx",
      "app/ui/breadcrumb.tsx",
    ].map((file) => path.resolve(file)),
  );
  let everyPage: Set<string> | undefined;
  const collect = (getModuleInfo: Rollup.GetModuleInfo) => {
    const seen = new Set<string>();
    const pending = [...starts];
    while (pending.length > 0) {
      const id = pending.pop()!;
      const info = getModuleInfo(id);
      if (seen.has(id) || !info || (!starts.includes(id) && info.dynamicImporters.length > 0)) continue;
      seen.add(id);
      pending.push(...info.importedIds);
    }
    for (const start of starts) seen.delete(start);
    return seen;
  };
  return (id: string, { getModuleInfo }: { getModuleInfo: Rollup.GetModuleInfo }) => {
    everyPage ??= collect(getModuleInfo);
    if (everyPage.has(id) || onLandingPages.has(id)) return id.startsWith(appDir) ? "shell" : "vendor";
    // A lazily loaded module that a shell module also imports statically (only in code the build
    // makes dead) heads a chunk of its own, or Rollup would put it in the shell with its importer.
    const info = getModuleInfo(id);
    const deadImport = info && info.dynamicImporters.length > 0 && info.importers.some((importer) => everyPage?.has(importer));
    return deadImport ? path.basename(id).replace(/\.[jt]sx?$/, "") : undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [lazyPreloads.plugin, remixCloudflareDevProxy({ getLoadContext }), remix(remixConfig), tailwindcss(), tsconfigPaths()],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  build: {
    // The browser bundle goes through terser (two compress passes): 3-4% smaller than esbuild's
    // minifier, measured on the React + Remix chunk, for phones on slow networks; pure_getters (no
    // property read has a side effect: nothing here reads a layout property to force a reflow) takes
    // 0.5 KB more off React + Remix. The Worker
    // bundle keeps esbuild's (fast; its size is checked by the bench).
    minify: isSsrBuild ? "esbuild" : "terser",
    terserOptions: {
      module: true,
      ecma: 2020,
      compress: { passes: 3, unsafe_arrows: true, unsafe_methods: true, pure_getters: true },
      format: { comments: false },
    },
    target: "es2022",
    modulePreload: { resolveDependencies: lazyPreloads.resolveDependencies },
    // The server build leaves its packages (react, remix, zod, drizzle...) to wrangler's bundler. Rollup
    // would hoist every chunk's transitive imports into the entry and the lazy chunks as bare
    // `import "zod"` lines, which wrangler's esbuild then reports hundreds of times on every start
    // (ignored-bare-import: the packages declare no side effects). Nothing needs them hoisted.
    rollupOptions: isSsrBuild ? { output: { hoistTransitiveImports: false } } : { output: { manualChunks: appShellChunks() } },
  },
}));
