import { describe, expect, it } from "vitest";
import { etagMatches, parseRange } from "../../app/features/media/http-range";

describe("HTTP Range parsing", () => {
  it("reads bytes=a-b, bytes=a- and the suffix bytes=-n", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ kind: "range", start: 0, end: 99 });
    expect(parseRange("bytes=500-", 1000)).toEqual({ kind: "range", start: 500, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ kind: "range", start: 900, end: 999 });
  });

  it("clamps an end past the file and a suffix longer than the file", () => {
    expect(parseRange("bytes=900-5000", 1000)).toEqual({ kind: "range", start: 900, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ kind: "range", start: 0, end: 999 });
  });

  it("answers unsatisfiable for a start past the end or an empty suffix", () => {
    expect(parseRange("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=2000-3000", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
  });

  it("ignores absent, malformed, reversed and multi-range headers (whole file)", () => {
    for (const header of [null, "", "bytes=", "bytes=-", "items=0-5", "bytes=5-1", "bytes=0-1,5-6", "bytes=a-b"]) {
      expect(parseRange(header, 1000), String(header)).toEqual({ kind: "none" });
    }
  });
});

describe("If-None-Match", () => {
  it("matches strong, weak, listed and wildcard tags", () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(null, '"abc"')).toBe(false);
  });
});
