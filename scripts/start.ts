/**
 * npm start: build, prepare local D1 (migrations + catalogue), then serve the built Worker with
 * `wrangler dev` on http://localhost:8787 (or $PORT). No Cloudflare account needed.
 *
 * Quiet on purpose: one line per step, wrangler's chatter filtered (scripts/start-output.ts), the
 * Worker's own logs and errors shown, and a closing banner with the shop and admin URLs and the
 * local credentials. A busy port fails at once. `npm start -- --verbose` shows everything.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { DEV_PASSWORD, DEV_PASSWORD_HASH } from "../app/features/auth/admin-config.server";
import { quietWranglerEnv } from "./env";
import { exitIfTaken } from "./port";
import { createOutputFilter, READY, startBanner } from "./start-output";

const verbose = process.argv.includes("--verbose");
const port = process.env.PORT ?? "8787";
if (!/^\d+$/.test(port)) {
  console.error(`PORT must be a number, got ${JSON.stringify(port)}.`);
  process.exit(1);
}
await exitIfTaken(Number(port), `Stop the other server, or start on another port: PORT=${Number(port) + 1} npm start`);

console.log("Building the shop...");
try {
  execFileSync("node_modules/.bin/remix", ["vite:build"], { stdio: verbose ? "inherit" : "pipe" });
} catch (error) {
  const { stdout = "", stderr = "" } = error as { stdout?: Buffer | string; stderr?: Buffer | string };
  console.error(`The build failed:\n${stdout}${stderr}`);
  process.exit(1);
}
console.log("Build: done.");
// Loaded after the port check: it brings wrangler, which takes seconds to load.
const { prepareLocal } = await import("./prepare-local");
await prepareLocal(undefined, undefined, { quiet: !verbose });

function devVar(name: string) {
  return new RegExp(`^${name}=(.*)$`, "m").exec(readFileSync(".dev.vars", "utf8"))?.[1]?.trim() ?? null;
}

console.log("Starting the local server...");
const child = spawn("node_modules/.bin/wrangler", ["dev", "--port", port, "--ip", "127.0.0.1", "--show-interactive-dev-session=false"], {
  stdio: ["inherit", "pipe", "pipe"],
  env: { ...quietWranglerEnv, WRANGLER_HIDE_BANNER: "true" },
});

const keep = createOutputFilter();
for (const [stream, out] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
] as const) {
  createInterface({ input: stream }).on("line", (line) => {
    if (READY.test(line)) {
      console.log(
        startBanner({
          url: `http://localhost:${port}`,
          username: devVar("ADMIN_USERNAME"),
          devPassword: devVar("ADMIN_PASSWORD_HASH") === DEV_PASSWORD_HASH ? DEV_PASSWORD : null,
        }),
      );
      return;
    }
    if (verbose || keep(line)) out.write(`${line}\n`);
  });
}

child.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
