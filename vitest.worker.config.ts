import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { fastCheckRun } from "./tests/fast-check-run";

/**
 * Worker tests: the built Worker (workers/app.ts + build/server) runs in workerd with
 * real local D1, R2 and Queue bindings from wrangler.toml. Run `npm run build` first.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      // The app's `~/` and `~db/` imports, as in vite.config.ts.
      tsconfigPaths(),
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            ADMIN_USERNAME: "admin",
            // PBKDF2-SHA256 of "dev-password" at 1,000 iterations: the verifier reads the count from the hash,
            // and each of the hundreds of sign-ins here then costs a hundredth of .dev.vars.example's 100,000.
            // tests/worker/admin-sessions.test.ts signs in with that real 100,000-iteration hash too.
            ADMIN_PASSWORD_HASH: "pbkdf2-sha256$1000$2iTC51TAMtH5n54sUMPq3A==$a0/XORxh+oR0mTI3lzEBQbFXCBjwqcWrAsRG2fuuX8U=",
            SESSION_SECRET: "test-session-secret-0123456789abcdef",
            // The tests play Cloudflare's edge: the CF-Connecting-IP they send is the client's address.
            // tests/worker/sign-in-client.test.ts takes it away to be the local engine.
            BEHIND_CLOUDFLARE_EDGE: "true",
          },
        },
      }),
    ],
    test: {
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["./tests/fast-check-setup.ts", "./tests/worker/setup.ts"],
      provide: { fastCheck: fastCheckRun(process.env) },
      // The 20 MB uploads and the catalogue loads take a few seconds on a busy 2-core machine; a test
      // that times out says nothing about the shop.
      testTimeout: 30_000,
      // One workerd per core, not vitest's default of cores − 1: the tests spend most of their time
      // waiting on workerd (D1, R2, the Images binding), so a second file runs in that time.
      // Measured on 2 cores: 337 s with one at a time, 222 s with two.
      maxWorkers: availableParallelism(),
      // Each of those workerds runs its share of the files one after another instead of starting anew
      // per file: the setup file gives each file a fresh shop (decision 056).
      isolate: false,
      // Made once in Node and handed to the tests with provide/inject: the test photos (ImageMagick and
      // exiftool) and the catalogue seed every file starts from (its SQL and sample lab reports).
      globalSetup: ["./tests/worker/photos.global.ts", "./tests/worker/fresh-shop.global.ts"],
      deps: {
        optimizer: {
          ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] },
        },
      },
    },
  };
});
