import { readFileSync, readdirSync } from "node:fs";
import fc from "fast-check";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import {
  LAB_MESSAGES,
  detectLabReportType,
  labFactRows,
  labFactsToColumns,
  labReportDefaults,
  labReportShape,
  latestTestDate,
  safeLabReportName,
} from "../../app/features/lab-reports/lab-report";
import { catalogue } from "../../db/catalogue";
import { SAMPLE_MARK, sampleLabReports } from "../../db/sample-lab-reports";
import { catalogueEntryToRow } from "../../db/transform";

const NOW = new Date("2026-11-23T18:00:00Z");
const schema = z.object(labReportShape(NOW));
const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(12).fill(0)]);
const ascii = (text: string) => new TextEncoder().encode(text.padEnd(12, " "));

function errorsOf(input: Record<string, string>) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("lab report file type, by its bytes", () => {
  it("accepts PDF, JPG, PNG and WEBP, and nothing else (GIF included)", () => {
    expect(detectLabReportType(ascii("%PDF-1.7"))?.contentType).toBe("application/pdf");
    expect(detectLabReportType(bytes(0xff, 0xd8, 0xff, 0xe0))?.contentType).toBe("image/jpeg");
    expect(detectLabReportType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))?.contentType).toBe("image/png");
    expect(detectLabReportType(ascii("RIFF\u0000\u0000\u0000\u0000WEBP"))?.contentType).toBe("image/webp");
    for (const other of [ascii("GIF89a"), ascii("%PDF"), ascii("<html>"), ascii("PK\u0003\u0004"), new Uint8Array(0)]) {
      expect(detectLabReportType(other)).toBeNull();
    }
  });

  it("gives a safe file name with the extension the bytes proved", () => {
    expect(safeLabReportName("COA Runtz (batch 7).PDF", "pdf")).toBe("COA-Runtz-batch-7.pdf");
    expect(safeLabReportName("../../etc/passwd", "pdf")).toBe("passwd.pdf");
    expect(safeLabReportName('C:\\x\\"a";b.png', "png")).toBe("a-b.png");
    expect(safeLabReportName("Évaluation.jpg", "jpg")).toBe("Evaluation.jpg");
    expect(safeLabReportName("日本語.pdf", "pdf")).toBe("lab-report.pdf");
    expect(safeLabReportName(null, "webp")).toBe("lab-report.webp");
    expect(safeLabReportName("report.exe", "pdf")).toBe("report.pdf");
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (name) => {
        const safe = safeLabReportName(name, "pdf");
        expect(safe).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*\.pdf$/);
        expect(safe.length).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe("lab facts (zod)", () => {
  it("takes every field blank: all optional", () => {
    expect(schema.safeParse({}).success).toBe(true);
  });

  it("refuses a lab name and a batch over their limits", () => {
    expect(errorsOf({ labName: "x".repeat(121) })).toEqual([LAB_MESSAGES.nameTooLong]);
    expect(errorsOf({ labBatch: "x".repeat(61) })).toEqual([LAB_MESSAGES.batchTooLong]);
    expect(errorsOf({ labName: "Лаборатория 日本 ✓".repeat(5), labBatch: "B-2411/07" })).toEqual([]);
  });

  it("takes a real ISO date up to today, refuses the future and non-dates", () => {
    expect(errorsOf({ labTestDate: "2026-11-23" })).toEqual([]);
    expect(errorsOf({ labTestDate: "2024-02-29" })).toEqual([]);
    expect(errorsOf({ labTestDate: "2026-12-01" })).toEqual([LAB_MESSAGES.dateFuture]);
    expect(errorsOf({ labTestDate: "2027-01-01" })).toEqual([LAB_MESSAGES.dateFuture]);
    for (const bad of ["2026-02-30", "2026-13-01", "23/11/2026", "2026-1-5", "yesterday", "2026-11-23T00:00"]) {
      expect(errorsOf({ labTestDate: bad })).toContain(LAB_MESSAGES.dateFormat);
    }
    // Today where the day starts first: an owner in UTC+14 may enter their today.
    expect(latestTestDate(new Date("2026-11-23T11:00:00Z"))).toBe("2026-11-24");
  });

  it("takes percentages from 0 to 100 with up to 2 decimals", () => {
    for (const good of ["0", "100", "21.5", "0.07", "99.99", "100.00"]) expect(errorsOf({ labThcPercent: good })).toEqual([]);
    expect(errorsOf({ labThcPercent: "100.01" })).toEqual([LAB_MESSAGES.percentRange("THC %")]);
    expect(errorsOf({ labCbdPercent: "101" })).toEqual([LAB_MESSAGES.percentRange("CBD %")]);
    expect(errorsOf({ labTotalCannabinoidsPercent: "1.234" })).toEqual([LAB_MESSAGES.percentDecimals("Total cannabinoids %")]);
    for (const bad of ["-1", "abc", "1e2", "12,5", ".5", "Infinity", "1000"]) {
      const errors = errorsOf({ labThcPercent: bad });
      expect(errors.length, bad).toBeGreaterThan(0);
    }
    expect(errorsOf({ labThcPercent: "-1" })).toEqual([LAB_MESSAGES.percentFormat("THC %")]);
  });

  it("stores what the form shows: blank is null, numbers as numbers, and they show again unchanged", () => {
    const values = schema.parse({ labName: " SC Labs ", labTestDate: "2026-10-14", labThcPercent: "25.80", labCbdPercent: "0" });
    const columns = labFactsToColumns(values);
    expect(columns).toEqual({
      labName: "SC Labs",
      labTestDate: "2026-10-14",
      labBatch: null,
      labThcPercent: 25.8,
      labCbdPercent: 0,
      labTotalCannabinoidsPercent: null,
    });
    const shown = labReportDefaults(columns);
    // Conform posts a blank field as missing.
    const posted = Object.fromEntries(Object.entries(shown).filter(([, value]) => value !== ""));
    expect(labFactsToColumns(schema.parse(posted))).toEqual(columns);
    expect(labFactRows(columns)).toEqual([
      { label: "Lab", value: "SC Labs" },
      { label: "Test date", value: "14 October 2026", dateTime: "2026-10-14" },
      { label: "THC", value: "25.8%" },
      { label: "CBD", value: "0%" },
    ]);
  });
});

describe("the catalogue's sample lab reports", () => {
  const samples = sampleLabReports(catalogue);

  it("ships 3 to 5 original sample PDFs, each marked as a sample, with a valid xref table", () => {
    expect(samples.length).toBeGreaterThanOrEqual(3);
    expect(samples.length).toBeLessThanOrEqual(5);
    for (const sample of samples) {
      const text = new TextDecoder("latin1").decode(sample.bytes);
      expect(text.startsWith("%PDF-1.4\n")).toBe(true);
      expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
      // The banner: 'SAMPLE — NOT A REAL LAB RESULT' (the dash is WinAnsi octal 227).
      expect(text).toContain(`(${SAMPLE_MARK.toUpperCase().replace("\u2014", "\\227")})`);
      // Every xref offset points at its object.
      const start = Number(/startxref\n(\d+)/.exec(text)![1]);
      const table = text.slice(start).split("\n");
      expect(table[0]).toBe("xref");
      const offsets = table.slice(3, 3 + 7).map((line) => Number(line.slice(0, 10)));
      offsets.forEach((offset, index) => expect(text.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`));
    }
  });

  it("are the committed fixtures in db/lab-reports/ (run npm run lab-reports:samples after a change)", () => {
    const files = readdirSync("db/lab-reports")
      .filter((file) => file.endsWith(".pdf"))
      .sort();
    expect(files).toEqual(samples.map((sample) => sample.name).sort());
    for (const sample of samples) expect(new Uint8Array(readFileSync(`db/lab-reports/${sample.name}`))).toEqual(sample.bytes);
  });

  it("become the rows' report columns and facts through the migration transform", () => {
    const entry = catalogue.find((candidate) => candidate.key === "runtz-eighth")!;
    const row = catalogueEntryToRow(entry);
    const sample = samples.find((candidate) => candidate.key === "sample-coa-runtz-eighth.pdf")!;
    expect(row).toMatchObject({
      labReportKey: "sample-coa-runtz-eighth.pdf",
      labReportName: "sample-coa-runtz-eighth.pdf",
      labReportType: "application/pdf",
      labReportSize: sample.bytes.byteLength,
      labThcPercent: 25.84,
    });
    expect(row.labTestDate! <= latestTestDate(new Date())).toBe(true);
    // Out-of-range or malformed facts are left out, never stored.
    const loose = catalogueEntryToRow({ key: "x", lab_report: { thc_percent: 140, cbd_percent: "0.5", test_date: "2026-02-30" } });
    expect(loose).toMatchObject({ labThcPercent: null, labCbdPercent: 0.5, labTestDate: null, labReportKey: "sample-coa-x.pdf" });
    expect(catalogueEntryToRow({ key: "y" }).labReportKey).toBeUndefined();
  });
});
