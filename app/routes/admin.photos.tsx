import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { refusalMessage } from "~/server/action-reply.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminFigures, AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { getPhotoOverview, listFailedPhotos, retryFailedPhotos, startBackfill } from "~/features/photos/photo-pipeline.server";
import { noindexTitle } from "~/features/site/seo";
import { redirectWithToast } from "~/features/toast/toast.server";
import { readFormData } from "~/server/form-data.server";
import { HeadedSection } from "~/ui/headed-section";

/**
 * /admin/photos — where the owner's photos stand (decision 022): how many are ready, waiting, being
 * made or failed (with the reason), 'Prepare older photos' for uploads from before the pipeline (the
 * backfill walk) and 'Retry failed photos'. Both are real forms; the page works without JavaScript.
 */

export const meta: MetaFunction = ({ matches }) => noindexTitle("Photos", matches);

const PATH = "/admin/photos";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [overview, failed] = await Promise.all([getPhotoOverview(context.db), listFailedPhotos(context.db)]);
  return { overview, failed };
}

const PhotosActionSchema = z.object({ intent: z.enum(["backfill", "retry-failed"], { message: "Unknown photo action" }) });

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: PhotosActionSchema });
  if (submission.status !== "success") {
    return redirectWithToast(context, PATH, { title: "Nothing was done", description: refusalMessage(submission), variant: "destructive" });
  }
  try {
    if (submission.value.intent === "backfill") {
      await startBackfill(context.env, context.db);
      return redirectWithToast(context, PATH, {
        title: "Preparing older photos",
        description: "Every photo uploaded before gets its sizes in the background; this page shows the progress.",
      });
    }
    const queued = await retryFailedPhotos(context.env, context.db);
    return redirectWithToast(
      context,
      PATH,
      queued === 0
        ? { title: "No failed photos", description: "There was nothing to retry." }
        : { title: "Trying again", description: `${queued} ${queued === 1 ? "photo is" : "photos are"} queued again.` },
    );
  } catch (error) {
    console.error("Photos action failed", error);
    return redirectWithToast(context, PATH, {
      title: "Could not start",
      description: "Please try again in a moment.",
      variant: "destructive",
    });
  }
}

const STATUS_LABELS = [
  { status: "ready", label: "Ready" },
  { status: "queued", label: "Waiting" },
  { status: "processing", label: "Being made" },
  { status: "failed", label: "Failed" },
] as const;

export default function Photos() {
  const { overview, failed } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === PATH;
  const { backfill } = overview;
  return (
    <AdminShell>
      <AdminPageHeader title="Photos" back={{ to: "/admin/dashboard", label: "Dashboard" }}>
        <p className="mt-2 text-ink-700">
          Every photo you upload is turned upright, stripped of its location and camera details, and made in the sizes phones and desktops
          need. Until its sizes are ready, shoppers see a stripped copy.
        </p>
      </AdminPageHeader>

      <AdminFigures
        id="photo-counts"
        title="Photo counts"
        gridClassName="grid grid-cols-2 gap-3 sm:grid-cols-4"
        figures={STATUS_LABELS.map(({ status, label }) => ({
          label,
          value: overview.counts[status],
          alert: status === "failed" && overview.counts.failed > 0,
        }))}
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <HeadedSection id="older-photos" className="card p-5" headingClassName="font-display text-xl text-forest-900" title="Older photos">
          <p className="mt-2 text-sm text-ink-700">
            Photos uploaded before sizes were made for each one are prepared the first time a shopper sees them. Prepare them all now so
            every page is fast from the start.
          </p>
          <p className="mt-3 text-sm text-ink-700" role="status">
            {backfill === null
              ? "Not run yet."
              : backfill.state === "running"
                ? `Running: ${backfill.listed} ${backfill.listed === 1 ? "photo" : "photos"} looked at so far.`
                : `Done: ${backfill.listed} ${backfill.listed === 1 ? "photo" : "photos"} looked at.`}
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="backfill" />
            <button type="submit" className="btn-primary" disabled={busy || backfill?.state === "running"}>
              {backfill === null ? "Prepare older photos" : "Prepare older photos again"}
            </button>
          </Form>
        </HeadedSection>

        <HeadedSection
          id="failed-photos"
          className="card p-5"
          headingClassName="font-display text-xl text-forest-900"
          title="Failed photos"
        >
          {failed.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">None. Every photo was made, or is on its way.</p>
          ) : (
            <>
              <ul className="mt-3 space-y-2 text-sm">
                {failed.map((photo) => (
                  <li key={photo.key} className="rounded-xl bg-berry-50 px-3 py-2 text-ink-900 ring-1 ring-berry-700/15">
                    <span className="block font-mono text-xs break-all text-ink-700">{photo.key}</span>
                    {photo.error ?? "The photo could not be made."}
                  </li>
                ))}
              </ul>
              <Form method="post" className="mt-4">
                <input type="hidden" name="intent" value="retry-failed" />
                <button type="submit" className="btn-secondary" disabled={busy}>
                  Retry failed photos
                </button>
              </Form>
            </>
          )}
        </HeadedSection>
      </div>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The photos could not be loaded." />;
}
