import { SELF, env } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import { LAB_MESSAGES, LAB_REPORT_MAX_BYTES, LAB_REPORT_MESSAGES, LAB_REPORTS_PREFIX } from "../../app/features/lab-reports/lab-report";
import { productPath } from "../../app/features/catalogue/product-path";
import { catalogue } from "../../db/catalogue";
import { sampleLabReports } from "../../db/sample-lab-reports";
import { runMigration, startMigrationRun } from "../../app/features/migration/migration-runs.server";
import { adminPost, html, read } from "./admin-helpers";
import { ORIGIN, adminCookie, expectAnswer, get } from "./helpers";
import { db, deleteProducts, insertProducts, productPromiseCards, testProduct } from "./shop-helpers";
import { elementsOf } from "./page-parts";

/**
 * Lab reports: the upload's checks (type by bytes, 20 MB, nothing stored on refusal),
 * the served report's headers, the product form with and without JavaScript (attach, keep, remove,
 * replace), the product page's section both ways, the card's COA mark, and the catalogue's sample
 * reports through the migration.
 */

const PDF = new TextEncoder().encode("%PDF-1.4\n% a tiny test report\n%%EOF\n");
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAEElEQVR4nGPQy7IAIgYIBQAWpgNBHeK0zgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const GIF = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (c) => c.charCodeAt(0));

let cookie = "";
const ids = new Map<string, number>();
const names = {
  plain: "Lab Probe Plain",
  attach: "Lab Probe Attach",
  js: "Lab Probe Js",
  limits: "Lab Probe Limits",
  fuzz: "Lab Probe Fuzz",
  shown: "Lab Probe Shown",
};

beforeAll(async () => {
  cookie = await adminCookie();
  const inserted = await insertProducts(
    Object.values(names).map((name) =>
      testProduct({
        name,
        priceCents: 4500,
        category: "indoors",
        ...(name === names.shown
          ? {
              labReportKey: "sample-coa-runtz-eighth.pdf",
              labReportName: "sample-coa-runtz-eighth.pdf",
              labReportType: "application/pdf",
              labReportSize: 2659,
              labName: "Probe Labs",
              labTestDate: "2026-10-14",
              labBatch: "B-77",
              labThcPercent: 25.84,
              labCbdPercent: 0.07,
            }
          : {}),
      }),
    ),
  );
  for (const [name, id] of inserted) ids.set(name, id);
});

afterAll(() => deleteProducts(Object.values(names)));

function upload(body: BodyInit, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}/admin/uploads/lab-report`, {
    method: "PUT",
    body,
    redirect: "manual",
    headers: { Origin: ORIGIN, Accept: "application/json", Cookie: cookie, ...headers },
  });
}

async function reportKeys() {
  const listed = await env.IMAGES.list({ prefix: LAB_REPORTS_PREFIX });
  return listed.objects.map((object) => object.key).sort();
}

async function row(id: number) {
  return env.DB.prepare("SELECT * FROM products WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

/** The edit form as a browser without JavaScript posts it, with the lab fields given. */
function editForm(version: number, lab: Record<string, string | File | null> = {}) {
  const form = new FormData();
  const fields: Record<string, string> = {
    name: "",
    price: "45",
    description: "A lab report probe.",
    category: "indoors",
    strainType: "hybrid",
    thcContent: "20%",
    "effects[0]": "Relaxed",
    images: "/art/placeholder.svg",
    active: "on",
    inStock: "on",
    isLabTested: "on",
    version: String(version),
  };
  for (const [key, value] of Object.entries(fields)) if (key !== "name") form.append(key, value);
  form.append("imageFiles", new File([], ""));
  let file = false;
  for (const [key, value] of Object.entries(lab)) {
    if (value === null) continue;
    if (value instanceof File) {
      form.append(key, value);
      file = true;
    } else form.append(key, value);
  }
  if (!file) form.append("labReportFile", new File([], ""));
  return form;
}

async function saveEdit(name: string, lab: Record<string, string | File | null>) {
  const id = ids.get(name)!;
  const before = await row(id);
  const form = editForm(before!.version as number, lab);
  form.append("name", name);
  const response = await adminPost(`/admin/edit-product/${id}`, form);
  return { response, before: before!, after: (await row(id))! };
}

describe("lab report upload (with JavaScript)", () => {
  it.each([
    ["PDF", PDF, "application/pdf", "pdf"],
    ["PNG", PNG, "image/png", "png"],
  ] as const)("stores a real %s under lab-reports/ with the type its bytes prove and a safe name", async (_kind, bytes, type, ext) => {
    // The declared type and the name are wrong on purpose: only the bytes count, and the name is cleaned.
    const response = await upload(bytes, {
      "Content-Type": "application/octet-stream",
      "X-File-Name": encodeURIComponent(`../../Évil "name" (1).bin`),
    });
    expect(response.status).toBe(201);
    const body = await response.json<{ key: string; name: string; contentType: string; size: number; url: string }>();
    expect(body).toMatchObject({ name: `Evil-name-1.${ext}`, contentType: type, size: bytes.byteLength, url: `/lab-reports/${body.key}` });
    expect(body.key).toMatch(new RegExp(`^report-\\d+-[a-z0-9]{10}\\.${ext}$`));
    const stored = await env.IMAGES.get(`${LAB_REPORTS_PREFIX}${body.key}`);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes);
    expect(stored!.httpMetadata?.contentType).toBe(type);
  });

  it("refuses a renamed file (and a GIF) by its bytes, with the clear message, storing nothing", async () => {
    const before = await reportKeys();
    for (const bytes of [new TextEncoder().encode("<html><script>alert(1)</script>"), GIF]) {
      const response = await upload(bytes, { "Content-Type": "application/pdf", "X-File-Name": "report.pdf" });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ error: LAB_REPORT_MESSAGES.invalidType });
    }
    expect(await reportKeys()).toEqual(before);
  });

  it("refuses over 20 MB before reading, and without a session", async () => {
    const before = await reportKeys();
    const over = new Uint8Array(LAB_REPORT_MAX_BYTES + 1);
    over.set(PDF);
    const tooLarge = await upload(over);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: LAB_REPORT_MESSAGES.tooLarge });
    const anonymous = await SELF.fetch(`${ORIGIN}/admin/uploads/lab-report`, {
      method: "PUT",
      body: PDF,
      headers: { Origin: ORIGIN, Accept: "application/json" },
      redirect: "manual",
    });
    expect([401, 302]).toContain(anonymous.status);
    await anonymous.arrayBuffer();
    expect(await reportKeys()).toEqual(before);
  });

  it("attaches an uploaded report by its key; its name, type and size come from storage", async () => {
    const uploaded = await (await upload(PDF, { "X-File-Name": "COA batch 7.pdf" })).json<{ key: string }>();
    const { response, after } = await saveEdit(names.js, { labReportKey: uploaded.key, labName: "SC Labs", labThcPercent: "21.5" });
    expect(response.status).toBe(302);
    expect(after).toMatchObject({
      lab_report_key: uploaded.key,
      lab_report_name: "COA-batch-7.pdf",
      lab_report_type: "application/pdf",
      lab_report_size: PDF.byteLength,
      lab_name: "SC Labs",
      lab_thc_percent: 21.5,
    });
  });

  it("refuses a key that names no stored report, changing nothing", async () => {
    const { response, before, after } = await saveEdit(names.js, { labReportKey: "report-1-doesnotexist.pdf" });
    expect(response.status).toBe(400);
    expect(await read(response)).toContain(html(LAB_REPORT_MESSAGES.missing.description));
    expect(after).toEqual(before);
  });
});

describe("the product form without JavaScript", () => {
  it("attaches a report with its facts, keeps it, replaces it, and removes it (stored files are kept)", async () => {
    const first = await saveEdit(names.attach, {
      labReportFile: new File([PDF], "Runtz COA.pdf", { type: "application/pdf" }),
      labName: "Лаборатория 日本 Labs",
      labTestDate: "2026-10-14",
      labBatch: "B-2411-07",
      labThcPercent: "25.84",
      labCbdPercent: "0",
      labTotalCannabinoidsPercent: "100",
    });
    expect(first.response.status).toBe(302);
    const key = first.after.lab_report_key as string;
    expect(first.after).toMatchObject({
      lab_report_name: "Runtz-COA.pdf",
      lab_report_type: "application/pdf",
      lab_report_size: PDF.byteLength,
      lab_name: "Лаборатория 日本 Labs",
      lab_test_date: "2026-10-14",
      lab_batch: "B-2411-07",
      lab_thc_percent: 25.84,
      lab_cbd_percent: 0,
      lab_total_cannabinoids_percent: 100,
    });
    expect(await env.IMAGES.head(`${LAB_REPORTS_PREFIX}${key}`)).not.toBeNull();

    // The edit page shows it as a Keep checkbox, and keeping it stores it unchanged.
    const page = await read(await get(`/admin/edit-product/${ids.get(names.attach)}`, { headers: { Cookie: cookie } }));
    expect(page).toContain(`value="${key}"`);
    expect(page).toContain("Keep this lab report");
    const kept = await saveEdit(names.attach, { labReportKey: key, labName: "Лаборатория 日本 Labs" });
    expect(kept.after.lab_report_key).toBe(key);

    const replaced = await saveEdit(names.attach, { labReportKey: key, labReportFile: new File([PNG], "scan.png", { type: "image/png" }) });
    expect(replaced.response.status).toBe(302);
    expect(replaced.after).toMatchObject({ lab_report_type: "image/png", lab_report_name: "scan.png" });
    expect(replaced.after.lab_report_key).not.toBe(key);
    expect(await env.IMAGES.head(`${LAB_REPORTS_PREFIX}${key}`)).not.toBeNull();

    // Unticking Keep removes it from the product; the stored file stays, as images do.
    const removed = await saveEdit(names.attach, {});
    expect(removed.after).toMatchObject({
      lab_report_key: null,
      lab_report_name: null,
      lab_report_type: null,
      lab_report_size: null,
      lab_name: null,
    });
    expect(await env.IMAGES.head(`${LAB_REPORTS_PREFIX}${replaced.after.lab_report_key as string}`)).not.toBeNull();
  });

  it("takes a 20 MB report and refuses 20 MB + 1 byte with the clear message, storing nothing", async () => {
    const exact = new Uint8Array(LAB_REPORT_MAX_BYTES);
    exact.set(PDF);
    const fits = await saveEdit(names.limits, { labReportFile: new File([exact], "big.pdf") });
    expect(fits.response.status).toBe(302);
    expect(fits.after.lab_report_size).toBe(LAB_REPORT_MAX_BYTES);

    const before = await reportKeys();
    const over = new Uint8Array(LAB_REPORT_MAX_BYTES + 1);
    over.set(PDF);
    const refused = await saveEdit(names.limits, {
      labReportKey: fits.after.lab_report_key as string,
      labReportFile: new File([over], "bigger.pdf"),
    });
    expect(refused.response.status).toBe(413);
    expect(await read(refused.response)).toContain(LAB_REPORT_MESSAGES.tooLarge.description);
    expect(refused.after).toEqual(refused.before);
    expect(await reportKeys()).toEqual(before);
  });

  it("refuses a renamed file and every bad fact with its message: no row change, nothing stored", async () => {
    const before = await reportKeys();
    const cases: [Record<string, string | File>, string][] = [
      [
        { labReportFile: new File(["MZ not a pdf"], "report.pdf", { type: "application/pdf" }) },
        LAB_REPORT_MESSAGES.invalidType.description,
      ],
      [{ labTestDate: "2999-01-01" }, LAB_MESSAGES.dateFuture],
      [{ labTestDate: "2026-02-30" }, LAB_MESSAGES.dateFormat],
      [{ labThcPercent: "100.5" }, LAB_MESSAGES.percentRange("THC %")],
      [{ labCbdPercent: "-3" }, LAB_MESSAGES.percentFormat("CBD %")],
      [{ labTotalCannabinoidsPercent: "12.345" }, LAB_MESSAGES.percentDecimals("Total cannabinoids %")],
      [{ labName: "x".repeat(121) }, LAB_MESSAGES.nameTooLong],
      [{ labBatch: "x".repeat(61) }, LAB_MESSAGES.batchTooLong],
    ];
    for (const [lab, message] of cases) {
      // A valid file rides along with the bad facts: it must not be stored either.
      const withFile = "labReportFile" in lab ? lab : { ...lab, labReportFile: new File([PDF], "ok.pdf") };
      const { response, before: rowBefore, after } = await saveEdit(names.plain, withFile);
      expect(response.status, message).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await read(response)).toContain(html(message));
      expect(after).toEqual(rowBefore);
    }
    expect(await reportKeys()).toEqual(before);
  });

  it("a refused image takes the report posted with it back out: nothing stored, no row written", async () => {
    const before = await reportKeys();
    const id = ids.get(names.plain)!;
    const rowBefore = await row(id);
    const form = editForm(rowBefore!.version as number, { labReportFile: new File([PDF], "ok.pdf") });
    form.append("name", names.plain);
    form.append("imageFiles", new File(["not an image"], "photo.png", { type: "image/png" }));
    const response = await adminPost(`/admin/edit-product/${id}`, form);
    expect(response.status).toBe(415);
    await response.arrayBuffer();
    expect(await reportKeys()).toEqual(before);
    expect(await row(id)).toEqual(rowBefore);
  });

  it("generated facts (long, non-Latin, edge numbers): never a 5xx, and either saved exactly or nothing changed", async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: "grapheme", maxLength: 150 }),
      fc.constant("日本語のラボ 🌿 ".repeat(12)),
    );
    const number = fc.oneof(
      fc.constantFrom("0", "100", "100.00", "100.01", "99.99", "0.001", "-0", "1e2", "NaN", "", " 7 ", "٣", "５"),
      fc.double({ min: -10, max: 110, noNaN: true }).map(String),
    );
    const date = fc.oneof(
      fc.constantFrom("2026-11-23", "2026-11-30", "2000-02-29", "1900-02-29", "0000-01-01", ""),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          labName: text,
          labBatch: text,
          labTestDate: date,
          labThcPercent: number,
          labCbdPercent: number,
          labTotalCannabinoidsPercent: number,
        }),
        async (lab) => {
          const { response, before, after } = await saveEdit(names.fuzz, lab);
          await response.arrayBuffer();
          expect(response.status).toBeLessThan(500);
          if (response.status !== 302) {
            expect(after).toEqual(before);
            return;
          }
          const blank = (value: string) => value.trim() === "";
          expect(after.lab_name).toBe(blank(lab.labName) ? null : lab.labName.trim());
          expect(after.lab_batch).toBe(blank(lab.labBatch) ? null : lab.labBatch.trim());
          expect(after.lab_test_date).toBe(blank(lab.labTestDate) ? null : lab.labTestDate.trim());
          for (const [column, value] of [
            ["lab_thc_percent", lab.labThcPercent],
            ["lab_cbd_percent", lab.labCbdPercent],
            ["lab_total_cannabinoids_percent", lab.labTotalCannabinoidsPercent],
          ] as const) {
            const stored = after[column] as number | null;
            if (blank(value)) expect(stored).toBeNull();
            else expect(stored).toBe(Number(value));
            if (stored !== null) expect(stored >= 0 && stored <= 100).toBe(true);
          }
        },
      ),
      { numRuns: fcRuns(40) },
    );
  }, 120_000);
});

describe("serving a lab report", () => {
  it("answers with its real type, inline under its safe name, inert, with ETag and 304", async () => {
    const uploaded = await (await upload(PDF, { "X-File-Name": "Lab Report.pdf" })).json<{ key: string; url: string }>();
    const response = await get(uploaded.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('inline; filename="Lab-Report.pdf"');
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("sandbox");
    expect(response.headers.get("Cache-Control")).toContain("immutable");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
    const etag = response.headers.get("ETag")!;
    expect(etag).toBeTruthy();

    const again = await get(uploaded.url, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers 404 for an unknown or malformed key, and never serves outside lab-reports/", async () => {
    await env.IMAGES.put("image-secret.png", PNG, { httpMetadata: { contentType: "image/png" } });
    for (const path of [
      "/lab-reports/report-1-nothere.pdf",
      "/lab-reports/..%2Fimage-secret.png",
      "/lab-reports/.hidden",
      "/lab-reports/image-secret.png",
    ]) {
      await expectAnswer(path, 404);
    }
  });
});

/** The product page's Lab report section, from its heading to its end. */
const labSection = (page: string) =>
  page.slice(page.indexOf('id="lab-report-heading"'), page.indexOf("</section>", page.indexOf('id="lab-report-heading"')));

describe("what the shopper sees", () => {
  it("the product page lists the facts and links the report in a new tab", async () => {
    const page = await read(await get(productPath({ id: ids.get(names.shown)!, name: names.shown })));
    const section = labSection(page);
    expect(section).toContain(">Lab report<");
    for (const fact of ["<dt", "Probe Labs", "14 October 2026", 'dateTime="2026-10-14"', "B-77", "25.84%", "0.07%"])
      expect(section).toContain(fact);
    expect(
      await elementsOf(section, 'a[href="/lab-reports/sample-coa-runtz-eighth.pdf"][target="_blank"][rel="noopener"]'),
    ).not.toHaveLength(0);
    expect(section).toContain("View lab report");
    expect(section).toContain("(opens in a new tab)");
    expect(section).not.toContain("available on request");
  });

  it("without a report the section stays and offers it on request through Telegram", async () => {
    const page = await read(await get(productPath({ id: ids.get(names.plain)!, name: names.plain })));
    const section = labSection(page);
    expect(section).toContain("Lab report available on request.");
    expect(section).toContain(`href="https://t.me/${env.TELEGRAM_USERNAME}?text=`);
    expect(section).not.toContain("View lab report");
  });

  it("cards carry a COA mark only when a report exists", async () => {
    const page = await read(await get(`/shop/indoors?search=${encodeURIComponent("Lab Probe")}`));
    const card = (name: string) => {
      const start = page.lastIndexOf("<article", page.indexOf(`>${name}</a>`));
      return page.slice(start, page.indexOf("</article>", start));
    };
    expect(card(names.shown)).toContain('aria-label="Lab report available"');
    expect(card(names.plain)).toContain(`>${names.plain}</a>`);
    expect(card(names.plain)).not.toContain("Lab report available");
  });

  it("shows the certified 'Lab Tested' mark only with a report; a product marked lab tested without one says so plainly", async () => {
    const listing = await read(await get(`/shop/indoors?search=${encodeURIComponent("Lab Probe")}`));
    const card = (name: string) => {
      const start = listing.lastIndexOf("<article", listing.indexOf(`>${name}</a>`));
      return listing.slice(start, listing.indexOf("</article>", start));
    };
    const badges = async (name: string) =>
      (await elementsOf(card(name), ".lab-badge")).map(({ attributes, text }) => [attributes.class, text]);
    expect(await badges(names.shown)).toContainEqual([expect.stringContaining("lab-badge-certified"), "Lab Tested"]);
    expect(await badges(names.plain)).toContainEqual([expect.stringMatching(/^lab-badge /), "Lab tested"]);
    expect(card(names.plain)).not.toContain("lab-badge-certified");

    // The product page's lab card says what the product's own lab data says: who tested it and when.
    const cards = async (name: string) => productPromiseCards(await read(await get(productPath({ id: ids.get(name)!, name }))));
    expect(await cards(names.shown)).toContainEqual({ title: "Lab tested", text: "By Probe Labs, 14 October 2026" });
    expect(await cards(names.plain)).toContainEqual({ title: "Lab tested", text: "Lab report on request" });
  });
});

describe("the catalogue's sample reports", () => {
  it("load through the migration: PDFs in R2 under lab-reports/, and rows that point at them", async () => {
    const samples = sampleLabReports(catalogue);
    await Promise.all(samples.map((sample) => env.IMAGES.delete(`${LAB_REPORTS_PREFIX}${sample.key}`)));
    const started = await startMigrationRun(db, { send: async () => {} }, { clearExisting: false });
    expect(started.kind).toBe("started");
    await runMigration(db, started.kind === "started" ? started.run.id : "", { bucket: env.IMAGES });

    for (const sample of samples) {
      const product = await env.DB.prepare("SELECT id, lab_report_key, lab_report_size, active FROM products WHERE lab_report_key = ?")
        .bind(sample.key)
        .first<{ id: number; lab_report_size: number }>();
      expect(product, sample.key).not.toBeNull();
      expect(product!.lab_report_size).toBe(sample.bytes.byteLength);
      const served = await get(`/lab-reports/${sample.key}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("application/pdf");
      const bytes = new Uint8Array(await served.arrayBuffer());
      expect(bytes).toEqual(sample.bytes);
      expect(new TextDecoder("latin1").decode(bytes)).toContain("NOT A REAL LAB RESULT");
    }
  });
});
