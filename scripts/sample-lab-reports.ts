/**
 * Writes the built-in catalogue's sample lab reports (db/sample-lab-reports.ts) to db/lab-reports/,
 * one PDF per catalogue entry with a `lab_report`, each marked 'SAMPLE — not a real lab result'.
 * The files are committed fixtures (the browser tests upload one; a unit test checks they match
 * what the migration stores); run this after changing a sample's facts or the generator.
 *   npm run lab-reports:samples
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { catalogue } from "../db/catalogue";
import { sampleLabReports } from "../db/sample-lab-reports";

export const SAMPLE_DIR = "db/lab-reports";

mkdirSync(SAMPLE_DIR, { recursive: true });
for (const file of readdirSync(SAMPLE_DIR)) if (file.endsWith(".pdf")) rmSync(`${SAMPLE_DIR}/${file}`);
for (const report of sampleLabReports(catalogue)) {
  writeFileSync(`${SAMPLE_DIR}/${report.name}`, report.bytes);
  console.log(`${SAMPLE_DIR}/${report.name} (${report.bytes.byteLength} bytes)`);
}
