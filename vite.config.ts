import {
  vitePlugin as remix,
  cloudflareDevProxyVitePlugin as remixCloudflareDevProxy,
} from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    lazyPreloads.plugin,
    remixCloudflareDevProxy({ getLoadContext }),
    remix(remixConfig),
    tailwindcss(),
    tsconfigPaths(),
  ],
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
    // minifier, measured on the React + Remix chunk, for phones on slow networks. The Worker
    // bundle keeps esbuild's (fast; its size is checked by the bench).
    minify: isSsrBuild ? "esbuild" : "terser",
    terserOptions: { module: true, ecma: 2020, compress: { passes: 3, unsafe_arrows: true, unsafe_methods: true }, format: { comments: false } },
    target: "es2022",
    modulePreload: { resolveDependencies: lazyPreloads.resolveDependencies },
    // The server build leaves its packages (react, remix, zod, drizzle...) to wrangler's bundler. Rollup
    // would hoist every chunk's transitive imports into the entry and the lazy chunks as bare
    // `import "zod"` lines, which wrangler's esbuild then reports hundreds of times on every start
    // (ignored-bare-import: the packages declare no side effects). Nothing needs them hoisted.
    rollupOptions: isSsrBuild ? { output: { hoistTransitiveImports: false } } : undefined,
  },
}));
