/**
 * Serves the built Worker for browser tests on fresh local state (.wrangler/e2e),
 * migrated and seeded, so every run starts from the same catalogue.
 *   tsx scripts/e2e-server.ts --port 8790
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { quietWranglerEnv } from "./env";
import { exitIfTaken } from "./port";
import { prepareLocal } from "./prepare-local";

const portIndex = process.argv.indexOf("--port");
const port = portIndex > -1 ? process.argv[portIndex + 1]! : "8790";
const persistTo = `.wrangler/e2e-${port}`;

await exitIfTaken(Number(port), "Set E2E_PORT to a free port for the browser tests.");

rmSync(persistTo, { recursive: true, force: true });
await prepareLocal(persistTo);

const child = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "--port",
    port,
    "--ip",
    "127.0.0.1",
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
    "--inspector-port",
    "0",
  ],
  { stdio: "inherit", env: quietWranglerEnv },
);
child.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
