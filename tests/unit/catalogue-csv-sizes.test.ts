import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fcRuns } from "../fast-check";
import type { ProductRow } from "../../db/schema";
import { CATALOGUE_CSV_COLUMNS, productCsvRows, SIZE_CSV_COLUMNS } from "../../app/features/catalogue-csv/catalogue-csv";
import { checkRecord, importSchemas, readCatalogueCsv, type RowCheck } from "../../app/features/catalogue-csv/catalogue-import";
import { csvLine } from "../../app/features/catalogue-csv/csv";
import type { ProductSize } from "../../app/features/catalogue/sizes";

/**
 * CSV size rows (decisions 026 and 028), the pure half: a product is a row per size, its
 * details on the first; the import groups the rows back into the product and checks its sizes with
 * the product form's own rules, refusing bad input per row and column, never throwing.
 */

type Cells = Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>>;

const schemas = importSchemas(["indoors", "edibles"]);

const product: Cells = {
  key: "runtz-eighth",
  name: "Runtz",
  category: "indoors",
  strain_type: "hybrid",
  thc_content: "24-27%",
  effects: "Happy",
  description: "Candy-sweet.",
  rating: "4.8",
  review_count: "3",
  lab_tested: "yes",
  in_stock: "yes",
  active: "yes",
};

function csv(rows: Cells[], header: readonly string[] = CATALOGUE_CSV_COLUMNS): string {
  return csvLine(header) + rows.map((row) => csvLine(header.map((column) => row[column as keyof Cells] ?? ""))).join("");
}

/** A product's rows: its details and first size, then one row per further size (same key, size cells only). */
function sizedRows(sizes: Cells[], details: Cells = product): Cells[] {
  return sizes.map((size, i) => (i === 0 ? { ...details, ...size } : { key: details.key, ...size }));
}

function check(text: string): RowCheck[] {
  const read = readCatalogueCsv(text);
  if (!read.ok) throw new Error(read.message);
  return read.records.map((record) => checkRecord(record, schemas.thcRequired, read.sized));
}

const FOUR = [
  { size: "1/8 oz", price: "45", compare_at_price: "60", size_sku: "RZ-8" },
  { size: "1/4 oz", price: "85", size_stock: "20" },
  { size: "1/2 oz", price: "160", price_tiers: '[{"minQuantity":5,"unitPriceCents":15000}]' },
  { size: "1 oz", price: "300", size_stock: "3" },
];

describe("export: a row per size", () => {
  it("writes the product's details on its first row and only the size's cells on the others", () => {
    const row = { id: 7, catalogueKey: "runtz-eighth", name: "Runtz", priceCents: 4500, effects: "[]", extraImages: "[]" } as ProductRow;
    const sizes: ProductSize[] = [
      { id: 1, label: "1/8 oz", priceCents: 4500, compareAtCents: 6000, sku: "RZ-8", stock: null, tiers: null },
      {
        id: 2,
        label: "1 oz",
        priceCents: 30000,
        compareAtCents: null,
        sku: null,
        stock: 3,
        tiers: [{ minQuantity: 5, unitPriceCents: 28000 }],
      },
    ];
    const [first, second] = productCsvRows(row, sizes).map((cells) =>
      Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((column, i) => [column, cells[i]])),
    );
    expect(first).toMatchObject({
      id: "7",
      key: "runtz-eighth",
      name: "Runtz",
      size: "1/8 oz",
      price: "45",
      compare_at_price: "60",
      size_sku: "RZ-8",
    });
    expect(second).toMatchObject({ id: "7", key: "runtz-eighth", name: "", size: "1 oz", price: "300", size_stock: "3", category: "" });
    expect(second!.price_tiers).toBe('[{"minQuantity":5,"unitPriceCents":28000}]');
  });
});

describe("import: size rows back into their product", () => {
  it("reads four sizes in file order, the row's price columns following the lowest", () => {
    const [result] = check(csv(sizedRows(FOUR)));
    if (!result?.ok) throw new Error(JSON.stringify(result));
    expect(result.sizes!.map((size) => [size.label, size.priceCents, size.compareAtCents, size.sku, size.stock])).toEqual([
      ["1/8 oz", 4500, 6000, "RZ-8", null],
      ["1/4 oz", 8500, null, null, 20],
      ["1/2 oz", 16000, null, null, null],
      ["1 oz", 30000, null, null, 3],
    ]);
    expect(result.sizes![2]!.tiers).toEqual([{ minQuantity: 5, unitPriceCents: 15000 }]);
    expect(result.fields).toMatchObject({ priceCents: 4500, compareAtCents: 6000 });
  });

  it("reads a file exported before sizes (no size columns) as one row per product, sizes untouched", () => {
    const header = CATALOGUE_CSV_COLUMNS.filter((column) => !(SIZE_CSV_COLUMNS as readonly string[]).includes(column));
    const [result] = check(csv([{ ...product, price: "45" }], header));
    expect(result).toMatchObject({ ok: true, sizes: null, fields: { priceCents: 4500 } });
    // ... where a key twice is still refused.
    const read = readCatalogueCsv(
      csv(
        [
          { ...product, price: "45" },
          { ...product, price: "50" },
        ],
        header,
      ),
    );
    expect(read.ok && read.refused[0]).toMatchObject({ row: 3, column: "key" });
  });

  it("takes a row without key, id or name as a further size of the product above (the owner's new products)", () => {
    const mine = { ...product, key: "" };
    const [result] = check(
      csv([
        { ...mine, size: "1 g", price: "10" },
        { size: "2 g", price: "18" },
      ]),
    );
    expect(result).toMatchObject({ ok: true });
    expect(result!.ok && result!.sizes!.map((size) => size.label)).toEqual(["1 g", "2 g"]);
  });

  it.each([
    [
      "duplicate labels",
      [
        { size: "1/8 oz", price: "45" },
        { size: "1/8 OZ", price: "50" },
      ],
      3,
      "size",
      "Two sizes cannot have the same label",
    ],
    [
      "a size without a label",
      [
        { size: "1/8 oz", price: "45" },
        { size: "", price: "50" },
      ],
      3,
      "size",
      "Every size needs a label",
    ],
    [
      "a negative price",
      [
        { size: "a", price: "45" },
        { size: "b", price: "-5" },
      ],
      3,
      "price",
      "Price may contain only digits",
    ],
    [
      "a 12-digit price",
      [
        { size: "a", price: "45" },
        { size: "b", price: "999999999999" },
      ],
      3,
      "price",
      "Price must be at most $1,000,000",
    ],
    [
      "compare-at at the price",
      [
        { size: "a", price: "45" },
        { size: "b", price: "50", compare_at_price: "50" },
      ],
      3,
      "compare_at_price",
      "Compare-at price must be higher",
    ],
    [
      "compare-at below the price",
      [
        { size: "a", price: "45", compare_at_price: "40" },
        { size: "b", price: "50" },
      ],
      2,
      "compare_at_price",
      "Compare-at price must be higher",
    ],
    [
      "tiers out of order",
      [
        { size: "a", price: "45" },
        { size: "b", price: "50", price_tiers: '[{"minQuantity":10,"unitPriceCents":4000},{"minQuantity":5,"unitPriceCents":4500}]' },
      ],
      3,
      "price_tiers",
      "Bulk prices must be empty or as the export writes them",
    ],
    [
      "equal tier minimums",
      [
        { size: "a", price: "45", price_tiers: '[{"minQuantity":5,"unitPriceCents":4000},{"minQuantity":5,"unitPriceCents":3900}]' },
        { size: "b", price: "50" },
      ],
      2,
      "price_tiers",
      "Bulk prices must be empty",
    ],
    [
      "stock of -1",
      [
        { size: "a", price: "45" },
        { size: "b", price: "50", size_stock: "-1" },
      ],
      3,
      "size_stock",
      "Stock must be blank (not tracked) or a whole number",
    ],
    [
      "stock of 10^12",
      [
        { size: "a", price: "45", size_stock: "1000000000000" },
        { size: "b", price: "50" },
      ],
      2,
      "size_stock",
      "Stock must be blank (not tracked) or a whole number",
    ],
    [
      "a 200-character label",
      [
        { size: "a", price: "45" },
        { size: "草".repeat(200), price: "50" },
      ],
      3,
      "size",
      "A size label must be at most 40 characters",
    ],
    [
      "a detail that differs on a size row",
      [
        { size: "a", price: "45" },
        { size: "b", price: "50", category: "edibles" },
      ],
      3,
      "category",
      "read from its first row (row 2)",
    ],
  ] as const)("refuses %s on its row and column", (_name, sizes, row, column, message) => {
    const [result] = check(csv(sizedRows(sizes as unknown as Cells[])));
    expect(result!.ok).toBe(false);
    const refused = result!.ok ? [] : result!.refused;
    expect(refused).toContainEqual(expect.objectContaining({ row, column, message: expect.stringContaining(message) }));
  });

  it("refuses 50 sizes with the form's limit, and takes non-Latin labels", () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({ size: `${i + 1} g`, price: String(10 + i) }));
    const [many] = check(csv(sizedRows(fifty)));
    expect(many).toMatchObject({
      ok: false,
      refused: expect.arrayContaining([expect.objectContaining({ row: 2, column: "size", message: "At most 20 sizes" })]),
    });
    const [latin] = check(
      csv(
        sizedRows([
          { size: "草莓 3.5 g", price: "45" },
          { size: "Ωμέγα 🌿", price: "50" },
        ]),
      ),
    );
    expect(latin!.ok && latin!.sizes!.map((size) => size.label)).toEqual(["草莓 3.5 g", "Ωμέγα 🌿"]);
  });
});

describe("import of size rows (property)", () => {
  const label = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 60 }),
    fc.constantFrom("1/8 oz", "草莓", "x".repeat(200), " ", "=SUM(A1)", 'a "q", b\nc'),
  );
  const money = fc.oneof(fc.nat({ max: 2_000_000 }).map(String), fc.constantFrom("-5", "999999999999", "4.5", "abc", ""));
  const stock = fc.oneof(fc.constant(""), fc.integer({ min: -5, max: 2_000_000 }).map(String), fc.constantFrom("1000000000000", "1.5"));
  const size = fc.record({ size: label, price: money, compare_at_price: fc.oneof(fc.constant(""), money), size_stock: stock });

  it("never throws; accepted sizes are the file's, unique and within the form's rules; a refusal names a row of the product", () => {
    fc.assert(
      fc.property(fc.array(size, { minLength: 1, maxLength: 25 }), (sizes) => {
        const [result] = check(csv(sizedRows(sizes)));
        if (!result) return;
        if (result.ok) {
          const got = result.sizes!;
          expect(got).toHaveLength(sizes.length);
          expect(got.length).toBeLessThanOrEqual(20);
          if (got.length > 1) {
            const labels = got.map((one) => one.label.toLocaleLowerCase().replace(/\s+/g, " "));
            expect(new Set(labels).size).toBe(labels.length);
            for (const [i, one] of got.entries()) expect(one.label).toBe(sizes[i]!.size.trim());
          }
          for (const one of got) {
            expect(one.priceCents).toBeLessThanOrEqual(100_000_000);
            expect(one.stock === null || (one.stock >= 0 && one.stock <= 1_000_000)).toBe(true);
            expect(one.compareAtCents === null || one.compareAtCents > one.priceCents).toBe(true);
            expect([...one.label].length).toBeLessThanOrEqual(40);
          }
        } else {
          expect(result.refused.length).toBeGreaterThan(0);
          for (const cell of result.refused) {
            expect(cell.row).toBeGreaterThanOrEqual(2);
            expect(cell.row).toBeLessThanOrEqual(sizes.length + 1);
            expect(cell.message.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: fcRuns(150) },
    );
  });
});
