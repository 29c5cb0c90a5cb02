import { getFormProps, getInputProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { Field, FieldError, SelectField } from "~/ui/forms";
import type { CatalogueChoices } from "~/features/specials/specials-status";
import { KIND_LABELS, SPECIAL_KINDS, STACKING_RULE, type SpecialKind } from "~/features/specials/special";
import {
  INTENT_PREVIEW,
  SELECTION_KINDS,
  specialFormSchema,
  WEEKDAY_LABELS,
  type SpecialFormFields,
} from "~/features/specials/specials-form";
import { AdminAlert } from "./admin-ui";

/** The form's choices of categories, products and sizes (read by catalogueChoices on the server). */
type FormChoices = CatalogueChoices;

/** The back office's text input look, red-edged while its field has an error. */
const INPUT = "input aria-invalid:border-berry-700";

type Fields = ReturnType<typeof useForm<SpecialFormFields>>[1];
/** A list of chosen ids (categories, products or sizes): the selection's and the reward's are alike. */
type ListField = Fields["categories"];

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" ? [value] : [];
}

/** A checkbox list of categories, products and (optionally) sizes, grouped by category: works without JavaScript. */
function SelectionPicker({
  legend,
  hint,
  lists,
  choices,
  withSizes = true,
}: {
  legend: string;
  hint: string;
  lists: { categories: ListField; products: ListField; sizes?: ListField };
  choices: FormChoices;
  withSizes?: boolean;
}) {
  const { categories: categoryField, products: productField, sizes: sizeField = null } = lists;
  const chosen = {
    categories: new Set(asList(categoryField.initialValue)),
    products: new Set(asList(productField.initialValue)),
    sizes: new Set(asList(sizeField?.initialValue)),
  };
  const byCategory = new Map<string, FormChoices["products"]>();
  for (const product of choices.products) {
    const list = byCategory.get(product.category) ?? [];
    list.push(product);
    byCategory.set(product.category, list);
  }
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLowerCase();
  return (
    <fieldset className="space-y-2" aria-describedby={categoryField.errorId}>
      <legend className="label">{legend}</legend>
      <p className="text-xs text-ink-500">{hint}</p>
      <label className="block text-sm">
        <span className="sr-only">Find a product by name</span>
        <input
          type="search"
          className="input"
          placeholder="Find a product (with JavaScript on)"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </label>
      <FieldError field={categoryField} />
      <FieldError field={productField} />
      {sizeField ? <FieldError field={sizeField} /> : null}
      <div className="max-h-96 space-y-2 overflow-y-auto rounded-lg border border-ink-900/10 p-2">
        {choices.categories.map((category) => {
          const list = (byCategory.get(category.slug) ?? []).filter((product) => !needle || product.name.toLowerCase().includes(needle));
          const open = list.some(
            (product) => chosen.products.has(String(product.id)) || product.sizes.some((size) => chosen.sizes.has(String(size.id))),
          );
          return (
            <details key={category.slug} open={open || needle !== ""} className="rounded-md bg-cream-50 px-3 py-2">
              <summary className="cursor-pointer text-sm font-semibold text-forest-900">
                {category.name} <span className="font-normal text-ink-500">({list.length})</span>
              </summary>
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={categoryField.name}
                  value={category.slug}
                  defaultChecked={chosen.categories.has(category.slug)}
                  className="h-4 w-4 accent-forest-800"
                />
                <span>All of {category.name}</span>
              </label>
              <ul className="mt-1 space-y-1 pl-4">
                {list.map((product) => (
                  <li key={product.id} className="text-sm">
                    <label className="flex items-center gap-2 [overflow-wrap:anywhere]">
                      <input
                        type="checkbox"
                        name={productField.name}
                        value={product.id}
                        defaultChecked={chosen.products.has(String(product.id))}
                        className="h-4 w-4 accent-forest-800"
                      />
                      <span>
                        {product.name}
                        {product.active ? null : <span className="text-ink-500"> (inactive)</span>}
                      </span>
                    </label>
                    {withSizes && sizeField && product.sizes.length > 1 ? (
                      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 pl-6">
                        {product.sizes.map((size) => (
                          <li key={size.id}>
                            <label className="flex items-center gap-1.5 text-xs text-ink-700">
                              <input
                                type="checkbox"
                                name={sizeField.name}
                                value={size.id}
                                defaultChecked={chosen.sizes.has(String(size.id))}
                                className="h-4 w-4 accent-forest-800"
                              />
                              <span className="sr-only">{product.name}, </span>
                              {size.label || "one size"}
                            </label>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            </details>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A group of one kind's fields: always on the page without JavaScript; with it, shown only for its kinds. */
function KindGroup({
  kinds,
  current,
  title,
  children,
}: {
  kinds: readonly SpecialKind[];
  current: SpecialKind | null;
  title: string;
  children: React.ReactNode;
}) {
  const hidden = current !== null && !kinds.includes(current);
  return (
    <fieldset hidden={hidden} className="space-y-4 rounded-xl border border-ink-900/10 p-4">
      <legend className="px-1 text-sm font-semibold text-forest-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The preview an action answered with (a Preview press), if any. */
export function answeredPreview(answer: unknown): string | null {
  return answer && typeof answer === "object" && "preview" in answer && typeof answer.preview === "string" ? answer.preview : null;
}

export function SpecialForm({
  defaultValue,
  choices,
  lastResult,
  preview,
  submitLabel,
}: {
  defaultValue: SpecialFormFields | undefined;
  choices: FormChoices;
  lastResult: SubmissionResult<string[]> | null | undefined;
  preview: string | null;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const schema = useMemo(() => {
    const owner = new Map<number, number>();
    for (const product of choices.products) for (const size of product.sizes) owner.set(size.id, product.id);
    return specialFormSchema((sizeId) => owner.get(sizeId));
  }, [choices]);
  const [form, fields] = useForm<SpecialFormFields>({
    id: "special-form",
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue,
    // The fields are the flat form's; the parsed value is SpecialData (only the server reads it).
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as unknown as Submission<SpecialFormFields>,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // Before hydration (or without JavaScript) every kind's fields show; after it, only the chosen kind's.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // What the select holds now (any text a form may post): a kind only if it is one.
  const kindValue = SPECIAL_KINDS.find((kind) => kind === fields.kind.value);
  const current = hydrated ? (kindValue ?? "percent_off") : null;
  const weekdays = new Set(asList(fields.weekdays.initialValue));
  const saving = navigation.state === "submitting";

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start">
      <Form method="post" className="card space-y-6 p-5" {...getFormProps(form)}>
        {/* Enter in a field saves (the first submit button of a form is the one Enter presses). */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
          {submitLabel}
        </button>
        {form.errors?.length ? (
          <AdminAlert title="The special was not saved">
            <ul id={form.errorId} className="list-disc pl-5">
              {form.errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </AdminAlert>
        ) : null}
        {lastResult?.status === "error" && !form.errors?.length ? (
          <p className="rounded-lg bg-berry-50 p-3 text-sm text-berry-700" role="alert">
            Some fields need a look: see the messages beside them.
          </p>
        ) : null}

        <SelectField
          className={INPUT}
          field={fields.kind}
          label="Kind"
          required
          hint="With JavaScript off, fill in the group for the kind you choose."
        >
          {SPECIAL_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field className={INPUT} field={fields.name} label="Name shoppers see" required hint="“Buy 2 pre-rolls, get 1 free”" />
          <Field
            className={INPUT}
            field={fields.badge}
            label="Badge text"
            required
            hint="On cards and the product page, up to 32 characters."
          />
        </div>

        <KindGroup kinds={SELECTION_KINDS} current={current} title="What it applies to">
          <SelectionPicker
            legend="Categories, products and sizes"
            hint="A cart line counts when its category, product or size is ticked. A bundle is the ticked products and sizes, one of each."
            lists={{ categories: fields.categories, products: fields.products, sizes: fields.sizes }}
            choices={choices}
          />
        </KindGroup>

        <KindGroup kinds={["percent_off"]} current={current} title={KIND_LABELS.percent_off}>
          <Field className={INPUT} field={fields.percentOff} label="Percent off" inputMode="numeric" hint="1 to 100" />
        </KindGroup>
        <KindGroup kinds={["amount_off"]} current={current} title={KIND_LABELS.amount_off}>
          <Field className={INPUT} field={fields.amountOff} label="Amount off each item ($)" inputMode="decimal" hint="Never below $0." />
        </KindGroup>
        <KindGroup kinds={["buy_x_get_y"]} current={current} title={KIND_LABELS.buy_x_get_y}>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field className={INPUT} field={fields.buy} label="Buy (X)" inputMode="numeric" />
            <Field className={INPUT} field={fields.get} label="Get (Y)" inputMode="numeric" />
            <Field
              className={INPUT}
              field={fields.getPercent}
              label="Y at percent off"
              inputMode="numeric"
              hint="Empty = free. The cheapest qualifying items are the ones discounted."
            />
          </div>
          <SelectionPicker
            legend="Y from another selection (optional)"
            hint="Leave empty: Y comes from the same selection."
            lists={{ categories: fields.rewardCategories, products: fields.rewardProducts, sizes: fields.rewardSizes }}
            choices={choices}
            withSizes={false}
          />
        </KindGroup>
        <KindGroup kinds={["mix_match"]} current={current} title={KIND_LABELS.mix_match}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field className={INPUT} field={fields.mixCount} label="Any N items" inputMode="numeric" />
            <Field className={INPUT} field={fields.mixPrice} label="For ($)" inputMode="decimal" />
          </div>
        </KindGroup>
        <KindGroup kinds={["bundle"]} current={current} title={KIND_LABELS.bundle}>
          <Field
            className={INPUT}
            field={fields.bundlePrice}
            label="Bundle price ($)"
            inputMode="decimal"
            hint="The ticked products and sizes together."
          />
        </KindGroup>
        <KindGroup kinds={["spend_save"]} current={current} title={KIND_LABELS.spend_save}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field className={INPUT} field={fields.spendMin} label="Cart at or over ($)" inputMode="decimal" />
            <Field className={INPUT} field={fields.spendPercent} label="Percent off the cart" inputMode="numeric" hint="Empty = none" />
          </div>
          <label className="flex items-center gap-3 text-sm">
            <input {...getInputProps(fields.spendFreeDelivery, { type: "checkbox" })} className="h-5 w-5 accent-forest-800" />
            <span className="font-medium text-ink-900">Free delivery</span>
          </label>
        </KindGroup>

        <fieldset className="space-y-4 rounded-xl border border-ink-900/10 p-4">
          <legend className="px-1 text-sm font-semibold text-forest-900">When it runs (the shop's time zone)</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field className={INPUT} field={fields.startsOn} type="date" label="Starts on" hint="Empty = from now" />
            <Field className={INPUT} field={fields.endsOn} type="date" label="Ends on (included)" hint="Empty = no end" />
          </div>
          <fieldset aria-describedby={fields.weekdays.errorId}>
            <legend className="label">Days of the week</legend>
            <p className="text-xs text-ink-500">None ticked = every day.</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {WEEKDAY_LABELS.map((label, day) => (
                <label key={label} className="flex items-center gap-1.5 rounded-full border border-ink-900/15 px-3 py-1.5 text-sm">
                  <input
                    type="checkbox"
                    name={fields.weekdays.name}
                    value={day}
                    defaultChecked={weekdays.has(String(day))}
                    className="h-4 w-4 accent-forest-800"
                  />
                  {label}
                </label>
              ))}
            </div>
            <FieldError field={fields.weekdays} />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field className={INPUT} field={fields.windowStart} type="time" label="Daily from" hint="Empty = all day" />
            <Field
              className={INPUT}
              field={fields.windowEnd}
              type="time"
              label="Daily until"
              hint="Before the start = runs past midnight"
            />
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            className={INPUT}
            field={fields.code}
            label="Code (optional)"
            hint="Only shoppers with the code get it: WEEKEND10. Deal link /deal/CODE."
            autoCapitalize="characters"
          />
          <Field
            className={INPUT}
            field={fields.limitPerOrder}
            label="Limit per order (optional)"
            inputMode="numeric"
            hint="How many times one order may use it."
          />
        </div>
        <label className="flex items-center gap-3 text-sm">
          <input {...getInputProps(fields.paused, { type: "checkbox" })} className="h-5 w-5 accent-forest-800" />
          <span className="font-medium text-ink-900">Paused</span>
          <span className="text-ink-500">Shoppers do not get it until you resume it.</span>
        </label>

        <div className="flex flex-wrap items-center gap-3 border-t border-ink-900/10 pt-4">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Saving..." : submitLabel}
          </button>
          <button type="submit" name="intent" value={INTENT_PREVIEW} className="btn-secondary" formNoValidate disabled={saving}>
            Preview
          </button>
          <Link to="/admin/specials" className="text-sm font-medium text-forest-800 underline underline-offset-2">
            Cancel
          </Link>
        </div>
      </Form>

      <aside className="space-y-4 xl:sticky xl:top-24">
        <section aria-labelledby="preview-heading" className="card p-5" aria-live="polite">
          <h2 id="preview-heading" className="text-lg font-semibold text-forest-900">
            Preview
          </h2>
          <p className="mt-2 text-sm text-ink-700" data-testid="special-preview">
            {preview ?? "Press Preview (or save) to see what this special applies to right now."}
          </p>
        </section>
        <section aria-labelledby="stacking-heading" className="card p-5">
          <h2 id="stacking-heading" className="text-lg font-semibold text-forest-900">
            How specials stack
          </h2>
          <p className="mt-2 text-sm text-ink-700">{STACKING_RULE}</p>
        </section>
      </aside>
    </div>
  );
}
