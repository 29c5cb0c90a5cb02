import type { ReactNode } from "react";
import type { ProductSize } from "~/features/catalogue/sizes";
import { formatCents } from "~/features/money/money";
import { isOnSale } from "~/features/deals/deals";

/**
 * The product page's size picker (decision 028). Without JavaScript the page works by CSS
 * alone: the column marked `data-sizes` shows, of every `data-size-panel` (price, savings, tiers,
 * stock, the line under the button), only the one of the checked radio's position (`:has()` rules in
 * app/tailwind.css, one per position up to MAX_SIZES). With JavaScript the same rules apply, and the
 * purchase box reads the checked size for its button's label.
 */

/** What the picker and the panels read of a size (a type import: sizes.ts itself stays server-side). */
export type PickerSize = Pick<ProductSize, "id" | "label" | "priceCents" | "compareAtCents" | "stock" | "tiers">;

/** A size the shopper can buy: stock not tracked, or some on hand. */
export const sizeInStock = (size: Pick<ProductSize, "stock">) => size.stock !== 0;

/** The size checked when the page opens: the first in stock (else the first). */
export function defaultSizeIndex(sizes: readonly Pick<ProductSize, "stock">[]): number {
  return Math.max(0, sizes.findIndex(sizeInStock));
}

/** True when the page shows a picker: several sizes (a product sold in one size reads as before sizes). */
export const hasPicker = (sizes: readonly unknown[] | undefined): sizes is readonly PickerSize[] => (sizes?.length ?? 0) > 1;

/** One block per size, each shown only while its size is checked (see above). */
export function SizePanels<T extends PickerSize>({
  sizes,
  children,
  as: Tag = "div",
}: {
  sizes: readonly T[];
  children: (size: T, index: number) => ReactNode;
  as?: "div" | "span";
}) {
  return (
    <>
      {sizes.map((size, index) => (
        <Tag key={size.id} data-size-panel={index}>
          {children(size, index)}
        </Tag>
      ))}
    </>
  );
}

/**
 * A real radio group named `sizeId` inside the Add to Cart form: each option shows its label and
 * price (a sale's original struck through); an out-of-stock size is dimmed, says so, and cannot be
 * chosen. The radios are uncontrolled, so a size ticked before the page booted stays ticked.
 */
export function SizePicker({
  sizes,
  defaultIndex,
  onPick,
}: {
  sizes: readonly PickerSize[];
  defaultIndex: number;
  onPick?: (index: number) => void;
}) {
  return (
    <fieldset className="w-full min-w-0">
      <legend className="mb-2 text-sm font-semibold text-ink-900">Size</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {sizes.map((size, index) => {
          const out = !sizeInStock(size);
          const sale = isOnSale(size);
          return (
            <label
              key={size.id}
              className={`flex min-h-14 min-w-0 items-start gap-2.5 rounded-2xl border bg-white px-3 py-2.5 transition-colors has-[:checked]:border-forest-700 has-[:checked]:bg-forest-50 has-[:checked]:ring-1 has-[:checked]:ring-forest-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-forest-700 ${
                out ? "cursor-not-allowed border-ink-900/10 opacity-55" : "cursor-pointer border-ink-900/15 hover:border-forest-700/60"
              }`}
            >
              <input
                type="radio"
                name="sizeId"
                value={size.id}
                data-size-pos={index}
                defaultChecked={index === defaultIndex}
                disabled={out}
                onChange={() => onPick?.(index)}
                className="mt-1 h-4 w-4 shrink-0 accent-forest-700 focus:outline-none"
              />
              <span className="min-w-0">
                <span className="block font-semibold break-words text-ink-900">{size.label}</span>
                <span className="block text-sm">
                  {out ? (
                    <span className="font-medium text-berry-700">Out of Stock</span>
                  ) : (
                    <>
                      <span className={`font-semibold ${sale ? "text-berry-700" : "text-forest-800"}`}>
                        {sale ? <span className="sr-only">Sale price: </span> : null}
                        {formatCents(size.priceCents)}
                      </span>
                      {sale && size.compareAtCents !== null ? (
                        <>
                          {" "}
                          <s className="price-was">
                            <span className="sr-only">Was </span>
                            {formatCents(size.compareAtCents)}
                          </s>
                        </>
                      ) : null}
                    </>
                  )}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
