import { z } from "zod";

/**
 * What a catalogue load will do, field by field (decision 024). Pure: the Queue consumer and the
 * confirmation page both plan with these rules, so the page says exactly what the run then does.
 *
 * A catalogue product is matched by its stable catalogue key and updated in place (its id, URL, cart
 * lines, media and lab report stay). For each field the catalogue writes:
 * - the row already holds the catalogue's value: nothing to do;
 * - the owner never changed it (it still equals the snapshot of what the last load wrote): the
 *   catalogue's new value is written;
 * - the owner changed it: it is kept ('keep', the default) or overwritten ('replace', an explicit choice).
 */

/** The product fields a catalogue load writes (thc_unit/min/max follow thc_content and are not compared). */
export const CATALOGUE_FIELDS = [
  "name",
  "priceCents",
  "compareAtCents",
  "image",
  "extraImages",
  "video",
  "description",
  "category",
  "strainType",
  "thcContent",
  "effects",
  "rating",
  "reviewCount",
  "isLabTested",
  "inStock",
  "active",
  "priceTiers",
  "bulkNote",
  "labReportKey",
  "labReportName",
  "labReportType",
  "labReportSize",
  "labName",
  "labTestDate",
  "labBatch",
  "labThcPercent",
  "labCbdPercent",
  "labTotalCannabinoidsPercent",
] as const;
export type CatalogueField = (typeof CATALOGUE_FIELDS)[number];
export type FieldValue = string | number | boolean | null;
export type CatalogueFields = Record<CatalogueField, FieldValue>;

/** How each field is named to the owner. */
export const FIELD_LABELS: Record<CatalogueField, string> = {
  name: "Name",
  priceCents: "Price",
  compareAtCents: "Compare-at price",
  image: "Image",
  extraImages: "Additional images",
  video: "Video",
  description: "Description",
  category: "Category",
  strainType: "Strain type",
  thcContent: "THC content",
  effects: "Effects",
  rating: "Rating",
  reviewCount: "Review count",
  isLabTested: "Lab tested",
  inStock: "In stock",
  active: "Active",
  priceTiers: "Bulk prices",
  bulkNote: "Bulk note",
  labReportKey: "Lab report",
  labReportName: "Lab report file name",
  labReportType: "Lab report type",
  labReportSize: "Lab report size",
  labName: "Lab",
  labTestDate: "Lab test date",
  labBatch: "Lab batch",
  labThcPercent: "Lab THC %",
  labCbdPercent: "Lab CBD %",
  labTotalCannabinoidsPercent: "Lab total cannabinoids %",
};

/** 'keep' keeps the owner's products and edits (the default); 'replace' overwrites the edits and trashes the owner's products. */
export type LoadMode = "keep" | "replace";

/** The catalogue fields of any row that has them (missing ones read as null). */
export function catalogueFields(row: Partial<Record<CatalogueField, FieldValue | undefined>>): CatalogueFields {
  return Object.fromEntries(CATALOGUE_FIELDS.map((field) => [field, row[field] ?? null])) as CatalogueFields;
}

const SnapshotSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export function serializeSnapshot(fields: CatalogueFields): string {
  return JSON.stringify(fields);
}

/** A stored snapshot, or null when there is none or it cannot be read (every differing field then counts as the owner's). */
function parseSnapshot(text: string | null | undefined): CatalogueFields | null {
  if (!text) return null;
  try {
    const parsed = SnapshotSchema.safeParse(JSON.parse(text));
    return parsed.success ? catalogueFields(parsed.data) : null;
  } catch {
    return null;
  }
}

/** A product row as the planner reads it. */
export interface ExistingProduct {
  id: number;
  /** how many sizes it is sold in (decision 028); with several, its prices live in its sizes */
  sizeCount: number;
  catalogueKey: string | null;
  name: string;
  version: number;
  createdAt: string;
  catalogueSnapshot: string | null;
  fields: CatalogueFields;
}

export type RowPlan =
  | { kind: "add" }
  /** a catalogue product the owner deleted: left in the trash ('keep') */
  | { kind: "skip" }
  /** ... or brought back from the trash with its id ('replace') */
  | { kind: "restore"; id: number }
  | { kind: "unchanged"; id: number; snapshot: string | null }
  | {
      kind: "update";
      id: number;
      version: number;
      /** the fields to write (empty when only the snapshot changes) */
      set: Partial<CatalogueFields>;
      snapshot: string;
    };

/** A field an owner's edit is listed by: a catalogue field, or the product's sizes (their prices with them). */
export type EditedField = CatalogueField | "sizes";
export const EDIT_LABELS: Record<EditedField, string> = { ...FIELD_LABELS, sizes: "Sizes and their prices" };

interface OwnerEdit {
  id: number;
  name: string;
  fields: EditedField[];
}

/**
 * The snapshot a row is compared with: its stored one; for a row loaded before snapshots were kept and
 * never edited since (version 1), its own fields; otherwise none.
 */
export function effectiveSnapshot(row: ExistingProduct): CatalogueFields | null {
  return parseSnapshot(row.catalogueSnapshot) ?? (row.version === 1 ? row.fields : null);
}

/** Plans one catalogue product against its row; `ownerEdits` are the owner's changed fields the catalogue disagrees with. */
/**
 * The products row's price columns follow its lowest size (decision 028). A load or an import speaks
 * one price: for a product the owner sells in several sizes it never writes them (the sizes are the
 * owner's, in either mode), and a different catalogue price is reported as the owner's edit.
 */
export const SIZE_PRICE_FIELDS: ReadonlySet<CatalogueField> = new Set(["priceCents", "compareAtCents", "priceTiers"]);

export function planRow(
  existing: ExistingProduct | undefined,
  next: CatalogueFields,
  mode: LoadMode,
): { plan: RowPlan; updated: boolean; ownerEdits: CatalogueField[] } {
  if (!existing) return { plan: { kind: "add" }, updated: true, ownerEdits: [] };
  const snapshot = effectiveSnapshot(existing);
  const set: Partial<CatalogueFields> = {};
  const ownerEdits: CatalogueField[] = [];
  for (const field of CATALOGUE_FIELDS) {
    const current = existing.fields[field];
    const wanted = next[field];
    if (current === wanted) continue;
    if (existing.sizeCount > 1 && SIZE_PRICE_FIELDS.has(field)) {
      ownerEdits.push(field);
      continue;
    }
    const ownerChanged = !snapshot || snapshot[field] !== current;
    if (ownerChanged) ownerEdits.push(field);
    if (!ownerChanged || mode === "replace") set[field] = wanted;
  }
  const nextSnapshot = serializeSnapshot(next);
  const updated = Object.keys(set).length > 0;
  if (!updated && existing.catalogueSnapshot === nextSnapshot) {
    return { plan: { kind: "unchanged", id: existing.id, snapshot: nextSnapshot }, updated: false, ownerEdits };
  }
  return { plan: { kind: "update", id: existing.id, version: existing.version, set, snapshot: nextSnapshot }, updated, ownerEdits };
}

export interface PlanSummary {
  mode: LoadMode;
  catalogueSize: number;
  added: number;
  updated: number;
  unchanged: number;
  /** the owner's own products (and rows whose key left the catalogue): kept, or moved to the trash on replace */
  ownerProducts: { id: number; name: string }[];
  /** catalogue products with fields the owner changed that the catalogue would set otherwise */
  ownerEdits: OwnerEdit[];
  /** catalogue products the owner deleted: they stay in the trash, or come back on replace */
  trashed: { id: number; name: string }[];
}

/** A short token of what the plan does in both modes: a confirmation made for another state is refused. */
export function planToken(keep: PlanSummary, replace: PlanSummary): string {
  return shortHash(JSON.stringify([keep, replace]));
}

/** A short hash of a text (FNV-1a, 32 bits twice with two seeds): enough to notice a change, no crypto needed. */
export function shortHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(36)}${b.toString(36)}`;
}
