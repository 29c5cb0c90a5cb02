/**
 * npm test: every layer, in order.
 *   static checks, all run, failing together: typecheck (tsc -b over the split tsconfigs), lint (ESLint),
 *   import cycles (madge), formatting (Prettier)
 *   -> then stopping at the first failure: build -> unit (node; includes a scan of the client build for
 *   secrets) -> worker (workerd with real D1/R2/Queue) -> e2e (chromium) -> server (tests/server: the real
 *   npm start engine) -> bench and load smoke runs
 */
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./ensure-chromium";
import { quietWranglerEnv } from "./env";

type Step = [name: string, args: string[]];

const checks: Step[] = [
  ["typecheck", ["run", "typecheck"]],
  ["lint", ["run", "lint"]],
  ["import cycles", ["run", "lint:cycles"]],
  ["formatting", ["run", "format:check"]],
];

const layers: Step[] = [
  ["build", ["run", "build"]],
  ["unit tests", ["run", "test:unit"]],
  ["worker tests", ["run", "test:worker"]],
  ["browser tests", ["run", "test:e2e"]],
  // Body limits and the entry rules (page cache, paths, static headers) against wrangler's real engine, its dev
  // proxy and Workers Assets, which the worker tests do not pass through.
  ["server tests", ["run", "test:server", "--", "--no-build"]],
  // Smoke runs so the bench and the load test cannot rot (their full runs are npm run bench / test:load).
  ["bench smoke", ["run", "test:bench-smoke"]],
  ["load smoke", ["run", "test:load", "--", "--smoke", "--no-build"]],
];

// wrangler 4.86 calls wrangler.toml's [secrets] list experimental, once per process it starts.
const env = { ...quietWranglerEnv, WRANGLER_DISABLE_EXPERIMENTAL_WARNING: "1" };

function run([name, args]: Step): number {
  console.log(`\n▶ ${name}: npm ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync("npm", args, { stdio: "inherit", env });
  const status = result.status ?? 1;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status === 0) console.log(`✔ ${name} (${seconds} s)`);
  else console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}, ${seconds} s).`);
  return status;
}

const failedChecks = checks.filter((step) => run(step) !== 0).map(([name]) => name);
if (failedChecks.length > 0) {
  console.error(`\n✖ Static checks failed: ${failedChecks.join(", ")}.`);
  process.exit(1);
}

ensureChromium();
for (const step of layers) {
  const status = run(step);
  if (status !== 0) process.exit(status);
}
console.log("\n✔ All test layers passed.");
