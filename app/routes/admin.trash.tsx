import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { refusalMessage } from "~/server/action-reply.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminPageHeader, AdminRouteError, LocalDate } from "~/features/admin/admin-ui";
import { productPath } from "~/features/catalogue/product-path";
import { noindexTitle } from "~/features/site/seo";
import { redirectWithToast } from "~/features/toast/toast.server";
import {
  RESTORE_INTENTS,
  RESTORE_SIZES_INTENT,
  type TrashKind,
  TRASH_PURGE_AFTER_DAYS,
  trashReasonLabel,
  TRASH_ROUTE,
} from "~/features/trash/trash";
import { listTrash, restoreProduct } from "~/features/trash/trash.server";
import { listCategoryTrash, restoreCategory } from "~/features/trash/category-trash.server";
import { listRemovedSizes, restoreRemovedSizes } from "~/features/admin/size-undo.server";
import { readFormData } from "~/server/form-data.server";
import { TableHead } from "~/ui/table-head";
import { localPath } from "~/server/redirect";
import { listTrashedSpecials, restoreSpecial } from "~/features/specials/specials.server";

/** /admin/trash — deleted products, categories and specials, with Restore (decision 025). The delete toasts' Undo posts here too. */

export const meta: MetaFunction = ({ matches }) => noindexTitle("Trash", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [items, categories, sizes, specials] = await Promise.all([
    listTrash(context.db),
    listCategoryTrash(context.db),
    listRemovedSizes(context.db),
    listTrashedSpecials(context.db),
  ]);
  return { items, categories, sizes, specials };
}

const restoreId = (what: string) =>
  z.coerce
    .number({ message: `Choose a ${what} to restore` })
    .int()
    .positive(`Choose a ${what} to restore`);

const RestoreSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal(RESTORE_INTENTS.product), id: restoreId("product") }),
    z.object({ intent: z.literal(RESTORE_INTENTS.category), id: restoreId("category") }),
    z.object({ intent: z.literal(RESTORE_INTENTS.special), id: restoreId("special") }),
    // The Undo of a product form's save that removed sizes (decision 028): the version that save gave the product.
    z.object({
      intent: z.literal(RESTORE_SIZES_INTENT),
      id: restoreId("product"),
      version: z.coerce
        .number({ message: "The Undo did not say which save it undoes" })
        .int()
        .positive("The Undo did not say which save it undoes"),
    }),
  ],
  { errorMap: () => ({ message: "Unknown trash action" }) },
);

const RESTORE_FAILED = {
  product: "Failed to restore product",
  category: "Failed to restore category",
  special: "Failed to restore special",
  sizes: "Sizes not restored",
};

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const formData = await readFormData(request);
  const redirectTo = localPath(formData.get("redirectTo"), TRASH_ROUTE);
  const submission = parseWithZod(formData, { schema: RestoreSchema });
  if (submission.status !== "success") {
    return redirectWithToast(context, redirectTo, {
      title: RESTORE_FAILED.product,
      description: refusalMessage(submission),
      variant: "destructive",
    });
  }
  const input = submission.value;
  const kind =
    input.intent === RESTORE_INTENTS.category
      ? "category"
      : input.intent === RESTORE_INTENTS.special
        ? "special"
        : input.intent === RESTORE_SIZES_INTENT
          ? "sizes"
          : "product";
  const failed = (description?: string) =>
    redirectWithToast(context, redirectTo, { title: RESTORE_FAILED[kind], description, variant: "destructive" });
  try {
    if (input.intent === RESTORE_SIZES_INTENT) {
      const result = await restoreRemovedSizes(context.db, input.id, input.version);
      if (result.status === "not-found") return failed("The product no longer exists (it may have been deleted).");
      if (result.status === "gone") return failed(`There are no removed sizes of ${result.name} from that save to put back.`);
      if (result.status === "stale")
        return failed(`${result.name} has been changed since those sizes were removed: add them again in its form.`);
      const labels = result.labels.join(", ");
      return redirectWithToast(context, redirectTo, {
        title: result.labels.length === 1 ? "Size restored" : "Sizes restored",
        description: `${labels} ${result.labels.length === 1 ? "is" : "are"} back on ${result.name}`,
      });
    }
    if (kind === "special") {
      const result = await restoreSpecial(context.db, input.id);
      if (result.status === "not-found") return failed("It is no longer in the trash.");
      if (result.status === "code-taken")
        return failed(`Another special uses the code of ${result.name} now: change that special's code, then restore this one.`);
      return redirectWithToast(context, redirectTo, { title: "Special restored", description: `${result.name} is back in Specials` });
    }
    if (kind === "category") {
      const result = await restoreCategory(context.db, input.id);
      if (result.status === "not-found") return failed("It is no longer in the trash.");
      if (result.status === "taken")
        return failed(`A category with the name or URL of ${result.name} has been added since it was deleted.`);
      return redirectWithToast(context, redirectTo, {
        title: "Category restored",
        description: `${result.name} is back, with its products`,
      });
    }
    const result = await restoreProduct(context.db, input.id);
    if (result.status === "not-found") return failed("It is no longer in the trash.");
    if (result.status === "key-taken") return failed(`A catalogue load has added ${result.name} again since it was deleted.`);
    return redirectWithToast(context, redirectTo, { title: "Product restored", description: `${result.name} is back in the shop` });
  } catch (error) {
    console.error(`Restore ${kind} failed`, error);
    return failed();
  }
}

export default function Trash() {
  const { items, categories, sizes, specials } = useLoaderData<typeof loader>();
  return (
    <AdminShell>
      <AdminPageHeader title="Trash" back={{ to: "/admin/products", label: "Products" }}>
        <p className="mt-2 text-ink-700">
          Deleted products, categories and specials stay here for {TRASH_PURGE_AFTER_DAYS} days, then they are removed for good. Restore
          brings a product back with its link, photos, video and lab report, a category back with its products, and removed sizes back with
          their prices and stock.
        </p>
      </AdminPageHeader>
      {items.length === 0 && categories.length === 0 && sizes.length === 0 && specials.length === 0 ? (
        <p className="card p-6 text-ink-700">The trash is empty.</p>
      ) : (
        <div className="space-y-8">
          <TrashTable
            caption="Products"
            kind="product"
            rows={items.map((item) => ({
              ...item,
              detail: productPath(item),
              why: trashReasonLabel(item.reason),
            }))}
          />
          <TrashTable
            caption="Categories"
            kind="category"
            rows={categories.map((category) => ({ ...category, detail: `/shop/${category.slug}`, why: trashReasonLabel("deleted") }))}
          />
          <TrashTable
            caption="Specials"
            kind="special"
            rows={specials.map((special) => ({
              ...special,
              detail: "Special",
              why: trashReasonLabel("deleted"),
              deletedAt: special.deletedAt ?? "",
            }))}
          />
          <TrashTable
            caption="Sizes"
            kind="sizes"
            rows={sizes.map((entry) => ({
              id: entry.id,
              name: `${entry.name}: ${entry.labels.map((label) => label || "its one size").join(", ")}`,
              restoreLabel: `Restore ${entry.labels.length === 1 ? "the size" : "the sizes"} of ${entry.name}`,
              detail: productPath(entry),
              why: REMOVED_SIZES_REASON,
              deletedAt: entry.removedAt,
              version: entry.version,
            }))}
          />
        </div>
      )}
    </AdminShell>
  );
}

/** Sizes are kept by the write that removed them: a form save, a catalogue import or a load. */
const REMOVED_SIZES_REASON = "Removed from the product";

interface TrashTableRow {
  id: number;
  name: string;
  /** the Restore button's name for a screen reader (default: Restore and the name) */
  restoreLabel?: string;
  /** removed sizes: the version the removing write gave the product */
  version?: number;
  /** the address it had, in small print under its name */
  detail: string;
  why: string;
  deletedAt: string;
}

const HIDDEN_ON_PHONES = "hidden px-4 py-3 font-semibold sm:table-cell";

/** One kind of trashed item, each row with its Restore form (a real POST, with or without JavaScript). */
function TrashTable({ caption, kind, rows }: { caption: string; kind: TrashKind | "sizes"; rows: TrashTableRow[] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (rows.length === 0) return null;
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left font-display text-lg text-forest-900">{caption}</caption>
        <TableHead
          className="bg-cream-100 text-ink-700"
          cellClassName="px-4 py-3 font-semibold"
          columns={[
            "Name",
            { label: "Why", className: HIDDEN_ON_PHONES },
            { label: "Deleted", className: HIDDEN_ON_PHONES },
            { label: <span className="sr-only">Actions</span> },
          ]}
        />
        <tbody className="divide-y divide-ink-900/10">
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row" className="px-4 py-3 font-medium text-ink-900 [overflow-wrap:anywhere]">
                {row.name}
                <span className="block text-xs font-normal break-all text-ink-500">{row.detail}</span>
                {/* On a phone, why and when go under the name (their columns are hidden). */}
                <span className="mt-0.5 block text-xs font-normal text-ink-700 sm:hidden">
                  {row.why} · <LocalDate iso={row.deletedAt} />
                </span>
              </th>
              <td className="hidden px-4 py-3 text-ink-700 sm:table-cell">{row.why}</td>
              <td className="hidden px-4 py-3 text-ink-700 sm:table-cell">
                <LocalDate iso={row.deletedAt} />
              </td>
              <td className="px-4 py-3 text-right">
                <Form method="post">
                  <input type="hidden" name="intent" value={kind === "sizes" ? RESTORE_SIZES_INTENT : RESTORE_INTENTS[kind]} />
                  <input type="hidden" name="id" value={row.id} />
                  {row.version !== undefined ? <input type="hidden" name="version" value={row.version} /> : null}
                  <button type="submit" className="btn-secondary" disabled={busy} aria-label={row.restoreLabel ?? `Restore ${row.name}`}>
                    Restore
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The trash could not be loaded." />;
}
