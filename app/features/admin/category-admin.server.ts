import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import {
  addCategory,
  listCategoriesWithCounts,
  renameCategory,
  toggleCategoryActive,
  type CategoryWithCount,
} from "~/features/catalogue/categories.server";
import { fixedPagesListing } from "~/features/category-pages/category-pages.server";
import { redirectWithToast, type ToastContext } from "~/features/toast/toast.server";
import type { Db } from "~/server/load-context";
import { CATEGORIES_PATH as PATH, CATEGORY_ERRORS, CategoryNameSchema, type CategoryErrorCode } from "./category-form";

/** Category Management's list: every category with its product count, the inline panel the URL opens, and the fixed pages that list each one. */
export async function loadCategoryManagement(db: Db, params: URLSearchParams) {
  let categories: CategoryWithCount[];
  try {
    categories = await listCategoriesWithCounts(db);
  } catch (error) {
    console.error("Category Management: categories could not be loaded", error);
    throw data({ message: `${CATEGORY_ERRORS["load-failed"].title}: ${CATEGORY_ERRORS["load-failed"].description}` }, { status: 500 });
  }
  const editId = Number(params.get("id"));
  const editing = params.get("mode") === "edit" ? (categories.find((category) => category.id === editId) ?? null) : null;
  const mode: "add" | "edit" | null = editing ? "edit" : params.get("mode") === "add" ? "add" : null;
  const listedOn = Object.fromEntries(categories.map((category) => [category.slug, fixedPagesListing(category.slug)]));
  return { categories, mode, editing, listedOn };
}

const IdField = z.coerce.number().int().positive();
const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add") }),
  z.object({ intent: z.literal("rename"), id: IdField }),
  z.object({ intent: z.literal("toggle"), id: IdField }),
]);

/** Which inline panel a refused add or rename reopens, so the typed name stays on screen. */
type Panel = { mode: "add" | "edit"; id: number | null };

function failure(code: CategoryErrorCode, status: number, result: SubmissionResult<string[]>, panel: Panel) {
  const error = CATEGORY_ERRORS[code];
  return data({ error, result, panel, toast: { ...error, variant: "destructive" as const } }, { status });
}

function errorRedirect(context: ToastContext, code: CategoryErrorCode) {
  const error = CATEGORY_ERRORS[code];
  return redirectWithToast(context, `${PATH}?error=${code}`, { ...error, variant: "destructive" });
}

/** Category Management's posts: add, rename (both refused with the typed name kept) and Activate/Deactivate. */
export async function categoryAction(context: ToastContext & { db: Db }, formData: FormData) {
  const { db } = context;
  const parsedIntent = parseWithZod(formData, { schema: ActionSchema });
  if (parsedIntent.status !== "success") {
    return data(
      {
        error: { title: "Request not understood", description: "The form did not say what to change." },
        result: null,
        panel: null,
        toast: null,
      },
      { status: 400 },
    );
  }
  const intent = parsedIntent.value;

  if (intent.intent === "toggle") {
    try {
      const category = await toggleCategoryActive(db, intent.id);
      if (!category) return errorRedirect(context, "toggle-missing");
      return redirectWithToast(context, PATH, {
        title: "Category status updated",
        description: `Category has been ${category.active ? "activated" : "deactivated"}`,
      });
    } catch (error) {
      console.error("Toggle category failed", error);
      return errorRedirect(context, "toggle-failed");
    }
  }

  const submission = parseWithZod(formData, { schema: CategoryNameSchema });
  const panel: Panel = intent.intent === "add" ? { mode: "add", id: null } : { mode: "edit", id: intent.id };
  if (submission.status !== "success") {
    return data({ error: null, result: submission.reply(), panel, toast: null }, { status: 400 });
  }
  const { name } = submission.value;

  if (intent.intent === "add") {
    try {
      const added = await addCategory(db, name);
      if (!added.ok) {
        return failure(
          "add-duplicate",
          409,
          submission.reply({ fieldErrors: { name: [CATEGORY_ERRORS["add-duplicate"].description] } }),
          panel,
        );
      }
      return redirectWithToast(context, PATH, { title: "Category added", description: `${added.value.name} has been added successfully` });
    } catch (error) {
      console.error("Add category failed", error);
      return failure("add-failed", 500, submission.reply(), panel);
    }
  }

  try {
    const renamed = await renameCategory(db, intent.id, name);
    if (!renamed.ok && renamed.reason === "duplicate") {
      return failure(
        "rename-duplicate",
        409,
        submission.reply({ fieldErrors: { name: [CATEGORY_ERRORS["rename-duplicate"].description] } }),
        panel,
      );
    }
    if (!renamed.ok) return errorRedirect(context, "rename-missing");
    return redirectWithToast(context, PATH, { title: "Category updated", description: "Category has been updated successfully" });
  } catch (error) {
    console.error("Rename category failed", error);
    return failure("rename-failed", 500, submission.reply(), panel);
  }
}
