/**
 * npm test: every layer.
 *   static checks, all run, failing together: typecheck (tsc -b over the split tsconfigs), lint (ESLint),
 *   import cycles (madge), formatting (Prettier); one after another while the build and then the unit
 *   tests (node; they include a scan of the client build for secrets) run beside them (the build waits
 *   on disk and a single thread for much of its time, so the two share the 2 cores)
 *   -> then the worker tests (workerd with real D1/R2/Queue) beside the server tests (tests/server: the
 *   real npm start engine) and the bench and load smoke runs, one after another: the worker pool leaves
 *   part of a core idle and the server tests mostly wait on their engine -> then, if all passed, the
 *   browser tests (chromium), which keep both cores busy on their own
 * Property tests run a tenth of their full count with a fresh seed (tests/fast-check.ts); FC_RUNS=full
 * runs them all and FC_SEED replays a run.
 */
import { spawn } from "node:child_process";
import { ensureChromium } from "./ensure-chromium";
import { quietWranglerEnv } from "./env";

type Step = [name: string, args: string[]];

const checks: Step[] = [
  ["typecheck", ["run", "typecheck"]],
  ["lint", ["run", "lint"]],
  ["import cycles", ["run", "lint:cycles"]],
  ["formatting", ["run", "format:check"]],
];

const build: Step = ["build", ["run", "build"]];

const unit: Step = ["unit tests", ["run", "test:unit"]];

const worker: Step = ["worker tests", ["run", "test:worker"]];

/** Each on an engine of its own (a free port, its own local state), one after another, beside the worker tests. */
const besideWorker: Step[] = [
  // Body limits and the entry rules (page cache, paths, static headers) against wrangler's real engine, its dev
  // proxy and Workers Assets, which the worker tests do not pass through.
  ["server tests", ["run", "test:server", "--", "--no-build"]],
  // Smoke runs so the bench and the load test cannot rot (their full runs are npm run bench / test:load).
  ["bench smoke", ["run", "test:bench-smoke"]],
  ["load smoke", ["run", "test:load", "--", "--smoke", "--no-build"]],
];

const browser: Step = ["browser tests", ["run", "test:e2e"]];

// wrangler 4.86 calls wrangler.toml's [secrets] list experimental, once per process it starts.
const env = { ...quietWranglerEnv, WRANGLER_DISABLE_EXPERIMENTAL_WARNING: "1" };

/**
 * Runs one step. With `buffered`, its output is held and printed in one block when it ends, so two steps
 * running side by side do not interleave their lines.
 */
function run([name, args]: Step, buffered = false): Promise<number> {
  console.log(`\n▶ ${name}: npm ${args.join(" ")}`);
  const started = Date.now();
  const child = spawn("npm", args, { stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit", env });
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const status = code ?? 1;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (buffered) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(output).toString()}`);
      if (status === 0) console.log(`✔ ${name} (${seconds} s)`);
      else console.error(`\n✖ ${name} failed (exit ${code ?? signal}, ${seconds} s).`);
      resolve(status);
    });
  });
}

async function runChecks(): Promise<string[]> {
  const failed: string[] = [];
  for (const step of checks) if ((await run(step, true)) !== 0) failed.push(step[0]);
  return failed;
}

// The unit tests (one of them scans the client build) run as soon as the build is done, beside the
// static checks, which take longer than the build.
async function buildThenUnit(): Promise<number> {
  const status = await run(build, true);
  return status === 0 ? run(unit, true) : status;
}

const [failedChecks, buildAndUnitStatus] = await Promise.all([runChecks(), buildThenUnit()]);
if (failedChecks.length > 0) {
  console.error(`\n✖ Static checks failed: ${failedChecks.join(", ")}.`);
  process.exit(1);
}
if (buildAndUnitStatus !== 0) process.exit(buildAndUnitStatus);

/** Runs the steps one after another, buffered, stopping at the first failure. */
async function inTurn(steps: Step[]): Promise<number> {
  for (const step of steps) {
    const status = await run(step, true);
    if (status !== 0) return status;
  }
  return 0;
}

const statuses = await Promise.all([run(worker), inTurn(besideWorker)]);
const failed = statuses.find((status) => status !== 0);
if (failed !== undefined) process.exit(failed);

ensureChromium();
const browserStatus = await run(browser);
if (browserStatus !== 0) process.exit(browserStatus);
console.log("\n✔ All test layers passed.");
