import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { productPath } from "../../app/features/catalogue/product-path";
import { SAMPLE_LAB_REPORT_LABEL, sampleReportsText } from "../../app/features/lab-reports/lab-report-display";
import { adminCookie, get, postForm } from "./helpers";
import { deleteProducts, insertProducts, testProduct } from "./shop-helpers";
import { decodeHtml } from "./page-parts";

/** The built-in catalogue's sample lab reports: labelled in the admin, counted on the dashboard, removed by one confirmed form. */

const REAL = "Sample Removal Real Report";

async function page(path: string, admin = true) {
  const response = await get(path, admin ? { headers: { Cookie: await adminCookie() } } : {});
  return { status: response.status, html: decodeHtml(await response.text()).replace(/<!-- -->/g, "") };
}

async function samples() {
  const { results } = await env.DB.prepare(
    "SELECT id, name, active FROM products WHERE lab_batch LIKE 'SAMPLE-%' OR rtrim(lab_name) LIKE '%(sample)' ORDER BY id",
  ).all<{ id: number; name: string; active: number }>();
  return results;
}

describe("sample lab reports in the back office", () => {
  it("the dashboard counts the products showing one, and the edit form labels it", async () => {
    const found = await samples();
    expect(found.length).toBeGreaterThan(0);
    const shown = found.filter((row) => row.active).length;
    expect((await page("/admin/dashboard")).html).toContain(sampleReportsText(shown));
    const edit = await page(`/admin/edit-product/${found[0]!.id}`);
    expect(edit.status).toBe(200);
    expect(edit.html).toContain(SAMPLE_LAB_REPORT_LABEL);
    expect(edit.html).toContain('href="/admin/sample-lab-reports"');
    const list = await page(`/admin/sample-lab-reports`);
    for (const row of found) expect(list.html).toContain(row.name);
  });

  it("removal needs the admin and the confirmation; then no product shows a sample, a real report stays, and the dashboard says nothing", async () => {
    const ids = await insertProducts([
      testProduct({ name: REAL, priceCents: 3000, category: "deps", labName: "Steep Hill", labBatch: "B-2291", labThcPercent: 24.5 }),
    ]);
    const before = await samples();
    const stranger = await postForm("/admin/sample-lab-reports", { intent: "remove-samples", confirm: "yes" });
    expect(stranger.status).not.toBe(200);
    expect(await samples()).toEqual(before);
    const unconfirmed = await postForm(
      "/admin/sample-lab-reports",
      { intent: "remove-samples" },
      { headers: { Cookie: await adminCookie() } },
    );
    expect(unconfirmed.status).toBe(400);
    expect(decodeHtml(await unconfirmed.text())).toContain("Tick the box to confirm");
    expect(await samples()).toEqual(before);

    const removed = await postForm(
      "/admin/sample-lab-reports",
      { intent: "remove-samples", confirm: "yes" },
      { headers: { Cookie: await adminCookie() } },
    );
    expect(removed.status).toBe(302);
    expect(await samples()).toEqual([]);
    const first = before[0]!;
    const product = await page(productPath(first), false);
    expect(product.html).not.toContain(SAMPLE_LAB_REPORT_LABEL);
    expect(product.html).not.toContain("View lab report");
    const real = await env.DB.prepare("SELECT lab_name, lab_batch FROM products WHERE id = ?").bind(ids.get(REAL)!).first();
    expect(real).toEqual({ lab_name: "Steep Hill", lab_batch: "B-2291" });
    expect((await page("/admin/dashboard")).html).not.toContain("sample lab report");
    expect((await page("/admin/sample-lab-reports")).html).toContain("No product shows a sample report");
    await deleteProducts([REAL]);
  });
});
