/**
 * npm run bench:memory [-- --rounds N] — where the local engine's memory goes under load. For each of
 * four kinds of request, on a fresh engine: 50 connections in rounds of 20 s, and after each round the
 * resident memory of the workerd process running the Worker beside the Worker's live heap. The static
 * file never reaches the Worker, so what that process gains then is the engine's own (docs/decisions/058).
 * Run on a built Worker (npm run build) with nothing else busy.
 */
import autocannon from "autocannon";
import { rmSync } from "node:fs";
import { prepareLocal } from "./prepare-local";
import { startLocalWorker, workerdMemoryKiB } from "./local-worker";
import { freePort } from "./port";
import { connectWorkerHeap } from "./worker-heap";

const roundsIndex = process.argv.indexOf("--rounds");
const rounds = roundsIndex > -1 ? Number(process.argv[roundsIndex + 1]) : 3;
const form = { "Content-Type": "application/x-www-form-urlencoded" };

const kinds: { label: string; request: (origin: string) => autocannon.Request }[] = [
  { label: "a static file (GET /favicon.svg, the engine's asset server)", request: () => ({ method: "GET", path: "/favicon.svg" }) },
  { label: "a page the Worker answers from its page cache (GET /faq)", request: () => ({ method: "GET", path: "/faq" }) },
  {
    label: "search suggestions the Worker reads from D1, never cached (GET /search?q=kush)",
    request: () => ({ method: "GET", path: "/search?q=kush" }),
  },
  {
    label: "a cart post (POST /cart, a D1 read and an insights message)",
    request: (origin) => ({ method: "POST", path: "/cart", headers: { ...form, Origin: origin }, body: "intent=add&productId=2" }),
  },
];

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
console.log(`| request | round | requests | process running the Worker | Worker's live heap |\n|---|---:|---:|---:|---:|`);
for (const kind of kinds) {
  const port = await freePort();
  const inspectorPort = await freePort();
  const persistTo = `.wrangler/memory-${port}`;
  rmSync(persistTo, { recursive: true, force: true });
  await prepareLocal(persistTo, undefined, { quiet: true });
  const worker = await startLocalWorker(port, persistTo, { inspectorPort });
  const heap = await connectWorkerHeap(inspectorPort);
  try {
    const row = async (round: string, requests: number) => {
      const heapBytes = await heap.liveBytes();
      console.log(`| ${kind.label} | ${round} | ${requests} | ${mib(workerdMemoryKiB(port).worker * 1024)} | ${mib(heapBytes)} |`);
    };
    await row("start", 0);
    for (let round = 1; round <= rounds; round++) {
      const result = await autocannon({ url: worker.origin, connections: 50, duration: 20, requests: [kind.request(worker.origin)] });
      const failed = result.errors + result["4xx"] + result["5xx"];
      if (failed > 0) throw new Error(`${kind.label}: ${failed} of ${result.requests.total} requests failed`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await row(String(round), result.requests.total);
    }
  } finally {
    heap.close();
    await worker.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}
