import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { CategoryWithCount } from "~/features/catalogue/categories.server";
import { Field } from "~/ui/forms";
import { useReadAtHydration } from "~/ui/hydration";
import { TableHead } from "~/ui/table-head";
import { Badge, LocalDate } from "./admin-ui";
import { CATEGORIES_PATH as PATH, CategoryNameSchema } from "./category-form";

/** The inline Add or Edit panel of Category Management: a real form, its name kept when the server refuses it. */
export function CategoryPanel({
  mode,
  editing,
  lastResult,
}: {
  mode: "add" | "edit";
  editing: CategoryWithCount | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
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

/** Every category: cards on a phone, a table from md up. */
export function CategoryList({ categories, onDelete }: { categories: CategoryWithCount[]; onDelete: CategoryProps["onDelete"] }) {
  return (
    <>
      <ul className="divide-y divide-ink-900/5 md:hidden">
        {categories.map((category) => (
          <CategoryCard key={category.id} category={category} onDelete={onDelete} />
        ))}
      </ul>
      <div className="hidden md:block">
        <table className="w-full text-left">
          <TableHead
            className="bg-cream-100/60 text-xs font-semibold tracking-wider text-ink-500 uppercase"
            cellClassName="px-4 py-3"
            columns={["Status", "Name", "Slug", "Created", { label: "Actions", className: "px-4 py-3 text-right" }]}
          />
          <tbody>
            {categories.map((category) => (
              <CategoryRow key={category.id} category={category} onDelete={onDelete} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
