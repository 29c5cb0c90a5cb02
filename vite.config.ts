import {
  vitePlugin as remix,
  cloudflareDevProxyVitePlugin as remixCloudflareDevProxy,
} from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/load-context";
import { remixConfig } from "./remix.config";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
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
    // The server build leaves its packages (react, remix, zod, drizzle...) to wrangler's bundler. Rollup
    // would hoist every chunk's transitive imports into the entry and the lazy chunks as bare
    // `import "zod"` lines, which wrangler's esbuild then reports hundreds of times on every start
    // (ignored-bare-import: the packages declare no side effects). Nothing needs them hoisted.
    rollupOptions: isSsrBuild ? { output: { hoistTransitiveImports: false } } : undefined,
  },
}));
