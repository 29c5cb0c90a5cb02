import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS, HEADLESS_SHELL } from "./scripts/ensure-chromium";

/**
 * Browser tests: Debian's chromium headless shell (never `playwright install`) against the built Worker,
 * served by wrangler's engine without a watcher or inspector (scripts/e2e-server.ts) on its own local
 * state, migrated and seeded fresh each run.
 * E2E_PORT lets several checkouts run side by side.
 */
/**
 * The specs that need the whole shop to themselves, so no other spec may run beside them. They run
 * after everything else, one file at a time:
 * - the ones that change the whole shop: catalogue loads and imports (a load in progress rightly
 *   disables an import's confirmation), the owner-work spec that deletes and restores, and the settings
 *   spec that moves the shop's Telegram account and closes the shop for a while (an order or a contact
 *   message sent meanwhile would rightly go to that account, or say the shop is closed);
 * - the ones that expect a page cache hit: any owner's save elsewhere rightly starts a new copy.
 */
const ALONE = /(migration|owner-work|catalogue-import|shop-settings|page-cache|cart-cache)\.spec\.ts/;

/**
 * The tests tagged @full-chromium run in Debian's full browser: they prove what only it does (its PDF
 * viewer opens a lab report in the tab; a form that opens Telegram in a new tab, whose redirect the
 * headless shell would let past the test's fake Telegram). Everything else runs in the headless shell.
 */
const FULL_CHROMIUM = /@full-chromium/;

const port = Number(process.env.E2E_PORT ?? 8790);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // 60 s per test: the long journeys (cart, admin, deals) run near 30 s on the 2-core CI machine
  // with two workers, and a test that times out says nothing about the shop.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording a trace on every test (a screenshot per action, a DOM snapshot per step) cost ~40% of the
    // browser layer's CPU. On CI the first failure reruns with a trace; locally a failing test keeps its own.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: HEADLESS_SHELL,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: ALONE,
      grepInvert: FULL_CHROMIUM,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
    },
    {
      name: "full chromium",
      testIgnore: ALONE,
      grep: FULL_CHROMIUM,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 900 },
        launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
      },
    },
    {
      name: "alone",
      workers: 1,
      testMatch: ALONE,
      dependencies: ["chromium", "full chromium"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
    },
  ],
  webServer: {
    command: `tsx scripts/e2e-server.ts --port ${port}`,
    url: `${baseURL}/robots.txt`,
    // A loaded machine can take longer to build and boot the worker: E2E_SERVER_TIMEOUT (ms) raises the wait.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 120_000),
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
