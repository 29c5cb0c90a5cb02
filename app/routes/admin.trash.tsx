import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminPageHeader, AdminRouteError, LocalDate } from "~/features/admin/admin-ui";
import { productPath } from "~/features/catalogue/product-path";
import { SITE } from "~/features/site/site";
import { redirectWithToast } from "~/features/toast/toast.server";
import { TRASH_PURGE_AFTER_DAYS, TRASH_REASON_LABEL, TRASH_ROUTE } from "~/features/trash/trash";
import { listTrash, restoreProduct } from "~/features/trash/trash.server";
import { readFormData } from "~/server/form-data.server";
import { localPath } from "~/server/redirect";

/** /admin/trash — deleted products, with Restore (decision 025). The delete toast's Undo posts here too. */

export const meta: MetaFunction = () => [{ title: `Trash | ${SITE.name}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { items: await listTrash(context.db) };
}

const RestoreSchema = z.object({
  intent: z.literal("restore", { message: "Unknown trash action" }),
  id: z.coerce.number({ message: "Choose a product to restore" }).int().positive("Choose a product to restore"),
});

const RESTORE_FAILED = "Failed to restore product";

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const formData = await readFormData(request);
  const redirectTo = localPath(formData.get("redirectTo"), TRASH_ROUTE);
  const parsed = RestoreSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return redirectWithToast(redirectTo, { title: RESTORE_FAILED, description: parsed.error.issues[0]!.message, variant: "destructive" });
  }
  try {
    const result = await restoreProduct(context.db, parsed.data.id);
    if (result.status === "not-found") {
      return redirectWithToast(redirectTo, { title: RESTORE_FAILED, description: "It is no longer in the trash.", variant: "destructive" });
    }
    if (result.status === "key-taken") {
      return redirectWithToast(redirectTo, {
        title: RESTORE_FAILED,
        description: `A catalogue load has added ${result.name} again since it was deleted.`,
        variant: "destructive",
      });
    }
    return redirectWithToast(redirectTo, { title: "Product restored", description: `${result.name} is back in the shop` });
  } catch (error) {
    console.error("Restore product failed", error);
    return redirectWithToast(redirectTo, { title: RESTORE_FAILED, variant: "destructive" });
  }
}

export default function Trash() {
  const { items } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AdminShell>
      <AdminPageHeader title="Trash" back={{ to: "/admin/products", label: "Products" }}>
        <p className="mt-2 text-ink-700">
          Deleted products stay here for {TRASH_PURGE_AFTER_DAYS} days, then they are removed for good. Restore brings one back with its
          link, photos, video and lab report.
        </p>
      </AdminPageHeader>
      {items.length === 0 ? (
        <p className="card p-6 text-ink-700">The trash is empty.</p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="bg-cream-100 text-ink-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Why
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Deleted
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-900/10">
              {items.map((item) => (
                <tr key={item.id}>
                  <th scope="row" className="px-4 py-3 font-medium text-ink-900">
                    {item.name}
                    <span className="block text-xs font-normal text-ink-500">{productPath(item)}</span>
                  </th>
                  <td className="px-4 py-3 text-ink-700">{TRASH_REASON_LABEL[item.reason] ?? item.reason}</td>
                  <td className="px-4 py-3 text-ink-700">
                    <LocalDate iso={item.deletedAt} />
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Form method="post">
                      <input type="hidden" name="intent" value="restore" />
                      <input type="hidden" name="id" value={item.id} />
                      <button type="submit" className="btn-secondary" disabled={busy} aria-label={`Restore ${item.name}`}>
                        Restore
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback="The trash could not be loaded." />;
}
