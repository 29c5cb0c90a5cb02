/**
 * Browser tests need Debian's chromium at /usr/bin/chromium (Playwright cannot download
 * browsers here). Installs it with apt-get when we can, otherwise says how.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";

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

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt) {
    console.log("Installing Debian's chromium for the browser tests (apt-get)...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
    if (existsSync(CHROMIUM)) return;
  }
  console.error(
    `The browser tests need Chromium at ${CHROMIUM}.\n` +
      "Install it with: sudo apt-get update && sudo apt-get install -y chromium\n" +
      "(Playwright's own browser download is not used by this project.)",
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
