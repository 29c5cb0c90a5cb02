import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireAdmin, wantsJson } from "~/features/auth/auth.server";
import { MIGRATION_TEXT, safeErrorMessage } from "~/features/migration/migration";
import { getLatestMigrationRun, startMigrationRun } from "~/features/migration/migration.server";
import { redirectWithToast } from "~/features/toast/toast.server";

/**
 * /admin/migration — a resource route (no page of its own):
 * POST starts the catalogue migration (the dashboard's 'Load Full Product Catalog' form) and
 * redirects back to the dashboard; GET returns the latest run as JSON for the panel's polling.
 */

const DASHBOARD = "/admin/dashboard";

const StartMigrationSchema = z.object({
  intent: z.literal("start"),
  // The button sends clearExisting=true (SPEC section 7); absent means true as well.
  clearExisting: z
    .enum(["true", "false"], { message: "clearExisting must be true or false" })
    .default("true")
    .transform((value) => value === "true"),
});

/** The JSON the panel polls: the latest run, or an error it can show while keeping the last known state. */
export type MigrationStatusPayload = {
  run: Awaited<ReturnType<typeof getLatestMigrationRun>>;
  error?: string;
};

/** What a missing session sees when it tries to start a migration (SPEC section 8). */
const MIGRATION_DENIED = {
  title: MIGRATION_TEXT.failedTitle,
  description: MIGRATION_TEXT.authRequired,
  variant: "destructive",
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  try {
    const payload: MigrationStatusPayload = { run: await getLatestMigrationRun(context.db) };
    return Response.json(payload);
  } catch (error) {
    console.error("Could not read the latest migration run", error);
    // Answered as data, not an error status: the panel keeps its last known state and says why it is stale.
    const payload: MigrationStatusPayload = { run: null, error: `Could not refresh the migration status: ${safeErrorMessage(error)}` };
    return Response.json(payload);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context, MIGRATION_DENIED);
  const json = wantsJson(request);

  // An unreadable body reads as an empty form: the schema then answers 400 with field errors.
  const formData = await request.formData().catch((error: unknown) => {
    console.warn("A migration request without a readable form body", error);
    return new FormData();
  });
  const submission = StartMigrationSchema.safeParse(Object.fromEntries(formData));
  if (!submission.success) {
    return Response.json({ error: "Invalid migration request", fieldErrors: submission.error.flatten().fieldErrors }, { status: 400 });
  }

  try {
    const result = await startMigrationRun(context.db, context.env.MIGRATION_QUEUE, {
      clearExisting: submission.data.clearExisting,
    });
    if (result.kind === "busy") {
      if (json) return Response.json({ error: MIGRATION_TEXT.alreadyRunning, run: result.run }, { status: 409 });
      return redirectWithToast(DASHBOARD, { title: MIGRATION_TEXT.alreadyRunningTitle, description: MIGRATION_TEXT.alreadyRunning });
    }
    if (result.kind === "failed") {
      if (json) return Response.json({ error: result.message, run: result.run }, { status: 502 });
      return redirectWithToast(DASHBOARD, { title: MIGRATION_TEXT.failedTitle, description: result.message, variant: "destructive" });
    }
    if (json) return Response.json({ run: result.run }, { status: 202 });
    return redirect(DASHBOARD);
  } catch (error) {
    console.error("Could not start the catalogue migration", error);
    const description = MIGRATION_TEXT.functionError(safeErrorMessage(error));
    if (json) return Response.json({ error: description }, { status: 503 });
    return redirectWithToast(DASHBOARD, { title: MIGRATION_TEXT.failedTitle, description, variant: "destructive" });
  }
}
