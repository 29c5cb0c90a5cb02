import { useEffect, useRef, useState, type RefObject } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useReadAtHydration } from "~/ui/hydration";
import { MAX_LINE_QUANTITY } from "~/features/cart/cart-lines";
import { formatCents } from "~/features/money/money";
import { unitPriceCents } from "~/features/catalogue/price-tiers";
import { nextTier, nextTierHint } from "~/features/catalogue/next-tier";
import type { PriceTiers } from "~/features/catalogue/price-tiers";
import { AddToCartButton } from "~/features/cart/add-to-cart-button";
import { defaultSizeIndex, hasPicker, SizePanels, SizePicker, sizeInStock, type PickerSize } from "./size-picker";

interface PurchaseProduct {
  id: number;
  name: string;
  priceCents: number;
  priceTiers: PriceTiers | null;
  inStock: boolean;
}

/** A quantity kept inside 1..MAX_LINE_QUANTITY (the cart's per-line bound); junk reads as 1. */
function boundedQuantity(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(value)));
}

/** 'Add to Cart — $50.00', 'Add 100 to cart — $475.00': what the button adds, at the tier it reaches. */
function addLabel(quantity: number, totalCents: number): string {
  return quantity === 1 ? `Add to Cart — ${formatCents(totalCents)}` : `Add ${quantity} to cart — ${formatCents(totalCents)}`;
}

/**
 * − [quantity] +. The number field is the form's `quantity`, so without JavaScript the shopper types a
 * quantity and the plain post adds it: until the page has booted it is a plain number field (with the
 * browser's own arrows) as wide as the stepper, and the − and + buttons join it with JavaScript.
 */
function QuantityStepper({
  id,
  text,
  inputRef,
  onText,
  onStep,
}: {
  id: string;
  text: string;
  inputRef: RefObject<HTMLInputElement>;
  onText: (text: string) => void;
  onStep: (step: number) => void;
}) {
  const hydrated = useHydrated();
  const value = boundedQuantity(Number(text));
  const step =
    "inline-flex h-11 w-10 shrink-0 items-center justify-center text-lg font-semibold text-forest-800 hover:bg-forest-50 disabled:opacity-40";
  return (
    <div
      className="flex h-11 w-34 shrink-0 items-center overflow-hidden rounded-full border border-forest-800/25 bg-white"
      role="group"
      aria-label="Quantity"
    >
      {hydrated ? (
        <button type="button" className={step} aria-label="Decrease quantity" disabled={value <= 1} onClick={() => onStep(-1)}>
          −
        </button>
      ) : null}
      <label htmlFor={id} className="sr-only">
        Quantity
      </label>
      <input
        ref={inputRef}
        id={id}
        type="number"
        name="quantity"
        inputMode="numeric"
        min={1}
        max={MAX_LINE_QUANTITY}
        step={1}
        required
        value={text}
        onChange={(event) => onText(event.currentTarget.value)}
        onBlur={() => onText(String(value))}
        className={`h-full min-w-0 flex-1 bg-transparent text-center font-semibold text-ink-900 tabular-nums focus:outline-none focus-visible:bg-forest-50 ${
          hydrated
            ? "[appearance:textfield] border-x border-forest-800/15 [&::-webkit-inner-spin-button]:appearance-none"
            : "rounded-full px-3"
        }`}
      />
      {hydrated ? (
        <button
          type="button"
          className={step}
          aria-label="Increase quantity"
          disabled={value >= MAX_LINE_QUANTITY}
          onClick={() => onStep(1)}
        >
          +
        </button>
      ) : null}
    </div>
  );
}

/**
 * The product page's Add to Cart: a quantity stepper (1 to the cart's per-line bound) that shows the
 * unit price of the tier the quantity reaches and the line total, with the one tier-pricing module the
 * cart uses. On phones the same choice sits in a bar fixed to the bottom of the screen whenever the main
 * button is off the screen (the page leaves room for it so it never covers the footer); without
 * JavaScript there is one form, the main one. Both forms share the quantity and the one add-to-cart
 * fetcher, and a quantity typed before the page booted is the one used (useReadAtHydration).
 */
export function ProductPurchase({ product, sizes }: { product: PurchaseProduct; sizes?: readonly PickerSize[] }) {
  const picker = hasPicker(sizes) ? sizes : null;
  const [text, setText] = useState("1");
  const [picked, setPicked] = useState(() => (picker ? defaultSizeIndex(picker) : 0));
  const quantity = boundedQuantity(Number(text));
  // The checked size's price and tiers; a product sold in one size has the product's.
  const size = picker?.[picked] ?? { priceCents: product.priceCents, tiers: product.priceTiers };
  const unit = unitPriceCents(size.priceCents, size.tiers, quantity);
  const total = unit * quantity;
  const label = addLabel(quantity, total);
  const inStock = product.inStock && (!picker || picker.some(sizeInStock));
  const mainRef = useRef<HTMLDivElement>(null);
  const mainInput = useRef<HTMLInputElement>(null);
  const barInput = useRef<HTMLInputElement>(null);
  // Hidden until the main button scrolls away (and without JavaScript, which has the main form).
  const [barShown, setBarShown] = useState(false);
  const step = (delta: number) => setText(String(boundedQuantity(quantity + delta)));

  // A quantity typed or a size ticked before the page booted is on screen: it is the one the button adds.
  useReadAtHydration(() => {
    const typed = [mainInput.current?.value, barInput.current?.value].find((value) => value !== undefined && value !== text);
    if (typed !== undefined) setText(typed);
    const checked = mainRef.current?.querySelector<HTMLInputElement>("input[name=sizeId]:checked");
    if (checked?.dataset.sizePos !== undefined) setPicked(Number(checked.dataset.sizePos));
  });

  useEffect(() => {
    const main = mainRef.current;
    if (!main || typeof IntersectionObserver === "undefined") return;
    // The bar is there whenever the main button is off the screen: scrolled away, or not reached yet.
    const observer = new IntersectionObserver(([entry]) => setBarShown(!!entry && !entry.isIntersecting));
    observer.observe(main);
    return () => observer.disconnect();
  }, []);

  const summaryOf = (priceCents: number, tiers: PriceTiers | null) => {
    const each = unitPriceCents(priceCents, tiers, quantity);
    return (
      <>
        <span className="font-semibold text-forest-800">{formatCents(each)}</span> each
        {quantity > 1 ? (
          <>
            {" · "}
            <span className="font-semibold text-ink-900">{formatCents(each * quantity)}</span> for {quantity}
          </>
        ) : null}
      </>
    );
  };
  const withHint = (priceCents: number, tiers: PriceTiers | null) => {
    const next = nextTier(priceCents, tiers, quantity);
    return (
      <>
        {summaryOf(priceCents, tiers)}
        {next ? <span className="text-forest-700">{` · ${nextTierHint(next)}`}</span> : null}
      </>
    );
  };

  return (
    <>
      <div ref={mainRef}>
        <AddToCartButton
          productId={product.id}
          productName={product.name}
          disabled={!inStock}
          label={label}
          className="btn-primary min-h-12 flex-1 py-3 text-base"
          formClassName="flex flex-wrap items-center gap-3"
        >
          {picker ? <SizePicker sizes={picker} defaultIndex={defaultSizeIndex(picker)} onPick={setPicked} /> : null}
          <QuantityStepper id="quantity-main" text={text} inputRef={mainInput} onText={setText} onStep={step} />
        </AddToCartButton>
        {inStock ? (
          <p className="mt-2 min-h-5 text-sm text-ink-700" aria-live="polite">
            {picker ? (
              <SizePanels sizes={picker} as="span">
                {(option) => withHint(option.priceCents, option.tiers)}
              </SizePanels>
            ) : (
              withHint(size.priceCents, size.tiers)
            )}
          </p>
        ) : null}
      </div>

      {inStock ? (
        <div className="sticky-add-bar md:hidden" data-shown={barShown} role="region" aria-label="Quick add">
          <p className="mb-1.5 truncate text-xs text-ink-700">
            <span className="font-semibold text-ink-900">{product.name}</span>
            {picker ? ` — ${picker[picked]?.label ?? ""}` : null} · {summaryOf(size.priceCents, size.tiers)}
          </p>
          <AddToCartButton
            productId={product.id}
            productName={product.name}
            formLabel={`Quick add ${product.name} to cart`}
            label={label}
            className="btn-primary min-h-11 min-w-0 flex-1 px-3"
            formClassName="flex items-center gap-2"
          >
            {picker ? <input type="hidden" name="sizeId" value={picker[picked]?.id ?? ""} /> : null}
            <QuantityStepper id="quantity-bar" text={text} inputRef={barInput} onText={setText} onStep={step} />
          </AddToCartButton>
        </div>
      ) : null}
    </>
  );
}
