/**
 * Where the browser layer's time goes, from a Playwright JSON report:
 *   npx playwright test --reporter=json > /tmp/e2e-times.json
 *   npx tsx scripts/e2e-times.ts /tmp/e2e-times.json
 * Prints each spec file's summed test time and the slowest tests, as markdown tables.
 */
import { readFileSync } from "node:fs";

interface Result {
  duration: number;
  status: string;
}
interface Spec {
  title: string;
  file: string;
  tests: { projectName: string; results: Result[] }[];
}
interface Suite {
  title: string;
  specs?: Spec[];
  suites?: Suite[];
}
interface Report {
  suites: Suite[];
  stats: { duration: number; expected: number; unexpected: number; flaky: number; skipped: number };
}

const file = process.argv[2];
if (!file) throw new Error("Usage: tsx scripts/e2e-times.ts <playwright-json-report>");
const report = JSON.parse(readFileSync(file, "utf8")) as Report;

const tests: { file: string; title: string; seconds: number; status: string }[] = [];
function walk(suite: Suite, path: string[]) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        tests.push({ file: spec.file, title: [...path, spec.title].join(" › "), seconds: result.duration / 1000, status: result.status });
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, child.title.endsWith(".ts") ? path : [...path, child.title]);
}
for (const suite of report.suites) walk(suite, []);

const byFile = new Map<string, { seconds: number; count: number }>();
for (const test of tests) {
  const entry = byFile.get(test.file) ?? { seconds: 0, count: 0 };
  entry.seconds += test.seconds;
  entry.count += 1;
  byFile.set(test.file, entry);
}
const sum = tests.reduce((total, test) => total + test.seconds, 0);
const { stats } = report;
console.log(
  `Wall ${(stats.duration / 1000).toFixed(0)} s; ${tests.length} results (${stats.expected} passed, ${stats.unexpected} failed, ` +
    `${stats.flaky} flaky, ${stats.skipped} skipped); tests' own time summed ${sum.toFixed(0)} s.\n`,
);
console.log("| spec | tests | summed s | s per test |\n|---|---|---|---|");
for (const [name, { seconds, count }] of [...byFile].sort((a, b) => b[1].seconds - a[1].seconds)) {
  console.log(`| ${name} | ${count} | ${seconds.toFixed(0)} | ${(seconds / count).toFixed(1)} |`);
}
console.log("\n| slowest tests | s | status |\n|---|---|---|");
for (const test of [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, 15)) {
  console.log(`| ${test.file} › ${test.title} | ${test.seconds.toFixed(0)} | ${test.status} |`);
}
