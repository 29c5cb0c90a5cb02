import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/auth.server";
import { deleteCategory, getCategoryWithCount } from "~/categories.server";
import { CategoryDeleteWarning } from "~/components/admin-category-delete";
import { AdminShell } from "~/components/admin-shell";
import { AdminRouteError } from "~/components/admin-ui";
import { CATEGORY_ERRORS } from "~/lib/category-form";
import { SITE } from "~/lib/site";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: `Delete Category | ${SITE.name}` }, { name: "robots", content: "noindex" }];

const PATH = "/admin/categories";

function categoryId(value: string | undefined) {
  const parsed = z.coerce.number().int().positive().safeParse(value);
  if (!parsed.success) throw data({ message: "Category not found." }, { status: 404 });
  return parsed.data;
}

/** The confirm page (the no-JavaScript path of the list's Delete dialog), with how many products still use the category. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const category = await getCategoryWithCount(context.db, categoryId(params.id));
  if (!category) throw data({ message: "Category not found. It may have been deleted already." }, { status: 404 });
  return { category };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = categoryId(params.id);
  try {
    const name = await deleteCategory(context.db, id);
    if (name === null) {
      return redirectWithToast(`${PATH}?error=delete-missing`, { ...CATEGORY_ERRORS["delete-missing"], variant: "destructive" });
    }
    return redirectWithToast(PATH, { title: "Category deleted", description: `${name} has been removed successfully` });
  } catch (error) {
    console.error("Delete category failed", error);
    return redirectWithToast(`${PATH}?error=delete-failed`, { ...CATEGORY_ERRORS["delete-failed"], variant: "destructive" });
  }
}

export default function DeleteCategory() {
  const { category } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AdminShell>
      <section aria-labelledby="delete-heading" className="card mx-auto max-w-lg p-6 sm:p-8">
        <h1 id="delete-heading" className="heading-display text-3xl">
          Delete Category
        </h1>
        <div className="mt-3 space-y-3 text-ink-700">
          <CategoryDeleteWarning name={category.name} slug={category.slug} productCount={category.productCount} />
        </div>
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <Link to={PATH} className="btn-secondary">
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
  return <AdminRouteError fallback={`${CATEGORY_ERRORS["delete-failed"].title}: the category could not be loaded.`} />;
}
