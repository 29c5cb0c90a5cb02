import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { invalidReply, refusedReply } from "~/server/action-reply.server";
import { redirectWithToast } from "~/features/toast/toast.server";
import { readSettings } from "~/features/settings/settings.server";
import { catalogueChoices, sizeProductOf } from "./specials-admin.server";
import { previewText } from "./specials-status";
import { INTENT_PREVIEW, specialFormSchema } from "./specials-form";
import { createSpecial, updateSpecial } from "./specials.server";

/** The shop's time zone, from its settings. */
export async function shopTimeZone(_request: Request, context: AppLoadContext): Promise<string> {
  return (await readSettings(context)).value.hours.timeZone;
}

const CODE_TAKEN = "Another special already uses this code. Choose another.";

/**
 * The create and edit forms' action: Preview answers the preview and saves nothing; Save checks
 * every field, refuses a code another special uses, and goes to the saved special's form.
 */
export async function saveSpecialAction(request: Request, context: AppLoadContext, formData: FormData, id: number | null) {
  const choices = await catalogueChoices(context.db);
  const submission = parseWithZod(formData, { schema: specialFormSchema(sizeProductOf(choices)) });
  if (submission.status !== "success") return invalidReply(submission);
  if (formData.get("intent") === INTENT_PREVIEW) {
    const preview = previewText(submission.value, choices, new Date(), await shopTimeZone(request, context));
    return data({ result: submission.reply(), preview });
  }
  const saved = id === null ? await createSpecial(context.db, submission.value) : await updateSpecial(context.db, id, submission.value);
  if (saved.status === "code-taken") {
    return data({ result: submission.reply({ fieldErrors: { code: [CODE_TAKEN] } }), preview: null }, { status: 409 });
  }
  if (saved.status === "not-found") return refusedReply(submission, "This special is no longer here (it may have been deleted).", 404);
  return redirectWithToast(context, `/admin/specials/${saved.id}`, {
    title: id === null ? "Special created" : "Special saved",
    description: `${submission.value.name} is saved.`,
  });
}
