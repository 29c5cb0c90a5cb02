import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { fastCheckRun } from "./tests/fast-check-run";

/** Unit tests: pure modules in Node, no bindings. */
export default defineConfig({
  // The app's `~/` and `~db/` imports, as in vite.config.ts.
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/fast-check-setup.ts"],
    provide: { fastCheck: fastCheckRun(process.env) },
  },
});
