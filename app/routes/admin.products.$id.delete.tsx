import { readFormData } from "~/form-data.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/auth.server";
import { AdminShell } from "~/components/admin-shell";
import { AdminRouteError } from "~/components/admin-ui";
import { localPath } from "~/lib/redirect";
import { SITE } from "~/lib/site";
import { deleteProduct, getProductName } from "~/product-admin.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: `Delete Product | ${SITE.name}` }, { name: "robots", content: "noindex" }];

const IdSchema = z.coerce.number().int().positive();

function productId(value: string | undefined) {
  const parsed = IdSchema.safeParse(value);
  if (!parsed.success) throw data({ message: "Product not found." }, { status: 404 });
  return parsed.data;
}

/** The confirm page (the no-JavaScript path of the list's Delete dialog). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = productId(params.id);
  const product = await getProductName(context.db, id);
  if (!product) throw data({ message: "Product not found. It may have been deleted already." }, { status: 404 });
  const redirectTo = localPath(new URL(request.url).searchParams.get("redirectTo"), "/admin/products");
  return { product, redirectTo };
}

const DELETE_FAILED = "Failed to delete product";

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = productId(params.id);
  const formData = await readFormData(request);
  const redirectTo = localPath(formData.get("redirectTo"), "/admin/products");
  try {
    const name = await deleteProduct(context.db, id);
    if (name === null) {
      return redirectWithToast(redirectTo, {
        title: DELETE_FAILED,
        description: "The product no longer exists.",
        variant: "destructive",
      });
    }
    return redirectWithToast(redirectTo, { title: "Product deleted", description: `${name} has been deleted successfully` });
  } catch (error) {
    console.error("Delete product failed", error);
    return redirectWithToast(redirectTo, { title: DELETE_FAILED, variant: "destructive" });
  }
}

export default function DeleteProduct() {
  const { product, redirectTo } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AdminShell>
      <section aria-labelledby="delete-heading" className="card mx-auto max-w-lg p-6 sm:p-8">
        <h1 id="delete-heading" className="heading-display text-3xl">
          Delete Product
        </h1>
        <p className="mt-3 text-ink-700">Are you sure you want to delete "{product.name}"? This action cannot be undone.</p>
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Link to={redirectTo} className="btn-secondary">
            Cancel
          </Link>
          <button type="submit" className="btn-danger" disabled={submitting}>
            {submitting ? "Deleting..." : "Delete"}
          </button>
        </Form>
      </section>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback={`${DELETE_FAILED}: the product could not be loaded.`} />;
}
