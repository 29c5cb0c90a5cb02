import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sql } from "drizzle-orm";
import { fcRuns } from "../fast-check";
import { createDb } from "../../app/server/load-context";
import type { ShopDocument } from "../../app/features/shop-documents/shop-document";
import { changedFields } from "../../app/features/shop-documents/shop-document";
import {
  KEPT_VERSIONS,
  listVersions,
  readDocument,
  restoreVersion,
  saveDocument,
} from "../../app/features/shop-documents/shop-documents.server";

const db = createDb(env.DB);

const notes: ShopDocument<{ title: string; lines: string[] }> = {
  name: "test-notes",
  schema: z.object({ title: z.string().max(200), lines: z.array(z.string()).max(10) }),
  defaults: (config) => ({ title: `Notes of @${config.TELEGRAM_USERNAME}`, lines: [] }),
  labels: { title: "Title", lines: "Lines" },
};

describe("the owner's versioned documents", () => {
  it("reads a new shop's defaults until the owner saves, then the newest version", async () => {
    const first = await readDocument(db, notes, env);
    expect(first).toEqual({ value: { title: `Notes of @${env.TELEGRAM_USERNAME}`, lines: [] }, versionId: null, malformed: false });

    const saved = await saveDocument(db, notes, { title: "Opening week", lines: ["Welcome"] }, { from: env });
    expect(saved.ok).toBe(true);
    const now = await readDocument(db, notes, env);
    expect(now.value).toEqual({ title: "Opening week", lines: ["Welcome"] });
    expect(now.versionId).toBe(saved.ok ? saved.versionId : -1);

    const versions = await listVersions(db, notes.name);
    expect(versions[0]?.summary).toBe("Title, Lines");
  });

  it("refuses a save based on a version written meanwhile, and writes nothing", async () => {
    const opened = await saveDocument(db, notes, { title: "A", lines: [] }, { from: env });
    if (!opened.ok) throw new Error("first save refused");
    const otherTab = await saveDocument(db, notes, { title: "B", lines: [] }, { from: env, basedOn: opened.versionId });
    expect(otherTab.ok).toBe(true);
    const stale = await saveDocument(db, notes, { title: "C", lines: [] }, { from: env, basedOn: opened.versionId });
    expect(stale).toEqual({ ok: false, reason: "changed-meanwhile" });
    expect((await readDocument(db, notes, env)).value.title).toBe("B");
  });

  it("restores an older version as the newest, saying what came back, and keeps the one it replaced", async () => {
    const old = await saveDocument(db, notes, { title: "Summer hours", lines: ["Open late"] }, { from: env });
    await saveDocument(db, notes, { title: "Winter hours", lines: ["Open late"] }, { from: env });
    if (!old.ok) throw new Error("save refused");
    const restored = await restoreVersion(db, notes, old.versionId, env);
    expect(restored.ok).toBe(true);
    expect((await readDocument(db, notes, env)).value.title).toBe("Summer hours");
    const [newest, replaced] = await listVersions(db, notes.name);
    expect(newest?.restoredFrom).toBe(old.versionId);
    expect(newest?.summary).toMatch(/^Restored the version of \d{4}-\d\d-\d\d \d\d:\d\d UTC \(Title\)$/);
    expect(replaced?.summary).toBe("Title");
    expect(await restoreVersion(db, notes, 999_999, env)).toEqual({ ok: false, reason: "not-found" });
  });

  it("shows the defaults, and says so, when the stored version no longer matches the schema", async () => {
    await db.run(sql`INSERT INTO shop_document_versions (name, body, saved_at) VALUES (${notes.name}, ${'{"title": 42'}, ${Date.now()})`);
    const read = await readDocument(db, notes, env);
    expect(read.malformed).toBe(true);
    expect(read.value).toEqual(notes.defaults(env));
    expect(await restoreVersion(db, notes, read.versionId ?? 0, env)).toEqual({ ok: false, reason: "unreadable" });
  });

  it("keeps the newest versions only", async () => {
    for (let n = 0; n < KEPT_VERSIONS + 3; n++) await saveDocument(db, notes, { title: `v${n}`, lines: [] }, { from: env });
    const versions = await listVersions(db, notes.name, KEPT_VERSIONS + 10);
    expect(versions).toHaveLength(KEPT_VERSIONS);
    expect(versions[0]?.id).toBeGreaterThan(versions.at(-1)?.id ?? Infinity);
  });

  it("stores any text exactly, long and in any script", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.array(fc.string({ unit: "binary", maxLength: 300 }), { maxLength: 10 }),
        async (title, lines) => {
          const saved = await saveDocument(db, notes, { title, lines }, { from: env });
          expect(saved.ok).toBe(true);
          expect((await readDocument(db, notes, env)).value).toEqual({ title, lines });
        },
      ),
      { numRuns: fcRuns(25) },
    );
  });
});

describe("what changed between two versions", () => {
  it("names the changed fields by their labels, unlabelled ones by their key", () => {
    expect(changedFields({ a: 1, b: [1] }, { a: 1, b: [2], c: true }, { a: "Alpha", b: "Beta" })).toEqual(["Beta", "c"]);
    expect(changedFields(null, { a: 1 }, { a: "Alpha" })).toEqual(["Alpha"]);
  });
});
