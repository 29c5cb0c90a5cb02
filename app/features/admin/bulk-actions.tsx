import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { useReadAtHydration } from "~/ui/hydration";
import { AdminConfirmDialog, ConfirmButton, HiddenFields } from "./confirm-dialog";
import { AdminAlert } from "./admin-ui";
import { FilterHiddenFields } from "./product-list-filters";
import { BULK_ACTION_OPTIONS, BULK_FIELDS as F, BULK_ROUTE, productCount, type BulkConfirmation } from "./bulk-rules";

/**
 * Bulk actions' screens (decision 029). One GET form (the toolbar) that the list's checkboxes
 * belong to through their `form` attribute (a form cannot hold the rows' own forms); submitting it asks
 * the server for the confirmation (BULK_ROUTE), a page of its own without JavaScript, a dialog with it.
 * Nothing changes until the confirmation's POST.
 */

const BULK_FORM_ID = "bulk-actions";

function NameList({ names, count }: { names: string[]; count: number }) {
  return (
    <>
      <ul className="mt-3 max-h-64 list-disc space-y-1 overflow-y-auto pl-5 text-sm text-ink-900">
        {names.map((name, index) => (
          <li key={`${index}-${name}`} className="break-words">
            {name}
          </li>
        ))}
      </ul>
      {count > names.length ? <p className="mt-2 text-sm text-ink-700">and {count - names.length} more</p> : null}
    </>
  );
}

function ConfirmationBody({ confirmation }: { confirmation: Extract<BulkConfirmation, { ok: true }> }) {
  return (
    <>
      {confirmation.note ? <p className="text-ink-700">{confirmation.note}</p> : null}
      <NameList names={confirmation.names} count={confirmation.count} />
    </>
  );
}

/** The confirmation as a page (without JavaScript, or opened directly): Cancel goes back to the list. */
export function BulkConfirmationPage({ confirmation }: { confirmation: BulkConfirmation }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (!confirmation.ok) {
    return (
      <section aria-labelledby="bulk-heading" className="card mx-auto max-w-lg p-6 sm:p-8">
        <h1 id="bulk-heading" className="heading-display mb-4 text-3xl">
          Bulk action
        </h1>
        <AdminAlert title="Nothing was changed">{confirmation.error}</AdminAlert>
        <Link to={confirmation.redirectTo} className="btn-secondary mt-6">
          Back to products
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="bulk-heading" className="card mx-auto max-w-lg p-6 sm:p-8">
      <h1 id="bulk-heading" className="heading-display text-3xl">
        {confirmation.title}
      </h1>
      <div className="mt-3 space-y-2">
        <ConfirmationBody confirmation={confirmation} />
      </div>
      <Form method="post" action={BULK_ROUTE} className="mt-6 flex flex-wrap justify-end gap-3">
        <HiddenFields fields={confirmation.fields} />
        <Link to={confirmation.redirectTo} className="btn-secondary">
          Cancel
        </Link>
        <ConfirmButton
          submitting={submitting}
          label={confirmation.confirm}
          busyLabel="Applying..."
          className={confirmation.destructive ? "btn-danger" : "btn-primary"}
        />
      </Form>
    </section>
  );
}

/** The checkbox that puts one product in the selection. */
export function BulkSelectBox({ id, name }: { id: number; name: string }) {
  return (
    <label className="-m-2 flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center self-start rounded-xl hover:bg-forest-50">
      <input type="checkbox" name={F.ids} value={id} form={BULK_FORM_ID} className="h-5 w-5 accent-forest-800" />
      <span className="sr-only">Select {name}</span>
    </label>
  );
}

/** Ticks or clears every product box of the page (with JavaScript); posted as "all on this page" either way. */
function selectPage(form: HTMLFormElement, checked: boolean) {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && element.name === F.ids) element.checked = checked;
  }
}

function selectionCount(form: HTMLFormElement) {
  return Array.from(form.elements).filter((element) => element instanceof HTMLInputElement && element.name === F.ids && element.checked)
    .length;
}

/**
 * The toolbar: select all on the page, select all N matching, the action and its percent or category,
 * and Apply. With JavaScript, Apply opens the server's confirmation in a dialog.
 */
export function BulkToolbar({
  filteredCount,
  pageCount,
  search,
  returnTo,
  categories,
}: {
  filteredCount: number;
  pageCount: number;
  search: URLSearchParams;
  returnTo: string;
  categories: { slug: string; name: string }[];
}) {
  const fetcher = useFetcher<BulkConfirmation>();
  const [selected, setSelected] = useState(0);
  // The dialog shows the latest confirmation until it is dismissed (Cancel, Escape) or confirmed.
  const [dismissed, setDismissed] = useState<BulkConfirmation | undefined>(undefined);
  const confirmation = fetcher.state === "idle" ? fetcher.data : undefined;
  const open = Boolean(confirmation?.ok) && dismissed !== confirmation;
  const close = useCallback(() => setDismissed(fetcher.data), [fetcher.data]);

  const searchKey = search.toString();
  // "Select all on this page" ticked before the page booted: its boxes follow it now (the count below reads them).
  useReadAtHydration(() => {
    const form = document.getElementById(BULK_FORM_ID);
    const pageBox = form instanceof HTMLFormElement ? form.elements.namedItem(F.allOnPage) : null;
    if (form instanceof HTMLFormElement && pageBox instanceof HTMLInputElement && pageBox.checked) selectPage(form, true);
  });
  // Row boxes live outside the form (they name it): one listener on the document keeps the count and the page box true.
  useEffect(() => {
    const form = document.getElementById(BULK_FORM_ID);
    if (!(form instanceof HTMLFormElement)) return;
    const update = (event: Event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement) || target.form !== form) return;
      if (target.name === F.allOnPage) selectPage(form, target.checked);
      const count = selectionCount(form);
      const pageBox = form.elements.namedItem(F.allOnPage);
      if (pageBox instanceof HTMLInputElement && target.name === F.ids) pageBox.checked = count === pageCount && count > 0;
      setSelected(count);
    };
    document.addEventListener("change", update);
    setSelected(selectionCount(form));
    return () => document.removeEventListener("change", update);
  }, [pageCount, searchKey]);

  const error = confirmation && !confirmation.ok ? confirmation.error : null;
  const field = "text-sm font-semibold text-ink-900";
  return (
    <>
      <Form
        id={BULK_FORM_ID}
        method="get"
        action={BULK_ROUTE}
        aria-label="Bulk actions"
        className="card group mb-4 grid gap-3 p-4"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const query = new URLSearchParams(
            Array.from(data.entries(), ([name, value]) => [name, typeof value === "string" ? value : value.name]),
          );
          fetcher.load(`${BULK_ROUTE}?${query.toString()}`);
        }}
      >
        <FilterHiddenFields search={search} />
        <input type="hidden" name={F.redirectTo} value={returnTo} />
        <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
          <label className={`flex min-h-11 items-center gap-2 ${field}`}>
            <input type="checkbox" name={F.allOnPage} value="1" className="h-5 w-5 accent-forest-800" />
            Select all on this page
          </label>
          <label className={`flex min-h-11 items-center gap-2 ${field}`}>
            <input type="checkbox" name={F.allMatching} value="1" className="h-5 w-5 accent-forest-800" />
            Select all {filteredCount} matching
          </label>
          <p className="text-sm text-ink-700" aria-live="polite">
            {selected > 0 ? `${productCount(selected)} selected` : null}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
          <div className="col-span-2 sm:w-56">
            <label htmlFor="bulk-action" className="label">
              Action
            </label>
            <select id="bulk-action" name={F.action} defaultValue="" className="input">
              <option value="">Choose an action...</option>
              {BULK_ACTION_OPTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {/* Shown for their action by CSS alone (:has), so they work without JavaScript. */}
          <div className="hidden group-has-[#bulk-action_option[value=sale]:checked]:block sm:w-32">
            <label htmlFor="bulk-percent" className="label">
              Percent off
            </label>
            <input id="bulk-percent" name={F.percent} inputMode="numeric" placeholder="25" maxLength={3} className="input" />
          </div>
          <div className="col-span-2 hidden group-has-[#bulk-action_option[value=category]:checked]:block sm:w-56">
            <label htmlFor="bulk-category" className="label">
              Move to
            </label>
            <select id="bulk-category" name={F.toCategory} defaultValue="" className="input">
              <option value="">Choose a category...</option>
              {categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary col-span-2 sm:col-span-1" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Checking..." : "Apply"}
          </button>
        </div>
        {error ? <AdminAlert title="Nothing was changed">{error}</AdminAlert> : null}
      </Form>
      <AdminConfirmDialog
        open={open}
        onClose={close}
        title={confirmation?.ok ? confirmation.title : ""}
        action={BULK_ROUTE}
        fields={confirmation?.ok ? confirmation.fields : {}}
        confirmLabel={confirmation?.ok ? confirmation.confirm : ""}
        busyLabel="Applying..."
        confirmClassName={confirmation?.ok && !confirmation.destructive ? "btn-primary" : "btn-danger"}
      >
        {confirmation?.ok ? <ConfirmationBody confirmation={confirmation} /> : null}
      </AdminConfirmDialog>
    </>
  );
}
