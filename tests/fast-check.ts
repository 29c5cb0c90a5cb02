import fc from "fast-check";
import { inject } from "vitest";
import type {} from "./fast-check-run";

/**
 * One fast-check configuration for every property test (unit and worker): each vitest run draws one seed
 * (or takes FC_SEED), every property uses it, and a failure names the FC_SEED and FC_RUNS that replay it.
 * A property states its full strength with fcRuns(n); an ordinary run does a tenth of it (at least 10), so a
 * different slice of the input space is tried on every run, and FC_RUNS=full does all of it.
 */
const settings = inject("fastCheck");

/** How many runs a property whose full strength is `full` does in this run. */
export function fcRuns(full: number): number {
  if (settings.runs === "full") return full;
  if (settings.runs === "quick") return Math.max(Math.min(full, 10), Math.ceil(full / 10));
  return settings.runs;
}

/**
 * A test's time limit for a property whose full strength is `full` runs of up to `msPerRun` each on a busy
 * machine: it grows with the runs this run does, so a quick run that hangs fails fast and FC_RUNS=full has time.
 */
export function fcTimeout(full: number, msPerRun: number): number {
  return Math.max(30_000, fcRuns(full) * msPerRun);
}

/** Called by the setup files: this run's seed, the default count (fast-check's 100 at full strength) and the replay hint. */
export function configureFastCheck() {
  fc.configureGlobal({
    seed: settings.seed,
    numRuns: fcRuns(100),
    reporter(details) {
      if (!details.failed) return;
      const replay = `Replay with FC_SEED=${settings.seed} FC_RUNS=${settings.runs}`;
      throw new Error(`${fc.defaultReportMessage(details)}\n${replay}`, { cause: details.errorInstance });
    },
  });
}

/**
 * Any text a stranger could type or send, each of up to `maxLength` characters: ASCII, whole graphemes
 * of every script (emoji included), and any UTF-16 code units (controls, lone surrogates).
 */
export function anyText({ minLength = 0, maxLength }: { minLength?: number; maxLength: number }) {
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: "grapheme", minLength, maxLength }),
    fc.string({ unit: "binary", minLength, maxLength }),
  );
}
