import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { CheckboxField, Field, FieldError, RequiredMark, SelectField, TextareaField } from "~/ui/forms";
import { PendingUploadsProvider, usePendingUploads, waitForUploadsLabel } from "~/ui/pending-uploads";
import { THC_EXAMPLES } from "~/features/catalogue/thc";
import { PhotoListField } from "~/features/photos/photo-list-field";
import { LabReportField } from "~/features/lab-reports/lab-report-field";
import { VideoField } from "~/features/videos/video-field";
import { ProductSizesField } from "./product-sizes-field";
import { HIDDEN_NOTICE_TITLE, type HiddenReason } from "./product-visibility";
import { AdminShell } from "./admin-shell";
import { AdminAlert, AdminPageHeader, useActionToast, type ActionToast } from "./admin-ui";
import {
  NO_STRAIN_LABEL,
  PRODUCT_NAME_MAX,
  STRAIN_TYPES,
  productFormSchema,
  type ProductFormDefaultValue,
  type ProductFormRules,
} from "./product-form-schema";

/**
 * The admin product form, create and edit. A real multipart
 * <Form> posting to the route's action: it works without JavaScript, including the effect list
 * (Add Effect / Remove are conform list intents sent as submit buttons). With JavaScript, conform
 * validates with the same schema as the server before anything is sent.
 */

export interface ProductFormCategory {
  name: string;
  slug: string;
  active: boolean;
}

const FIELD_LABELS: Record<string, string> = {
  name: "Product Name",
  price: "Price",
  compareAt: "Compare-at price",
  sizeLabel: "Size 1 label",
  sku: "SKU",
  stock: "Stock on hand",
  tiers: "Bulk prices",
  sizes: "Sizes",
  label: "Label",
  description: "Description",
  category: "Category",
  strainType: "Strain Type",
  thcContent: "THC Content",
  effects: "Effects",
  video: "Product Video",
  images: "Images",
  labReportKey: "Lab report",
  labName: "Lab name",
  labTestDate: "Test date",
  labBatch: "Batch number",
  labThcPercent: "THC %",
  labCbdPercent: "CBD %",
  labTotalCannabinoidsPercent: "Total cannabinoids %",
};

function fieldLabel(key: string): string {
  // sizes[0].tiers[1].price -> "Size 2 bulk price 2 price each"
  const size = /^sizes\[(\d+)\](?:\.(.+))?$/.exec(key);
  if (size) return `Size ${Number(size[1]) + 2}${size[2] ? ` ${fieldLabel(size[2]).toLowerCase()}` : ""}`;
  const tier = /^tiers\[(\d+)\]\.(\w+)$/.exec(key);
  if (tier) return `Bulk price ${Number(tier[1]) + 1} ${tier[2] === "price" ? "price each" : "from units"}`;
  const base = key.replace(/\[\d+\]$/, "");
  const index = /\[(\d+)\]$/.exec(key)?.[1];
  const label = FIELD_LABELS[base] ?? base;
  return index === undefined ? label : `${label} ${Number(index) + 1}`;
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string" && item !== "");
  return typeof value === "string" && value ? [value] : [];
}

function Section({ title, children, aside }: { title: string; children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <fieldset className="card min-w-0 p-5 sm:p-6">
      <legend className="float-left mb-4 flex w-full items-center gap-2 text-lg font-semibold text-forest-900">
        {title}
        {aside}
      </legend>
      <div className="clear-both space-y-5">{children}</div>
    </fieldset>
  );
}

/** A dollar amount: the price, and the compare-at price of a sale. */
function MoneyField({
  field,
  label,
  required = false,
  hint,
}: {
  field: FieldMetadata<string>;
  label: string;
  required?: boolean;
  hint: string;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 left-4 flex items-center text-ink-500" aria-hidden="true">
          $
        </span>
        <input {...getInputProps(field, { type: "text" })} inputMode="decimal" className="input pl-8" />
      </div>
      <p className="mt-1 text-xs text-ink-500">{hint}</p>
      <FieldError field={field} />
    </div>
  );
}

/** The saved product is where no shopper finds it: each reason, with what to do. */
function HiddenNotice({ reasons }: { reasons: readonly HiddenReason[] }) {
  return (
    <section
      aria-labelledby="hidden-notice-title"
      className="rounded-2xl border border-gold-500/60 bg-gold-100 p-4 text-sm text-forest-900"
    >
      <h2 id="hidden-notice-title" className="font-semibold">
        {HIDDEN_NOTICE_TITLE}
      </h2>
      <ul className="mt-2 list-disc space-y-1.5 pl-5">
        {reasons.map((item) => (
          <li key={item.reason}>
            {item.reason.charAt(0).toUpperCase() + item.reason.slice(1)} <span className="font-medium">{item.fix}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ProductForm({
  mode,
  categories,
  defaultValue,
  rules,
  lastResult,
  toast,
  returnTo,
  hidden = [],
}: {
  mode: "create" | "edit";
  /** Why shoppers cannot see the product as saved (the edit page's notice). */
  hidden?: readonly HiddenReason[];
  categories: ProductFormCategory[];
  defaultValue: ProductFormDefaultValue;
  rules: ProductFormRules;
  lastResult: SubmissionResult<string[]> | null | undefined;
  toast: ActionToast | null | undefined;
  returnTo: string;
}) {
  const navigation = useNavigation();
  const schema = useMemo(
    () =>
      productFormSchema(
        categories.map((category) => category.slug),
        rules,
      ),
    [categories, rules],
  );
  const [form, fields] = useForm({
    id: "product-form",
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useActionToast(toast);

  const effects = fields.effects.getFieldList();
  const images = asList(fields.images.initialValue);
  const video = asList(fields.video.initialValue)[0] ?? null;
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  // A save while a file is still uploading would leave it off the product: the Save buttons wait for it.
  const { uploading, report } = usePendingUploads();
  const waiting = uploading.length > 0;

  // The alert at the top lists what the last save attempt was refused for.
  const saveErrors =
    lastResult?.status === "error" && lastResult.error
      ? Object.entries(lastResult.error).flatMap(([key, messages]) =>
          (messages ?? []).map((message) => (key === "" ? message : `${fieldLabel(key)}: ${message}`)),
        )
      : [];

  return (
    <PendingUploadsProvider value={report}>
      <Form method="post" encType="multipart/form-data" className="space-y-6" {...getFormProps(form)}>
        {/* Enter in a text field submits with the form's first submit button: make that Save, not "Remove". */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" disabled={waiting}>
          Save
        </button>
        {hidden.length > 0 ? <HiddenNotice reasons={hidden} /> : null}
        {saveErrors.length > 0 ? (
          <AdminAlert title="The product was not saved">
            <ul id={form.errorId} className="list-disc space-y-1 pl-5">
              {saveErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </AdminAlert>
        ) : null}

        <input type="hidden" name="returnTo" value={returnTo} />
        {mode === "edit" ? <input {...getInputProps(fields.version, { type: "hidden" })} /> : null}
        {fields.sizeId.initialValue ? <input type="hidden" name={fields.sizeId.name} value={String(fields.sizeId.initialValue)} /> : null}

        <Section title="Basic Information">
          <Field
            field={fields.name}
            label="Product Name"
            required
            hint={`At most ${PRODUCT_NAME_MAX} characters.`}
            className="input"
            placeholder="e.g. Gelato Punch"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <MoneyField field={fields.price} label="Price" required hint="Digits with an optional decimal point, like 45 or 45.50." />
            <MoneyField
              field={fields.compareAt}
              label="Compare-at price"
              hint="Optional. The original price, above the price, shown struck through with the saving. Leave blank for no sale."
            />
          </div>
          <TextareaField field={fields.description} label="Description" required rows={5} className="input" />
        </Section>

        <Section title="Sizes and stock">
          <ProductSizesField
            form={form}
            sizeLabel={fields.sizeLabel}
            sku={fields.sku}
            stock={fields.stock}
            tiers={fields.tiers}
            sizes={fields.sizes}
          />
        </Section>

        <Section title="Category & Strain">
          <div className="grid gap-5 sm:grid-cols-3">
            <SelectField field={fields.category} label="Category" required className="input">
              <option value="">Choose a category</option>
              {categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name}
                  {category.active ? "" : " (inactive)"}
                </option>
              ))}
            </SelectField>
            <SelectField field={fields.strainType} label="Strain Type" className="input">
              <option value="">{NO_STRAIN_LABEL}</option>
              {STRAIN_TYPES.map((strain) => (
                <option key={strain.value} value={strain.value}>
                  {strain.label}
                </option>
              ))}
            </SelectField>
            <Field
              field={fields.thcContent}
              label="THC Content"
              required={rules.thcRequired}
              describedByHint
              hint={
                <>
                  A percentage, a range or an mg amount, like {THC_EXAMPLES.join(", ")}.
                  {rules.thcRequired ? null : " This product has none; leave it blank to keep it that way."}
                </>
              }
              className="input"
            />
          </div>
        </Section>

        <Section title="Effects">
          {effects.length === 0 ? <p className="text-sm text-ink-500">No effects yet.</p> : null}
          <ul className="space-y-3">
            {effects.map((effect, index) => (
              <li key={effect.key ?? effect.id}>
                <label htmlFor={effect.id} className="sr-only">
                  Effect {index + 1}
                </label>
                <div className="flex gap-2">
                  <input {...getInputProps(effect, { type: "text" })} className="input" placeholder="e.g. Relaxed" />
                  <button {...form.remove.getButtonProps({ name: fields.effects.name, index })} className="btn-secondary shrink-0 px-4">
                    Remove<span className="sr-only"> effect {index + 1}</span>
                  </button>
                </div>
                <FieldError field={effect} />
              </li>
            ))}
          </ul>
          <FieldError field={fields.effects} />
          <button {...form.insert.getButtonProps({ name: fields.effects.name, defaultValue: "" })} className="btn-secondary">
            <span aria-hidden="true">+</span> Add Effect
          </button>
          <p className="text-xs text-ink-500">Blank effects are left out when the product is saved.</p>
        </Section>

        <Section
          title="Product Video"
          aside={<span className="rounded-full bg-forest-50 px-2 py-0.5 text-xs font-semibold text-forest-800">Admin</span>}
        >
          <VideoField key={`video-${video ?? ""}`} name="video" defaultValue={video} />
          <FieldError field={fields.video} />
        </Section>

        <Section title="Images">
          <PhotoListField key={`images-${images.join("|")}`} name="images" defaultValue={images} />
          <FieldError field={fields.images} />
        </Section>

        <Section title="Lab report">
          <LabReportField
            key={`lab-${asList(fields.labReportKey.initialValue).join("")}`}
            fields={fields}
            reportName={fields.labReportKey.initialValue === defaultValue.labReportKey ? defaultValue.labReportName || null : null}
          />
        </Section>

        <Section title="Status">
          <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
            {(
              [
                [fields.active, "Active", "Shown in the shop"],
                [fields.inStock, "In Stock", "Can be added to the cart"],
                [fields.isLabTested, "Lab Tested", "Shows the lab-tested badge"],
              ] as const
            ).map(([field, label, hint]) => (
              <CheckboxField key={field.name} field={field} label={label} hint={hint} />
            ))}
          </div>
        </Section>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/admin/products" className="btn-secondary">
            Cancel
          </Link>
          <button type="submit" className="btn-primary" disabled={saving || waiting}>
            {saving ? "Saving..." : waiting ? waitForUploadsLabel(uploading) : mode === "create" ? "Create Product" : "Update Product"}
          </button>
        </div>
      </Form>
    </PendingUploadsProvider>
  );
}

/**
 * The add and edit pages: the admin shell, the page header and the form, fed by the route's
 * loader (loadProductForm) and action (productFormAction) data.
 */
export function ProductFormPage({
  mode,
  title,
  data,
  actionData,
  summary,
}: {
  mode: "create" | "edit";
  title: string;
  /** shown above the form (the edit page's 30-day insights) */
  summary?: React.ReactNode;
  data: Pick<Parameters<typeof ProductForm>[0], "categories" | "defaultValue" | "rules" | "returnTo" | "hidden"> & {
    productId?: number | null;
  };
  actionData: { result?: SubmissionResult<string[]> | null; toast?: ActionToast | null } | undefined;
}) {
  return (
    <AdminShell>
      <AdminPageHeader title={title} back={{ to: "/admin/products", label: "Back to Products" }} />
      {summary}
      <ProductForm
        key={data.productId ?? undefined}
        mode={mode}
        categories={data.categories}
        defaultValue={data.defaultValue}
        rules={data.rules}
        lastResult={actionData?.result}
        toast={actionData?.toast}
        returnTo={data.returnTo}
        hidden={data.hidden}
      />
    </AdminShell>
  );
}
