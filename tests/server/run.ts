/**
 * npm run test:server — every test against the real `npm start` engine, one file after another: the
 * build once, then one engine with fresh local state that the files share (each file handed its
 * address with --origin). Starting an engine (migrations, seed, workerd) costs more than most files'
 * checks. The row-cap and body-limit tests keep an engine of their own: they time answers (a shopper's
 * page during a large import, 20-40 MB chunked posts) through the engine's dev proxy in their own process.
 *   tsx tests/server/run.ts [--no-build] [--port N]
 * The sign-in flood locks the admin out of the shared engine, so it runs last.
 */
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { ASSETS_UNCHANGED, startTestEngine } from "./engine";

const FILES: [file: string, engine: "shared" | "own"][] = [
  ["tests/server/catalogue-import-row-cap.ts", "own"],
  ["tests/server/body-limit.ts", "own"],
  ["tests/server/entry-rules.ts", "shared"],
  ["tests/server/sign-in-client.ts", "shared"],
];

if (!process.argv.includes("--no-build")) {
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
  process.argv.push("--no-build");
}
const passOn = process.argv.slice(2).filter((arg) => arg !== "--no-build");

// Asynchronous, never spawnSync: the shared engine's dev proxy runs in this process and must keep answering.
function runFile(file: string, args: string[]): Promise<boolean> {
  console.log(`\n▶ ${file}`);
  const child = spawn("tsx", [file, "--no-build", ...args], { stdio: "inherit" });
  return new Promise((resolve) => child.on("close", (code) => resolve(code === 0)));
}

const failed: string[] = [];
// The files with an engine of their own first, so the shared one is not running beside them.
for (const [file] of FILES.filter(([, engine]) => engine === "own")) if (!(await runFile(file, passOn))) failed.push(file);
const engine = await startTestEngine("shared");
try {
  for (const [file] of FILES.filter(([, engine]) => engine === "shared")) {
    if (!(await runFile(file, ["--origin", engine.origin]))) failed.push(file);
  }
  if (engine.assetChanges.length > 0) {
    console.error(`FAIL  ${ASSETS_UNCHANGED} (the shared one) — ${engine.assetChanges.join(", ")}`);
    failed.push("the shared engine (reloaded)");
  }
} finally {
  await engine.stop();
  if (engine.persistTo) rmSync(engine.persistTo, { recursive: true, force: true });
}
if (failed.length > 0) console.error(`\n✖ Failed: ${failed.join(", ")}`);
process.exit(failed.length > 0 ? 1 : 0);
