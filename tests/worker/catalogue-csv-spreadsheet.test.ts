import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { IMPORT_TEXT } from "../../app/features/catalogue-csv/catalogue-import";
import { todayIn } from "../../app/features/catalogue-csv/spreadsheet-cells";
import { groupDigits, parsePriceToCents } from "../../app/features/money/money";
import { LAB_MESSAGES } from "../../app/features/lab-reports/lab-report";
import { getMigrationRun, runMigration } from "../../app/features/migration/migration-runs.server";
import { isFinishedStatus } from "../../app/features/migration/migration";
import { exportRows, previewPost, toCsv } from "./catalogue-csv-helpers";
import { adminCookie, postForm } from "./helpers";
import { db } from "./shop-helpers";
import { definitionsOf, elementsOf, fieldValue } from "./page-parts";

/**
 * The catalogue CSV after a spreadsheet saved it, through the real import route, D1, R2 and Queue:
 * US dates and "$1,299.00" prices import as no change; dates that fit both orders are asked about,
 * never guessed; the chosen order is the one the run writes; "the future" is the shop's tomorrow.
 */

const preview = (text: string, dateOrder?: string) => previewPost(text, { fileName: "from-a-spreadsheet.csv", dateOrder });

/** "1299.5" -> "$1,299.50", as a spreadsheet's currency format writes it. */
function dollars(text: string) {
  if (text === "") return text;
  const cents = parsePriceToCents(text)!;
  return `$${groupDigits(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}

/** "2026-03-04" -> "3/4/2026", as a US spreadsheet writes a date. */
function usDate(text: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match ? `${Number(match[2])}/${Number(match[3])}/${match[1]}` : text;
}

async function setLabDates(dates: Map<number, string | null>) {
  await env.DB.batch([...dates].map(([id, date]) => env.DB.prepare("UPDATE products SET lab_test_date = ? WHERE id = ?").bind(date, id)));
}

describe("a spreadsheet's copy of the export", () => {
  it("US dates, $ prices and thousands separators import as no change (property)", { timeout: 120_000 }, async () => {
    const ids = (await exportRows()).filter((row) => row.name !== "").map((row) => Number(row.id));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.date({ min: new Date("2015-01-01T00:00:00Z"), max: new Date("2025-12-31T00:00:00Z"), noInvalidDate: true }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (dates) => {
          const given = new Map(ids.map((id, i) => [id, i < dates.length ? dates[i]!.toISOString().slice(0, 10) : null]));
          await setLabDates(given);
          const rows = await exportRows();
          const spreadsheet = rows.map((row) => ({
            ...row,
            price: dollars(row.price),
            compare_at_price: dollars(row.compare_at_price),
            lab_test_date: usDate(row.lab_test_date),
          }));
          expect(spreadsheet.some((row) => row.price.includes("$"))).toBe(true);
          // The owner says the file is month first: read as the export wrote it.
          const chosen = await preview(toCsv(spreadsheet), "mdy");
          expect(chosen.status).toBe(200);
          expect(chosen.html).toContain(IMPORT_TEXT.nothingToDo);
          // Left to the file: read when one of its dates shows the order, else asked, and nothing is staged.
          const auto = await preview(toCsv(spreadsheet));
          const shows = [...given.values()].some(
            (date) => date !== null && Number(date.slice(8)) > 12 && Number(date.slice(8)) !== Number(date.slice(5, 7)),
          );
          const fitsBoth = [...given.values()].some(
            (date) => date !== null && Number(date.slice(8)) <= 12 && date.slice(8) !== date.slice(5, 7),
          );
          if (shows || !fitsBoth) expect(auto.html).toContain(IMPORT_TEXT.nothingToDo);
          else {
            expect(auto.html).toContain("fit both orders");
            expect(await fieldValue(auto.html, "token")).toBeUndefined();
          }
        },
      ),
      { numRuns: fcRuns(6) },
    );
    await setLabDates(new Map(ids.map((id) => [id, null])));
  });

  it(
    "a date that fits both orders is asked about; the chosen order is the one previewed and the one the run writes",
    { timeout: 60_000 },
    async () => {
      const rows = await exportRows();
      const target = rows.find((row) => row.name !== "")!;
      const edited = rows.map((row) => (row === target ? { ...row, lab_test_date: "3/4/2025" } : row));

      const asked = await preview(toCsv(edited));
      expect(asked.status).toBe(200);
      expect(asked.html).toContain("3/4/2025 could be 4 March or 3 April");
      expect((await elementsOf(asked.html, 'select[name="dateOrder"]')).map((select) => select.attributes["aria-invalid"])).toContain(
        "true",
      );
      expect(await fieldValue(asked.html, "token")).toBeUndefined();

      const dayFirst = await preview(toCsv(edited), "dmy");
      expect(dayFirst.html).toContain("Dates read day first (14/10/2026), as you chose.");
      expect(await definitionsOf(dayFirst.html)).toContainEqual(["Lab test date:", "— → 2025-04-03"]);
      const confirm = await postForm(
        "/admin/catalogue-import",
        { intent: "confirm", upload: (await fieldValue(dayFirst.html, "upload"))!, token: (await fieldValue(dayFirst.html, "token"))! },
        { headers: { Cookie: await adminCookie() } },
      );
      expect(confirm.status).toBe(302);
      const runId = new URL(confirm.headers.get("Location")!, "http://x").searchParams.get("run")!;
      let run = await getMigrationRun(db, runId);
      for (let i = 0; i < 40 && !(run && isFinishedStatus(run.status)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        run = await getMigrationRun(db, runId);
      }
      if (!run || !isFinishedStatus(run.status)) await runMigration(db, runId, { bucket: env.IMAGES });
      expect(await getMigrationRun(db, runId)).toMatchObject({ status: "succeeded" });
      const stored = await env.DB.prepare("SELECT lab_test_date FROM products WHERE id = ?")
        .bind(Number(target.id))
        .first<{ lab_test_date: string }>();
      expect(stored!.lab_test_date).toBe("2025-04-03");
      await setLabDates(new Map([[Number(target.id), null]]));
    },
  );

  it("a file that writes dates both ways is refused with both rows named", async () => {
    const rows = await exportRows();
    const [a, b] = rows.filter((row) => row.name !== "");
    const edited = rows.map((row) =>
      row === a ? { ...row, lab_test_date: "10/14/2025" } : row === b ? { ...row, lab_test_date: "14/10/2025" } : row,
    );
    const { html } = await preview(toCsv(edited));
    expect(html).toContain(`The file writes dates month first (row ${rows.indexOf(a!) + 2}) and day first (row ${rows.indexOf(b!) + 2})`);
    expect(await fieldValue(html, "token")).toBeUndefined();
  });

  it("'in the future' is the shop's own tomorrow: today there is accepted, the day after refused", async () => {
    const rows = await exportRows();
    const target = rows.find((row) => row.name !== "")!;
    // The shop's zone is its settings' (a new shop's: America/New_York).
    const today = todayIn("America/New_York", new Date());
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const ok = await preview(toCsv(rows.map((row) => (row === target ? { ...row, lab_test_date: today } : row))));
    expect(ok.html).not.toContain(LAB_MESSAGES.dateFuture);
    const refused = await preview(toCsv(rows.map((row) => (row === target ? { ...row, lab_test_date: tomorrow } : row))));
    expect(refused.html).toContain(LAB_MESSAGES.dateFuture);
  });
});
