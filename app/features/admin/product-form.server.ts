import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { readFormData } from "~/server/form-data.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { listCategoryOptions } from "~/features/catalogue/categories.server";
import { localPath } from "~/server/redirect";
import { bodyTooLargeMessage, PRODUCT_FORM_TEXT_LIMIT } from "~/server/security.server";
import {
  deleteLabReportQuietly,
  getProductLabReport,
  resolveLabReport,
  tryStoreFormLabReport,
} from "~/features/lab-reports/lab-reports.server";
import { LAB_REPORT_FILE_FIELD, LAB_REPORT_MESSAGES, NO_LAB_REPORT, type LabReportFile } from "~/features/lab-reports/lab-report";
import { tryStoreFormImages } from "~/features/photos/photo-upload.server";
import { missingPhotos } from "~/features/photos/photo-pipeline.server";
import { fixedCategoryPage } from "~/features/category-pages/category-pages.server";
import { uploadedImageKey } from "~/features/photos/photo-variants";
import { redirectWithToast } from "~/features/toast/toast.server";
import { removedSizesToast } from "~/features/trash/trash";
import { readSizes } from "~/features/catalogue/sizes.server";
import { MAX_SIZES, type ProductSize } from "~/features/catalogue/sizes";
import { MAX_TIERS } from "~/features/catalogue/price-tiers";
import { hiddenReasons } from "./product-visibility";
import {
  CONFLICT_MESSAGE,
  DESCRIPTION_MAX,
  EFFECTS_MAX,
  FETCH_FAILED,
  IMAGES_MAX,
  SAVE_FAILED,
  productFormDefaults,
  productFormRules,
  productFormSchema,
  productFormToColumns,
  productFormToSizes,
} from "./product-form-schema";
import { createProduct, getAdminProduct, getProductFormFacts, updateProductVersioned } from "./product-admin.server";
import type { ActionToast } from "./admin-ui";

/**
 * The one action module behind the admin product form, used by /admin/add-product and
 * /admin/edit-product/{id}: loading the form, validating with the shared schema, storing
 * uploaded images, and the create or versioned update.
 */

const PRODUCTS_PATH = "/admin/products";

export type ProductFormActionData = { result: SubmissionResult<string[]>; toast: ActionToast | null };

/** A numeric id from the URL, or a 404. */
export function parseProductId(value: string | undefined) {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1) {
    throw data({ message: "Product not found." }, { status: 404 });
  }
  return id;
}

export async function loadProductForm(request: Request, context: AppLoadContext, productId: number | null) {
  await requireAdmin(request, context);
  const returnTo = localPath(new URL(request.url).searchParams.get("returnTo"), PRODUCTS_PATH);
  let categories: Awaited<ReturnType<typeof listCategoryOptions>>;
  let product: Awaited<ReturnType<typeof getAdminProduct>> = null;
  let sizes = new Map<number, ProductSize[]>();
  try {
    categories = await listCategoryOptions(context.db);
    if (productId !== null)
      [product, sizes] = await Promise.all([getAdminProduct(context.db, productId), readSizes(context.db, [productId])]);
  } catch (error) {
    console.error("Product form: could not load", error);
    throw data({ message: productId === null ? "Failed to load categories" : FETCH_FAILED }, { status: 500 });
  }
  if (productId !== null && !product) {
    throw data({ message: "Product not found. It may have been deleted." }, { status: 404 });
  }
  const slugs = categories.map((category) => category.slug);
  // A product whose category is no longer in the table still shows it, so the form does not silently change it.
  if (product && !slugs.includes(product.category)) {
    categories = [...categories, { name: `${product.category} (deleted category)`, slug: product.category, active: true }];
  }
  const category = product ? categories.find((option) => option.slug === product.category) : undefined;
  const hidden = product
    ? hiddenReasons({
        active: product.active,
        inStock: product.inStock,
        sizeStocks: (sizes.get(product.id) ?? []).map((size) => size.stock),
        category: {
          name: category?.name ?? product.category,
          comingSoon: fixedCategoryPage(product.category)?.comingSoon ?? false,
        },
      })
    : [];
  return {
    hidden,
    mode: productId === null ? ("create" as const) : ("edit" as const),
    productId,
    productName: product?.name ?? null,
    categories,
    defaultValue: productFormDefaults(product, productId === null ? [] : (sizes.get(productId) ?? [])),
    rules: productFormRules(product),
    returnTo,
  };
}

function failure(result: SubmissionResult<string[]>, message: string, status: number) {
  return data<ProductFormActionData>({ result, toast: { title: SAVE_FAILED, description: message, variant: "destructive" } }, { status });
}

const LIST_FIELDS: readonly string[] = ["effects", "images"];
/** The longest text any field takes (the description): nothing longer is sent back to the form. */
const ECHO_TEXT_MAX = DESCRIPTION_MAX;
/** The longest list any field takes. */
const ECHO_LIST_MAX = Math.max(EFFECTS_MAX, IMAGES_MAX);

/**
 * The payload comes back to the form as its initial value. Hostile or broken posts can make a
 * list field a string (`effects=x`) or a scalar an object (`name.x=1`); the form would then fail
 * to render. Lists become lists of strings, scalars that are not text are dropped; no text is sent
 * back longer than the longest field takes, no list longer than the longest list.
 */
function keepPayloadRenderable(payload: Record<string, unknown>) {
  for (const [name, value] of Object.entries(payload)) {
    if (name === "sizes" || name === "tiers") {
      payload[name] = renderableRecords(value, name === "sizes" ? MAX_SIZES : MAX_TIERS, name === "sizes");
    } else if (LIST_FIELDS.includes(name)) {
      const list = Array.isArray(value) ? value : [value];
      payload[name] = list.slice(0, ECHO_LIST_MAX).map((item) => (typeof item === "string" ? item.slice(0, ECHO_TEXT_MAX) : ""));
    } else if (typeof value !== "string") {
      delete payload[name];
    } else {
      payload[name] = value.slice(0, ECHO_TEXT_MAX);
    }
  }
}

/** A list of sizes or tiers as the form can render it: records of short texts (a size's tiers nested once). */
function renderableRecords(value: unknown, max: number, nested: boolean): Record<string, unknown>[] {
  const list = Array.isArray(value) ? value : [];
  return list.slice(0, max).map((item) => {
    const record: Record<string, unknown> = {};
    if (!item || typeof item !== "object") return record;
    // An object, checked above (Array.isArray types a list of unknown as any[]).
    for (const [key, field] of Object.entries(item as Record<string, unknown>)) {
      if (typeof field === "string") record[key] = field.slice(0, ECHO_TEXT_MAX);
      else if (nested && key === "tiers") record[key] = renderableRecords(field, MAX_TIERS, false);
    }
    return record;
  });
}

/**
 * A multipart post (files picked without JavaScript) is parsed before its text can be measured: its
 * text is held to the same PRODUCT_FORM_TEXT_LIMIT as a urlencoded post (files keep their own limits).
 */
function assertTextWithinLimit(formData: FormData) {
  let size = 0;
  for (const [name, value] of formData) size += name.length + (typeof value === "string" ? value.length : value.name.length);
  if (size > PRODUCT_FORM_TEXT_LIMIT) throw data({ message: bodyTooLargeMessage(PRODUCT_FORM_TEXT_LIMIT) }, { status: 413 });
}

export async function productFormAction(request: Request, context: AppLoadContext, productId: number | null) {
  await requireAdmin(request, context);
  const formData = await readFormData(request);
  assertTextWithinLimit(formData);
  const [categories, current] = await Promise.all([
    listCategoryOptions(context.db),
    productId === null ? null : getProductFormFacts(context.db, productId),
  ]);
  // The same rules the form was opened with (a deleted product is reported by the update below).
  // A product keeps the category it has, even one deleted since: saving it unchanged must work.
  const slugs = categories.map((category) => category.slug);
  if (current && !slugs.includes(current.category)) slugs.push(current.category);
  const schema = productFormSchema(slugs, productFormRules(current));
  const submission = parseWithZod(formData, { schema });
  keepPayloadRenderable(submission.payload);

  if (submission.status !== "success") {
    // status undefined: a list intent (Add Effect / Remove) posted without JavaScript.
    return data<ProductFormActionData>({ result: submission.reply(), toast: null }, { status: submission.status === "error" ? 400 : 200 });
  }

  const values = submission.value;
  const returnTo = localPath(values.returnTo, PRODUCTS_PATH);
  if (productId !== null && values.version === undefined) {
    const message = "The form did not say which version of the product it edits. Reload the page and try again.";
    return failure(submission.reply({ formErrors: [`${SAVE_FAILED}: ${message}`] }), message, 400);
  }

  const refused = (refusal: { status: number; title: string; description: string }) =>
    data<ProductFormActionData>(
      {
        result: submission.reply({ formErrors: [`${refusal.title}: ${refusal.description}`] }),
        toast: { title: refusal.title, description: refusal.description, variant: "destructive" },
      },
      { status: refusal.status },
    );

  // A photo cleaned up as never saved (its form stayed open a day or more) never reaches a product:
  // the form comes back without it, asking for it again.
  const gone = await missingPhotos(context.env, context.db, values.images);
  if (gone.length > 0) {
    submission.payload.images = values.images.filter((url) => !gone.includes(uploadedImageKey(url) ?? ""));
    const message = `${gone.length === 1 ? "A photo was" : `${gone.length} photos were`} uploaded over a day ago and never saved, so ${gone.length === 1 ? "it was" : "they were"} cleaned up; upload ${gone.length === 1 ? "it" : "them"} again.`;
    return data<ProductFormActionData>(
      {
        result: submission.reply({ fieldErrors: { images: [message] } }),
        toast: { title: SAVE_FAILED, description: message, variant: "destructive" },
      },
      { status: 400 },
    );
  }

  // The lab report is checked first: a refused report stores nothing, images included.
  const labReport = await formLabReport(context, formData, values.labReportKey, productId);
  if (!labReport.ok) return refused(labReport);
  // Files picked without JavaScript: a refused file answers with the product's own texts, nothing stored.
  const stored = await tryStoreFormImages(context.env, context.db, formData.getAll("imageFiles"));
  if (!stored.ok) {
    // All or nothing: the report this post stored goes again with the refused images.
    if (labReport.stored) await deleteLabReportQuietly(context.env, labReport.report.labReportKey);
    return refused(stored);
  }
  const images = [...values.images, ...stored.urls];
  // If the save is refused below, the form comes back with the uploaded images and report already in it.
  submission.payload.images = images;
  submission.payload.labReportKey = labReport.report.labReportKey ?? "";
  const columns = productFormToColumns({ ...values, images }, labReport.report);
  // A size id the product does not have (another product's, or one deleted meanwhile) saves as a new size.
  const own = productId === null ? [] : ((await readSizes(context.db, [productId])).get(productId) ?? []);
  const sizes = productFormToSizes(values).map((size) => (own.some((known) => known.id === size.id) ? size : { ...size, id: null }));
  // Sizes the save removes are kept (with their ids) for the save's Undo.
  const removed = own.filter((known) => !sizes.some((size) => size.id === known.id));

  if (productId === null) {
    try {
      await createProduct(context.db, columns, sizes);
    } catch (error) {
      console.error("Create product failed", error);
      const message = "Failed to add product: the database did not accept the new product.";
      return failure(submission.reply({ formErrors: [`${SAVE_FAILED}: ${message}`] }), message, 500);
    }
    return redirectWithToast(context, returnTo, { title: "Product created successfully!" });
  }

  let outcome: Awaited<ReturnType<typeof updateProductVersioned>>;
  try {
    outcome = await updateProductVersioned(context.db, productId, values.version!, columns, sizes);
  } catch (error) {
    console.error("Update product failed", error);
    const message = "Failed to update product: the database did not accept the change.";
    return failure(submission.reply({ formErrors: [`${SAVE_FAILED}: ${message}`] }), message, 500);
  }
  if (outcome.status === "not-found") {
    const message = `Product not found for update: product ${productId} no longer exists (it may have been deleted).`;
    return failure(submission.reply({ formErrors: [`${SAVE_FAILED}: ${message}`] }), message, 404);
  }
  if (outcome.status === "conflict") {
    return failure(submission.reply({ formErrors: [`${SAVE_FAILED}: ${CONFLICT_MESSAGE}`] }), CONFLICT_MESSAGE, 409);
  }
  if (removed.length > 0) {
    return redirectWithToast(
      context,
      returnTo,
      removedSizesToast(
        productId,
        outcome.version,
        returnTo,
        removed.map((size) => size.label),
      ),
    );
  }
  return redirectWithToast(context, returnTo, { title: "Product updated successfully!" });
}

/**
 * The report the saved product will have: a file posted without JavaScript (stored now, replacing
 * the current one), else the one the form names by key (the product's own, or one uploaded with
 * JavaScript), else none. Removing or replacing a report keeps the old stored file, as images do.
 */
async function formLabReport(
  context: AppLoadContext,
  formData: FormData,
  key: string | undefined,
  productId: number | null,
): Promise<{ ok: true; report: LabReportFile; stored: boolean } | { ok: false; status: number; title: string; description: string }> {
  const posted = await tryStoreFormLabReport(context.env, formData.get(LAB_REPORT_FILE_FIELD));
  if (!posted.ok) return posted;
  if (posted.report) return { ok: true, report: posted.report, stored: true };
  if (!key) return { ok: true, report: NO_LAB_REPORT, stored: false };
  const current = productId === null ? null : await getProductLabReport(context.db, productId);
  const report = await resolveLabReport(context.env, key, current);
  return report ? { ok: true, report, stored: false } : { ok: false, status: 400, ...LAB_REPORT_MESSAGES.missing };
}
