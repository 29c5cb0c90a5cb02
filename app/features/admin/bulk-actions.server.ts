import { parseWithZod } from "@conform-to/zod";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { refusalMessage } from "~/server/action-reply.server";
import { derivedProductColumns } from "~/features/catalogue/sizes";
import { readSizes } from "~/features/catalogue/sizes.server";
import { categories, products, productSizes } from "~db/schema";
import type { Db } from "~/server/load-context";
import { endedSale, saleAtPercentOff, type DealPrice } from "~/features/deals/deals";
import { restoreProduct, trashInsertStatements } from "~/features/trash/trash.server";
import { redirectWithToast, type ToastContext } from "~/features/toast/toast.server";
import { UNDO_TOAST_DURATION } from "~/features/trash/trash";
import { versionBump } from "~db/product-version";
import {
  adminMatchingProducts,
  adminPageProducts,
  idSlices,
  productsByIds,
  setStockStatements,
  type AdminProductFilters,
} from "./product-admin.server";
import { parseProductFilters } from "./product-list-filters.server";
import { FILTER_PARAMS } from "./product-list-filters";
import {
  BULK_FIELDS as F,
  BULK_MAX,
  BULK_MESSAGES as M,
  BULK_ROUTE,
  BULK_UNDO_MAX,
  bulkDone,
  bulkNote,
  bulkQuestion,
  bulkSkipped,
  isBulkAction,
  tooManyMatching,
  CONFIRM_NAMES_SHOWN,
  type BulkAction,
  type BulkConfirmation,
  type BulkDetails,
} from "./bulk-rules";

/**
 * Bulk actions (decision 029), server side: the posted form read with zod (the action, its
 * percent or category, and which products), the products resolved on the server (the filters are
 * queried again; a client's list is only ever ids, at most BULK_MAX, each checked), and the change
 * written in one D1 batch, so it is all or nothing. Every changed product gets the next version and
 * updated_at, like a single edit (decision 010); the page cache follows because the write is an
 * admin POST (decision 017).
 */

type Source = FormData | URLSearchParams;

type BulkTarget =
  { kind: "ids"; ids: number[] } | { kind: "page"; filters: AdminProductFilters } | { kind: "all"; filters: AdminProductFilters };

interface BulkRequest {
  action: BulkAction;
  details: BulkDetails;
  /** the category to move to (its slug), for "category" */
  toCategory?: string;
  target: BulkTarget;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const ID_TEXT = /^[1-9]\d{0,14}$/;

function textValue(source: Source, name: string): string {
  const value = source.get(name);
  return typeof value === "string" ? value : "";
}

const DetailsSchema = z.discriminatedUnion(F.action, [
  z.object({
    [F.action]: z.literal("sale"),
    [F.percent]: z
      .string({ message: M.percent })
      .trim()
      .regex(/^\d{1,2}$/, M.percent)
      .transform(Number)
      .refine((value) => value >= 1 && value <= 99, M.percent),
  }),
  z.object({
    [F.action]: z.literal("category"),
    [F.toCategory]: z.string({ message: M.noCategory }).trim().min(1, M.noCategory).max(100, M.unknownCategory),
  }),
  z.object({
    [F.action]: z.enum(["activate", "deactivate", "end-sale", "in-stock", "out-of-stock", "delete", "restore"]),
  }),
]);

/** Which products: all matching the filters, all on the list's page, or the ids (comma-separated or repeated). */
function parseTarget(source: Source): Parsed<BulkTarget> {
  if (textValue(source, F.allMatching) === "1") return { ok: true, value: { kind: "all", filters: parseProductFilters(source) } };
  if (textValue(source, F.allOnPage) === "1") return { ok: true, value: { kind: "page", filters: parseProductFilters(source) } };
  const values = source.getAll(F.ids);
  if (values.some((value) => typeof value !== "string")) return { ok: false, error: M.badIds };
  // Counted before splitting the text: a body of 100,000 ids is refused without making 100,000 strings.
  const texts = (values as string[]).join(",");
  if (texts.length > BULK_MAX * 16) return { ok: false, error: M.tooMany };
  const parts = texts
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, error: M.noProducts };
  if (parts.length > BULK_MAX) return { ok: false, error: M.tooMany };
  if (!parts.every((part) => ID_TEXT.test(part))) return { ok: false, error: M.badIds };
  return { ok: true, value: { kind: "ids", ids: [...new Set(parts.map(Number))] } };
}

/** Reads a bulk request (a query string for the confirmation, a posted form for the change). */
function parseBulkRequest(source: Source): Parsed<BulkRequest> {
  const action = textValue(source, F.action);
  if (!isBulkAction(action)) return { ok: false, error: M.unknownAction };
  const details = parseWithZod(source, { schema: DetailsSchema });
  if (details.status !== "success") return { ok: false, error: refusalMessage(details, M.unknownAction) };
  const target = parseTarget(source);
  if (!target.ok) return target;
  const chosen = details.value;
  const percent = F.percent in chosen ? chosen[F.percent] : undefined;
  const toCategory = F.toCategory in chosen ? chosen[F.toCategory] : undefined;
  return { ok: true, value: { action, details: { percent }, toCategory, target: target.value } };
}

interface BulkProduct {
  id: number;
  name: string;
}

interface BulkPreview {
  request: BulkRequest;
  products: BulkProduct[];
}

/**
 * The products a request names, from the database: ids that exist, the page as the list shows it, or
 * everything the filters match (refused above BULK_MAX), and the category it moves to.
 */
async function resolveBulk(db: Db, request: BulkRequest): Promise<Parsed<BulkPreview>> {
  let resolved = request;
  if (request.action === "category") {
    const [category] = await db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.slug, request.toCategory ?? ""))
      .limit(1);
    if (!category) return { ok: false, error: M.unknownCategory };
    resolved = { ...request, details: { ...request.details, categoryName: category.name } };
  }
  const { target } = request;
  if (target.kind === "ids") {
    if (request.action === "restore")
      return { ok: true, value: { request: resolved, products: target.ids.map((id) => ({ id, name: "" })) } };
    const found = await productsByIds(db, target.ids);
    return found.length > 0 ? { ok: true, value: { request: resolved, products: found } } : { ok: false, error: M.gone };
  }
  if (target.kind === "page") {
    const found = await adminPageProducts(db, target.filters);
    return found.length > 0 ? { ok: true, value: { request: resolved, products: found } } : { ok: false, error: M.emptyPage };
  }
  const matched = await adminMatchingProducts(db, target.filters, BULK_MAX);
  if (matched.count === 0) return { ok: false, error: M.noneMatch };
  if (matched.count > BULK_MAX) return { ok: false, error: tooManyMatching(matched.count) };
  return { ok: true, value: { request: resolved, products: matched.products } };
}

/**
 * The fields the confirmation posts: the action and its detail, and the products as ids (a page's,
 * once resolved, are ids too) or, for all matching, the filters again (re-queried when confirmed).
 */
function confirmFields(preview: BulkPreview, redirectTo: string): Record<string, string> {
  const { request, products: chosen } = preview;
  const fields: Record<string, string> = { [F.action]: request.action, [F.confirmed]: "1", [F.redirectTo]: redirectTo };
  if (request.details.percent !== undefined) fields[F.percent] = String(request.details.percent);
  if (request.toCategory !== undefined) fields[F.toCategory] = request.toCategory;
  if (request.target.kind !== "all") {
    fields[F.ids] = chosen.map((product) => product.id).join(",");
    return fields;
  }
  fields[F.allMatching] = "1";
  const { filters } = request.target;
  const names = FILTER_PARAMS;
  if (filters.search) fields[names.search] = filters.search;
  if (filters.category) fields[names.category] = filters.category;
  if (filters.onSale) fields[names.onSale] = "1";
  if (filters.status) fields[names.status] = filters.status;
  if (filters.stock) fields[names.stock] = filters.stock;
  if (filters.noPhoto) fields[names.noPhoto] = "none";
  if (filters.labReportMissing) fields[names.labReportMissing] = "missing";
  return fields;
}

interface BulkOutcome {
  /** products changed (a product already in the asked state is not) */
  changed: number;
  /** products the action did not fit: not on sale (end sale), or priced too low for N% off */
  skipped: number;
  /** the fields of a form that undoes the change, when it can be undone this way */
  undo: Record<string, string> | null;
}

/** Runs the statements in one batch: all of them, or none. Each statement's result, typed by its kind. */
async function runBatch<T extends BatchItem<"sqlite">>(db: Db, statements: T[]): Promise<T["_"]["result"][]> {
  const [first, ...rest] = statements;
  if (!first) return [];
  return db.batch([first, ...rest]);
}

/** The ids the batch's `.returning({ id })` writes answered; statements that answer no rows (the sizes') add none. */
function changedIds(results: unknown[]): number[] {
  return results.flatMap((result) => (Array.isArray(result) ? (result as { id: number }[]).map((row) => row.id) : []));
}

/** An undo is the reverse action on exactly the ids that changed, when it fits in a toast. */
function undoFields(action: BulkAction, ids: number[], details: Record<string, string> = {}): Record<string, string> | null {
  if (ids.length === 0 || ids.length > BULK_UNDO_MAX) return null;
  return { [F.action]: action, [F.ids]: ids.join(","), [F.confirmed]: "1", ...details };
}

const REVERSE: Partial<Record<BulkAction, BulkAction>> = {
  activate: "deactivate",
  deactivate: "activate",
  "in-stock": "out-of-stock",
  "out-of-stock": "in-stock",
  delete: "restore",
};

async function priceRows(db: Db, ids: number[]) {
  const slices = idSlices(ids).map((slice) =>
    db
      .select({ id: products.id, priceCents: products.priceCents, compareAtCents: products.compareAtCents, version: products.version })
      .from(products)
      .where(inArray(products.id, slice)),
  );
  return (await runBatch(db, slices)).flat();
}

/**
 * Sale and end of sale: each product's new prices by the deals rules, written against the version read.
 * A product sold in one size writes its products row (the migration's trigger keeps that size in
 * step); one sold in several sizes (decision 028) has the rule applied to every size, each size's
 * write guarded by the same version, and its derived columns (the lowest size's) set with the bump.
 */
interface PriceWrite {
  row: { id: number; version: number };
  set: { priceCents: number; compareAtCents: number | null; priceTiers?: string | null };
  sizes: BatchItem<"sqlite">[];
}

async function reprice(db: Db, ids: number[], rule: (price: DealPrice) => DealPrice | null) {
  const [rows, sizesOf] = await Promise.all([priceRows(db, ids), readSizes(db, ids)]);
  const wasOnSale = new Set<number>();
  const writes = rows.flatMap<PriceWrite>((row) => {
    const sizes = sizesOf.get(row.id) ?? [];
    if (sizes.length <= 1) {
      if (endedSale(row) !== null) wasOnSale.add(row.id);
      const next = rule(row);
      return next ? [{ row, set: { priceCents: next.priceCents, compareAtCents: next.compareAtCents }, sizes: [] }] : [];
    }
    if (sizes.some((size) => endedSale(size) !== null)) wasOnSale.add(row.id);
    const repriced = sizes.map((size) => ({ size, next: rule(size) }));
    if (repriced.every(({ next }) => next === null)) return [];
    const written = repriced.map(({ size, next }) => (next ? { ...size, ...next } : size));
    const { priceCents, compareAtCents, priceTiers } = derivedProductColumns(written);
    const sameVersion = sql`(SELECT ${products.version} FROM ${products} WHERE ${products.id} = ${row.id}) = ${row.version}`;
    const sizeWrites = repriced.flatMap(({ size, next }) =>
      next
        ? [
            db
              .update(productSizes)
              .set({ priceCents: next.priceCents, compareAtCents: next.compareAtCents })
              .where(and(eq(productSizes.id, size.id), sameVersion)),
          ]
        : [],
    );
    return [{ row, set: { priceCents, compareAtCents, priceTiers }, sizes: sizeWrites }];
  });
  // Each product's size writes come before its guarded update, which bumps the version they check.
  const statements = writes.flatMap(({ row, set, sizes }) => [
    ...sizes,
    db
      .update(products)
      .set({ ...set, ...versionBump() })
      .where(and(eq(products.id, row.id), eq(products.version, row.version)))
      .returning({ id: products.id }),
  ]);
  const changed = changedIds(await runBatch(db, statements));
  return { changed, skipped: rows.length - writes.length, wasOnSale };
}

async function moveToTrash(db: Db, ids: number[]) {
  const reads = idSlices(ids).map((slice) => db.select().from(products).where(inArray(products.id, slice)));
  const rows = (await runBatch(db, reads)).flat();
  const moved = rows.map((row) => row.id);
  // Their sizes go with them (decision 028), so Restore brings each back under its own id.
  const sizes = new Map((await Promise.all(idSlices(moved).map((slice) => readSizes(db, slice)))).flatMap((bySlice) => [...bySlice]));
  // One batch for every row: all of them go to the trash, or none does.
  await runBatch(db, [
    ...trashInsertStatements(db, rows, "deleted", sizes),
    ...idSlices(moved).map((slice) => db.delete(products).where(inArray(products.id, slice))),
  ]);
  return moved;
}

function flagStatements(db: Db, ids: number[], active: boolean) {
  return idSlices(ids).map((slice) =>
    db
      .update(products)
      .set({ active, ...versionBump() })
      .where(and(inArray(products.id, slice), ne(products.active, active)))
      .returning({ id: products.id }),
  );
}

/** Each product's category before a move, so a move from one category can be undone. */
async function categoriesOf(db: Db, ids: number[]) {
  const reads = idSlices(ids).map((slice) =>
    db.select({ id: products.id, category: products.category }).from(products).where(inArray(products.id, slice)),
  );
  const rows = (await runBatch(db, reads)).flat();
  return new Map(rows.map((row) => [row.id, row.category]));
}

/** Moves the products; the Undo moves them back when they all came from one category. */
async function move(db: Db, ids: number[], slug: string): Promise<BulkOutcome> {
  const before = await categoriesOf(db, ids);
  const changed = changedIds(await runBatch(db, categoryStatements(db, ids, slug)));
  const origins = new Set(changed.map((id) => before.get(id)));
  const [origin] = origins;
  const undo = origins.size === 1 && origin ? undoFields("category", changed, { [F.toCategory]: origin }) : null;
  return { changed: changed.length, skipped: 0, undo };
}

function categoryStatements(db: Db, ids: number[], slug: string) {
  // The category must still exist when the batch runs: if it was deleted since the check, nothing moves.
  const exists = sql`EXISTS (SELECT 1 FROM ${categories} WHERE ${categories.slug} = ${slug})`;
  return idSlices(ids).map((slice) =>
    db
      .update(products)
      .set({ category: slug, ...versionBump() })
      .where(and(inArray(products.id, slice), ne(products.category, slug), exists))
      .returning({ id: products.id }),
  );
}

/** Carries out a resolved request; throws only when D1 fails (then nothing was written). */
async function applyBulk(db: Db, preview: BulkPreview): Promise<BulkOutcome> {
  const { request } = preview;
  const ids = preview.products.map((product) => product.id);
  const reverse = REVERSE[request.action];
  const simple = (changed: number[]): BulkOutcome => ({
    changed: changed.length,
    skipped: 0,
    undo: reverse ? undoFields(reverse, changed) : null,
  });
  switch (request.action) {
    case "activate":
    case "deactivate":
      return simple(changedIds(await runBatch(db, flagStatements(db, ids, request.action === "activate"))));
    case "in-stock":
    case "out-of-stock":
      return simple(changedIds(await runBatch(db, setStockStatements(db, ids, request.action === "in-stock"))));
    case "category":
      return move(db, ids, request.toCategory ?? "");
    case "delete":
      return simple(await moveToTrash(db, ids));
    case "restore": {
      let restored = 0;
      for (const id of ids) if ((await restoreProduct(db, id)).status === "restored") restored += 1;
      return { changed: restored, skipped: ids.length - restored, undo: null };
    }
    case "sale": {
      const percent = request.details.percent ?? 0;
      const { changed, skipped, wasOnSale } = await reprice(db, ids, (price) => saleAtPercentOff(price, percent));
      // A sale on products that had none is undone exactly by ending it (the price returns to the original).
      const undo = changed.some((id) => wasOnSale.has(id)) ? null : undoFields("end-sale", changed);
      return { changed: changed.length, skipped, undo };
    }
    case "end-sale": {
      const { changed, skipped } = await reprice(db, ids, endedSale);
      return { changed: changed.length, skipped, undo: null };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The route's two answers

/** The confirmation for a bulk request (the route's loader): the question, the names, the fields to post. */
export async function bulkConfirmation(db: Db, source: Source, redirectTo: string): Promise<BulkConfirmation> {
  const parsed = parseBulkRequest(source);
  if (!parsed.ok) return { ok: false, error: parsed.error, redirectTo };
  let resolved: Parsed<BulkPreview>;
  try {
    resolved = await resolveBulk(db, parsed.value);
  } catch (error) {
    console.error("Bulk action: the products could not be read", error);
    return { ok: false, error: M.failed, redirectTo };
  }
  if (!resolved.ok) return { ok: false, error: resolved.error, redirectTo };
  const { request, products: chosen } = resolved.value;
  const question = bulkQuestion(request.action, chosen.length, request.details);
  return {
    ok: true,
    ...question,
    note: bulkNote(request.action, request.details),
    count: chosen.length,
    names: chosen.slice(0, CONFIRM_NAMES_SHOWN).map((product) => product.name),
    fields: confirmFields(resolved.value, redirectTo),
    redirectTo,
    destructive: request.action === "delete",
  };
}

/**
 * Carries out a confirmed bulk request (the route's action): a redirect back to the list with a toast
 * (and its Undo when there is one), or the reason nothing was changed.
 */
export async function bulkAnswer(
  context: ToastContext & { db: Db },
  source: Source,
  redirectTo: string,
): Promise<{ ok: true; response: Response } | Extract<BulkConfirmation, { ok: false }>> {
  const { db } = context;
  const parsed = parseBulkRequest(source);
  if (!parsed.ok) return { ok: false, error: parsed.error, redirectTo };
  try {
    const resolved = await resolveBulk(db, parsed.value);
    if (!resolved.ok) return { ok: false, error: resolved.error, redirectTo };
    const { request } = resolved.value;
    const outcome = await applyBulk(db, resolved.value);
    let description = bulkDone(request.action, outcome.changed, request.details);
    if (outcome.skipped > 0) description += ` ${bulkSkipped(request.action, outcome.skipped)}`;
    const undo = outcome.undo ? { label: "Undo", to: BULK_ROUTE, fields: { ...outcome.undo, [F.redirectTo]: redirectTo } } : undefined;
    if (!undo && request.action === "delete" && outcome.changed > 0) description += " Restore them from the Trash.";
    const response = await redirectWithToast(context, redirectTo, {
      title: request.action === "restore" ? "Products restored" : "Products updated",
      description,
      ...(undo ? { action: undo, duration: UNDO_TOAST_DURATION } : {}),
    });
    return { ok: true, response };
  } catch (error) {
    console.error("Bulk action failed", error);
    return { ok: false, error: M.failed, redirectTo };
  }
}
