/**
 * npm test: every layer.
 *   static checks, all run, failing together: typecheck (tsc -b over the split tsconfigs), import cycles
 *   (madge) and formatting (Prettier) in turn, beside lint (ESLint, knip), beside the build and then the
 *   unit tests (node; they include a scan of the client build for secrets)
 *   -> then the worker tests (workerd with real D1/R2/Queue) beside the server tests (tests/server: the
 *   real npm start engine) and beside the bench and load smoke runs: the worker pool leaves part of a
 *   core idle and the server tests mostly wait on their engine -> then, if all passed, the browser tests
 *   (chromium's headless shell), which keep both cores busy on their own
 * Property tests run a tenth of their full count with a fresh seed (tests/fast-check.ts); FC_RUNS=full
 * runs them all and FC_SEED replays a run.
 */
import { spawn } from "node:child_process";
import { ensureDevVars } from "./dev-vars";
import { ensureChromium } from "./ensure-chromium";
import { quietWranglerEnv } from "./env";

type Step = [name: string, args: string[]];

// The Worker's generated types (worker-configuration.d.ts), written once before the checks that read them.
const types: Step = ["worker types", ["run", "types"]];

/**
 * Two chains beside each other (each tool keeps about one core busy): the type-checked lint, the longest,
 * alone; all run, and fail together.
 */
const checks: Step[][] = [
  [
    // npm run typecheck without writing the types again while lint reads them.
    ["typecheck", ["exec", "--", "tsc", "-b"]],
    ["import cycles", ["run", "lint:cycles"]],
    ["formatting", ["run", "format:check"]],
  ],
  [["lint", ["run", "lint"]]],
];

const build: Step = ["build", ["run", "build"]];

const unit: Step = ["unit tests", ["run", "test:unit"]];

const worker: Step = ["worker tests", ["run", "test:worker"]];

/** Beside the worker tests, each chain on engines of its own (a free port, its own local state). */
const besideWorker: Step[][] = [
  // Body limits and the entry rules (page cache, paths, static headers) against wrangler's real engine, its dev
  // proxy and Workers Assets, which the worker tests do not pass through.
  [["server tests", ["run", "test:server", "--", "--no-build"]]],
  // Smoke runs so the bench and the load test cannot rot (their full runs are npm run bench / test:load).
  [
    ["bench smoke", ["run", "test:bench-smoke"]],
    ["load smoke", ["run", "test:load", "--", "--smoke", "--no-build"]],
  ],
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

/** Runs every step one after another, buffered; answers the names of those that failed. */
async function runAll(steps: Step[]): Promise<string[]> {
  const failed: string[] = [];
  for (const step of steps) if ((await run(step, true)) !== 0) failed.push(step[0]);
  return failed;
}

/** Runs the steps one after another, buffered, stopping at the first failure. */
async function inTurn(steps: Step[]): Promise<number> {
  for (const step of steps) {
    const status = await run(step, true);
    if (status !== 0) return status;
  }
  return 0;
}

// The unit tests (one of them scans the client build) run as soon as the build is done, beside the
// static checks, which take longer than the build.
ensureDevVars();
const typesStatus = await run(types, true);
if (typesStatus !== 0) process.exit(typesStatus);
const [buildAndUnitStatus, ...failedChecks] = await Promise.all([inTurn([build, unit]), ...checks.map(runAll)]);
if (failedChecks.flat().length > 0) {
  console.error(`\n✖ Static checks failed: ${failedChecks.flat().join(", ")}.`);
  process.exit(1);
}
if (buildAndUnitStatus !== 0) process.exit(buildAndUnitStatus);

const statuses = await Promise.all([run(worker), ...besideWorker.map(inTurn)]);
const failed = statuses.find((status) => status !== 0);
if (failed !== undefined) process.exit(failed);

ensureChromium();
const browserStatus = await run(browser);
if (browserStatus !== 0) process.exit(browserStatus);
console.log("\n✔ All test layers passed.");
