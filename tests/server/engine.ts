/**
 * What every test against the real `npm start` engine starts with: the build (unless --no-build), a
 * fresh local state of its own, the engine on a free port (or --port N), and PASS/FAIL lines kept
 * for the file's summary.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { startLocalWorker } from "../../scripts/local-worker";
import { portForScript } from "../../scripts/port";
import { prepareLocal } from "../../scripts/prepare-local";

export async function startTestEngine(name: string) {
  const port = await portForScript(process.argv, "Run it with another --port, or without --port to take a free one.");
  const persistTo = `.wrangler/server-test-${name}-${port}`;
  if (!process.argv.includes("--no-build")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  rmSync(persistTo, { recursive: true, force: true });
  await prepareLocal(persistTo, undefined, { quiet: true });
  return Object.assign(await startLocalWorker(port, persistTo), { persistTo });
}

export function createChecks() {
  const results: [string, boolean, string][] = [];
  function check(label: string, pass: boolean, detail: string) {
    results.push([label, pass, detail]);
    console.log(`${pass ? "PASS" : "FAIL"}  ${label} — ${detail}`);
  }
  return { results, check };
}
