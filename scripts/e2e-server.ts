/**
 * Serves the built Worker for browser tests on fresh local state (.wrangler/e2e-<port>), migrated and
 * seeded, so every run starts from the same catalogue.
 *   tsx scripts/e2e-server.ts --port 8790
 *
 * The engine is wrangler's own (`unstable_startWorker`, scripts/local-worker.ts, as the bench and the
 * load test use it) with no file watcher and no DevTools inspector: `wrangler dev` watched the
 * Worker's sources with esbuild, which once deadlocked and took the server down mid-run, and its
 * inspector logged every D1 query of the run (megabytes) on the CI machine's two cores.
 */
import { rmSync } from "node:fs";
import { startLocalWorker } from "./local-worker";
import { exitIfTaken } from "./port";
import { prepareLocal } from "./prepare-local";

const portIndex = process.argv.indexOf("--port");
const port = portIndex > -1 ? process.argv[portIndex + 1]! : "8790";
const persistTo = `.wrangler/e2e-${port}`;

await exitIfTaken(Number(port), "Set E2E_PORT to a free port for the browser tests.");

rmSync(persistTo, { recursive: true, force: true });
await prepareLocal(persistTo);
const worker = await startLocalWorker(Number(port), persistTo);
console.log(`Browser tests' Worker on ${worker.origin}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void worker.stop().finally(() => process.exit(0));
  });
}
