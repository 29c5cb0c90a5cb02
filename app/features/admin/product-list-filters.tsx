import { Form, useSubmit } from "@remix-run/react";
import { titleCaseSlug } from "~/features/catalogue/slug";
import type { AdminProductFilters } from "./product-admin.server";

/**
 * Product Management's filter form (a GET form: the URL is the filter, so it works without JavaScript
 * and can be shared), its summary line and the links between pages. The server side reads the same
 * names in product-list-filters.server.ts.
 */

/** Each filter's name in the query string. */
export const FILTER_PARAMS = {
  search: "search",
  category: "category",
  onSale: "sale",
  status: "status",
  stock: "stock",
  noPhoto: "photo",
  labReportMissing: "report",
  page: "page",
} as const satisfies Record<keyof AdminProductFilters, string>;

export interface CategoryCount {
  slug: string;
  name: string;
  count: number;
}

export function categoryLabel(categories: readonly CategoryCount[], slug: string) {
  return categories.find((category) => category.slug === slug)?.name ?? titleCaseSlug(slug);
}

/** Whether any filter (not the page) narrows the list. */
export function isFiltered(filters: AdminProductFilters) {
  return qualifiers(filters).length > 0 || Boolean(filters.search || filters.category);
}

function qualifiers(filters: AdminProductFilters) {
  return [
    filters.onSale ? "on sale" : null,
    filters.status || null,
    { in: "in stock", out: "out of stock", low: "low stock", "": null }[filters.stock ?? ""],
    filters.noPhoto ? "without a photo" : null,
    filters.labReportMissing ? "lab tested without a lab report" : null,
  ].filter(Boolean);
}

/** The product's summary line: 'Showing x of y products', with what the filters narrow it to. */
export function filterSummary(filters: AdminProductFilters, counts: { filtered: number; total: number }, categories: CategoryCount[]) {
  let summary = `Showing ${counts.filtered} of ${counts.total} products`;
  if (filters.search) summary += ` matching "${filters.search}"`;
  if (filters.category) summary += ` in category "${categoryLabel(categories, filters.category)}"`;
  const rest = qualifiers(filters);
  if (rest.length > 0) summary += ` ${rest.join(", ")}`;
  return summary;
}

/** The list's URL for a page, keeping the filters. */
export function pageHref(search: URLSearchParams, page: number) {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete(FILTER_PARAMS.page);
  else next.set(FILTER_PARAMS.page, String(page));
  const query = next.toString();
  return query ? `?${query}` : ".";
}

/** The current filters (and page) as they stand in the URL: hidden fields of another form that acts on them. */
export function FilterHiddenFields({ search, form }: { search: URLSearchParams; form?: string }) {
  const names = new Set<string>(Object.values(FILTER_PARAMS));
  return (
    <>
      {[...search.entries()]
        .filter(([name]) => names.has(name))
        .map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} form={form} />
        ))}
    </>
  );
}

/** A select of the filter form; with JavaScript a change applies at once. */
function FilterSelect({
  name,
  label,
  value,
  options,
  className = "input",
}: {
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  className?: string;
}) {
  const submit = useSubmit();
  return (
    <div className={name === FILTER_PARAMS.category ? "col-span-2 lg:col-span-1" : undefined}>
      <label htmlFor={`product-${name}`} className="label">
        {label}
      </label>
      <select
        id={`product-${name}`}
        name={name}
        defaultValue={value}
        key={`${name}-${value}`}
        className={className}
        onChange={(event) => submit(event.currentTarget.form)}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function FilterCheckbox({ name, value, checked, label }: { name: string; value: string; checked: boolean; label: string }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-ink-900">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        key={`${name}-${checked}`}
        className="h-4 w-4 accent-forest-800"
      />
      {label}
    </label>
  );
}

export function ProductFilterForm({
  filters,
  categories,
  totalCount,
}: {
  filters: AdminProductFilters;
  categories: CategoryCount[];
  totalCount: number;
}) {
  const names = FILTER_PARAMS;
  return (
    <Form method="get" role="search" aria-label="Filter products" className="card mb-6 grid gap-4 p-4">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-[1fr_minmax(12rem,16rem)_10rem_10rem] lg:items-end">
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor="product-search" className="label">
            Search
          </label>
          <input
            id="product-search"
            type="search"
            name={names.search}
            defaultValue={filters.search}
            key={`search-${filters.search}`}
            placeholder="Search products by name or category..."
            className="input"
          />
        </div>
        <FilterSelect
          name={names.category}
          label="Category"
          value={filters.category}
          className="input max-h-[300px] overflow-y-auto"
          options={[
            ["", `All Categories (${totalCount})`],
            ...categories.map((category) => [category.slug, `${category.name} (${category.count})`] as const),
          ]}
        />
        <FilterSelect
          name={names.status}
          label="Status"
          value={filters.status ?? ""}
          options={[
            ["", "Any status"],
            ["active", "Active"],
            ["inactive", "Inactive"],
          ]}
        />
        <FilterSelect
          name={names.stock}
          label="Stock"
          value={filters.stock ?? ""}
          options={[
            ["", "Any stock"],
            ["in", "In stock"],
            ["out", "Out of stock"],
            ["low", "Low stock"],
          ]}
        />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <fieldset className="flex flex-wrap gap-x-5 gap-y-1">
          <legend className="sr-only">Show only products</legend>
          <FilterCheckbox name={names.onSale} value="1" checked={Boolean(filters.onSale)} label="On sale only" />
          <FilterCheckbox name={names.noPhoto} value="none" checked={Boolean(filters.noPhoto)} label="Without a photo" />
          <FilterCheckbox
            name={names.labReportMissing}
            value="missing"
            checked={Boolean(filters.labReportMissing)}
            label="Lab tested without a report"
          />
        </fieldset>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </div>
    </Form>
  );
}
