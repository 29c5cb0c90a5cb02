/**
 * Two builds in one measurement run (`--compare DIR` of the bench, Lighthouse and hydration-window
 * scripts): each checkout's built Worker in its own process on its own port (scripts/bench-variant.ts),
 * runs alternated A,B then B,A so neither always goes first while the machine's load drifts, and
 * one summary line per metric: each variant's mean and min–max, A − B, and the spread (the larger
 * of the two min–max ranges). A difference inside the spread is noise.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { quietWranglerEnv } from "./env";
import { exitIfTaken, freePort } from "./port";

export interface Variant {
  name: string;
  dir: string;
  port: number;
  origin: string;
  persistTo: string;
}

/** The 1-minute load average (this machine's cores are shared: every figure is quoted with it). */
export const loadAverage = () => Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);

/** `--compare DIR` from the arguments, or null. */
export function compareDirFrom(args: readonly string[]): string | null {
  const index = args.indexOf("--compare");
  if (index < 0) return null;
  if (!args[index + 1]) throw new Error("--compare needs the other checkout's directory");
  return resolve(args[index + 1]!);
}

/**
 * A (this checkout, on `port`) and B (`otherDir`, on port + 1 when --port was given, else a free
 * port), each with its own local state under its checkout's .wrangler/.
 */
export async function compareVariants(otherDir: string, port: number, fixedPort: boolean, stateName: string): Promise<[Variant, Variant]> {
  const dirs = [process.cwd(), resolve(otherDir)];
  const portB = fixedPort ? port + 1 : await freePort();
  await exitIfTaken(portB, "The compared build takes --port + 1: choose another --port.");
  const names = dirs.map((dir) => basename(dir));
  return dirs.map((dir, i) => {
    const p = i === 0 ? port : portB;
    return {
      name: names[0] === names[1] ? "AB"[i]! : names[i]!,
      dir,
      port: p,
      origin: `http://127.0.0.1:${p}`,
      persistTo: join(dir, `.wrangler/${stateName}-${p}`),
    };
  }) as [Variant, Variant];
}

/** A,B for even runs, B,A for odd ones. */
export const alternate = <T>(pair: readonly [T, T], run: number): T[] => (run % 2 === 0 ? [pair[0], pair[1]] : [pair[1], pair[0]]);

export interface RunningVariant {
  stop: () => Promise<void>;
  /** The process that started the variant's Worker (its workerd processes are its descendants). */
  pid: number;
}

/** Starts a variant's Worker (scripts/bench-variant.ts, in its checkout); resolves once it answers. */
export function startVariant(variant: Variant): Promise<RunningVariant> {
  const script = fileURLToPath(new URL("./bench-variant.ts", import.meta.url));
  const child = spawn(
    process.execPath,
    ["--import", import.meta.resolve("tsx"), script, "--port", String(variant.port), "--persist-to", variant.persistTo],
    {
      cwd: variant.dir,
      env: quietWranglerEnv,
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", () => done());
      child.stdin.end();
      setTimeout(() => child.kill("SIGTERM"), 30_000).unref();
    });
  child.stderr.on("data", (chunk: Buffer) => process.stderr.write(chunk.toString().replace(/^(?=.)/gm, `[${variant.name}] `)));
  return new Promise((ready, fail) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.startsWith('{"ready"')) ready({ stop, pid: child.pid! });
      else if (line.trim()) console.log(`[${variant.name}] ${line}`);
    });
    child.once("exit", (code, signal) => fail(new Error(`${variant.name}: its Worker exited (${signal ?? code}) before it answered`)));
  });
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const line of execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" }).trim().split("\n")) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    children.set(parent!, [...(children.get(parent!) ?? []), child!]);
  }
  const all: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      all.push(child);
      queue.push(child);
    }
  }
  return all;
}

/**
 * CPU time (user + system, ms) used so far by the workerd process(es) running a variant's Worker
 * (with the local D1 beside it) — not wrangler's dev proxy in front of it, which listens on the
 * variant's port. The difference over a measurement, divided by the requests served, is the CPU a
 * request costs: much less sensitive than req/s to what else the shared cores are doing.
 */
export function workerCpuMs(variant: RunningVariant, port: number): number {
  let ticks = 0;
  for (const pid of descendants(variant.pid)) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "workerd") continue;
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(`entry=127.0.0.1:${port}`)) continue;
      // /proc/PID/stat: fields 14 and 15 (utime, stime) after the parenthesised command name.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

export const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

export interface Comparison {
  row: string;
  metric: string;
  a: { mean: number; min: number; max: number; values: number[] };
  b: { mean: number; min: number; max: number; values: number[] };
  /** mean(A) − mean(B) */
  diff: number;
  /** The larger min–max range of the two variants. */
  spread: number;
  /** In how many of the paired runs (run i of A against run i of B) A was the better one. */
  aBetterRuns: number;
  runs: number;
  verdict: string;
}

/** Compares one metric of two variants; `better` says which way is better. Returns null without values on both sides. */
export function compareMetric(
  row: string,
  metric: string,
  valuesA: Array<number | undefined>,
  valuesB: Array<number | undefined>,
  better: "higher" | "lower",
): Comparison | null {
  const finite = (values: Array<number | undefined>) => values.filter((v): v is number => v !== undefined && Number.isFinite(v));
  const va = finite(valuesA);
  const vb = finite(valuesB);
  if (!va.length || !vb.length) return null;
  const stats = (values: number[]) => ({ mean: mean(values), min: Math.min(...values), max: Math.max(...values), values });
  const a = stats(va);
  const b = stats(vb);
  const diff = a.mean - b.mean;
  const spread = Math.max(a.max - a.min, b.max - b.min);
  const runs = Math.min(valuesA.length, valuesB.length);
  let aBetterRuns = 0;
  for (let i = 0; i < runs; i++) {
    const x = valuesA[i];
    const y = valuesB[i];
    if (x !== undefined && y !== undefined && (better === "higher" ? x > y : x < y)) aBetterRuns++;
  }
  const aBetter = better === "higher" ? diff > 0 : diff < 0;
  const verdict =
    va.length < 2 || vb.length < 2
      ? "one run: no spread to judge by"
      : diff === 0
        ? "no difference"
        : Math.abs(diff) > spread
          ? `${aBetter ? "A" : "B"} better, beyond the spread`
          : "within the spread (noise)";
  return { row, metric, a, b, diff, spread, aBetterRuns, runs, verdict };
}

export const COMPARISON_HEADER =
  "| row | metric | A mean (min–max) | B mean (min–max) | A − B | spread | A better in | verdict |\n|---|---|---:|---:|---:|---:|---:|---|";

/** One Markdown table line; `format` prints a value, `unit` follows differences (e.g. " pts" for percentages). */
export function comparisonLine(c: Comparison, format: (v: number) => string, unit = "") {
  const signed = `${c.diff >= 0 ? "+" : "−"}${format(Math.abs(c.diff))}${unit}`;
  return `| ${c.row} | ${c.metric} | ${format(c.a.mean)} (${format(c.a.min)}–${format(c.a.max)}) | ${format(c.b.mean)} (${format(c.b.min)}–${format(c.b.max)}) | ${signed} | ${format(c.spread)}${unit} | ${c.aBetterRuns}/${c.runs} runs | ${c.verdict} |`;
}

/** Builds each variant (unless `--no-build` is among the arguments) and empties its local state, so every run starts alike. */
export function buildFresh(variants: readonly Variant[], args: readonly string[]) {
  if (!args.includes("--no-build")) for (const v of variants) execFileSync("npm", ["run", "build"], { cwd: v.dir, stdio: "inherit" });
  for (const v of variants) rmSync(v.persistTo, { recursive: true, force: true });
}

/** Five requests past the age gate, so a timed visit meets a warm Worker (module compilation, D1, the page cache's copy). */
export async function warmPage(url: string) {
  for (let i = 0; i < 5; i++) await (await fetch(url, { headers: { Cookie: "age-verified=yes" } })).arrayBuffer();
}

/** The 1-minute load averages seen during a run, as min, max and mean. */
export function loadRange(loads: number[]) {
  return { min: Math.min(...loads), max: Math.max(...loads), mean: mean(loads) };
}

/** One metric of a sample: its name, how to read it, which way is better, and how many decimals to print. */
export type SampleMetric<T> = [name: string, pick: (sample: T) => number | undefined, better: "higher" | "lower", digits: number];

/**
 * The comparison table of A and B, one line per page and metric (the header first), printed as it
 * goes; returns its lines' figures for the results file.
 */
export function printComparisons<T>(
  pages: readonly string[],
  metrics: readonly SampleMetric<T>[],
  samples: Record<string, Record<string, T[]>>,
  [a, b]: readonly [Variant, Variant],
): Comparison[] {
  console.log(COMPARISON_HEADER);
  const summary: Comparison[] = [];
  for (const path of pages) {
    for (const [metric, pick, better, digits] of metrics) {
      const comparison = compareMetric(path, metric, samples[path]![a.name]!.map(pick), samples[path]![b.name]!.map(pick), better);
      if (!comparison) continue;
      summary.push(comparison);
      console.log(comparisonLine(comparison, (v) => v.toFixed(digits)));
    }
  }
  return summary;
}
