import { env } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { catalogue } from "../../db/catalogue";
import { productPath } from "../../app/features/catalogue/product-path";
import { get } from "./helpers";
import { textsOf } from "./page-parts";
import { deleteProducts, insertProducts, testProduct } from "./shop-helpers";

const REAL = "Lab Label Test Real Report";
const SAMPLE_LABEL = "Sample — not a real lab result";

afterAll(async () => {
  await deleteProducts([REAL]);
});

async function labSection(id: number, name: string): Promise<string> {
  const response = await get(productPath({ id, name }));
  expect(response.status).toBe(200);
  const [section] = await textsOf(await response.text(), 'section[aria-labelledby="lab-report-heading"]');
  if (section === undefined) throw new Error("no Lab report section");
  return section;
}

describe("the built-in catalogue's sample lab reports are labelled as samples", () => {
  it("a catalogue product with a sample report says so in its Lab report section, beside the report", async () => {
    const entry = catalogue.find((item) => item.lab_report);
    if (!entry) throw new Error("the catalogue has no sample report");
    const row = await env.DB.prepare("SELECT id, name FROM products WHERE catalogue_key = ?")
      .bind(entry.key)
      .first<{ id: number; name: string }>();
    if (!row) throw new Error("the sample product is not in the shop");
    const section = await labSection(row.id, row.name);
    expect(section).toContain(SAMPLE_LABEL);
    expect(section).toContain("View lab report");
  });

  it("a product with a real lab's report carries no such label", async () => {
    const ids = await insertProducts([
      testProduct({ name: REAL, priceCents: 3000, category: "deps", labName: "Steep Hill", labBatch: "B-2291", labThcPercent: 24.5 }),
    ]);
    const id = ids.get(REAL);
    if (id === undefined) throw new Error("not inserted");
    const section = await labSection(id, REAL);
    expect(section).toContain("Steep Hill");
    expect(section).not.toContain(SAMPLE_LABEL);
  });
});
