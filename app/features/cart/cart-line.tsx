import { Link, useFetcher } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useReadAtHydration } from "~/ui/hydration";
import { SquareThumb } from "~/features/photos/product-image";
import { formatCents } from "~/features/money/money";
import { unitCompareAt } from "~/features/deals/deals";
import { nextTier, nextTierHint } from "~/features/catalogue/next-tier";
import type { CartActionData } from "~/routes/cart";
import { Price } from "~/features/deals/price";
import { MAX_LINE_QUANTITY } from "./cart-lines";
import { lineName } from "./cart-notices";
import { CART_ACTION, cartLineFetcherKey, useFetcherToasts, useOtherCartSubmitting, type OptimisticLine } from "./cart-state";

const stepButton =
  "inline-flex h-9 w-9 items-center justify-center rounded-full border border-forest-800/20 bg-white text-lg leading-none font-semibold text-forest-800 transition-colors hover:bg-forest-50 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * One cart line: image, name, unit price (tier-aware, with the next-tier hint), quantity − / + and a
 * number input, line total and Remove. Every control is a real form posting to /cart; once hydrated
 * the line's forms share one fetcher and send the absolute quantity, so the newest click wins.
 */
export function CartLineRow({ line, variant }: { line: OptimisticLine; variant: "drawer" | "page" }) {
  const { item, removed } = line;
  const key = cartLineFetcherKey(item.id, item.sizeId);
  // 'Runtz — 1/8 oz' in labels; a product sold in one size is its name alone.
  const name = lineName(item);
  const fetcher = useFetcher<CartActionData>({ key });
  useFetcherToasts(fetcher.data);
  const hydrated = useHydrated();
  const waiting = useOtherCartSubmitting(key);
  const [draft, setDraft] = useState<string | null>(null);
  const quantityInput = useRef<HTMLInputElement>(null);
  const hint = nextTier(item.priceCents, item.priceTiers, item.quantity);
  const inputId = `cart-${variant}-quantity-${item.id}${item.sizeId === undefined ? "" : `-${item.sizeId}`}`;
  const sizeField = item.sizeId === undefined ? null : <input type="hidden" name="sizeId" value={item.sizeId} />;
  const page = variant === "page";

  function setQuantity(quantity: number) {
    fetcher.submit(
      {
        intent: "set",
        productId: String(item.id),
        ...(item.sizeId === undefined ? {} : { sizeId: String(item.sizeId) }),
        quantity: String(quantity),
        js: "1",
      },
      { method: "post", action: CART_ACTION },
    );
  }

  function step(delta: number) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!waiting) setQuantity(Math.max(0, item.quantity + delta));
    };
  }

  function commitDraft() {
    if (draft === null) return;
    setDraft(null);
    const quantity = Number(draft);
    if (draft.trim() !== "" && Number.isInteger(quantity) && quantity !== item.quantity) setQuantity(Math.max(0, quantity));
  }

  function submitQuantity(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    commitDraft();
  }

  // A quantity typed before the page booted stays on screen and is sent: at once if the shopper has
  // left the field, else when they leave it or press Enter, as a typed one is.
  useReadAtHydration(() => {
    const field = quantityInput.current;
    if (!field || field.value === String(item.quantity)) return;
    if (document.activeElement === field) setDraft(field.value);
    else if (field.value.trim() !== "" && Number.isInteger(Number(field.value))) setQuantity(Math.max(0, Number(field.value)));
  });

  const script = hydrated ? <input type="hidden" name="js" value="1" /> : null;

  return (
    <li hidden={removed} className={page ? "card p-4 sm:p-5" : "py-4"}>
      <article aria-label={name} className="flex gap-4">
        <SquareThumb
          src={item.image}
          layout={page ? "cartLine" : "drawer"}
          size={page ? 96 : 64}
          alt={item.name}
          className={`${page ? "h-16 w-16 max-[359px]:hidden sm:h-24 sm:w-24" : "h-16 w-16"} shrink-0`}
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <h3 className={`${page ? "text-lg" : "text-base"} leading-snug font-semibold text-ink-900`}>
              <Link to={item.path} className="hover:text-forest-700 hover:underline">
                {item.name}
              </Link>
              {item.sizeLabel ? (
                <span className="mt-0.5 block text-sm font-medium break-words text-ink-700">
                  <span className="sr-only">Size: </span>
                  {item.sizeLabel}
                </span>
              ) : null}
            </h3>
            <fetcher.Form method="post" action={CART_ACTION} className="shrink-0">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="productId" value={item.id} />
              {sizeField}
              {script}
              <button
                type="submit"
                disabled={waiting}
                aria-label={`Remove ${name} from cart`}
                className="rounded-full px-2 py-1 text-sm font-medium text-berry-700 underline-offset-4 hover:underline disabled:opacity-50"
              >
                Remove
              </button>
            </fetcher.Form>
          </div>

          <Price
            priceCents={item.unitPriceCents}
            compareAtCents={unitCompareAt({ ...item, compareAtCents: item.compareAtCents ?? null })}
            each
            label="Unit price"
            className="mt-1 text-sm text-ink-700"
          />
          {hint ? (
            <p className="mt-1 inline-flex rounded-full bg-gold-100 px-2.5 py-0.5 text-xs font-medium text-forest-900">
              {nextTierHint(hint)}
            </p>
          ) : null}

          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-1.5">
              <fetcher.Form method="post" action={CART_ACTION} onSubmit={step(-1)}>
                <input type="hidden" name="intent" value="decrement" />
                <input type="hidden" name="productId" value={item.id} />
                {sizeField}
                <button type="submit" className={stepButton} disabled={waiting} aria-label={`Decrease quantity of ${name}`}>
                  <span aria-hidden="true">−</span>
                </button>
              </fetcher.Form>
              <fetcher.Form method="post" action={CART_ACTION} onSubmit={submitQuantity} className="flex items-center gap-1.5">
                <input type="hidden" name="intent" value="set" />
                <input type="hidden" name="productId" value={item.id} />
                {sizeField}
                <label htmlFor={inputId} className="sr-only">
                  Quantity of {name}
                </label>
                <input
                  ref={quantityInput}
                  id={inputId}
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_LINE_QUANTITY}
                  step={1}
                  required
                  value={draft ?? String(item.quantity)}
                  onChange={(event) => setDraft(event.target.value)}
                  onBlur={commitDraft}
                  className="h-9 w-16 [appearance:textfield] rounded-xl border border-ink-500/30 bg-white text-center text-sm font-semibold text-ink-900 focus:border-forest-700 focus:ring-2 focus:ring-forest-700/30 focus:outline-none [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
                />
                {hydrated ? null : (
                  <button
                    type="submit"
                    aria-label={`Update quantity of ${name}`}
                    className="rounded-full border border-forest-800/20 bg-white px-3 py-1.5 text-xs font-semibold text-forest-800 hover:bg-forest-50"
                  >
                    Update
                  </button>
                )}
              </fetcher.Form>
              <fetcher.Form method="post" action={CART_ACTION} onSubmit={step(1)}>
                <input type="hidden" name="intent" value="increment" />
                <input type="hidden" name="productId" value={item.id} />
                {sizeField}
                <button type="submit" className={stepButton} disabled={waiting} aria-label={`Increase quantity of ${name}`}>
                  <span aria-hidden="true">+</span>
                </button>
              </fetcher.Form>
            </div>
            <p className={`${page ? "text-lg" : "text-base"} font-semibold text-forest-900`}>
              <span className="sr-only">Line total: </span>
              {formatCents(item.lineTotalCents)}
            </p>
          </div>
        </div>
      </article>
    </li>
  );
}
