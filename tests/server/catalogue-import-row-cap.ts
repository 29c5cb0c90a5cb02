/**
 * Part of `npm run test:server`: the catalogue import's row cap and its slices, against the real
 * `npm start` engine (wrangler's local engine, its own local state, a free port or --port N).
 *
 * - A ~9 MB file (under the 10 MB cap) with far more rows than IMPORT_MAX_ROWS is refused within a few
 *   seconds with the message that names the cap, while a shopper's GET /faq sent meanwhile is answered
 *   promptly; nothing is staged.
 * - A file of exactly IMPORT_MAX_ROWS rows is planned in slices: a GET /faq sent while it is planned is
 *   answered promptly, not after the whole file.
 *   tsx tests/server/catalogue-import-row-cap.ts [--no-build] [--port N]
 */
import { setTimeout as sleep } from "node:timers/promises";
import { devAdminCookie } from "../../scripts/dev-admin";
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvColumn } from "../../app/features/catalogue-csv/catalogue-csv";
import { IMPORT_MAX_ROWS, IMPORT_TEXT } from "../../app/features/catalogue-csv/catalogue-import";
import { CSV_BOM, csvLine } from "../../app/features/catalogue-csv/csv";
import { createChecks, startTestEngine } from "./engine";

const { check, runChecks } = createChecks();

/**
 * A shopper's page, sent now: its status, when it was sent (ms after `since`) and how long it waited. One
 * not answered within 30 s has status 0 (and fails the check that reads it, with when it was sent).
 */
async function shopperVisit(since: number) {
  const started = Date.now();
  try {
    const response = await fetch(`${origin}/faq`, { signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    return { status: response.status, sentAt: started - since, ms: Date.now() - started };
  } catch {
    return { status: 0, sentAt: started - since, ms: Date.now() - started };
  }
}

/** A shopper's page, sent `afterMs` after the import started. */
async function shopperWhileImporting(afterMs: number) {
  const since = Date.now();
  await sleep(afterMs);
  return shopperVisit(since);
}

/**
 * Shoppers' pages sent every 250 ms from the import's start until `done` settles: the preview's length
 * varies with the machine, so one request at a fixed moment may land after it.
 */
async function shoppersUntil(done: Promise<unknown>) {
  const since = Date.now();
  let finished = false;
  void done.finally(() => (finished = true));
  const visits: ReturnType<typeof shopperVisit>[] = [];
  while (!finished) {
    visits.push(shopperVisit(since));
    await sleep(250);
  }
  return Promise.all(visits);
}

/** A file of `rows` new keyless products (each line differs only in its name). */
function catalogueFile(rows: number, padTo = 0) {
  const cells = (i: number): Record<CatalogueCsvColumn, string> => ({
    ...(Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((column) => [column, ""])) as Record<CatalogueCsvColumn, string>),
    name: `Row cap gummies ${i}`,
    price: "12.50",
    category: "edibles",
    strain_type: "hybrid",
    thc_content: "10mg",
    effects: "Calm",
    description: padTo > 0 ? "x".repeat(padTo) : "Test.",
    rating: "4",
    review_count: "1",
    lab_tested: "no",
    in_stock: "yes",
    active: "yes",
  });
  const lines = [CSV_BOM, csvLine(CATALOGUE_CSV_COLUMNS)];
  for (let i = 1; i <= rows; i++) lines.push(csvLine(CATALOGUE_CSV_COLUMNS.map((column) => cells(i)[column])));
  return lines.join("");
}

async function postImport(cookie: string, text: string) {
  const form = new FormData();
  form.append("file", new File([text], "catalogue.csv", { type: "text/csv" }));
  const started = Date.now();
  const response = await fetch(`${origin}/admin/catalogue-import`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: origin },
    redirect: "manual",
  });
  const html = await response.text();
  return { status: response.status, html, ms: Date.now() - started };
}

// The files are made before the engine starts: its dev proxy runs in this process, and seconds of
// string building here would stall it.
// Over the cap: ~9 MB of short rows (under the 10 MB file cap), many times IMPORT_MAX_ROWS.
const size = (text: string) => new TextEncoder().encode(text).byteLength;
// A row's bytes with a short name, plus the digits its number grows by.
const rows = Math.floor(9_000_000 / (size(catalogueFile(2)) - size(catalogueFile(1)) + 5));
const big = catalogueFile(rows);
const bytes = size(big);
const atCap = catalogueFile(IMPORT_MAX_ROWS);

const worker = await startTestEngine("row-cap");
const { origin } = worker;

await runChecks({ engine: worker }, async () => {
  const cookie = await devAdminCookie(origin);

  const [refused, shopper] = await Promise.all([postImport(cookie, big), shopperWhileImporting(300)]);
  check(
    `a ${(bytes / 1024 / 1024).toFixed(1)} MB file of ${rows} rows is refused with the cap's message within 5 s`,
    rows > IMPORT_MAX_ROWS * 2 && refused.status === 422 && refused.html.includes(IMPORT_TEXT.tooManyRows) && refused.ms < 5_000,
    `${refused.status} in ${refused.ms} ms`,
  );
  check(
    "a GET /faq sent meanwhile is answered within 3 s",
    shopper.status === 200 && shopper.ms < 3_000,
    `${shopper.status} in ${shopper.ms} ms`,
  );

  // At the cap: planned, in slices, while the shop goes on answering.
  const previewed = postImport(cookie, atCap);
  const [planned, visits] = await Promise.all([previewed, shoppersUntil(previewed)]);
  // The visits sent in the second half of the preview (the upload is over, the rows are being planned)
  // and answered before it ended.
  const during = visits.filter((visit) => visit.sentAt >= planned.ms / 2 && visit.sentAt + visit.ms < planned.ms);
  check(
    `a file of exactly ${IMPORT_MAX_ROWS} rows is previewed`,
    planned.status === 200 && planned.html.includes("Import the catalogue"),
    `${planned.status} in ${planned.ms} ms`,
  );
  const slowest = Math.max(...visits.map((visit) => visit.ms));
  check(
    "GET /faq sent while it is planned is answered within 3 s each time, some from its second half before it ends",
    during.length > 0 && visits.every((visit) => visit.status === 200 && visit.ms < 3_000),
    `${during.length} of ${visits.length} sent in its second half answered before the preview (${planned.ms} ms), the slowest in ${slowest} ms` +
      visits
        .filter((visit) => visit.status !== 200 || visit.ms >= 3_000)
        .map((visit) => `; sent at ${visit.sentAt} ms: ${visit.status || "no answer"} after ${visit.ms} ms`)
        .join(""),
  );
});
