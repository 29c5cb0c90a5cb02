/**
 * npm start: build, prepare local D1 (migrations + catalogue), then serve the built Worker
 * with `wrangler dev` on http://localhost:8787 (or $PORT). No Cloudflare account needed.
 */
import { execFileSync, spawn } from "node:child_process";
import { quietWranglerEnv } from "./env";
import { prepareLocal } from "./prepare-local";

execFileSync("npm", ["run", "build"], { stdio: "inherit" });
await prepareLocal();

const port = process.env.PORT ?? "8787";
const child = spawn("npx", ["wrangler", "dev", "--port", port, "--ip", "127.0.0.1", "--show-interactive-dev-session=false"], {
  stdio: "inherit",
  env: quietWranglerEnv,
});
child.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
