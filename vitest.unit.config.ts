import { defineConfig } from "vitest/config";

/** Unit tests: pure modules in Node, no bindings. */
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
