import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import { redirectWithToast, type ToastContext, type ToastInput } from "~/features/toast/toast.server";

/**
 * What the admin delete-confirm routes (products, categories) share: the id in the URL, the
 * 404 for a row that is gone, and the delete itself answered with a redirect and a toast.
 * Each route keeps its own guard (`requireAdmin` first), texts and redirect targets.
 */

const IdSchema = z.coerce.number().int().positive();

/** The id in `/admin/{things}/:id/delete`: anything but a positive whole number is "{noun} not found." (404). */
export function deleteTargetId(value: string | undefined, noun: string): number {
  const parsed = IdSchema.safeParse(value);
  if (!parsed.success) throw data({ message: `${noun} not found.` }, { status: 404 });
  return parsed.data;
}

/** The 404 to throw when the row to confirm no longer exists. */
export function alreadyDeleted(noun: string) {
  return data({ message: `${noun} not found. It may have been deleted already.` }, { status: 404 });
}

interface ToastRedirect {
  to: string;
  toast: ToastInput;
}

/**
 * Runs `remove` (which answers the deleted row's name, or null when there was no such row) and
 * redirects with the toast for what happened; `missing` and `failed` are shown as destructive,
 * and a failure is logged under `logLabel`, never thrown.
 */
export async function deleteWithToast(
  context: ToastContext,
  remove: () => Promise<string | null>,
  outcomes: { deleted: (name: string) => ToastRedirect; missing: ToastRedirect; failed: ToastRedirect; logLabel: string },
) {
  const { deleted, missing, failed, logLabel } = outcomes;
  try {
    const name = await remove();
    if (name === null) return redirectWithToast(context, missing.to, { ...missing.toast, variant: "destructive" });
    const done = deleted(name);
    return redirectWithToast(context, done.to, done.toast);
  } catch (error) {
    console.error(logLabel, error);
    return redirectWithToast(context, failed.to, { ...failed.toast, variant: "destructive" });
  }
}
