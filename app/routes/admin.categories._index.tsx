import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import { Field } from "~/ui/forms";
import { useReadAtHydration } from "~/ui/hydration";
import { readFormData } from "~/server/form-data.server";
import { requireAdmin } from "~/features/auth/auth.server";
import {
  addCategory,
  listCategoriesWithCounts,
  renameCategory,
  toggleCategoryActive,
  type CategoryWithCount,
} from "~/features/catalogue/categories.server";
import { AdminConfirmDialog } from "~/features/admin/confirm-dialog";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminAlert, AdminPageHeader, AdminRouteError, Badge, LocalDate, useActionToast } from "~/features/admin/admin-ui";
import { CategoryDeleteWarning } from "~/features/admin/category-delete";
import { CATEGORY_ERRORS, CategoryNameSchema, categoryError, type CategoryErrorCode } from "~/features/admin/category-form";
import { SITE } from "~/features/site/site";
import { fixedPagesListing } from "~/features/category-pages/category-pages.server";
import { redirectWithToast } from "~/features/toast/toast.server";

export const meta: MetaFunction = () => [{ title: `Category Management | ${SITE.name}` }, { name: "robots", content: "noindex" }];

const PATH = "/admin/categories";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  let categories: CategoryWithCount[];
  try {
    categories = await listCategoriesWithCounts(context.db);
  } catch (error) {
    console.error("Category Management: categories could not be loaded", error);
    throw data({ message: `${CATEGORY_ERRORS["load-failed"].title}: ${CATEGORY_ERRORS["load-failed"].description}` }, { status: 500 });
  }
  const params = new URL(request.url).searchParams;
  const editId = Number(params.get("id"));
  const editing = params.get("mode") === "edit" ? (categories.find((category) => category.id === editId) ?? null) : null;
  const mode: "add" | "edit" | null = editing ? "edit" : params.get("mode") === "add" ? "add" : null;
  const listedOn = Object.fromEntries(categories.map((category) => [category.slug, fixedPagesListing(category.slug)]));
  return { categories, mode, editing, listedOn };
}

const IdField = z.coerce.number().int().positive();
const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add") }),
  z.object({ intent: z.literal("rename"), id: IdField }),
  z.object({ intent: z.literal("toggle"), id: IdField }),
]);

/** Which inline panel a refused add or rename reopens, so the typed name stays on screen. */
type Panel = { mode: "add" | "edit"; id: number | null };

function failure(code: CategoryErrorCode, status: number, result: SubmissionResult<string[]>, panel: Panel) {
  const error = CATEGORY_ERRORS[code];
  return data({ error, result, panel, toast: { ...error, variant: "destructive" as const } }, { status });
}

function errorRedirect(code: CategoryErrorCode) {
  const error = CATEGORY_ERRORS[code];
  return redirectWithToast(`${PATH}?error=${code}`, { ...error, variant: "destructive" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const formData = await readFormData(request);
  const parsedIntent = ActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsedIntent.success) {
    return data(
      {
        error: { title: "Request not understood", description: "The form did not say what to change." },
        result: null,
        panel: null,
        toast: null,
      },
      { status: 400 },
    );
  }
  const intent = parsedIntent.data;

  if (intent.intent === "toggle") {
    try {
      const category = await toggleCategoryActive(context.db, intent.id);
      if (!category) return errorRedirect("toggle-missing");
      return redirectWithToast(PATH, {
        title: "Category status updated",
        description: `Category has been ${category.active ? "activated" : "deactivated"}`,
      });
    } catch (error) {
      console.error("Toggle category failed", error);
      return errorRedirect("toggle-failed");
    }
  }

  const submission = parseWithZod(formData, { schema: CategoryNameSchema });
  const panel: Panel = intent.intent === "add" ? { mode: "add", id: null } : { mode: "edit", id: intent.id };
  if (submission.status !== "success") {
    return data({ error: null, result: submission.reply(), panel, toast: null }, { status: 400 });
  }
  const { name } = submission.value;

  if (intent.intent === "add") {
    try {
      const added = await addCategory(context.db, name);
      if (!added.ok) {
        return failure(
          "add-duplicate",
          409,
          submission.reply({ fieldErrors: { name: [CATEGORY_ERRORS["add-duplicate"].description] } }),
          panel,
        );
      }
      return redirectWithToast(PATH, { title: "Category added", description: `${added.value.name} has been added successfully` });
    } catch (error) {
      console.error("Add category failed", error);
      return failure("add-failed", 500, submission.reply(), panel);
    }
  }

  try {
    const renamed = await renameCategory(context.db, intent.id, name);
    if (!renamed.ok && renamed.reason === "duplicate") {
      return failure(
        "rename-duplicate",
        409,
        submission.reply({ fieldErrors: { name: [CATEGORY_ERRORS["rename-duplicate"].description] } }),
        panel,
      );
    }
    if (!renamed.ok) return errorRedirect("rename-missing");
    return redirectWithToast(PATH, { title: "Category updated", description: "Category has been updated successfully" });
  } catch (error) {
    console.error("Rename category failed", error);
    return failure("rename-failed", 500, submission.reply(), panel);
  }
}

type ActionData = ReturnType<typeof useActionData<typeof action>>;

function CategoryPanel({
  mode,
  editing,
  lastResult,
}: {
  mode: "add" | "edit";
  editing: CategoryWithCount | null;
  lastResult: NonNullable<ActionData>["result"] | undefined;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: `category-${mode}-${editing?.id ?? "new"}`,
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: { name: editing?.name ?? "" },
    constraint: getZodConstraint(CategoryNameSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CategoryNameSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [value, setValue] = useState(editing?.name ?? "");
  // A name typed before the page booted decides whether the button is enabled.
  useReadAtHydration(() => {
    const typed = document.getElementById(fields.name.id);
    if (typed instanceof HTMLInputElement) setValue(typed.value);
  });
  const blank = value.trim() === "";
  const title = mode === "add" ? "Add New Category" : "Edit Category";

  return (
    <section aria-labelledby="category-panel-heading" className="border-b border-ink-900/5 bg-cream-100/60 p-4 sm:p-6">
      <h3 id="category-panel-heading" className="text-lg font-semibold text-forest-900">
        {title}
      </h3>
      <Form method="post" action={PATH} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={mode === "add" ? "add" : "rename"} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <Field
          field={fields.name}
          label="Category name"
          labelClassName="sr-only"
          wrapperClassName="flex-1"
          placeholder="Category name"
          className="input"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the name field appears because the owner asked to add or rename: typing starts there, with or without JavaScript
          autoFocus
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <div className="flex gap-2">
          <button type="submit" className="btn-primary" disabled={hydrated && (blank || saving)}>
            {saving ? "Saving..." : mode === "add" ? "Add" : "Update"}
          </button>
          <Link to={PATH} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

type CategoryProps = { category: CategoryWithCount; onDelete: (category: CategoryWithCount) => void };

function StatusBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>;
}

/** Edit (opens the inline panel), Activate/Deactivate (a post), Delete (confirm page, or the dialog with JavaScript). */
function CategoryActions({ category, onDelete, className }: CategoryProps & { className: string }) {
  const hydrated = useHydrated();
  return (
    <div className={className}>
      <Link to={`${PATH}?mode=edit&id=${category.id}`} className="btn-secondary px-3 py-1.5" preventScrollReset>
        Edit<span className="sr-only"> {category.name}</span>
      </Link>
      <Form method="post" action={PATH}>
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="id" value={category.id} />
        <button type="submit" className="btn-secondary px-3 py-1.5">
          {category.active ? "Deactivate" : "Activate"}
          <span className="sr-only"> {category.name}</span>
        </button>
      </Form>
      <Link
        to={`${PATH}/${category.id}/delete`}
        className="btn-delete px-3 py-1.5"
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          onDelete(category);
        }}
      >
        Delete<span className="sr-only"> {category.name}</span>
      </Link>
    </div>
  );
}

function CategoryRow({ category, onDelete }: CategoryProps) {
  return (
    <tr className="border-t border-ink-900/5 align-middle">
      <td className="px-4 py-3">
        <StatusBadge active={category.active} />
      </td>
      <th scope="row" className="px-4 py-3 text-left font-semibold text-ink-900">
        {category.name}
      </th>
      <td className="px-4 py-3 font-mono text-sm text-ink-700">{category.slug}</td>
      <td className="px-4 py-3 text-sm whitespace-nowrap text-ink-700">
        <LocalDate iso={category.createdAt} />
      </td>
      <td className="px-4 py-3">
        <CategoryActions category={category} onDelete={onDelete} className="flex justify-end gap-2" />
      </td>
    </tr>
  );
}

/** The same facts as a table row, stacked for phones. */
function CategoryCard({ category, onDelete }: CategoryProps) {
  return (
    <li className="space-y-3 px-4 py-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink-900">{category.name}</h3>
          <p className="mt-0.5 text-sm text-ink-500">
            <span className="font-mono">{category.slug}</span> · Created <LocalDate iso={category.createdAt} />
          </p>
        </div>
        <StatusBadge active={category.active} />
      </div>
      <CategoryActions category={category} onDelete={onDelete} className="flex flex-wrap gap-2" />
    </li>
  );
}

export default function CategoryManagement() {
  const loaded = useLoaderData<typeof loader>();
  const { categories, listedOn } = loaded;
  const actionData = useActionData<typeof action>();
  // A refused add or rename (posted without ?mode) reopens its panel with what was typed.
  const panel = actionData?.panel;
  const mode = panel ? panel.mode : loaded.mode;
  const editing = panel ? (categories.find((category) => category.id === panel.id) ?? null) : loaded.editing;
  const location = useLocation();
  const navigation = useNavigation();
  const [deleting, setDeleting] = useState<CategoryWithCount | null>(null);
  const closeDialog = useCallback(() => setDeleting(null), []);
  useActionToast(actionData?.toast);

  const params = new URLSearchParams(location.search);
  const banner = actionData?.error ?? categoryError(params.get("error"));
  params.delete("error");
  const dismissTo = params.size > 0 ? `${PATH}?${params.toString()}` : PATH;
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  const panelOpen = mode !== null;

  return (
    <AdminShell>
      <AdminPageHeader
        title="Category Management"
        back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
        action={
          panelOpen ? (
            <button type="button" className="btn-primary" disabled>
              Add Category
            </button>
          ) : (
            <Link to={`${PATH}?mode=add`} className="btn-primary" preventScrollReset>
              Add Category
            </Link>
          )
        }
      />

      {banner ? (
        <div className="mb-6">
          <AdminAlert title={banner.title} dismissTo={dismissTo}>
            <p>{banner.description}</p>
          </AdminAlert>
        </div>
      ) : null}

      <section aria-labelledby="categories-heading" className="card overflow-hidden">
        <h2 id="categories-heading" className="border-b border-ink-900/5 px-4 py-4 text-xl font-semibold text-forest-900 sm:px-6">
          Categories ({categories.length})
        </h2>

        {panelOpen ? (
          <CategoryPanel key={`${mode}-${editing?.id ?? "new"}`} mode={mode} editing={editing} lastResult={actionData?.result} />
        ) : null}

        {loading ? (
          <p role="status" className="px-6 py-10 text-center text-ink-700">
            Loading categories...
          </p>
        ) : categories.length === 0 ? (
          <div className="flex flex-col items-center gap-4 px-6 py-12 text-center">
            <p className="text-ink-700">No categories found.</p>
            {panelOpen ? null : (
              <Link to={`${PATH}?mode=add`} className="btn-primary">
                Add Your First Category
              </Link>
            )}
          </div>
        ) : (
          <>
            <ul className="divide-y divide-ink-900/5 md:hidden">
              {categories.map((category) => (
                <CategoryCard key={category.id} category={category} onDelete={setDeleting} />
              ))}
            </ul>
            <div className="hidden md:block">
              <table className="w-full text-left">
                <thead className="bg-cream-100/60 text-xs font-semibold tracking-wider text-ink-500 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Name
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Slug
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Created
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {categories.map((category) => (
                    <CategoryRow key={category.id} category={category} onDelete={setDeleting} />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <AdminConfirmDialog
        open={deleting !== null}
        onClose={closeDialog}
        title="Delete Category"
        action={deleting ? `${PATH}/${deleting.id}/delete` : PATH}
      >
        {deleting ? (
          <CategoryDeleteWarning
            name={deleting.name}
            slug={deleting.slug}
            productCount={deleting.productCount}
            listedOn={listedOn[deleting.slug]}
          />
        ) : null}
      </AdminConfirmDialog>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError fallback={CATEGORY_ERRORS["load-failed"].title} />;
}
