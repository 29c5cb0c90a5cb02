/**
 * One checkout's built Worker, for `npm run bench -- --compare DIR` (scripts/bench.ts): run with
 * that checkout as the working directory, it prepares its local state and starts its Worker with the
 * checkout's own scripts/local-worker.ts, wrangler and wrangler.toml (so its aliases, patches and
 * build are the ones measured), then prints `{"ready":"<origin>"}` on a line of its own.
 * It stops its Worker and exits when its stdin closes (the bench ended, or died) or on SIGTERM/SIGINT.
 *
 *   (cd DIR && tsx /path/to/scripts/bench-variant.ts --port N --persist-to DIR/.wrangler/…)
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const value = (name: string) => {
  const index = args.indexOf(`--${name}`);
  if (index < 0 || !args[index + 1]) throw new Error(`bench-variant: --${name} is required`);
  return args[index + 1]!;
};
const port = Number(value("port"));
const persistTo = value("persist-to");
const checkout = process.cwd();

const load = (file: string) => import(pathToFileURL(join(checkout, "scripts", file)).href);
const { prepareLocal } = (await load("prepare-local.ts")) as typeof import("./prepare-local");
const { startLocalWorker } = (await load("local-worker.ts")) as typeof import("./local-worker");

await prepareLocal(persistTo, undefined, { quiet: true });
const worker = await startLocalWorker(port, persistTo);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await worker.stop().catch(() => {});
  process.exit(0);
}
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

console.log(JSON.stringify({ ready: worker.origin }));
