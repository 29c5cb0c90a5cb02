/**
 * npm run test:server — each file here against its own `npm start` engine, one after another; the
 * build runs once first (skip it with --no-build). Other arguments (--port N) go to every file.
 *   tsx tests/server/run.ts [--no-build] [--port N]
 */
import { execFileSync } from "node:child_process";

const FILES = ["tests/server/body-limit.ts", "tests/server/sign-in-client.ts"];
const args = process.argv.slice(2).filter((arg) => arg !== "--no-build");
if (!process.argv.includes("--no-build")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });

const failed: string[] = [];
for (const file of FILES) {
  try {
    execFileSync("node_modules/.bin/tsx", [file, "--no-build", ...args], { stdio: "inherit" });
  } catch {
    failed.push(file);
  }
}
if (failed.length > 0) console.error(`\nFailed: ${failed.join(", ")}`);
process.exit(failed.length > 0 ? 1 : 0);
