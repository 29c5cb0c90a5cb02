import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { requireAdmin, wantsJson } from "~/features/auth/auth.server";
import { MIGRATION_TEXT, safeErrorMessage } from "~/features/migration/migration";
import { catalogueLoadChoices } from "~/features/migration/load-plan.server";
import { getLatestMigrationRun, startMigrationRun } from "~/features/migration/migration-runs.server";
import { CATALOGUE_LOAD_ROUTE, CATALOGUE_LOAD_TEXT } from "~/features/migration/catalogue-load";
import type { Db } from "~/server/load-context";
import { redirectWithToast } from "~/features/toast/toast.server";

/**
 * /admin/migration — a resource route (no page of its own):
 * POST starts the catalogue migration (from the confirmation at /admin/catalogue-load, decision 024)
 * and redirects back to the dashboard; GET returns the latest run as JSON for the panel's polling.
 * A POST without the confirmation's plan token, or with one made for another state of the shop,
 * changes nothing: it is sent (back) to the confirmation.
 */

const DASHBOARD = "/admin/dashboard";

const StartMigrationSchema = z.object({
  intent: z.literal("start"),
  // true is the owner's explicit 'replace my work' choice; absent keeps the owner's products and edits.
  clearExisting: z
    .enum(["true", "false"], { message: "clearExisting must be true or false" })
    .default("false")
    .transform((value) => value === "true"),
  plan: z.string().max(100).optional(),
});

/** The JSON the panel polls: the latest run, or an error it can show while keeping the last known state. */
export type MigrationStatusPayload = {
  run: Awaited<ReturnType<typeof getLatestMigrationRun>>;
  error?: string;
};

/** What a missing session sees when it tries to start a migration. */
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
  const submission = parseWithZod(formData, { schema: StartMigrationSchema });
  if (submission.status !== "success") {
    // The panel posts with fetch and reads JSON: the same field errors conform's reply carries, as the panel reads them.
    return Response.json({ error: "Invalid migration request", fieldErrors: submission.error ?? {} }, { status: 400 });
  }

  const confirmation = await confirmationProblem(context.db, submission.value.plan);
  if (confirmation) {
    if (json) return Response.json({ error: confirmation.description }, { status: 409 });
    return redirectWithToast(context, CATALOGUE_LOAD_ROUTE, confirmation);
  }

  try {
    const result = await startMigrationRun(context.db, context.env.MIGRATION_QUEUE, {
      clearExisting: submission.value.clearExisting,
    });
    if (result.kind === "busy") {
      if (json) return Response.json({ error: MIGRATION_TEXT.alreadyRunning, run: result.run }, { status: 409 });
      return redirectWithToast(context, DASHBOARD, {
        title: MIGRATION_TEXT.alreadyRunningTitle,
        description: MIGRATION_TEXT.alreadyRunning,
      });
    }
    if (result.kind === "failed") {
      if (json) return Response.json({ error: result.message, run: result.run }, { status: 502 });
      return redirectWithToast(context, DASHBOARD, {
        title: MIGRATION_TEXT.failedTitle,
        description: result.message,
        variant: "destructive",
      });
    }
    if (json) return Response.json({ run: result.run }, { status: 202 });
    // ?run= tells the panel this run was just started here: it toasts the outcome even if the run is already done.
    return redirect(`${DASHBOARD}?run=${result.run.id}`);
  } catch (error) {
    console.error("Could not start the catalogue migration", error);
    const description = MIGRATION_TEXT.functionError(safeErrorMessage(error));
    if (json) return Response.json({ error: description }, { status: 503 });
    return redirectWithToast(context, DASHBOARD, { title: MIGRATION_TEXT.failedTitle, description, variant: "destructive" });
  }
}

/** Why a start request may not go ahead without (re)confirming, or null when it confirmed the plan that holds now. */
async function confirmationProblem(db: Db, token: string | undefined) {
  if (!token) return { title: CATALOGUE_LOAD_TEXT.confirmFirstTitle, description: CATALOGUE_LOAD_TEXT.confirmFirst };
  const { token: current } = await catalogueLoadChoices(db);
  if (token !== current) return { title: CATALOGUE_LOAD_TEXT.planChangedTitle, description: CATALOGUE_LOAD_TEXT.planChanged };
  return null;
}
