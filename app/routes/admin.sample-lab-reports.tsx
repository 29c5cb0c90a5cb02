import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { formMessage } from "~/server/action-reply";
import { refusedReply } from "~/server/action-reply.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminPageHeader, AdminRouteError } from "~/features/admin/admin-ui";
import { requireAdmin } from "~/features/auth/auth.server";
import { productPath } from "~/features/catalogue/product-path";
import { SAMPLE_LAB_REPORT_LABEL } from "~/features/lab-reports/lab-report-display";
import { listSampleLabReports, removeSampleLabReports } from "~/features/lab-reports/sample-lab-reports.server";
import { noindexTitle } from "~/features/site/seo";
import { redirectWithToast } from "~/features/toast/toast.server";

/**
 * /admin/sample-lab-reports — the built-in catalogue's sample lab reports: which products show one,
 * and one confirmed action that removes them all (the report and its facts). This page is the
 * confirmation: it lists what goes and says how it can come back.
 */

export const meta: MetaFunction = ({ matches }) => noindexTitle("Sample Lab Reports", matches);

export const SAMPLE_REMOVE_TEXT = {
  comeBack:
    "The samples' files stay stored. Loading the built-in catalogue with “Replace my work” puts the samples back on its products; nothing else does.",
  confirmMissing: "Tick the box to confirm, then remove the sample reports.",
  done: (count: number) => `Removed the sample lab report from ${count} ${count === 1 ? "product" : "products"}.`,
} as const;

const RemoveSchema = z.object({ intent: z.literal("remove-samples"), confirm: z.literal("yes") });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { samples: await listSampleLabReports(context.db) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(form, { schema: RemoveSchema });
  if (submission.status !== "success") return refusedReply(submission, SAMPLE_REMOVE_TEXT.confirmMissing, 400);
  const removed = await removeSampleLabReports(context.db);
  return redirectWithToast(context, "/admin/dashboard", {
    title: SAMPLE_REMOVE_TEXT.done(removed),
    description: SAMPLE_REMOVE_TEXT.comeBack,
  });
}

export default function SampleLabReports() {
  const { samples } = useLoaderData<typeof loader>();
  const refused = formMessage(useActionData<typeof action>());
  return (
    <AdminShell>
      <AdminPageHeader title="Sample lab reports" back={{ to: "/admin/dashboard", label: "Dashboard" }}>
        <p className="mt-2 max-w-2xl text-ink-700">
          The built-in catalogue comes with example lab reports so a new shop shows what a report looks like. They are not tests of what you
          sell: shoppers see each one labelled “{SAMPLE_LAB_REPORT_LABEL}”. Remove them before you open, and add your own lab&apos;s reports
          on each product.
        </p>
      </AdminPageHeader>
      <section aria-labelledby="samples-heading" className="card p-6 sm:p-8">
        <h2 id="samples-heading" className="font-display text-2xl text-forest-900">
          {samples.length === 0 ? "No product shows a sample report" : `${samples.length} ${samples.length === 1 ? "product" : "products"}`}
        </h2>
        {samples.length > 0 ? (
          <>
            <ul className="mt-3 max-h-96 list-disc space-y-0.5 overflow-y-auto pl-5 text-sm text-ink-700">
              {samples.map((sample) => (
                <li key={sample.id} className="break-words">
                  <Link to={`/admin/edit-product/${sample.id}`} className="font-semibold text-forest-900 underline">
                    {sample.name}
                  </Link>{" "}
                  — {sample.labName ?? "no lab"}, batch {sample.labBatch ?? "—"}
                  {sample.active ? "" : " (inactive)"} ·{" "}
                  <Link to={productPath(sample)} aria-label={`${sample.name} in the shop`} className="underline">
                    in the shop
                  </Link>
                </li>
              ))}
            </ul>
            <Form method="post" className="mt-6 space-y-3">
              <input type="hidden" name="intent" value="remove-samples" />
              <p className="text-sm text-ink-700">
                Removes the report and every lab fact (lab, date, batch, percentages) from these products. {SAMPLE_REMOVE_TEXT.comeBack}
              </p>
              <label className="flex items-start gap-2 text-sm text-ink-900">
                <input
                  type="checkbox"
                  name="confirm"
                  value="yes"
                  required
                  className="mt-1"
                  aria-invalid={refused ? true : undefined}
                  aria-describedby={refused ? "confirm-error" : undefined}
                />
                <span>
                  Yes, remove the sample lab report from {samples.length === 1 ? "this product" : `these ${samples.length} products`}
                </span>
              </label>
              {refused ? (
                <p id="confirm-error" role="alert" className="text-sm font-semibold text-berry-700">
                  {refused}
                </p>
              ) : null}
              <button type="submit" className="btn-gold">
                Remove every sample lab report
              </button>
            </Form>
          </>
        ) : (
          <p className="mt-2 text-sm text-ink-700">Every lab report in the shop is one you added.</p>
        )}
      </section>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The sample lab reports could not be read." />;
}
