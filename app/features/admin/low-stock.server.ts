import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/cloudflare";
import { redirectWithToast, type ToastContext } from "~/features/toast/toast.server";
import type { Db } from "~/server/load-context";
import { LowStockLevelSchema, lowStockSavedNotice } from "~/features/catalogue/low-stock";
import { setLowStockLevel } from "./product-admin.server";

/** The dashboard's low-stock form: a refused value comes back with its message, a good one is saved. */
export async function lowStockLevelAction(context: ToastContext & { db: Db }, formData: FormData) {
  const submission = parseWithZod(formData, { schema: LowStockLevelSchema });
  if (submission.status !== "success") {
    return data({ lowStock: submission.reply(), error: null }, { status: 400 });
  }
  try {
    await setLowStockLevel(context.db, submission.value.level);
  } catch (error) {
    console.error("Low stock level could not be saved", error);
    return data(
      { lowStock: submission.reply(), error: "The low stock level could not be saved. Please try again in a moment." },
      { status: 500 },
    );
  }
  return redirectWithToast(context, "/admin/dashboard", lowStockSavedNotice(submission.value.level));
}
