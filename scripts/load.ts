/**
 * npm run test:load [-- --smoke] — a mix of public pages and cart posts with autocannon against the
 * built Worker (`wrangler dev`, its own local state): 50 connections for 30 s (the smoke: 10 for 5 s).
 * Passes when there are no errors and no 5xx, and the workerd process's memory after the run is
 * within 20% of its memory after warm-up. Prints the figures.
 */
import autocannon from "autocannon";
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { quietWranglerEnv } from "./env";
import { prepareLocal } from "./prepare-local";

const smoke = process.argv.includes("--smoke");
const connections = smoke ? 10 : 50;
const duration = smoke ? 5 : 30;
const port = 8797;
const origin = `http://127.0.0.1:${port}`;
const persistTo = ".wrangler/load";

function descendants(pid: number): number[] {
  const out = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" });
  const children = new Map<number, number[]>();
  for (const line of out.trim().split("\n")) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    children.set(parent!, [...(children.get(parent!) ?? []), child!]);
  }
  const all: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const next = queue.shift()!;
    for (const child of children.get(next) ?? []) {
      all.push(child);
      queue.push(child);
    }
  }
  return all;
}

/** Resident memory (KiB) of the workerd processes under the wrangler dev we started. */
function workerdRssKiB(rootPid: number) {
  let total = 0;
  for (const pid of descendants(rootPid)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const name = /^Name:\s+(\S+)/m.exec(status)?.[1] ?? "";
      if (!name.includes("workerd")) continue;
      total += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("wrangler dev did not start");
}

if (!process.argv.includes("--no-build")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
rmSync(persistTo, { recursive: true, force: true });
await prepareLocal(persistTo);
const server = spawn(
  "npx",
  ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistTo, "--show-interactive-dev-session=false", "--inspector-port", "0", "--log-level", "error"],
  { stdio: ["ignore", "ignore", "inherit"], env: quietWranglerEnv, detached: true },
);

let failed = false;
try {
  await waitForServer();
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const headers = { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" };
  const requests: autocannon.Request[] = [
    { method: "GET", path: "/" },
    { method: "GET", path: "/shop" },
    { method: "GET", path: "/shop?category=concentrates&sort=price-asc" },
    { method: "GET", path: "/shop/concentrates" },
    { method: "GET", path: "/product/1" },
    { method: "POST", path: "/cart", headers, body: form({ intent: "add", productId: "2" }) },
    { method: "GET", path: "/checkout" },
    { method: "POST", path: "/cart", headers, body: form({ intent: "add", productId: "3" }) },
    { method: "GET", path: "/faq" },
  ];
  const run = (seconds: number) => autocannon({ url: origin, connections, duration: seconds, requests });

  await run(smoke ? 2 : 10); // warm-up
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const warm = workerdRssKiB(server.pid!);
  const result = await run(duration);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = workerdRssKiB(server.pid!);

  const growth = warm > 0 ? (after - warm) / warm : 0;
  const fiveXX = result["5xx"];
  console.log(`\n## Load: ${connections} connections × ${duration}s, mixed pages and cart posts\n`);
  console.log(`requests: ${result.requests.total}  req/s: ${result.requests.average.toFixed(0)}  p50: ${result.latency.p50} ms  p99: ${result.latency.p99} ms`);
  console.log(`2xx: ${result["2xx"]}  3xx: ${result["3xx"]}  4xx: ${result["4xx"]}  5xx: ${fiveXX}  errors: ${result.errors}  timeouts: ${result.timeouts}`);
  console.log(`workerd memory after warm-up: ${(warm / 1024).toFixed(1)} MiB, after the run: ${(after / 1024).toFixed(1)} MiB (${(growth * 100).toFixed(1)}%)`);
  const checks: [string, boolean][] = [
    ["no errors or timeouts", result.errors === 0 && result.timeouts === 0],
    ["no 5xx", fiveXX === 0],
    ["no 4xx (every request in the mix is valid)", result["4xx"] === 0],
    // Five seconds is too short for V8's heap to settle: the smoke reports memory, the full run judges it.
    ...(smoke ? [] : ([["memory within 20% of warm-up", warm > 0 && Math.abs(growth) <= 0.2]] as [string, boolean][])),
  ];
  for (const [label, pass] of checks) console.log(`${pass ? "PASS" : "FAIL"}  ${label}`);
  failed = checks.some(([, pass]) => !pass);
  console.log(`\n${checks.filter(([, p]) => p).length} passed, ${checks.filter(([, p]) => !p).length} failed`);
} finally {
  process.kill(-server.pid!, "SIGTERM");
}
process.exit(failed ? 1 : 0);
