/**
 * npm test: every layer, in order, stopping at the first failure.
 *   build -> unit (node; includes a scan of the client build for secrets)
 *   -> worker (workerd with real D1/R2/Queue) -> e2e (chromium) -> bench and load smoke runs
 */
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./ensure-chromium";
import { quietWranglerEnv } from "./env";

const steps: [string, string[]][] = [
  ["build", ["run", "build"]],
  ["unit tests", ["run", "test:unit"]],
  ["worker tests", ["run", "test:worker"]],
  ["browser tests", ["run", "test:e2e"]],
  // Smoke runs so the bench and the load test cannot rot (their full runs are npm run bench / test:load).
  ["bench smoke", ["run", "test:bench-smoke"]],
  ["load smoke", ["run", "test:load", "--", "--smoke", "--no-build"]],
];

ensureChromium();
for (const [name, args] of steps) {
  console.log(`\n▶ ${name}: npm ${args.join(" ")}`);
  const result = spawnSync("npm", args, { stdio: "inherit", env: quietWranglerEnv });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}
console.log("\n✔ All test layers passed.");
