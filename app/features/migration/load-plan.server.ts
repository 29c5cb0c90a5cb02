import { isNotNull } from "drizzle-orm";
import { catalogue as builtInCatalogue } from "~db/catalogue";
import { categories, type NewProductRow } from "~db/schema";
import { catalogueEntryToProduct, isPlainSize } from "~db/transform";
import type { Db } from "~/server/load-context";
import type { ProductSize, SizeInput } from "~/features/catalogue/sizes";
import { readSizes } from "~/features/catalogue/sizes.server";
import { trashedCatalogueProducts } from "~/features/trash/trash.server";
import { keepSizeIds, sizesChanged } from "~/features/catalogue-csv/catalogue-import.server";
import {
  catalogueFields,
  effectiveSnapshot,
  planRow,
  planToken,
  SIZE_PRICE_FIELDS,
  type EditedField,
  type ExistingProduct,
  type LoadMode,
  type PlanSummary,
  type RowPlan,
} from "~/features/catalogue/catalogue-plan";
import { readExistingProducts } from "~/features/catalogue/existing-products.server";
import { safeErrorMessage, type FailedProduct } from "./migration";
import { KeyedProduct } from "./product-inserts.server";

/**
 * Planning a catalogue load (decision 024): what loading the catalogue would do now, per product and summed up.
 * The confirmation page and the Queue consumer both plan with it, so what the owner confirms is what runs.
 */

export type CatalogueRow = NewProductRow & { catalogueKey: string };

/** Transforms the catalogue with the shared transform; entries that cannot become a keyed row are reported, not inserted. */
export function prepareCatalogueRows(entries: readonly unknown[]) {
  const rows: KeyedProduct[] = [];
  const rejected: FailedProduct[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    let row: NewProductRow;
    let sizes: SizeInput[];
    try {
      ({ row, sizes } = catalogueEntryToProduct(entry));
    } catch (error) {
      rejected.push({ key: `#${index + 1}`, name: "Unnamed Product", reason: safeErrorMessage(error) });
      return;
    }
    const key = row.catalogueKey;
    if (!key) {
      // Without its key a product could be inserted twice on redelivery.
      rejected.push({ key: `#${index + 1}`, name: row.name, reason: "Catalogue entry has no key" });
    } else if (seen.has(key)) {
      rejected.push({ key, name: row.name, reason: `Duplicate catalogue key "${key}"` });
    } else {
      seen.add(key);
      rows.push({ row: { ...row, catalogueKey: key }, sizes });
    }
  });
  return { rows, rejected };
}

export interface LoadStep {
  row: CatalogueRow;
  /** the catalogue's sizes of this product */
  sizes: readonly SizeInput[];
  /** an update that also makes the catalogue's sizes this product's (a one-size product becoming several, see `sizesToWrite`) */
  writeSizes?: SizeInput[];
  plan: RowPlan;
}

interface OwnerProduct {
  id: number;
  name: string;
  createdAt: string;
}

export interface CatalogueLoadPlan {
  summary: Omit<PlanSummary, "ownerProducts"> & { ownerProducts: OwnerProduct[] };
  steps: LoadStep[];
  rejected: FailedProduct[];
}

/** Catalogue category slug -> the category's current slug (the owner may have renamed it since). */
async function categorySlugsByKey(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: categories.catalogueKey, slug: categories.slug })
    .from(categories)
    .where(isNotNull(categories.catalogueKey));
  return new Map(rows.map((row) => [row.key!, row.slug]));
}

/** What loading `entries` would do now, in `mode`: per product, and summed up for the confirmation. */
export async function planCatalogueLoad(db: Db, entries: readonly unknown[], mode: LoadMode): Promise<CatalogueLoadPlan> {
  const prepared = prepareCatalogueRows(entries);
  const [existing, trashed, categorySlugs] = await Promise.all([
    readExistingProducts(db),
    trashedCatalogueProducts(db),
    categorySlugsByKey(db),
  ]);
  const byKey = new Map(existing.filter((row) => row.catalogueKey).map((row) => [row.catalogueKey!, row]));
  const trashedByKey = new Map(trashed.map((entry) => [entry.catalogueKey!, entry]));
  const catalogueKeys = new Set(prepared.rows.map(({ row }) => row.catalogueKey));
  const ownSizes = await readSizes(
    db,
    prepared.rows.flatMap(({ row }) => {
      const current = byKey.get(row.catalogueKey);
      return current ? [current.id] : [];
    }),
  );
  const summary: CatalogueLoadPlan["summary"] = {
    mode,
    catalogueSize: entries.length,
    added: 0,
    updated: 0,
    unchanged: 0,
    ownerProducts: existing
      .filter((row) => !row.catalogueKey || !catalogueKeys.has(row.catalogueKey))
      .map(({ id, name, createdAt }) => ({ id, name, createdAt })),
    ownerEdits: [],
    trashed: [],
  };
  const steps: LoadStep[] = [];
  for (const { row: catalogueRow, sizes } of prepared.rows) {
    // A renamed category keeps its products: the catalogue's slug is looked up by the category's stable key.
    const row = { ...catalogueRow, category: categorySlugs.get(catalogueRow.category) ?? catalogueRow.category };
    const current = byKey.get(row.catalogueKey);
    const inTrash = current ? undefined : trashedByKey.get(row.catalogueKey);
    if (inTrash) {
      summary.trashed.push({ id: inTrash.id, name: inTrash.name });
      if (mode === "keep") {
        steps.push({ row, sizes, plan: { kind: "skip" } });
      } else {
        summary.added += 1;
        steps.push({ row, sizes, plan: { kind: "restore", id: inTrash.id } });
      }
      continue;
    }
    const planned = planRow(current, catalogueFields(row), mode);
    const sizing = current ? sizesToWrite(current, sizes, ownSizes.get(current.id) ?? [], mode) : { differ: false };
    const writeSizes = sizing.write;
    // The sizes go in with an update of the row (its version guards them; see stepStatements).
    const plan: RowPlan =
      writeSizes && current && planned.plan.kind === "unchanged"
        ? { kind: "update", id: current.id, version: current.version, set: {}, snapshot: planned.plan.snapshot ?? "" }
        : planned.plan;
    if (plan.kind === "add") summary.added += 1;
    else if (planned.updated || writeSizes) summary.updated += 1;
    else summary.unchanged += 1;
    // Sizes that differ are listed as one field, "Sizes" (their prices with them), kept or written as the load does.
    const sized = writeSizes !== undefined || (ownSizes.get(current?.id ?? 0)?.length ?? 0) > 1;
    const fields = sized ? planned.ownerEdits.filter((field) => !SIZE_PRICE_FIELDS.has(field)) : planned.ownerEdits;
    const ownerEdits: EditedField[] = sizing.differ ? [...fields, "sizes"] : fields;
    if (current && ownerEdits.length > 0) summary.ownerEdits.push({ id: current.id, name: current.name, fields: ownerEdits });
    steps.push({ row, sizes, ...(writeSizes ? { writeSizes } : {}), plan });
  }
  return { summary, steps, rejected: prepared.rejected };
}

/**
 * The sizes a load writes on a product that exists (decisions 028 and 040), and whether the product's
 * sizes differ from the catalogue's at all. A product still sold in ONE size that the catalogue sells in
 * sizes of its own ('Runtz (1/8 oz)' loaded before sizes) gets them when the owner never changed its
 * prices since the last load. 'replace' makes every catalogue product's sizes exactly the catalogue's:
 * labels, prices, compare-at and bulk prices. Either way a size keeps the id of the owner's size with
 * its label (cart lines naming it stay valid), and the owner's SKU and stock when set (stock is what is
 * on the shelf, not the catalogue's to say). 'keep' never rewrites sizes the owner sells in several.
 */
function sizesToWrite(
  current: ExistingProduct,
  sizes: readonly SizeInput[],
  own: readonly ProductSize[],
  mode: LoadMode,
): { write?: SizeInput[]; differ: boolean } {
  const byId = new Map(own.map((size) => [size.id, size]));
  const matched = keepSizeIds(sizes, own);
  // A product sold in one size keeps that size's id as the catalogue's first size when no label matches it.
  const [onlyOwn] = own;
  const ids =
    own.length === 1 && onlyOwn && !matched.some((size) => size.id === onlyOwn.id)
      ? matched.map((size, index) => (index === 0 ? { ...size, id: onlyOwn.id } : size))
      : matched;
  const wanted = ids.map((size) => {
    const mine = size.id ? byId.get(size.id) : undefined;
    return mine ? { ...size, sku: mine.sku ?? size.sku, stock: mine.stock ?? size.stock } : size;
  });
  // One price on both sides: the products row's fields carry it (planRow lists and writes them).
  if (own.length <= 1 && isPlainSize(sizes)) return { differ: false };
  if (!sizesChanged(wanted, own)) return { differ: false };
  if (mode === "replace") return { write: wanted, differ: true };
  const snapshot = effectiveSnapshot(current);
  const ownerChanged = !snapshot || [...SIZE_PRICE_FIELDS].some((field) => snapshot[field] !== current.fields[field]);
  if (own.length === 1 && !ownerChanged) return { write: wanted, differ: false };
  return { differ: true };
}

/** The summary without row-level detail the page does not need (what a confirmation token covers). */
function publicSummary(summary: CatalogueLoadPlan["summary"]): PlanSummary {
  return { ...summary, ownerProducts: summary.ownerProducts.map(({ id, name }) => ({ id, name })) };
}

/** What the confirmation shows: the load in both modes, and the token the confirming POST must send back. */
export async function catalogueLoadChoices(db: Db, entries: readonly unknown[] = builtInCatalogue) {
  const [keep, replace] = await Promise.all([planCatalogueLoad(db, entries, "keep"), planCatalogueLoad(db, entries, "replace")]);
  const choices = { keep: publicSummary(keep.summary), replace: publicSummary(replace.summary) };
  return { ...choices, token: planToken(choices.keep, choices.replace) };
}
