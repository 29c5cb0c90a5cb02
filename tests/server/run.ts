/**
 * npm run test:server — every test against the real `npm start` engine, one after another (each
 * starts and stops its own engine): the build once, then each file with --no-build and the same
 * arguments (--port N).
 *   tsx tests/server/run.ts [--no-build] [--port N]
 */
import { spawnSync } from "node:child_process";

const FILES = [
  "tests/server/body-limit.ts",
  "tests/server/entry-rules.ts",
  "tests/server/sign-in-client.ts",
  "tests/server/catalogue-import-row-cap.ts",
];

const args = process.argv.slice(2).filter((arg) => arg !== "--no-build");
if (!process.argv.includes("--no-build")) {
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const failed = FILES.filter((file) => {
  console.log(`\n▶ ${file}`);
  return spawnSync("tsx", [file, "--no-build", ...args], { stdio: "inherit" }).status !== 0;
});
if (failed.length > 0) console.error(`\n✖ Failed: ${failed.join(", ")}`);
process.exit(failed.length > 0 ? 1 : 0);
