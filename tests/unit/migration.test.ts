import { describe, expect, it } from "vitest";
import {
  isMigrationComplete,
  isRunActive,
  isRunStale,
  migrationNotice,
  migrationOutcome,
  MIGRATION_STALE_AFTER_MS,
  parseFailedProducts,
  safeErrorMessage,
  type MigrationRunView,
} from "../../app/features/migration/migration";

const NOW = Date.parse("2026-05-01T12:00:00.000Z");

function run(overrides: Partial<MigrationRunView> = {}): MigrationRunView {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    status: "succeeded",
    total: 55,
    inserted: 55,
    failed: 0,
    failedProducts: "[]",
    productCount: 55,
    migrationComplete: true,
    error: null,
    createdAt: new Date(NOW - 60_000).toISOString(),
    startedAt: new Date(NOW - 59_000).toISOString(),
    ...overrides,
  };
}

describe("the 95% completeness rule", () => {
  it("counts exactly 95% as complete and one product less as not", () => {
    expect(isMigrationComplete(19, 20)).toBe(true);
    expect(isMigrationComplete(18, 20)).toBe(false);
    expect(isMigrationComplete(95, 100)).toBe(true);
    expect(isMigrationComplete(94, 100)).toBe(false);
  });

  it("needs the rounded-up share when 95% is not a whole number", () => {
    // 95% of 55 is 52.25: 52 products are not enough, 53 are.
    expect(isMigrationComplete(52, 55)).toBe(false);
    expect(isMigrationComplete(53, 55)).toBe(true);
  });

  it("is complete when the shop holds more than the catalogue", () => {
    expect(isMigrationComplete(70, 55)).toBe(true);
  });
});

describe("the outcome of a run", () => {
  it("is full success, success with failures, or partial", () => {
    expect(migrationOutcome({ failed: 0, migrationComplete: true })).toBe("succeeded");
    expect(migrationOutcome({ failed: 2, migrationComplete: true })).toBe("warnings");
    expect(migrationOutcome({ failed: 2, migrationComplete: false })).toBe("partial");
  });
});

describe("the product's migration messages", () => {
  it("reports a full success with what the load did, counted", () => {
    expect(migrationNotice(run({ counts: JSON.stringify({ added: 2, changed: 3, unchanged: 50 }) }))).toEqual({
      title: "Complete migration successful!",
      description: "Loaded the built-in catalogue (55 products): 2 added, 3 updated, 50 unchanged.",
      variant: "default",
    });
    expect(migrationNotice(run({ counts: JSON.stringify({ added: 0, changed: 1, unchanged: 53, leftInTrash: 1 }) }))?.description).toBe(
      "Loaded the built-in catalogue (55 products): 0 added, 1 updated, 53 unchanged, 1 left in the trash.",
    );
    // A run from before the counts were kept claims nothing it cannot know.
    expect(migrationNotice(run())?.description).toBe("Loaded the built-in catalogue (55 products).");
    expect(migrationNotice(run({ counts: "not json" }))?.description).toBe("Loaded the built-in catalogue (55 products).");
  });

  it("reports an import by the file's rows and the changes it made", () => {
    const counts = JSON.stringify({ rows: 76, added: 1, changed: 3, unchanged: 53 });
    expect(migrationNotice(run({ kind: "import", total: 57, inserted: 57, counts }))).toEqual({
      title: "Catalogue import finished",
      description: "The file's 76 rows (57 products): 1 added, 3 changed, 53 unchanged.",
      variant: "default",
    });
    expect(migrationNotice(run({ kind: "import", status: "warnings", total: 57, inserted: 7, failed: 50, counts }))?.description).toBe(
      "The file's 76 rows (57 products): 7 imported, 50 failed and left unchanged. The file asked for 1 added, 3 changed, 53 unchanged.",
    );
  });

  it("reports warnings with X/Y and the failures", () => {
    expect(migrationNotice(run({ status: "warnings", inserted: 53, failed: 2 }))).toMatchObject({
      title: "Migration completed with warnings",
      description: "Successfully migrated 53/55 products. 2 products failed.",
    });
  });

  it("reports a partial migration", () => {
    expect(migrationNotice(run({ status: "partial", inserted: 40, failed: 15 }))).toMatchObject({
      title: "Partial migration completed",
      description: "Migrated 40/55 products. Some categories may have fewer products than expected.",
    });
  });

  it("reports a failure with its recorded text, or the generic one", () => {
    expect(migrationNotice(run({ status: "failed", error: "Failed to insert products: D1 is down" }))).toEqual({
      title: "Migration failed",
      description: "Failed to insert products: D1 is down",
      variant: "destructive",
    });
    expect(migrationNotice(run({ status: "failed", error: null }))?.description).toBe(
      "An error occurred during migration. Please try again.",
    );
  });

  it("has nothing to say while the run is in flight", () => {
    expect(migrationNotice(run({ status: "queued" }))).toBeNull();
    expect(migrationNotice(run({ status: "running" }))).toBeNull();
  });
});

describe("active and stale runs", () => {
  it("treats queued and running runs as active, finished ones not", () => {
    expect(isRunActive(run({ status: "queued" }), NOW)).toBe(true);
    expect(isRunActive(run({ status: "running" }), NOW)).toBe(true);
    for (const status of ["succeeded", "warnings", "partial", "failed"]) expect(isRunActive(run({ status }), NOW)).toBe(false);
    expect(isRunActive(null, NOW)).toBe(false);
  });

  it("lets a run that never finished stop blocking the button after the stale limit", () => {
    const old = run({ status: "running", createdAt: new Date(NOW - MIGRATION_STALE_AFTER_MS - 1000).toISOString() });
    expect(isRunStale(old, NOW)).toBe(true);
    expect(isRunActive(old, NOW)).toBe(false);
    expect(isRunStale(run({ status: "failed", createdAt: old.createdAt }), NOW)).toBe(false);
  });
});

describe("stored failed products", () => {
  it("reads the JSON list and ignores anything malformed", () => {
    expect(parseFailedProducts('[{"key":"a","name":"A","reason":"boom"}]')).toEqual([{ key: "a", name: "A", reason: "boom" }]);
    expect(parseFailedProducts("not json")).toEqual([]);
    expect(parseFailedProducts('[{"key":1}]')).toEqual([]);
    expect(parseFailedProducts(null)).toEqual([]);
  });
});

describe("error messages shown to the admin", () => {
  it("uses the innermost cause, never the failed query text", () => {
    const cause = new Error("D1_ERROR: no such table: products: SQLITE_ERROR");
    const wrapped = new Error('Failed query: insert into "products" values (?)\nparams: 1', { cause });
    expect(safeErrorMessage(wrapped)).toBe("D1_ERROR: no such table: products: SQLITE_ERROR");
    expect(safeErrorMessage(new Error("Failed query: select 1\nparams: "))).toBe("Unknown error");
  });

  it("keeps messages to one short line", () => {
    expect(safeErrorMessage(new Error("a\n  b"))).toBe("a b");
    expect(safeErrorMessage(new Error("x".repeat(500)))).toHaveLength(300);
    expect(safeErrorMessage(42)).toBe("Unknown error");
  });
});
