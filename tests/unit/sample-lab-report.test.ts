import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogue } from "../../db/catalogue";
import { isSampleLabReport, labReportView, SAMPLE_LAB_REPORT_LABEL } from "../../app/features/lab-reports/lab-report-display";

const noReport = {
  labReportKey: null,
  labReportName: null,
  labReportType: null,
  labReportSize: null,
  labTestDate: null,
  labThcPercent: null,
  labCbdPercent: null,
  labTotalCannabinoidsPercent: null,
};

describe("sample lab reports", () => {
  it("recognises every sample report of the built-in catalogue", () => {
    const samples = catalogue.flatMap((entry) => (entry.lab_report ? [entry.lab_report] : []));
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples)
      expect(isSampleLabReport({ labName: sample.lab_name ?? null, labBatch: sample.batch ?? null })).toBe(true);
  });

  it("labels a sample in the product page's view, and a real report not at all", () => {
    const sample = labReportView({ ...noReport, labName: "Example Analytical Labs (sample)", labBatch: "SAMPLE-RZ-1014" });
    expect(sample.sample).toBe(SAMPLE_LAB_REPORT_LABEL);
    expect(labReportView({ ...noReport, labName: "Steep Hill", labBatch: "B-2291" }).sample).toBeNull();
  });

  it("never labels a report whose lab and batch an owner typed, in any script or length, unless they say sample", () => {
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 60 }));
    fc.assert(
      fc.property(text, text, (labName, labBatch) => {
        const marked = /^SAMPLE-/i.test(labBatch) || /\(sample\)\s*$/i.test(labName);
        expect(isSampleLabReport({ labName, labBatch })).toBe(marked);
      }),
    );
    expect(isSampleLabReport({ labName: "サンプル研究所", labBatch: "批次-7" })).toBe(false);
    expect(isSampleLabReport({ labName: null, labBatch: null })).toBe(false);
  });
});
