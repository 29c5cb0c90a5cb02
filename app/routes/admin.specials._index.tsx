import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminPageHeader, AdminRouteError, Badge } from "~/features/admin/admin-ui";
import { noindexTitle } from "~/features/site/seo";
import { listSpecials, type SpecialListRow } from "~/features/specials/specials-admin.server";
import { STATUS_LABELS, type SpecialStatus } from "~/features/specials/specials-status";
import { shopTimeZone } from "~/features/specials/specials-actions.server";
import { duplicateOf } from "~/features/specials/specials-form";
import { STACKING_RULE } from "~/features/specials/special";
import { createSpecial, getSpecial, updateSpecial } from "~/features/specials/specials.server";
import { redirectWithToast } from "~/features/toast/toast.server";
import { readFormData } from "~/server/form-data.server";
import { TableHead } from "~/ui/table-head";

export const meta: MetaFunction = ({ matches }) => noindexTitle("Specials", matches);

const LIST = "/admin/specials";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const timeZone = await shopTimeZone(request, context);
  return { rows: await listSpecials(context.db, new Date(), timeZone), timeZone };
}

const ActionSchema = z.object({
  intent: z.enum(["pause", "resume", "duplicate"], { errorMap: () => ({ message: "Unknown action." }) }),
  id: z.number({ message: "Choose a special." }).int().positive("Choose a special."),
});

/** Pause, Resume and Duplicate: each a one-button form on a row. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: ActionSchema });
  const failed = (description: string) => redirectWithToast(context, LIST, { title: "Not done", description, variant: "destructive" });
  if (submission.status !== "success") return failed(Object.values(submission.error ?? {}).flat()[0] ?? "Unknown action.");
  const { intent, id } = submission.value;
  const special = await getSpecial(context.db, id);
  if (!special) return failed("That special is no longer here (it may have been deleted).");
  const { id: _id, ...data } = special;
  if (intent === "duplicate") {
    const copy = await createSpecial(context.db, duplicateOf(special));
    if (copy.status !== "saved") return failed("The copy could not be made. Please try again.");
    return redirectWithToast(context, `${LIST}/${copy.id}`, {
      title: "Special duplicated",
      description: "The copy is paused and has no code: change what you need, then resume it.",
    });
  }
  const paused = intent === "pause";
  const saved = await updateSpecial(context.db, id, { ...data, paused });
  if (saved.status !== "saved") return failed("That special could not be changed. Please try again.");
  return redirectWithToast(context, LIST, { title: paused ? "Special paused" : "Special resumed", description: special.name });
}

const TONE: Record<SpecialStatus, "green" | "gold" | "neutral" | "red"> = {
  running: "green",
  scheduled: "gold",
  paused: "neutral",
  ended: "red",
};

function RowButton({ id, intent, label, name }: { id: number; intent: string; label: string; name: string }) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="btn-secondary px-3 py-1.5 text-xs"
        disabled={navigation.state !== "idle"}
        aria-label={`${label} ${name}`}
      >
        {label}
      </button>
    </Form>
  );
}

function SpecialRow({ row }: { row: SpecialListRow }) {
  return (
    <tr>
      <th scope="row" className="px-4 py-3 align-top font-medium text-ink-900 [overflow-wrap:anywhere]">
        <Link to={`${LIST}/${row.id}`} className="hover:underline">
          {row.name}
        </Link>
        <span className="mt-0.5 block text-xs font-normal text-ink-500">
          {row.kind} · {row.schedule}
        </span>
        <span className="mt-1 block md:hidden">
          <Badge tone={TONE[row.status]}>{STATUS_LABELS[row.status]}</Badge>
          {row.next ? <span className="ml-2 text-xs font-normal text-ink-700">{row.next}</span> : null}
        </span>
      </th>
      <td className="hidden px-4 py-3 align-top md:table-cell">
        <span className="rounded-full bg-gold-500/15 px-2 py-0.5 text-xs font-semibold text-forest-900 [overflow-wrap:anywhere]">
          {row.badge}
        </span>
      </td>
      <td className="hidden px-4 py-3 align-top md:table-cell">
        <Badge tone={TONE[row.status]}>{STATUS_LABELS[row.status]}</Badge>
        {row.next ? <span className="mt-1 block text-xs text-ink-700">{row.next}</span> : null}
      </td>
      <td className="hidden px-4 py-3 align-top font-mono text-xs sm:table-cell">{row.code ?? "—"}</td>
      <td className="px-4 py-3 text-right align-top">
        <div className="flex flex-wrap justify-end gap-2">
          <RowButton id={row.id} intent={row.paused ? "resume" : "pause"} label={row.paused ? "Resume" : "Pause"} name={row.name} />
          <RowButton id={row.id} intent="duplicate" label="Duplicate" name={row.name} />
          <Link to={`${LIST}/${row.id}/delete`} className="btn-danger px-3 py-1.5 text-xs" aria-label={`Delete ${row.name}`}>
            Delete
          </Link>
        </div>
      </td>
    </tr>
  );
}

export default function Specials() {
  const { rows, timeZone } = useLoaderData<typeof loader>();
  return (
    <AdminShell>
      <AdminPageHeader title="Specials" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <p className="mt-2 text-ink-700">
          Offers the shop applies by itself: percent or amount off, buy X get Y, mix and match, bundles and spend and save. Times are the
          shop's ({timeZone}).
        </p>
        <p className="mt-2 text-sm text-ink-500">{STACKING_RULE}</p>
      </AdminPageHeader>
      <p className="mb-4">
        <Link to={`${LIST}/new`} className="btn-primary">
          New special
        </Link>
      </p>
      {rows.length === 0 ? (
        <p className="card p-6 text-ink-700">No specials yet. Create one: “Buy 2 pre-rolls, get 1 free” or a Friday happy hour.</p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Specials</caption>
            <TableHead
              className="bg-cream-100 text-ink-700"
              cellClassName="px-4 py-3 font-semibold"
              columns={[
                "Special",
                { label: "Badge", className: "hidden px-4 py-3 font-semibold md:table-cell" },
                { label: "Status", className: "hidden px-4 py-3 font-semibold md:table-cell" },
                { label: "Code", className: "hidden px-4 py-3 font-semibold sm:table-cell" },
                { label: <span className="sr-only">Actions</span> },
              ]}
            />
            <tbody className="divide-y divide-ink-900/10">
              {rows.map((row) => (
                <SpecialRow key={row.id} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The specials could not be loaded." />;
}
