import { describe, expect, it } from "vitest";
import { ENDPOINT_NAMES } from "./fuzz";

describe("fuzz coverage", () => {
  it("every listed endpoint is fuzzed by exactly one fuzz-*.test.ts file", () => {
    const files = import.meta.glob<string>("./fuzz-*.test.ts", { query: "?raw", import: "default", eager: true });
    const covered = Object.values(files).flatMap((source) =>
      [...source.matchAll(/fuzzEndpoints\(\[([^\]]*)\]\)/g)].flatMap((match) =>
        [...match[1]!.matchAll(/"([^"]+)"/g)].map((name) => name[1]!),
      ),
    );
    expect(covered.sort()).toEqual([...ENDPOINT_NAMES].sort());
  });
});
