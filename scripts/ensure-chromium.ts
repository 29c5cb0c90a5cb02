/**
 * Browser tests need Debian's chromium at /usr/bin/chromium and its headless shell at
 * /usr/bin/chromium-headless-shell (Playwright cannot download browsers here). Installs them with
 * apt-get when we can, otherwise says how.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The full browser: the measuring scripts (Lighthouse, the hydration window) and the few browser tests that need what only it has. */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * The same engine without the browser's windowing layer: the browser that Playwright's own headless
 * runs use, and a third less CPU per test than the full browser's headless mode. It has no PDF viewer,
 * and a new tab's redirect escapes the test's routes (see playwright.config.ts).
 */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

const PACKAGES = "chromium chromium-headless-shell";

/** The flags every launch here passes: no sandbox in a container, no GPU, and none of chromium's own network chatter. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The flags of a measuring launch (Lighthouse, the hydration window): CHROMIUM_ARGS without paint
 * holding. Paint holding keeps the previous page on screen during a navigation. In headless chromium
 * with software compositing it also holds the new page's first frame to ~1 s ticks: the same
 * static copy of /shop showed its first paint at 250, 1,250 or 2,300 ms from run to run, and
 * Lighthouse's simulation then counts every script that ran meanwhile as render-blocking.
 * Without it the first paint lands at 350-570 ms every run, so the score measures the page.
 */
export const MEASURING_CHROMIUM_ARGS = [...CHROMIUM_ARGS, "--disable-features=PaintHolding"];

export function ensureChromium() {
  const installed = () => existsSync(CHROMIUM) && existsSync(HEADLESS_SHELL);
  if (installed()) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt) {
    console.log("Installing Debian's chromium and its headless shell for the browser tests (apt-get)...");
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGES}`, { stdio: "inherit" });
    if (installed()) return;
  }
  console.error(
    `The browser tests need Chromium at ${CHROMIUM} and its headless shell at ${HEADLESS_SHELL}.\n` +
      `Install them with: sudo apt-get update && sudo apt-get install -y ${PACKAGES}\n` +
      "(Playwright's own browser download is not used by this project.)",
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
