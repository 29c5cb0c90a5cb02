/**
 * What every test against the real `npm start` engine starts with: the build (unless --no-build), a
 * fresh local state of its own, the engine on a free port (or --port N), and PASS/FAIL lines kept
 * for the file's summary. Under tests/server/run.ts the files share one engine, which hands its
 * address over as --origin URL: then nothing is built or started, and stopping is the runner's job.
 */
import { execFileSync } from "node:child_process";
import { rmSync, watch } from "node:fs";
import { startLocalWorker } from "../../scripts/local-worker";
import { portForScript } from "../../scripts/port";
import { prepareLocal } from "../../scripts/prepare-local";

/** The check a reloaded engine fails. */
export const ASSETS_UNCHANGED = "nothing changed under build/client while the engine ran";

/** `assetChanges`: what changed under build/client while this engine ran (a change reloads the engine). */
export type TestEngine = { origin: string; stop: () => Promise<void>; persistTo: string | null; assetChanges: string[] };

export async function startTestEngine(name: string): Promise<TestEngine> {
  const originIndex = process.argv.indexOf("--origin");
  if (originIndex > -1) return { origin: process.argv[originIndex + 1]!, stop: async () => {}, persistTo: null, assetChanges: [] };
  const port = await portForScript(process.argv, "Run it with another --port, or without --port to take a free one.");
  const persistTo = `.wrangler/server-test-${name}-${port}`;
  if (!process.argv.includes("--no-build")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  rmSync(persistTo, { recursive: true, force: true });
  await prepareLocal(persistTo, undefined, { quiet: true });
  const worker = await startLocalWorker(port, persistTo);
  // wrangler reloads the engine when its assets folder changes, and a request in flight then fails or
  // waits: anything run beside these tests must leave build/client alone (scripts/local-worker.ts).
  const assetChanges: string[] = [];
  const watcher = watch("build/client", { recursive: true }, (event, file) => assetChanges.push(`${event} ${file ?? "?"}`));
  const stop = async () => {
    watcher.close();
    await worker.stop();
  };
  return { origin: worker.origin, stop, persistTo, assetChanges };
}

export function createChecks() {
  const results: [string, boolean, string][] = [];
  function check(label: string, pass: boolean, detail: string) {
    results.push([label, pass, detail]);
    console.log(`${pass ? "PASS" : "FAIL"}  ${label} — ${detail}`);
  }
  /**
   * Runs the file's checks: an error that ends them early is a FAIL of its own. Then the summary line,
   * the engine stopped (its local state removed when `removeState`), and the exit code: 1 on any FAIL.
   */
  async function runChecks(
    { engine, removeState = false }: { engine: TestEngine; removeState?: boolean },
    checks: () => Promise<void>,
  ): Promise<never> {
    try {
      await checks();
    } catch (error) {
      const cause = error instanceof Error && error.cause !== undefined ? ` ${String(error.cause)}` : "";
      check("the run finished", false, error instanceof Error ? `${error.message}${cause}` : String(error));
    } finally {
      if (engine.persistTo) {
        const changes = engine.assetChanges;
        check(ASSETS_UNCHANGED, changes.length === 0, changes.join(", ") || "none");
      }
      const failed = results.filter(([, pass]) => !pass).length;
      console.log(`\n${results.length - failed} passed, ${failed} failed`);
      await engine.stop();
      if (removeState && engine.persistTo) rmSync(engine.persistTo, { recursive: true, force: true });
    }
    process.exit(results.some(([, pass]) => !pass) ? 1 : 0);
  }
  return { check, runChecks };
}
