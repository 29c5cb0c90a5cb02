import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { importObjectKey, STAGED_IMPORT_MAX_AGE_MS, purgeStagedImports } from "../../app/features/catalogue-csv/catalogue-import.server";
import { exportRows, importAnswer, previewPost, toCsv } from "./catalogue-csv-helpers";
import { adminCookie, postForm } from "./helpers";
import { definitionsOf, fieldValue } from "./page-parts";

/**
 * A file whose dates fit both orders is kept for the admin session that uploaded it: the owner picks
 * the order in a plain form (no JavaScript needed) and sees the preview again without uploading the
 * file again. Another session cannot read it, and it is cleaned up with the other staged files.
 */

const upload = (cookie: string, text: string) => previewPost(text, { fileName: "from-a-spreadsheet.csv", cookie });

const pickOrder = async (cookie: string, fields: Record<string, string>) =>
  importAnswer(await postForm("/admin/catalogue-import", { intent: "dates", ...fields }, { headers: { Cookie: cookie } }));

async function ambiguousFile(cookie: string) {
  const rows = await exportRows(cookie);
  const target = rows.find((row) => row.name !== "")!;
  return toCsv(rows.map((row) => (row === target ? { ...row, lab_test_date: "3/4/2025" } : row)));
}

describe("an ambiguous CSV stays staged while the owner picks its dates' order", () => {
  it("the order is picked without uploading again: the preview reads the kept file that way and can be confirmed", async () => {
    const cookie = await adminCookie();
    const asked = await upload(cookie, await ambiguousFile(cookie));
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("3/4/2025 could be 4 March or 3 April");
    expect(asked.html).toContain("Which order are this file's dates in?");
    // Kept, but not confirmable: no token is given for it.
    const kept = (await fieldValue(asked.html, "upload"))!;
    expect(kept).toMatch(/^[0-9a-f-]{36}$/);
    expect(await fieldValue(asked.html, "token")).toBeUndefined();
    expect(await env.IMAGES.head(importObjectKey(kept))).not.toBeNull();

    const dayFirst = await pickOrder(cookie, { upload: kept, dateOrder: "dmy" });
    expect(dayFirst.status).toBe(200);
    expect(dayFirst.html).toContain("Dates read day first (14/10/2026), as you chose.");
    expect(await definitionsOf(dayFirst.html)).toContainEqual(["Lab test date:", expect.stringMatching(/→ 2025-04-03$/)]);
    expect(dayFirst.html).not.toContain("Which order are this file");
    // The preview can run: it carries a new staged file and its token; the kept one is gone.
    const staged = (await fieldValue(dayFirst.html, "upload"))!;
    expect(staged).not.toBe(kept);
    expect(await fieldValue(dayFirst.html, "token")).toBeTruthy();
    expect(await env.IMAGES.head(importObjectKey(kept))).toBeNull();

    const monthFirst = await pickOrder(cookie, { upload: kept, dateOrder: "mdy" });
    expect(monthFirst.status).toBe(409);
    expect(monthFirst.html).toContain("The previewed file is no longer stored. Upload it again.");
  });

  it("another admin session, a made-up id or bad input reads as gone and changes nothing", async () => {
    const cookie = await adminCookie();
    const asked = await upload(cookie, await ambiguousFile(cookie));
    const kept = (await fieldValue(asked.html, "upload"))!;

    const other = await pickOrder(await adminCookie(), { upload: kept, dateOrder: "mdy" });
    expect(other.status).toBe(409);
    expect(other.html).toContain("The previewed file is no longer stored. Upload it again.");
    expect(await env.IMAGES.head(importObjectKey(kept))).not.toBeNull();

    const bad: Record<string, string>[] = [
      { upload: crypto.randomUUID(), dateOrder: "mdy" },
      { upload: "../../etc/passwd", dateOrder: "mdy" },
      {},
    ];
    for (const fields of bad) {
      const refused = await pickOrder(cookie, fields);
      expect([400, 409]).toContain(refused.status);
      expect(refused.html).toContain("Upload it again.");
    }
    // A kept file cannot be confirmed as it is, whatever token is sent.
    const confirm = await postForm(
      "/admin/catalogue-import",
      { intent: "confirm", upload: kept, token: "anything" },
      { headers: { Cookie: cookie } },
    );
    expect(confirm.status).toBe(409);

    // Without the admin session the form is refused before anything is read.
    const stranger = await postForm("/admin/catalogue-import", { intent: "dates", upload: kept, dateOrder: "mdy" });
    expect(stranger.status).toBe(302);

    // The hourly clean-up removes a kept file after a day, as any staged file.
    const removed = await purgeStagedImports(env.IMAGES, Date.now() + STAGED_IMPORT_MAX_AGE_MS + 60_000);
    expect(removed).toBeGreaterThan(0);
    expect(await env.IMAGES.head(importObjectKey(kept))).toBeNull();
  });
});
