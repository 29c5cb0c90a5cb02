/**
 * This run's fast-check settings, chosen once in the vitest config and handed to every test file with
 * `provide` (tests/fast-check.ts reads them): a fresh seed per run unless FC_SEED replays one, and
 * FC_RUNS = "quick" (the default), "full" (each property's full count) or a number (that many runs each).
 */
export type FastCheckRun = { seed: number; runs: "quick" | "full" | number };

export function fastCheckRun(env: Record<string, string | undefined>): FastCheckRun {
  const seed = env.FC_SEED ? Number(env.FC_SEED) : Math.floor(Math.random() * 0x7fffffff);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${JSON.stringify(env.FC_SEED)}`);
  const raw = env.FC_RUNS ?? "quick";
  const runs = raw === "quick" || raw === "full" ? raw : Number(raw);
  if (typeof runs === "number" && !(Number.isSafeInteger(runs) && runs > 0)) {
    throw new Error(`FC_RUNS must be quick, full or a positive integer, not ${JSON.stringify(raw)}`);
  }
  return { seed, runs };
}

declare module "vitest" {
  export interface ProvidedContext {
    fastCheck: FastCheckRun;
  }
}
