/**
 * The product form's Sizes and stock (decision 028): the first size's label, SKU, stock and
 * bulk prices (its price is the form's Price), then every other size with its own price and sale.
 * Add, remove and move are conform's list intents: named submit buttons the action answers by
 * rendering the form again with the change, so they work without JavaScript.
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { Field, FieldError } from "~/ui/forms";
import { MAX_SIZES } from "~/features/catalogue/sizes";
import { MAX_TIERS } from "~/features/catalogue/price-tiers";
import { SIZE_LABEL_MAX, SKU_MAX, type SizeDefaults, type TierDefaults } from "./product-form-schema";
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's own value type is the parent's
type ListIntents = Pick<FormMetadata<any, string[]>, "insert" | "remove" | "reorder">;

const EMPTY_TIER: TierDefaults = { minQuantity: "", price: "" };
// A new size has no id until it is saved.
const EMPTY_SIZE: Omit<SizeDefaults, "id"> = { label: "", price: "", compareAt: "", sku: "", stock: "", tiers: [] };

/** Stock: blank is not tracked. */
function StockField({ field }: { field: FieldMetadata<string> }) {
  return (
    <Field field={field} label="Stock on hand" hint="Units on hand. Leave blank for not tracked." className="input" inputMode="numeric" />
  );
}

function SkuField({ field }: { field: FieldMetadata<string> }) {
  return <Field field={field} label="SKU" hint={`Optional, at most ${SKU_MAX} characters.`} className="input" />;
}

function MoneyInput({ field, label }: { field: FieldMetadata<string>; label: string }) {
  return <Field field={field} label={label} className="input" inputMode="decimal" />;
}

/** Bulk prices: from N units, $X each. */
function TiersField({ field, form, sizeName }: { field: FieldMetadata<TierDefaults[]>; form: ListIntents; sizeName: string }) {
  const tiers = field.getFieldList();
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="label">Bulk prices for {sizeName}</legend>
      {tiers.length === 0 ? <p className="text-xs text-ink-500">None: every unit costs the price.</p> : null}
      {tiers.map((tier, index) => {
        const { minQuantity, price } = tier.getFieldset();
        return (
          <div key={tier.key} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
            <Field field={minQuantity} label="From units" className="input" inputMode="numeric" />
            <MoneyInput field={price} label="Price each ($)" />
            <button {...form.remove.getButtonProps({ name: field.name, index })} className="btn-secondary mb-0.5 px-3">
              Remove
              <span className="sr-only">
                {" "}
                bulk price {index + 1} of {sizeName}
              </span>
            </button>
          </div>
        );
      })}
      <FieldError field={field} />
      {tiers.length < MAX_TIERS ? (
        <button {...form.insert.getButtonProps({ name: field.name, defaultValue: EMPTY_TIER })} className="btn-secondary">
          Add bulk price<span className="sr-only"> for {sizeName}</span>
        </button>
      ) : null}
    </fieldset>
  );
}

export function ProductSizesField({
  form,
  sizeLabel,
  sku,
  stock,
  tiers,
  sizes,
}: {
  form: ListIntents;
  sizeLabel: FieldMetadata<string>;
  sku: FieldMetadata<string>;
  stock: FieldMetadata<string>;
  tiers: FieldMetadata<TierDefaults[]>;
  sizes: FieldMetadata<SizeDefaults[]>;
}) {
  const more = sizes.getFieldList();
  const several = more.length > 0;
  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-700">
        {several
          ? "Each size has its own price, stock and bulk prices. The first size's price is the Price above. A size you remove goes when you save, and the save's notice can undo it."
          : "Sold in one size. Add a size to sell it in several (1/8 oz, 1/4 oz, 5-pack …), each with its own price and stock."}
      </p>
      <fieldset className="min-w-0 space-y-4 rounded-xl border border-cream-200 p-4">
        <legend className="px-1 font-semibold text-ink-900">{several ? "Size 1" : "Stock"}</legend>
        {several ? (
          <Field
            field={sizeLabel}
            label="Size label"
            required
            hint={`Like 1/8 oz or 5-pack, at most ${SIZE_LABEL_MAX} characters.`}
            className="input"
          />
        ) : (
          <input type="hidden" name={sizeLabel.name} value="" />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <SkuField field={sku} />
          <StockField field={stock} />
        </div>
        <TiersField field={tiers} form={form} sizeName={several ? "size 1" : "this product"} />
      </fieldset>
      {more.map((size, index) => {
        const fields = size.getFieldset();
        const name = `size ${index + 2}`;
        return (
          <fieldset key={size.key} className="min-w-0 space-y-4 rounded-xl border border-cream-200 p-4">
            <legend className="px-1 font-semibold text-ink-900">Size {index + 2}</legend>
            {fields.id.initialValue ? <input type="hidden" name={fields.id.name} value={String(fields.id.initialValue)} /> : null}
            <Field field={fields.label} label="Size label" required className="input" />
            <div className="grid gap-4 sm:grid-cols-2">
              <MoneyInput field={fields.price} label="Price ($)" />
              <MoneyInput field={fields.compareAt} label="Compare-at price ($)" />
              <SkuField field={fields.sku} />
              <StockField field={fields.stock} />
            </div>
            <TiersField field={fields.tiers} form={form} sizeName={name} />
            <div className="flex flex-wrap gap-2">
              {index > 0 ? (
                <button {...form.reorder.getButtonProps({ name: sizes.name, from: index, to: index - 1 })} className="btn-secondary">
                  Move up<span className="sr-only"> {name}</span>
                </button>
              ) : null}
              {index < more.length - 1 ? (
                <button {...form.reorder.getButtonProps({ name: sizes.name, from: index, to: index + 1 })} className="btn-secondary">
                  Move down<span className="sr-only"> {name}</span>
                </button>
              ) : null}
              <button {...form.remove.getButtonProps({ name: sizes.name, index })} className="btn-secondary">
                Remove<span className="sr-only"> {name}</span>
              </button>
            </div>
          </fieldset>
        );
      })}
      <FieldError field={sizes} />
      {more.length < MAX_SIZES - 1 ? (
        <button {...form.insert.getButtonProps({ name: sizes.name, defaultValue: EMPTY_SIZE })} className="btn-secondary">
          Add a size
        </button>
      ) : null}
    </div>
  );
}
