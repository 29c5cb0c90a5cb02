import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { redirectWithToast } from "~/features/toast/toast.server";
import { listVersions, restoreVersion, saveDocument } from "~/features/shop-documents/shop-documents.server";
import { SETTINGS } from "./settings";
import { readSettings } from "./settings.server";
import {
  announcementForm,
  deliveryForm,
  hoursForm,
  orderingForm,
  SETTINGS_PATH,
  SETTINGS_SECTIONS,
  settingsFormValues,
  withSection,
  type SectionValue,
  type SettingsSection,
} from "./settings-form";

type Context = Pick<AppLoadContext, "db" | "env">;

/** The time zones the owner chooses from (the runtime's IANA names, UTC first). */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", current, ...known])];
}

/** The settings screen: the current values as the forms show them, their version, and the recent versions. */
export async function loadSettingsScreen({ db, env }: Context) {
  const [current, versions] = await Promise.all([readSettings({ db, env }), listVersions(db, SETTINGS.name, 20)]);
  return {
    values: settingsFormValues(current.value),
    versionId: current.versionId,
    malformed: current.malformed,
    versions,
    timeZones: timeZones(current.value.hours.timeZone),
  };
}

const basedOnForm = z.object({
  basedOn: z.preprocess(
    (value) => (value === "" || value === undefined || value === null ? null : value),
    z.coerce.number().int().positive().nullable(),
  ),
});
const restoreForm = z.object({ id: z.coerce.number({ invalid_type_error: "Choose a version to restore." }).int().positive() });

const SAVED = { title: "Settings saved", description: "Shoppers see the change on their next page." };
const CHANGED_MEANWHILE =
  "The settings were changed in another tab (or a version was restored) since this page was opened, so nothing was saved. What you typed is kept: reload the page to see the current settings, then save again.";

/** One form of the settings screen, or a restore: a valid save is a new version; bad input saves nothing and says why beside its field. */
export async function settingsAction(context: Context, formData: FormData) {
  const intent = formData.get("intent");
  if (intent === "restore") return restore(context, formData);
  const section = SETTINGS_SECTIONS.find((name) => name === intent);
  if (!section)
    return data({ section: null, result: null, error: "Unknown settings form: reload the page and try again." }, { status: 400 });

  const parsed = parseSection(section, formData);
  if (parsed.submission.status !== "success" || !parsed.value) {
    return data({ section, result: parsed.submission.reply(), error: null }, { status: 400 });
  }
  // The version the form was opened on rides with every section's form; parsed on its own so each section's schema stays its own.
  const basedOn = parseWithZod(formData, { schema: basedOnForm, disableAutoCoercion: true });
  if (basedOn.status !== "success") {
    return data({ section, result: parsed.submission.reply({ formErrors: [CHANGED_MEANWHILE] }), error: null }, { status: 409 });
  }
  const current = await readSettings(context);
  const next = SETTINGS.schema.safeParse(withSection(current.value, parsed.value));
  if (!next.success) {
    const messages = [...new Set(next.error.issues.map((issue) => issue.message))];
    return data({ section, result: parsed.submission.reply({ formErrors: messages }), error: null }, { status: 400 });
  }
  const saved = await saveDocument(context.db, SETTINGS, next.data, { basedOn: basedOn.value.basedOn, from: context.env });
  if (!saved.ok) {
    return data({ section, result: parsed.submission.reply({ formErrors: [CHANGED_MEANWHILE] }), error: null }, { status: 409 });
  }
  return redirectWithToast(context, SETTINGS_PATH, SAVED, { status: 303 });
}

/** Each form parsed by its own schema (a union of the four keeps each value typed). */
function parseSection(section: SettingsSection, formData: FormData) {
  switch (section) {
    case "ordering": {
      const submission = parseWithZod(formData, { schema: orderingForm, disableAutoCoercion: true });
      return { submission, value: submission.status === "success" ? ({ section, value: submission.value } satisfies SectionValue) : null };
    }
    case "hours": {
      const submission = parseWithZod(formData, { schema: hoursForm, disableAutoCoercion: true });
      return { submission, value: submission.status === "success" ? ({ section, value: submission.value } satisfies SectionValue) : null };
    }
    case "announcement": {
      const submission = parseWithZod(formData, { schema: announcementForm, disableAutoCoercion: true });
      return { submission, value: submission.status === "success" ? ({ section, value: submission.value } satisfies SectionValue) : null };
    }
    case "delivery": {
      const submission = parseWithZod(formData, { schema: deliveryForm, disableAutoCoercion: true });
      return { submission, value: submission.status === "success" ? ({ section, value: submission.value } satisfies SectionValue) : null };
    }
  }
}

async function restore(context: Context, formData: FormData) {
  const parsed = parseWithZod(formData, { schema: restoreForm });
  if (parsed.status !== "success") return data({ section: null, result: null, error: "Choose a version to restore." }, { status: 400 });
  const restored = await restoreVersion(context.db, SETTINGS, parsed.value.id, context.env);
  if (restored.ok) {
    return redirectWithToast(
      context,
      SETTINGS_PATH,
      { title: "Version restored", description: "The version you replaced is kept in the list." },
      { status: 303 },
    );
  }
  const error =
    restored.reason === "not-found"
      ? "That version is no longer kept. Choose another from the list."
      : restored.reason === "unreadable"
        ? "That version cannot be read any more, so it cannot be restored. Choose another."
        : "The settings changed meanwhile: reload the page and try again.";
  return data({ section: null, result: null, error }, { status: restored.reason === "not-found" ? 404 : 409 });
}
