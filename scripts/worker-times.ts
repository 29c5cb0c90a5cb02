/**
 * Where the worker layer's time goes, file by file: a vitest reporter that prints each test file's own
 * split (setup files, collecting the file, its tests and hooks) and the run's wall time.
 *   npx vitest run --config vitest.worker.config.ts --reporter=default --reporter=./scripts/worker-times.ts
 * With WORKER_TIMES=<path> it also writes the rows as JSON, to compare two runs.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

interface Row {
  file: string;
  tests: number;
  failed: number;
  setupMs: number;
  collectMs: number;
  testsMs: number;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

export default class WorkerTimes implements Reporter {
  private started = Date.now();

  onTestRunStart() {
    this.started = Date.now();
  }

  onTestRunEnd(modules: readonly TestModule[]) {
    const wallMs = Date.now() - this.started;
    const rows: Row[] = modules.map((module) => {
      const diagnostic = module.diagnostic();
      const tests = [...module.children.allTests()];
      return {
        file: path.basename(module.moduleId),
        tests: tests.length,
        failed: tests.filter((test) => test.result().state === "failed").length,
        setupMs: Math.round(diagnostic.setupDuration),
        collectMs: Math.round(diagnostic.collectDuration),
        testsMs: Math.round(diagnostic.duration),
      };
    });
    const sum = (key: "setupMs" | "collectMs" | "testsMs") => rows.reduce((total, row) => total + row[key], 0);
    const lines = [
      `wall ${seconds(wallMs)} s, ${rows.length} files; summed: setup ${seconds(sum("setupMs"))} s, collect ${seconds(sum("collectMs"))} s, tests ${seconds(sum("testsMs"))} s`,
      "",
      "| file | tests | setup s | collect s | tests s |",
      "|---|---|---|---|---|",
      ...[...rows]
        .sort((a, b) => b.setupMs + b.testsMs - (a.setupMs + a.testsMs))
        .map((row) => `| ${row.file} | ${row.tests} | ${seconds(row.setupMs)} | ${seconds(row.collectMs)} | ${seconds(row.testsMs)} |`),
    ];
    console.log(lines.join("\n"));
    if (process.env.WORKER_TIMES) writeFileSync(process.env.WORKER_TIMES, JSON.stringify({ wallMs, rows }, null, 1));
  }
}
