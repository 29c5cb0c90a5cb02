/**
 * Starts the built Worker locally for measurements (bench, load, Lighthouse): wrangler's own dev
 * engine (`unstable_startWorker`, the API behind `wrangler dev`) on wrangler.toml, the production
 * build and a given local state folder — with the DevTools inspector switched off.
 *
 * Why not the `wrangler dev` command: it always attaches an inspector session and enables
 * DevTools' Network domain, so workerd reports every subrequest — each D1 query — with its body
 * to wrangler's inspector proxy: work a deployed Worker never does. Only the load test turns the
 * inspector on (`inspectorPort`), to read the Worker's heap.
 */
import { unstable_startWorker } from "wrangler";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { quietWranglerVars } from "./env";
import { assertPortFree } from "./port";

// wrangler runs in this process here: the same quiet settings as for the wrangler processes we spawn.
Object.assign(process.env, quietWranglerVars);

export type LocalWorker = { origin: string; stop: () => Promise<void> };

/**
 * `assets` serves the static files from another folder than wrangler.toml's build/client. wrangler
 * watches its assets folder even with `watch: false`, and any change there reloads the Worker: a
 * request in flight then gets a 503 (a POST) or waits for the reload (a GET). So a script that adds
 * files of its own serves a copy, and every other engine on build/client (the server tests, the load
 * smoke beside it) is left alone.
 */
export async function startLocalWorker(
  port: number,
  persistTo: string,
  { assets, inspectorPort }: { assets?: string; inspectorPort?: number } = {},
): Promise<LocalWorker> {
  // wrangler's engine waits forever for a port that is taken: refuse at once instead.
  await assertPortFree(port);
  const worker = await unstable_startWorker({
    config: "wrangler.toml",
    ...(assets ? { assets } : {}),
    dev: {
      server: { hostname: "127.0.0.1", port },
      persist: persistTo,
      inspector: inspectorPort === undefined ? false : { port: inspectorPort },
      watch: false,
      liveReload: false,
      logLevel: "error",
    },
  });
  await worker.ready;
  const origin = `http://127.0.0.1:${port}`;
  await waitForWorker(origin);
  return { origin, stop: () => worker.dispose() };
}

async function waitForWorker(origin: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the local Worker did not answer on ${origin}`);
}

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

/**
 * Resident memory (KiB) of the workerd processes this Node process started: `worker` runs the Worker
 * (and the engine's asset server and local D1/R2/Queue simulators beside it), `proxy` is wrangler's
 * dev proxy in front of it — the one listening on the public port — which a deployed Worker does not
 * have. Reported, never judged: the Worker's own memory is its heap (`worker-heap.ts`).
 */
export function workerdMemoryKiB(port: number): { worker: number; proxy: number } {
  const memory = { worker: 0, proxy: 0 };
  for (const pid of descendants(process.pid)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      if (!/^Name:\s+workerd/m.test(status)) continue;
      const rss = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      memory[cmdline.includes(`entry=127.0.0.1:${port}`) ? "proxy" : "worker"] += rss;
    } catch {
      // the process ended meanwhile
    }
  }
  return memory;
}
